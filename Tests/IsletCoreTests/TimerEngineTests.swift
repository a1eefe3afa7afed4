import FoundationEssentials
import Testing

@testable import IsletCore

/// Activities in each phase, all read at `t0 + 10m`.
enum PhaseFixture: String, CaseIterable, CustomTestStringConvertible {
  case idle, active, paused, finished, completed, ended, expired

  static let readAt = t0 + minutes(10)
  var testDescription: String { rawValue }

  /// A countdown of 25 minutes (finished: of 5 minutes) in this phase at `readAt`.
  func activity() throws -> Activity {
    switch self {
    case .idle: return try applied(nil, .start(countdownRequest(paused: true)), at: t0).activity
    case .active: return try applied(nil, .start(countdownRequest()), at: t0).activity
    case .paused:
      let started = try applied(nil, .start(countdownRequest()), at: t0).activity
      return try applied(started, .pause, at: t0 + minutes(4)).activity
    case .finished: return try applied(nil, .start(countdownRequest(minutes: 5)), at: t0).activity
    case .completed:
      let started = try applied(nil, .start(countdownRequest()), at: t0).activity
      return try applied(started, .complete, at: t0 + minutes(3)).activity
    case .ended:
      let started = try applied(nil, .start(countdownRequest()), at: t0).activity
      return try applied(started, .end, at: t0 + minutes(3)).activity
    case .expired:
      let policy = TimePolicy(maxIdle: minutes(30), staleAfter: minutes(5))
      let started = try applied(nil, .start(countdownRequest()), at: t0, policy: policy).activity
      return TimerEngine.settle(started, at: t0 + minutes(60), policy: policy).activity
    }
  }
}

@Suite struct TimerEngineTests {
  /// The intent table of the design, phase by phase: the phase after, or nil for a refusal.
  static let table: [(PhaseFixture, [Intent: Phase?])] = [
    (
      .idle,
      [
        .pause: nil, .resume: .active, .toggle: .active, .reset: nil, .complete: nil, .end: .ended,
        .adjust(by: 60_000): .idle, .snooze(for: minutes(5)): nil, .lap: nil,
      ]
    ),
    (
      .active,
      [
        .pause: .paused, .resume: nil, .toggle: .paused, .reset: .idle, .complete: .completed, .end: .ended,
        .adjust(by: 60_000): .active, .snooze(for: minutes(5)): nil, .lap: nil,
      ]
    ),
    (
      .paused,
      [
        .pause: nil, .resume: .active, .toggle: .active, .reset: .idle, .complete: .completed, .end: .ended,
        .adjust(by: 60_000): .paused, .snooze(for: minutes(5)): nil, .lap: nil,
      ]
    ),
    (
      .finished,
      [
        .pause: nil, .resume: nil, .toggle: .completed, .reset: .idle, .complete: .completed, .end: .ended,
        .adjust(by: minutes(10)): .active, .snooze(for: minutes(5)): .active, .lap: nil,
      ]
    ),
    (
      .completed,
      [
        .pause: nil, .resume: nil, .toggle: nil, .reset: nil, .complete: nil, .end: nil,
        .adjust(by: 60_000): nil, .snooze(for: minutes(5)): nil, .lap: nil,
      ]
    ),
    (
      .ended,
      [
        .pause: nil, .resume: nil, .toggle: nil, .reset: nil, .complete: nil, .end: nil,
        .adjust(by: 60_000): nil, .snooze(for: minutes(5)): nil, .lap: nil,
      ]
    ),
    (
      .expired,
      [
        .pause: nil, .resume: nil, .toggle: nil, .reset: nil, .complete: nil, .end: nil,
        .adjust(by: 60_000): nil, .snooze(for: minutes(5)): nil, .lap: nil,
      ]
    ),
  ]

  @Test(arguments: PhaseFixture.allCases)
  func everyIntentInEveryPhase(fixture: PhaseFixture) throws {
    let activity = try fixture.activity()
    #expect(
      activity.phase(at: PhaseFixture.readAt)
        == PhaseFixture(rawValue: fixture.rawValue).map { Phase(rawValue: $0.rawValue)! })
    let expected = Self.table.first { $0.0 == fixture }!.1
    for (intent, phase) in expected {
      let result = TimerEngine.reduce(activity, intent, at: PhaseFixture.readAt, source: .key)
      switch (result, phase) {
      case (.success(let transition), .some(let phase)):
        #expect(transition.activity.phase(at: PhaseFixture.readAt) == phase, "\(fixture) \(intent)")
        #expect(transition.events.last?.source == .key)
        #expect(transition.activity.state.touchedAt == PhaseFixture.readAt)
      case (.failure(let refusal), .none):
        #expect(refusal.reason.starts(with: "Workout "))
        #expect(!refusal.reason.contains("\n"))
      default:
        Issue.record("\(fixture) \(intent): got \(result), expected \(String(describing: phase))")
      }
    }
    let update = TimerEngine.reduce(
      activity, .update(ActivityUpdate(name: "Run")), at: PhaseFixture.readAt, source: .cli)
    #expect((try? update.get().activity.name) == (activity.state.phase.isLive ? "Run" : nil))
  }

  /// The view sleeps until `nextSettlement` instead of settling every activity each second:
  /// before that instant settling must record nothing, and from it on, something.
  @Test(arguments: PhaseFixture.allCases)
  func nextSettlementIsWhenSettlingFirstRecordsSomething(fixture: PhaseFixture) throws {
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    for activity in [try fixture.activity(), stopwatch] {
      for policy in [TimePolicy.standard, TimePolicy(maxIdle: minutes(40), staleAfter: minutes(5))] {
        let next = TimerEngine.nextSettlement(activity, policy: policy)
        for step in stride(from: Int64(0), through: 90 * 60, by: 7) {
          let at = t0 + seconds(step)
          let recorded = !TimerEngine.settle(activity, at: at, policy: policy).events.isEmpty
          #expect(
            recorded == (next.map { at >= $0 } ?? false),
            "\(fixture) at +\(step) s, next \(String(describing: next))")
        }
      }
    }
  }

  @Test func refusalsSayWhy() throws {
    let paused = try PhaseFixture.paused.activity()
    #expect(
      TimerEngine.reduce(paused, .pause, at: PhaseFixture.readAt, source: .cli)
        == .failure(Refusal("Workout is already paused")))
    let active = try PhaseFixture.active.activity()
    #expect(
      TimerEngine.reduce(active, .resume, at: PhaseFixture.readAt, source: .cli)
        == .failure(Refusal("Workout is already running")))
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(
      TimerEngine.reduce(stopwatch, .adjust(by: 60_000), at: t0, source: .cli)
        == .failure(Refusal("Focus is a stopwatch; only a countdown can be adjusted")))
  }

  @Test func startMakesARunningOrReadyActivity() throws {
    let started = try applied(nil, .start(countdownRequest()), at: t0)
    #expect(
      started.activity.state
        == ContentState(
          name: "Workout", startedAt: t0, duration: minutes(25), phase: .active,
          staleDate: t0 + minutes(30), touchedAt: t0, idleLimit: TimePolicy.standard.maxIdle, runStartedAt: t0
        ))
    #expect(
      started.events == [
        Event(
          activityID: "wk01", kind: .started, phase: .active, elapsed: 0, source: .cli, at: t0,
          name: "Workout")
      ])
    let ready = try applied(nil, .start(stopwatchRequest(paused: true)), at: t0).activity
    #expect(ready.phase(at: t0 + minutes(5)) == .idle)
    #expect(ready.displayTime(at: t0 + minutes(5)) == "0:00")
    #expect(
      TimerEngine.reduce(nil, .pause, at: t0, source: .cli)
        == .failure(Refusal("there is no activity to pause")))
  }

  /// "Started" tells the run's start: a pause does not move it, a single timer's reset and a
  /// new start do, a plan's segment reset does not (its run goes on), and a run started ready
  /// starts when it is first resumed.
  @Test func aRunStartsWhenItIsStartedAfterAResetToo() throws {
    var watch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(watch.runStart == t0)
    watch = try applied(watch, .pause, at: t0 + seconds(10)).activity
    watch = try applied(watch, .resume, at: t0 + seconds(70)).activity
    #expect(watch.runStart == t0, "a pause moved the run's start")
    watch = try applied(watch, .reset, at: t0 + minutes(5)).activity
    watch = try applied(watch, .toggle, at: t0 + minutes(7)).activity
    #expect(watch.runStart == t0 + minutes(7), "after a reset, the new start is not the run's")
    #expect(watch.createdAt == t0)

    var ready = try applied(nil, .start(countdownRequest(paused: true)), at: t0).activity
    ready = try applied(ready, .resume, at: t0 + minutes(3)).activity
    #expect(ready.runStart == t0 + minutes(3), "a countdown started ready ran from its creation")

    let plan = Plan.workAndBreak(name: nil, work: minutes(25), rest: minutes(5), icon: "timer", rounds: 2)
    var run = try applied(
      nil, .start(StartRequest(name: "Intervals", attributes: ActivityAttributes(plan: plan))), at: t0
    )
    .activity
    run = try applied(run, .reset, at: t0 + minutes(10)).activity
    run = try applied(run, .resume, at: t0 + minutes(11)).activity
    #expect(run.runStart == t0, "a segment's reset moved the plan's start")
  }

  @Test func pauseFreezesAndResumeShiftsTheStart() throws {
    var a = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    a = try applied(a, .pause, at: t0 + seconds(100)).activity
    #expect(a.displayTime(at: t0 + seconds(500)) == "1:40")
    a = try applied(a, .resume, at: t0 + seconds(400)).activity
    #expect(a.state.startedAt == t0 + seconds(300))
    #expect(a.state.pausedAt == nil)
    #expect(a.elapsed(at: t0 + seconds(460)) == seconds(160))
  }

  @Test func resetGoesBackToTheFullDurationAndLogsTheDiscardedRun() throws {
    var a = try applied(nil, .start(countdownRequest()), at: t0).activity
    a = try applied(a, .adjust(by: minutes(5)), at: t0 + minutes(1)).activity
    let reset = try applied(a, .reset, at: t0 + minutes(7))
    #expect(reset.activity.state.phase == .idle)
    #expect(reset.activity.state.duration == minutes(25))
    #expect(reset.activity.displayTime(at: t0 + minutes(20)) == "25:00")
    #expect(reset.events.map(\.kind) == [.reset])
    #expect(reset.events[0].elapsed == minutes(7))
    #expect(reset.events[0].phase == .idle)
    let restarted = try applied(reset.activity, .toggle, at: t0 + minutes(8))
    #expect(restarted.events.map(\.kind) == [.started])
    #expect(restarted.activity.displayTime(at: t0 + minutes(9)) == "24:00")
  }

  @Test func completeAndEndRecordTheElapsedTime() throws {
    let a = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let done = try applied(a, .complete, at: t0 + minutes(25))
    #expect(done.events.map(\.kind) == [.completed])
    #expect(done.events[0].elapsed == minutes(25))
    #expect(done.activity.endedAt == t0 + minutes(25))
    #expect(done.activity.elapsed(at: t0 + minutes(90)) == minutes(25))
    let ended = try applied(a, .end, at: t0 + minutes(3))
    #expect(ended.activity.phase(at: t0 + minutes(4)) == .ended)
    #expect(ended.events[0].elapsed == minutes(3))
  }

  /// A lap is the running time since the last mark: a pause between marks is in no lap, and
  /// the event's elapsed is the split.
  @Test func lapsCountRunningTimeOnlyAndResetClearsThem() throws {
    var a = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let first = try applied(a, .lap, at: t0 + seconds(62))
    #expect(first.events.map(\.kind) == [.lapped])
    #expect(first.events[0].elapsed == seconds(62))
    #expect(first.activity.state.laps == LapMarks(count: 1, lastSplit: seconds(62), last: seconds(62)))
    a = try applied(first.activity, .pause, at: t0 + seconds(70)).activity
    #expect(
      TimerEngine.reduce(a, .lap, at: t0 + seconds(80), source: .cli)
        == .failure(Refusal("Focus is paused; resume it to mark a lap")))
    a = try applied(a, .resume, at: t0 + seconds(100)).activity
    let second = try applied(a, .lap, at: t0 + seconds(160))
    // 8 s before the pause and 60 s after it; the 30 s paused are in neither.
    #expect(second.activity.state.laps == LapMarks(count: 2, lastSplit: seconds(130), last: seconds(68)))
    #expect(second.activity.currentLap(at: t0 + seconds(165)) == seconds(5))
    #expect(
      TimerEngine.reduce(second.activity, .lap, at: t0 + seconds(160), source: .cli)
        == .failure(Refusal("Focus's lap has run no time yet")))
    let reset = try applied(second.activity, .reset, at: t0 + seconds(170)).activity
    #expect(reset.state.laps == LapMarks())
    #expect(
      TimerEngine.reduce(reset, .lap, at: t0 + seconds(171), source: .cli)
        == .failure(Refusal("Focus has not started; resume or toggle starts it")))
    let countdown = try PhaseFixture.active.activity()
    #expect(
      TimerEngine.reduce(countdown, .lap, at: PhaseFixture.readAt, source: .cli)
        == .failure(Refusal("Workout is a countdown; laps are marked on a stopwatch")))
  }

  /// A start in the past records its `started` then and what time has caused since at its true
  /// time; the idle limit counts from now.
  @Test func aStartInThePastSettlesToNow() throws {
    var request = countdownRequest(minutes: 5)
    request.startedAt = t0 - minutes(8)
    let started = try applied(nil, .start(request), at: t0)
    #expect(started.events.map(\.kind) == [.started, .finished])
    #expect(started.events.map(\.at) == [t0 - minutes(8), t0 - minutes(3)])
    #expect(started.activity.state.touchedAt == t0)
    #expect(started.activity.displayTime(at: t0) == "+3:00")
  }

  @Test func updateChangesNameCategoryAndRelevance() throws {
    var a = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    a = try applied(a, .update(ActivityUpdate(name: "Deep work", category: "work", relevance: 2)), at: t0 + 1)
      .activity
    #expect((a.name, a.state.category, a.state.relevance) == ("Deep work", "work", 2))
    a = try applied(a, .update(ActivityUpdate(category: "")), at: t0 + 2).activity
    #expect(a.state.category == nil)
    #expect(a.name == "Deep work")
  }
}

@Suite struct ModelCodingTests {
  @Test func anActivityRoundTripsThroughJSON() throws {
    let activity = try applied(nil, .start(countdownRequest()), at: t0).activity
    let paused = try applied(activity, .pause, at: t0 + minutes(3)).activity
    let data = try JSONEncoder().encode(paused)
    #expect(try JSONDecoder().decode(Activity.self, from: data) == paused)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains("\"pausedAt\":1764493680000"))
    #expect(text.contains("\"mode\":\"countdown\""))
  }
}
