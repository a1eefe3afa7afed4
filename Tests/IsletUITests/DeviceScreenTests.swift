import Testing

@testable import IsletCore
@testable import IsletUI

/// The whole device screen at 100×30, as `islet` draws it: the example in each live phase,
/// nothing live, and two activities (the island's compact with a minimal bubble); each scene
/// drawn at 100×30 also at 60×20, 40×12 and on one row. One file each in `Snapshots/device/`,
/// Unicode then ASCII; the clock and dates are at UTC.
@Suite struct DeviceScreenTests {
  struct Scene: CustomTestStringConvertible, Sendable {
    var name: String
    var live: [Activity]
    var now: Instant
    var state = DeviceState()
    var goal: GoalTally?
    /// The state drawn in ASCII, where what the model put in it differs (an alert's summary).
    var asciiState: DeviceState?
    var width = 100
    var height = 30
    var testDescription: String { name }
  }

  /// Another activity started `ago` seconds before `now`: a countdown of `minutes`, or a stopwatch.
  static func another(_ id: String, _ name: String, icon: String, minutes m: Int64?, ago: Int64, now: Instant)
    -> Activity
  {
    var attributes = ActivityAttributes(icon: icon)
    if let m {
      attributes.mode = .countdown
      attributes.fullDuration = minutes(m)
    }
    let start = StartRequest(id: id, name: name, attributes: attributes)
    return try! TimerEngine.reduce(nil, .start(start), at: now - seconds(ago), source: .cli)
      .get().activity
  }

  static let scenes: [Scene] = {
    let phases = [Phase.idle, .active, .paused, .finished].map { phase in
      let (activity, now) = inPhase(phase)
      return Scene(name: phase.rawValue, live: [activity], now: now)
    }
    // A stopwatch started after the countdown was paused: it ranks first, the countdown
    // becomes the bubble.
    let (paused, now) = inPhase(.paused)
    let start = StartRequest(id: "te01", name: "Tea", attributes: ActivityAttributes(icon: "coffee"))
    let tea = try! TimerEngine.reduce(nil, .start(start), at: now - seconds(3), source: .cli).get().activity
    // Plans: a pomodoro's Focus waiting (space goes on), with today's goal; a Tabata in its
    // cue with the island expanded; the new-activity dialog with a plan's name typed.
    let (waiting, late) = PlanScene.waiting.shown
    let (cue, then) = PlanScene.cue.shown
    var expanded = DeviceState()
    expanded.expanded = true
    var dialog = DeviceState(plans: Plan.presets, defaultPlan: "pomodoro")
    dialog.overlay = .name("tabata")
    var asking = DeviceState(plans: Plan.presets, defaultPlan: "pomodoro")
    asking.overlay = .name("Tea")
    // The island expanded by itself for the alert of a countdown whose time is up, over a
    // stopwatch that is the one selected.
    let (finished, over) = inPhase(.finished)
    let stopwatch = try! TimerEngine.reduce(
      nil, .start(StartRequest(id: "te01", name: "Tea", attributes: ActivityAttributes(icon: "coffee"))),
      at: over - minutes(3), source: .cli
    ).get().activity
    var alerting = DeviceState()
    alerting.selectedID = "te01"
    alerting.alerting = DeviceState.Alerting(
      activityID: finished.id, summary: "⏰ Workout — time's up", until: over + seconds(3))
    var asciiAlerting = alerting
    asciiAlerting.alerting?.summary = "! Workout - time's up"
    // More than fit: four at 100×30 (all shown, shorter), six with the last selected (the
    // banners scrolled to it, the rest counted), two at 100×15.
    let others = [
      another("co01", "Code", icon: "code", minutes: 50, ago: 40, now: now),
      another("rd02", "Read", icon: "book", minutes: nil, ago: 50, now: now),
      another("ru03", "Run", icon: "run", minutes: 30, ago: 60, now: now),
      another("fo04", "Focus", icon: "focus", minutes: 25, ago: 70, now: now),
    ]
    let four = [paused, tea] + others.prefix(2)
    let six = [paused, tea] + others
    var last = DeviceState()
    last.selectedID = ActivityMatcher.ranked(six, at: now).last?.id
    var flashing = DeviceState()
    flashing.show("⏸ Workout paused at 12:30", at: now)
    var confirming = DeviceState()
    confirming.selectedID = paused.id
    confirming.overlay = .confirm(.reset, activityID: paused.id, name: "Workout")
    var helping = DeviceState()
    helping.overlay = .help
    // Every phase, two activities and the expanded island at the smaller sizes too, and on
    // one row (a one-row pane).
    var sized =
      [Scene(name: "empty", live: [], now: now)] + phases + [
        Scene(name: "two-activities", live: [paused, tea], now: now),
        Scene(name: "plan-cue-expanded", live: [cue], now: then, state: expanded),
        Scene(
          name: "alert-expanded", live: [finished, stopwatch], now: over, state: alerting,
          asciiState: asciiAlerting),
      ]
    sized = [(60, 20), (40, 12), (100, 1)].flatMap { size in
      sized.map { scene in
        var scene = scene
        scene.name += "-\(size.0)x\(size.1)"
        scene.width = size.0
        scene.height = size.1
        return scene
      }
    }
    return [Scene(name: "empty", live: [], now: now)] + phases + sized + [
      Scene(name: "four-activities", live: four, now: now),
      Scene(name: "six-activities-last-selected", live: six, now: now, state: last),
      Scene(name: "two-activities-15-rows", live: [paused, tea], now: now, height: 15),
      Scene(name: "flash-over-banners", live: [paused, tea], now: now, state: flashing),
      Scene(name: "confirm-over-banner", live: [paused, tea], now: now, state: confirming),
      Scene(name: "help-over-banners", live: [paused, tea], now: now, state: helping),
      Scene(name: "two-activities", live: [paused, tea], now: now),
      Scene(
        name: "plan-waiting", live: [waiting], now: late,
        goal: GoalTally(done: 3, target: 8, plan: "pomodoro")),
      Scene(name: "plan-cue-expanded", live: [cue], now: then, state: expanded),
      Scene(name: "plan-dialog", live: [], now: now, state: dialog),
      Scene(name: "plan-dialog-other-name", live: [], now: now, state: asking),
      Scene(
        name: "alert-expanded", live: [finished, stopwatch], now: over, state: alerting,
        asciiState: asciiAlerting),
    ]
  }()

  static func screen(_ scene: Scene, ascii: Bool) -> String {
    let frame = DeviceView.Frame(
      live: ActivityMatcher.ranked(scene.live, at: scene.now),
      state: ascii ? scene.asciiState ?? scene.state : scene.state, now: scene.now,
      policy: .standard, theme: ThemeCatalog.fallback, ascii: ascii, utcOffset: 0,
      goals: scene.goal.map { [$0] } ?? [])
    return framed(DeviceView.draw(frame, width: scene.width, height: scene.height))
  }

  /// The sizes a scene is drawn at: its own, and where that is the standard 100×30, the smaller
  /// terminals and a one-row pane too.
  static func sizes(_ scene: Scene) -> [(width: Int, height: Int)] {
    let own = (scene.width, scene.height)
    return scene.width == 100 && scene.height == 30 ? [own, (60, 20), (40, 12), (80, 1)] : [own]
  }

  @Test(arguments: scenes)
  func screen(_ scene: Scene) {
    var out = ""
    for size in Self.sizes(scene) {
      var sized = scene
      (sized.width, sized.height) = size
      for ascii in [false, true] {
        out += "== \(scene.name) \(ascii ? "ascii" : "unicode") \(size.width)x\(size.height)\n"
        out += Self.screen(sized, ascii: ascii) + "\n"
      }
    }
    expectSnapshot(out, named: "device/\(scene.name)")
  }
}
