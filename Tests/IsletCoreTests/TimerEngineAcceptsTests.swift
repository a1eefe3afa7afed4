import Testing

@testable import IsletCore

/// `TimerEngine.accepts`, which the view's key hints ask every frame, decides without making a
/// refusal's text; it must still say what `reduce` does, from the same table.
@Suite struct TimerEngineAcceptsTests {
  static let intents: [Intent] = [
    .pause, .resume, .toggle, .reset, .complete, .end, .skip, .lap, .adjust(by: 60_000),
    .snooze(for: minutes(5)), .snooze(for: 10), .update(ActivityUpdate(icon: "run")),
  ]

  /// Every kind in every phase it takes: the countdowns of `PhaseFixture`, a stopwatch ready,
  /// running and paused, a plan ready, running, waiting between segments and completed; each
  /// is asked at `readAt` but the waiting plan, asked once its first segment is over.
  static func activities() throws -> [(String, Activity)] {
    var all = try PhaseFixture.allCases.map { ("countdown \($0)", try $0.activity()) }
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    all += [
      ("stopwatch ready", try applied(nil, .start(stopwatchRequest(paused: true)), at: t0).activity),
      ("stopwatch running", stopwatch),
      ("stopwatch paused", try applied(stopwatch, .pause, at: t0 + minutes(2)).activity),
    ]
    func plan(_ advance: AdvancePolicy, paused: Bool = false) throws -> Activity {
      var pomodoro = Plan.presets.first { $0.name == "pomodoro" }!
      pomodoro.advance = advance
      let request = StartRequest(
        id: "pl01", name: "Pomodoro", attributes: ActivityAttributes(plan: pomodoro), paused: paused)
      return try applied(nil, .start(request), at: t0).activity
    }
    let running = try plan(.auto)
    all += [
      ("plan ready", try plan(.auto, paused: true)),
      ("plan running", running),
      ("plan waiting", TimerEngine.settle(try plan(.ask), at: waitingAt).activity),
      ("plan completed", try applied(running, .complete, at: t0 + minutes(3)).activity),
    ]
    return all
  }

  /// When the waiting plan is asked: its first segment, 25 minutes, is over.
  static let waitingAt = t0 + minutes(26)

  static func instant(for label: String) -> Instant {
    label == "plan waiting" ? waitingAt : PhaseFixture.readAt
  }

  @Test func acceptsExactlyWhatReduceDoesNotRefuse() throws {
    var answers: [Bool] = []
    for (label, activity) in try Self.activities() {
      for intent in Self.intents {
        let at = Self.instant(for: label)
        let accepts = TimerEngine.accepts(intent, by: activity, at: at)
        switch TimerEngine.reduce(activity, intent, at: at, source: .key) {
        case .success:
          #expect(accepts, "\(label), \(intent): reduce takes it, accepts says it would not")
        case .failure(let refusal):
          #expect(
            !accepts, "\(label), \(intent): reduce refuses ('\(refusal.reason)'), accepts says it would not")
        }
        answers.append(accepts)
      }
    }
    // Both answers are given, many times: a table that refused everything would fail here.
    #expect(answers.filter { $0 }.count >= 30 && answers.filter { !$0 }.count >= 30, "\(answers)")
  }

  /// The reasons are made into the texts users read only when a refusal is reported: one of
  /// each kind, as `reduce` reports it.
  @Test func aRefusalSaysItsReasonInItsOwnWords() throws {
    let activities = Dictionary(uniqueKeysWithValues: try Self.activities())
    let expected: [(String, Intent, String)] = [
      ("countdown paused", .pause, "Workout is already paused"),
      ("countdown idle", .pause, "Workout has not started; resume or toggle starts it"),
      ("countdown active", .resume, "Workout is already running"),
      ("countdown completed", .resume, "Workout is completed; start a new one with islet start"),
      (
        "countdown active", .snooze(for: minutes(5)),
        "Workout has not finished; snooze gives a finished countdown more time"
      ),
      ("countdown finished", .snooze(for: 10), "snooze needs a duration of a second or more"),
      ("countdown finished", .pause, "Workout has finished; complete or reset it"),
      ("countdown active", .lap, "Workout is a countdown; laps are marked on a stopwatch"),
      ("countdown active", .skip, "Workout is a single timer; skip moves a plan on to its next segment"),
      ("stopwatch paused", .lap, "Focus is paused; resume it to mark a lap"),
      ("stopwatch running", .adjust(by: 60_000), "Focus is a stopwatch; only a countdown can be adjusted"),
      ("plan waiting", .pause, "Pomodoro's Focus is over; toggle or skip goes on"),
      ("plan running", .lap, "Pomodoro is a plan; laps are marked on a stopwatch"),
      (
        "plan running", .update(ActivityUpdate(icon: "run")),
        "Pomodoro is a plan; its segments have their own icons, set where the plan is defined"
      ),
    ]
    for (label, intent, text) in expected {
      let activity = try #require(activities[label], "no activity '\(label)'")
      let at = Self.instant(for: label)
      let result = TimerEngine.reduce(activity, intent, at: at, source: .key)
      #expect(result == .failure(Refusal(text)), "\(label), \(intent)")
    }
  }
}
