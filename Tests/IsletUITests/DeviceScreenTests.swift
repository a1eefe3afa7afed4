import Testing

@testable import IsletCore
@testable import IsletUI

/// The whole device screen at 100×30, as `islet` draws it: the example in each live phase,
/// nothing live, and two activities (the island's compact with a minimal bubble). One file
/// each in `Snapshots/device/`, Unicode then ASCII; the clock and dates are at UTC.
@Suite struct DeviceScreenTests {
  struct Scene: CustomTestStringConvertible, Sendable {
    var name: String
    var live: [Activity]
    var now: Instant
    var state = DeviceState()
    var goal: GoalTally?
    /// The state drawn in ASCII, where what the model put in it differs (an alert's summary).
    var asciiState: DeviceState?
    var testDescription: String { name }
  }

  static let size = (width: 100, height: 30)

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
    return [Scene(name: "empty", live: [], now: now)] + phases + [
      Scene(name: "two-activities", live: [paused, tea], now: now),
      Scene(name: "plan-waiting", live: [waiting], now: late, goal: GoalTally(done: 3, target: 8)),
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
      policy: .standard, theme: ThemeCatalog.fallback, ascii: ascii, utcOffset: 0, goal: scene.goal)
    return framed(DeviceView.draw(frame, width: size.width, height: size.height))
  }

  @Test(arguments: scenes)
  func screen(_ scene: Scene) {
    var out = ""
    for ascii in [false, true] {
      out += "== \(scene.name) \(ascii ? "ascii" : "unicode") \(Self.size.width)x\(Self.size.height)\n"
      out += Self.screen(scene, ascii: ascii) + "\n"
    }
    expectSnapshot(out, named: "device/\(scene.name)")
  }
}
