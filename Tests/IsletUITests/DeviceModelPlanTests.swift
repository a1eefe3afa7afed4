import Testing

@testable import IsletCore
@testable import IsletUI

/// The device view's decisions about plans: the skip key, a segment's end rung once whoever
/// records it, a cue's bells, today's goal, and the dialog starting a plan.
extension DeviceModelTests {
  /// The events time records for `run` by `at`, numbered from `seq` as the store numbers them.
  func recorded(_ run: Activity, at offset: Milliseconds, from seq: Int64) -> (Activity, [Event]) {
    let settled = TimerEngine.settle(run, at: t0 + offset)
    let events = settled.events.enumerated().map { index, event in
      var numbered = event
      numbered.seq = seq + Int64(index)
      return numbered
    }
    return (settled.activity, events)
  }

  @Test func sSkipsTheSelectedPlansSegment() {
    var model = initial
    let tabata = planRun("tabata")
    step(&model, .key(.character("s"), buttons: []), at: 0) {
      $0.state.flash = DeviceState.Flash(text: DeviceState.nothingLiveText, until: t0 + 2000)
    }
    step(&model, .stored([tabata], seq: 2), at: 0) {
      $0.stored = [tabata]
      $0.seq = 2
    }
    step(
      &model, .key(.character("s"), buttons: []), at: 1000,
      commands: [.send(.skip, target: .id("pl01"), source: .key)])
  }

  @Test func aSegmentsEndRingsOnceWhoeverRecordsIt() {
    var model = initial
    let tabata = planRun("tabata")
    step(&model, .stored([tabata], seq: 2), at: 0) {
      $0.stored = [tabata]
      $0.seq = 2
    }
    step(&model, .tick, at: 0) { $0.looked = true }
    // Work's deadline: the view settles; the run goes on into Rest by itself, never finished.
    step(&model, .tick, at: seconds(20), commands: [.settle])
    let (resting, events) = recorded(tabata, at: seconds(20), from: 3)
    #expect(events.map(\.kind) == [.segmentFinished, .segmentStarted])
    #expect(resting.phase(at: t0 + seconds(20)) == .active)
    step(&model, .stored([resting], seq: 4, events: events), at: seconds(20), commands: [.ring]) {
      $0.stored = [resting]
      $0.seq = 4
      $0.given = ["pl01": DeviceModel.Given(event: events[0], repeats: 0)]
      // The flash says what every channel says; a segment under a minute does not expand.
      $0.state.flash = DeviceState.Flash(
        text: "⏰ Tabata — Work 1/8 done", alert: true, until: t0 + seconds(22))
    }
    // The same end heard again (a report, a reload that overlapped): not rung twice, and the
    // tick that follows does not ring for a finished phase either.
    step(
      &model,
      .reported(
        live: [resting], seq: 5, activity: resting, started: false, line: "⏸ Tabata paused", refused: false,
        events: events),
      at: seconds(21)
    ) {
      $0.seq = 5
      $0.state.flash = DeviceState.Flash(text: "⏸ Tabata paused", until: t0 + seconds(23))
    }
    step(&model, .tick, at: seconds(21))
    // The run went on by itself: nothing waits on the alert, so it is not given again.
    step(&model, .tick, at: seconds(25)) { $0.state.flash = nil }
    // Rest's end recorded by another process (the deadline watcher) reaches the view by a
    // reload: rung too.
    let (working, later) = recorded(resting, at: seconds(30), from: 6)
    step(&model, .stored([working], seq: 7, events: later), at: seconds(30) + 40, commands: [.ring]) {
      $0.stored = [working]
      $0.seq = 7
      $0.given = ["pl01": DeviceModel.Given(event: later[0], repeats: 0)]
      $0.state.flash = DeviceState.Flash(
        text: "⏰ Tabata — Rest 1/8 done", alert: true, until: t0 + seconds(32) + 40)
    }
  }

  @Test func segmentsThatEndedBeforeTheViewLookedAreNotRung() {
    var model = initial
    let tabata = planRun("tabata")
    // A laptop that slept through two segments: the first settle, before the first look.
    let (later, events) = recorded(tabata, at: seconds(65), from: 3)
    step(&model, .stored([later], seq: 10, events: events), at: seconds(65)) {
      $0.stored = [later]
      $0.seq = 10
      $0.given = ["pl01": DeviceModel.Given(event: events.last { $0.kind == .segmentFinished }!, repeats: 3)]
    }
    step(&model, .tick, at: seconds(65)) { $0.looked = true }
    // A plan run that has gone (completed) is forgotten.
    step(&model, .stored([], seq: 11), at: seconds(70)) {
      $0.stored = []
      $0.seq = 11
      $0.given = [:]
    }
  }

  @Test func aCueBellsOnceEachSecondWhileTheViewRuns() {
    var model = initial
    let tabata = planRun("tabata")
    step(&model, .stored([tabata], seq: 2), at: 0) {
      $0.stored = [tabata]
      $0.seq = 2
    }
    step(&model, .tick, at: seconds(16) + 500) { $0.looked = true }
    // The runner must wake the model at the cue's first second (frames drawn ahead stop there).
    #expect(model.tickAt == t0 + seconds(17))
    step(&model, .tick, at: seconds(17), commands: [.cue]) { $0.cued = ["pl01": t0 + seconds(17)] }
    step(&model, .tick, at: seconds(17) + 600)
    #expect(model.tickAt == t0 + seconds(18))
    step(&model, .tick, at: seconds(18), commands: [.cue]) { $0.cued = ["pl01": t0 + seconds(18)] }
    // A late wake in the last second bells for it, once.
    step(&model, .tick, at: seconds(19) + 300, commands: [.cue]) { $0.cued = ["pl01": t0 + seconds(19)] }
    step(&model, .tick, at: seconds(19) + 900)
    #expect(model.tickAt == model.settleAt && model.settleAt == t0 + seconds(20))

    // With the bell off, no cue is asked for and nothing wakes the model early.
    var silent = AlertPolicy()
    silent.channels = [.desktop]
    var quiet = DeviceModel(theme: ThemeCatalog.fallback, ascii: false, policy: .standard, alerts: silent)
    _ = quiet.update(.stored([tabata], seq: 2), at: t0)
    #expect(quiet.tickAt == t0 + seconds(20))
    #expect(quiet.update(.tick, at: t0 + seconds(17)) == [])
    // A pomodoro has no cue.
    var focus = initial
    _ = focus.update(.stored([planRun("pomodoro")], seq: 2), at: t0)
    #expect(focus.tickAt == t0 + minutes(25))
  }

  @Test func todaysGoalReachesTheFrames() {
    var model = initial
    let (running, now) = PlanScene.running.shown
    step(&model, .stored([running], seq: 9), at: now - t0) {
      $0.stored = [running]
      $0.seq = 9
    }
    let tallies = [
      GoalTally(done: 5, target: 6, plan: "tabata"), GoalTally(done: 3, target: 8, plan: "pomodoro"),
    ]
    step(&model, .counted(tallies), at: now - t0) {
      $0.goals = tallies
    }
    let frame = model.frame(at: now)
    #expect(frame.goals == tallies)
    let screen = DeviceView.draw(frame, width: 100, height: 30).lines.joined(separator: "\n")
    #expect(screen.contains("Round 2 of 4 · Up next: Break 5:00                 3/8 today"), "\(screen)")
    #expect(!screen.contains("5/6"), "the Tabata's goal shows on a Tabata only: \(screen)")
  }

  @Test func theNewActivityDialogStartsAPlanByNameOrByTab() {
    var model = DeviceModel(
      theme: ThemeCatalog.fallback, ascii: false, policy: .standard, alerts: AlertPolicy(),
      plans: Plan.presets,
      defaultPlan: "tabata")
    let names = Plan.presets.map(\.name)
    // The configured plan first, then the others in their order.
    #expect(model.state.plans.map(\.name) == ["tabata"] + names.filter { $0 != "tabata" })
    let pomodoro = Plan.presets.first { $0.name == "pomodoro" }!
    step(&model, .key(.character("n"), buttons: []), at: 0) { $0.state.overlay = .name("") }
    step(&model, .key(.tab, buttons: []), at: 0) { $0.state.overlay = .name("tabata") }
    step(&model, .key(.tab, buttons: []), at: 0) { $0.state.overlay = .name("pomodoro") }
    step(
      &model, .key(.enter, buttons: []), at: 0,
      commands: [.start(name: "Pomodoro", duration: nil, plan: pomodoro)]
    ) { $0.state.overlay = nil }
    // Typed, in any case, with a space after it.
    step(&model, .key(.character("n"), buttons: []), at: 0) { $0.state.overlay = .name("") }
    for (count, character) in "Pomodoro ".enumerated() {
      let typed = String("Pomodoro ".prefix(count + 1))
      step(&model, .key(.character(character), buttons: []), at: 0) { $0.state.overlay = .name(typed) }
    }
    step(
      &model, .key(.enter, buttons: []), at: 0,
      commands: [.start(name: "Pomodoro", duration: nil, plan: pomodoro)]
    ) { $0.state.overlay = nil }
    // Another name goes on to ask for a duration, as before.
    step(&model, .key(.character("n"), buttons: []), at: 0) { $0.state.overlay = .name("") }
    step(&model, .key(.character("P"), buttons: []), at: 0) { $0.state.overlay = .name("P") }
    step(&model, .key(.enter, buttons: []), at: 0) { $0.state.overlay = .duration(name: "P", text: "") }
  }

  /// The dialog shows a plan as `islet plans` does (its total rounded up, as there), and the
  /// footer the keys the dialog takes, not those under it.
  @Test func theDialogShowsAPlansShapeAndItsOwnKeys() throws {
    let short = try Plan.parse(name: "short", definition: "Work 1.5s, Rest 1s; rounds 3; advance ask").get()
    var state = DeviceState(plans: [short] + Plan.presets, defaultPlan: "short")
    func screen() -> [String] {
      let frame = DeviceView.Frame(
        live: [planRun("tabata")], state: state, now: t0, policy: .standard, theme: ThemeCatalog.fallback,
        ascii: false, utcOffset: 0)
      return DeviceView.draw(frame, width: 100, height: 30).lines
    }
    state.overlay = .name("short")
    var lines = screen()
    // Above the plan's banner, stacked at the bottom: the box covers a banner whole or not at all.
    #expect(lines.contains { $0.contains(" Work 1.5s, Rest 1s × 3 · ask · cue 3s ") }, "\(lines)")
    #expect(lines.contains { $0.contains(" 0:08 in all ") }, "\(lines)")
    // The banner's top edge, below the island's three rows (of the same make).
    let top = try #require(
      lines.indices.dropFirst(3).first { lines[$0].contains("▗▄▄▄") }, "the banner is covered: \(lines)")
    let bottom = try #require(lines.lastIndex { $0.contains("▝▀▀▀") }, "the banner is cut: \(lines)")
    #expect(
      (top...bottom).allSatisfy { !lines[$0].contains("│") && !lines[$0].contains("╰") },
      "the box cuts the banner: \(lines)")
    #expect(lines.last?.contains("  enter start · tab plans · esc cancel  ") == true, "\(lines.last ?? "")")
    state.overlay = .name("Tea")
    #expect(screen().last?.contains("  enter go on · tab plans · esc cancel  ") == true)
    state.overlay = .duration(name: "Tea", text: "")
    lines = screen()
    #expect(lines.last?.contains("  enter start · esc cancel  ") == true, "\(lines.last ?? "")")
    #expect(lines.last?.contains("space") == false)
    state.overlay = .confirm(.reset, activityID: "pl01", name: "Tabata")
    #expect(screen().last?.contains("  y yes · n no  ") == true)
    state.overlay = nil
    #expect(screen().last?.contains("space pause · s skip") == true)
  }

  @Test func theKeyHintsSayWhatSpaceAndSDoForAPlan() {
    let g = Glyphs(ascii: false)
    func hints(_ scene: (Activity, Instant)) -> String {
      DeviceView.hintText(for: scene.0, at: scene.1, g: g, width: 100)
    }
    #expect(hints(PlanScene.waiting.shown).hasPrefix("space next · s skip · "))
    #expect(hints(PlanScene.running.shown).hasPrefix("space pause · s skip · "))
    #expect(hints(inPhase(.finished)).hasPrefix("space done · r reset"))
    #expect(!DeviceView.hintText(for: nil, at: t0, g: g, width: 100).contains("skip"))
    #expect(hints(inPhase(.active, countdown: false)).hasPrefix("space pause · l lap · r reset"))
    #expect(!hints(PlanScene.running.shown).contains("lap"))
    // A lap is marked only while the stopwatch runs: not offered paused or ready.
    for phase in [Phase.paused, .idle] {
      #expect(!hints(inPhase(phase, countdown: false)).contains("lap"), "\(phase)")
    }
  }

  /// A hint is offered exactly when the engine takes what its key sends: for a countdown, a
  /// stopwatch and a plan in every phase, each hint's key is sent through `TimerEngine.reduce`.
  @Test func everyKeyHintIsOneTheEngineTakes() {
    let g = Glyphs(ascii: false)
    var scenes: [(String, Activity, Instant)] = []
    for phase in Phase.allCases where phase.isLive {
      for countdown in [true, false] where countdown || phase != .finished {
        let (activity, now) = inPhase(phase, countdown: countdown)
        scenes.append(("\(countdown ? "countdown" : "stopwatch") \(phase)", activity, now))
      }
    }
    for scene in PlanScene.allCases {
      scenes.append(("plan \(scene.rawValue)", scene.shown.0, scene.shown.1))
    }
    for (name, activity, now) in scenes {
      let shown = DeviceView.hintText(for: activity, at: now, g: g, width: 200)
      let hints: [(texts: [String], key: Character)] = [
        (["s skip"], "s"), (["l lap"], "l"), (["r reset"], "r"), (["x end"], "x"),
        (["+/- 1 min", "+ snooze"], "+"),
      ]
      for (texts, key) in hints {
        let intent = DeviceState.intent(ofKey: key, for: activity, at: now, policy: .standard)!
        let taken = (try? TimerEngine.reduce(activity, intent, at: now, source: .key).get()) != nil
        let offered = texts.contains { shown.contains($0) }
        #expect(
          offered == taken,
          "\(name): '\(key)' is \(offered ? "offered" : "not offered") but \(intent) is \(taken ? "taken" : "refused"): \(shown)"
        )
      }
    }
  }
}
