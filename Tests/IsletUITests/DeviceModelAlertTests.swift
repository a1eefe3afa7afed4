import Testing

@testable import IsletCore
@testable import IsletUI

/// The device view's alerts: at a deadline the island expands by itself on the activity for a
/// few seconds and the bell rings, whoever recorded the event; the alert is given again by the
/// configured policy while nobody acts on it; `+` on a countdown whose time is up snoozes it.
extension DeviceModelTests {
  /// Egg, a one-minute countdown, with the view looking at it from its start.
  func watching(_ model: inout DeviceModel) -> Activity {
    let egg = started("egg1", "Egg", minutes: 1)
    step(&model, .stored([egg], seq: 1), at: 0) {
      $0.stored = [egg]
      $0.seq = 1
    }
    step(&model, .tick, at: 0) { $0.looked = true }
    return egg
  }

  /// Egg's deadline: the view settles, and hears its own `finished` back. Returns the
  /// countdown as time left it, and the event.
  func finish(_ egg: Activity, _ model: inout DeviceModel, sourceLocation: SourceLocation = #_sourceLocation)
    -> (Activity, Event)
  {
    step(&model, .tick, at: minutes(1), commands: [.settle], sourceLocation: sourceLocation)
    let (finished, events) = recorded(egg, at: minutes(1), from: 2)
    step(
      &model, .stored([finished], seq: 2, events: events), at: minutes(1), commands: [.ring],
      sourceLocation: sourceLocation
    ) {
      $0.stored = [finished]
      $0.seq = 2
      $0.given = ["egg1": DeviceModel.Given(event: events[0], repeats: 0)]
      $0.state.flash = DeviceState.Flash(
        text: "⏰ Egg — time's up", alert: true, until: t0 + minutes(1) + 2000)
      $0.state.alerting = DeviceState.Alerting(
        activityID: "egg1", summary: "⏰ Egg — time's up", until: t0 + minutes(1) + seconds(5))
      $0.state.motion = IslandMotion(since: t0 + minutes(1), growing: true)
    }
    return (finished, events[0])
  }

  func screen(_ model: DeviceModel, at offset: Milliseconds) -> [String] {
    DeviceView.draw(model.frame(at: t0 + offset), width: 100, height: 30).lines
  }

  @Test func anAlertExpandsTheIslandForFiveSecondsThenItGoesBack() {
    var model = initial
    let egg = watching(&model)
    #expect(screen(model, at: seconds(30))[1].contains("▐ ⏱ Egg"))
    _ = finish(egg, &model)
    // Expanded on Egg, "Time's up" said once, the buttons of a finished countdown under it.
    let grown = minutes(1) + IslandMotion.duration
    let expanded = screen(model, at: grown)
    #expect(expanded[0].contains("▗▄▄▄") && !expanded[0].contains("time's up"), "\(expanded[0])")
    #expect(expanded[1].contains("⏱  Egg · Time's up"), "\(expanded[1])")
    #expect(expanded[3].contains(" ✓ Done    ↺ Reset "), "\(expanded[3])")
    #expect(expanded.last?.contains("space done · r reset · x end") == true, "space says done, once")
    // The runner must wake the model when the expansion ends: frames drawn ahead stop there.
    #expect(model.tickAt == t0 + minutes(1) + seconds(5))
    step(&model, .tick, at: minutes(1) + seconds(2)) { $0.state.flash = nil }
    #expect(screen(model, at: minutes(1) + seconds(5) - 1)[1].contains("Egg · Time's up"))
    step(&model, .tick, at: minutes(1) + seconds(5)) {
      $0.state.alerting = nil
      $0.state.motion = IslandMotion(since: t0 + minutes(1) + seconds(5), growing: false)
    }
    let back = screen(model, at: minutes(1) + seconds(5) + IslandMotion.duration)
    #expect(back[1].contains("▐ ⏱ Egg") && back[1].contains("+0:05 ▌"), "\(back[1])")
    #expect(!back.joined().contains("time's up"), "\(back)")
    // Next, the first repeat, a minute after the deadline.
    #expect(model.tickAt == t0 + minutes(2))
  }

  @Test func aKeyEndsTheExpansionAndStillDoesWhatItDoes() {
    var model = initial
    let egg = watching(&model)
    _ = finish(egg, &model)
    step(&model, .key(.character("e"), buttons: []), at: minutes(1) + 1000) {
      $0.state.alerting = nil
      $0.state.expanded = true
    }
    // What `e` asked for stays: the island expanded, with no alert on its edge.
    let shown = screen(model, at: minutes(1) + 1000 + IslandMotion.duration)
    #expect(shown[0].contains("▗" + String(repeating: "▄", count: 56) + "▖"), "\(shown[0])")
    #expect(model.tickAt == t0 + minutes(2), "the repeat is still due")
    // A resize is no key press: an expansion goes on through it.
    var resized = initial
    _ = finish(watching(&resized), &resized)
    step(&resized, .key(.resize, buttons: []), at: minutes(1) + 1000, commands: [.repaint])
  }

  @Test func anAlertIsGivenAgainAtThePolicysInstantsWhileNobodyActsOnIt() {
    var alerts = AlertPolicy()
    alerts.repeatCount = 2
    alerts.repeatEvery = seconds(30)
    var model = DeviceModel(theme: ThemeCatalog.fallback, ascii: false, policy: .standard, alerts: alerts)
    let egg = watching(&model)
    let (_, event) = finish(egg, &model)
    var rings = 1
    step(&model, .tick, at: minutes(1) + seconds(5)) {
      $0.state.flash = nil
      $0.state.alerting = nil
      $0.state.motion = IslandMotion(since: t0 + minutes(1) + seconds(5), growing: false)
    }
    #expect(model.tickAt == t0 + minutes(1) + seconds(30))
    step(&model, .tick, at: minutes(1) + seconds(30) - 1)
    // The first repeat: the bell, the flash and the expansion again.
    step(&model, .tick, at: minutes(1) + seconds(30), commands: [.ring]) {
      $0.given["egg1"]?.repeats = 1
      $0.state.flash = DeviceState.Flash(
        text: "⏰ Egg — time's up", alert: true, until: t0 + minutes(1) + seconds(32))
      $0.state.alerting = DeviceState.Alerting(
        activityID: "egg1", summary: "⏰ Egg — time's up", until: t0 + minutes(1) + seconds(35))
      $0.state.motion = IslandMotion(since: t0 + minutes(1) + seconds(30), growing: true)
    }
    rings += 1
    #expect(
      screen(model, at: minutes(1) + seconds(30) + IslandMotion.duration)[1].contains("Egg · Time's up"))
    #expect(model.tickAt == t0 + minutes(1) + seconds(35))
    // A late wake (a busy machine) gives the second, once.
    step(&model, .tick, at: minutes(2) + seconds(3), commands: [.ring]) {
      $0.given["egg1"]?.repeats = 2
      $0.state.flash = DeviceState.Flash(
        text: "⏰ Egg — time's up", alert: true, until: t0 + minutes(2) + seconds(5))
      $0.state.alerting = DeviceState.Alerting(
        activityID: "egg1", summary: "⏰ Egg — time's up", until: t0 + minutes(2) + seconds(8))
    }
    rings += 1
    // Two repeats, and no more: what wakes the model next is time's own (its expiry).
    step(&model, .tick, at: minutes(2) + seconds(8)) {
      $0.state.flash = nil
      $0.state.alerting = nil
      $0.state.motion = IslandMotion(since: t0 + minutes(2) + seconds(8), growing: false)
    }
    #expect(model.tickAt == model.settleAt && model.settleAt! > t0 + minutes(60))
    for offset in [minutes(2) + seconds(30), minutes(3), minutes(10)] { step(&model, .tick, at: offset) }
    #expect(rings == 1 + alerts.repeatCount)
    #expect(model.given["egg1"] == DeviceModel.Given(event: event, repeats: 2))
  }

  @Test func anIntentOnTheActivityStopsTheRepeatsWhoeverSendsIt() {
    // Reset in another shell: the next read says so, and nothing is given again.
    var model = initial
    let (finished, _) = finish(watching(&model), &model)
    let reset = try! TimerEngine.reduce(finished, .reset, at: t0 + minutes(1) + seconds(20), source: .cli)
      .get()
    step(&model, .stored([reset.activity], seq: 3, events: reset.events), at: minutes(1) + seconds(20)) {
      $0.stored = [reset.activity]
      $0.seq = 3
      // Acknowledged: no repeat is left to give.
      $0.given["egg1"]?.repeats = AlertPolicy().repeatCount
    }
    #expect(model.tickAt == t0 + minutes(1) + seconds(5), "only the expansion's end is left")
    step(&model, .tick, at: minutes(2)) {
      $0.state.flash = nil
      $0.state.alerting = nil
      $0.state.motion = IslandMotion(since: t0 + minutes(2), growing: false)
    }
    #expect(model.tickAt == model.settleAt)

    // Snoozed with `+` in the view: its report says so, and the next alert is the new deadline's.
    var view = initial
    let (due, _) = finish(watching(&view), &view)
    step(
      &view, .key(.character("+"), buttons: []), at: minutes(1) + seconds(3),
      commands: [.send(.snooze(for: minutes(5)), target: .id("egg1"), source: .key)]
    ) {
      $0.state.alerting = nil
      $0.state.motion = IslandMotion(since: t0 + minutes(1) + seconds(3), growing: false)
    }
    let snoozed = try! TimerEngine.reduce(
      due, .snooze(for: minutes(5)), at: t0 + minutes(1) + seconds(3), source: .key
    )
    .get()
    step(
      &view,
      .reported(
        live: [snoozed.activity], seq: 3, activity: snoozed.activity, started: false,
        line: "⏰ Egg snoozed, 5:00 to go", refused: false, events: snoozed.events),
      at: minutes(1) + seconds(3)
    ) {
      $0.stored = [snoozed.activity]
      $0.seq = 3
      $0.given["egg1"]?.repeats = AlertPolicy().repeatCount
      $0.state.flash = DeviceState.Flash(
        text: "⏰ Egg snoozed, 5:00 to go", until: t0 + minutes(1) + seconds(5))
    }
    #expect(view.tickAt == t0 + minutes(6) + seconds(3), "its new deadline, not a repeat")
    step(&view, .tick, at: minutes(2)) { $0.state.flash = nil }
  }

  @Test func anAlertRecordedByAnotherIntentsSettleIsGivenToo() {
    // Space on Tea, a moment after Egg's deadline: the dispatcher records Egg's `finished`
    // in the same transaction, and the report brings it.
    var model = initial
    let egg = watching(&model)
    let tea = started("teaa", "Tea", at: 500)
    step(&model, .stored([egg, tea], seq: 2), at: 1000) {
      $0.stored = [egg, tea]
      $0.seq = 2
    }
    let at = minutes(1) + 100
    let (finished, settled) = recorded(egg, at: at, from: 3)
    var paused = try! TimerEngine.reduce(tea, .pause, at: t0 + at, source: .key).get()
    paused.events[0].seq = 4
    step(
      &model,
      .reported(
        live: [finished, paused.activity], seq: 4, activity: paused.activity, started: false,
        line: "⏸ Tea paused", refused: false, events: settled + paused.events),
      at: at, commands: [.ring]
    ) {
      $0.stored = [finished, paused.activity]
      $0.seq = 4
      $0.given = ["egg1": DeviceModel.Given(event: settled[0], repeats: 0)]
      $0.state.flash = DeviceState.Flash(text: "⏰ Egg — time's up", alert: true, until: t0 + at + 2000)
      $0.state.alerting = DeviceState.Alerting(
        activityID: "egg1", summary: "⏰ Egg — time's up", until: t0 + at + seconds(5))
      $0.state.motion = IslandMotion(since: t0 + at, growing: true)
    }
    // Expanded on Egg, whatever is selected.
    #expect(screen(model, at: at + IslandMotion.duration)[1].contains("⏱  Egg · Time's up"))
  }

  @Test func plusSnoozesACountdownWhoseTimeIsUpAndAddsAMinuteToARunningOne() {
    var alerts = AlertPolicy()
    alerts.snooze = minutes(2)
    var model = DeviceModel(theme: ThemeCatalog.fallback, ascii: false, policy: .standard, alerts: alerts)
    _ = watching(&model)
    step(
      &model, .key(.character("+"), buttons: []), at: seconds(30),
      commands: [.send(.adjust(by: 60_000), target: .id("egg1"), source: .key)])
    #expect(screen(model, at: seconds(30)).last?.contains("+/- 1 min") == true)
    // Time's up by the clock, before the view has settled it: `+` snoozes all the same.
    step(
      &model, .key(.character("+"), buttons: []), at: minutes(1) + 10,
      commands: [.send(.snooze(for: minutes(2)), target: .id("egg1"), source: .key)])
    #expect(screen(model, at: minutes(1) + 10).last?.contains("+ snooze") == true)
    // A plan's waiting segment goes on with space; `+` there is the minute it always was.
    var plan = initial
    let quick = try! Plan.parse(name: "quick", definition: "Work 1m, Rest 1m; advance ask").get()
    var request = StartRequest(name: "Quick")
    request.id = "pl02"
    request.attributes.plan = quick
    let run = try! TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
    step(&plan, .stored([run], seq: 1), at: minutes(2)) {
      $0.stored = [run]
      $0.seq = 1
    }
    step(
      &plan, .key(.character("+"), buttons: []), at: minutes(2),
      commands: [.send(.adjust(by: 60_000), target: .id("pl02"), source: .key)])
  }

  @Test func withTheBellChannelOffAnAlertStillExpandsAndFlashes() {
    var alerts = AlertPolicy()
    alerts.channels = [.desktop, .tmux]
    var model = DeviceModel(theme: ThemeCatalog.fallback, ascii: false, policy: .standard, alerts: alerts)
    _ = finish(watching(&model), &model)
    // `.ring` flashes the screen; the runner rings the terminal's bell only when `bell` says so.
    #expect(!model.bell)
    #expect(screen(model, at: minutes(1) + IslandMotion.duration)[1].contains("Egg · Time's up"))
  }
}
