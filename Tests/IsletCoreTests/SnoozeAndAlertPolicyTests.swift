import Testing

@testable import IsletCore

@Suite struct SnoozeTests {
  /// A 5-minute countdown read at 10 minutes is 5 minutes over: snoozed for 5 more, it has run
  /// 10 and has 5 to go, and its length is the 15 it will have run.
  @Test func snoozeGivesTheTimeFromNowAndKeepsTheTimeRun() throws {
    let finished = try PhaseFixture.finished.activity()
    let now = PhaseFixture.readAt
    let step = try applied(finished, .snooze(for: minutes(5)), at: now)
    #expect(step.events.map(\.kind) == [.finished, .snoozed])
    #expect(step.activity.state.phase == .active)
    #expect(step.activity.remaining(at: now) == minutes(5))
    #expect(step.activity.elapsed(at: now) == minutes(10))
    #expect(step.activity.state.duration == minutes(15))
    #expect(step.activity.deadline == now + minutes(5))
    // It finishes again at the new deadline, once.
    let again = TimerEngine.settle(step.activity, at: now + minutes(5))
    #expect(again.events.map(\.kind) == [.finished])
    #expect(again.events.first?.at == now + minutes(5))
  }

  @Test func snoozeIsRefusedOnAnythingButAFinishedCountdown() throws {
    let now = PhaseFixture.readAt
    let running = try PhaseFixture.active.activity()
    #expect(
      TimerEngine.reduce(running, .snooze(for: minutes(5)), at: now, source: .cli)
        == .failure(Refusal("Workout has not finished; snooze gives a finished countdown more time")))
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(throws: Refusal.self) {
      try TimerEngine.reduce(stopwatch, .snooze(for: 1000), at: now, source: .cli).get()
    }
    let finished = try PhaseFixture.finished.activity()
    #expect(
      TimerEngine.reduce(finished, .snooze(for: 0), at: now, source: .cli)
        == .failure(Refusal("snooze needs a duration of a second or more")))
    #expect(
      TimerEngine.reduce(finished, .snooze(for: DurationText.maximum), at: now, source: .cli)
        == .failure(Refusal("Workout cannot run longer than 100 hours")))
  }

  @Test func aWaitingPlanSegmentIsNotSnoozed() throws {
    let plan = try Plan.parse(name: "p", definition: "Focus 1m, Break 1m; rounds 2; advance ask").get()
    let started = try applied(
      nil, .start(StartRequest(name: "P", attributes: ActivityAttributes(icon: "timer", plan: plan))), at: t0
    ).activity
    let waiting = TimerEngine.settle(started, at: t0 + minutes(2)).activity
    #expect(waiting.state.phase == .finished)
    guard
      case .failure(let refusal) = TimerEngine.reduce(
        waiting, .snooze(for: 1000), at: t0 + minutes(2), source: .cli)
    else {
      Issue.record("a waiting plan segment was snoozed")
      return
    }
    #expect(refusal.reason.contains("is a plan"))
  }
}

@Suite struct AlertPolicyTests {
  func event(_ kind: EventKind, _ id: String = "a", at: Instant = t0, source: Source = .time) -> Event {
    Event(activityID: id, kind: kind, phase: .finished, elapsed: 0, source: source, at: at, name: "A")
  }

  @Test func onlyTheEndsTimeCausesAlert() {
    let events = [
      event(.finished), event(.finished, source: .cli), event(.segmentFinished, "b"),
      event(.segmentStarted, "b"), event(.expired, "c"), event(.completed, "d", source: .time),
    ]
    #expect(AlertPolicy.alerts(events).map(\.activityID) == ["a", "b"])
  }

  /// The last segment's end and the plan's end are one moment: one alert, the plan's.
  @Test func aPlansEndAlertsInPlaceOfItsLastSegment() {
    let end = [event(.segmentFinished), event(.planCompleted), event(.segmentFinished, "b", at: t0 + 1)]
    #expect(AlertPolicy.alerts(end).map(\.kind) == [.planCompleted, .segmentFinished])
  }

  /// One alert an activity, its latest, with how many of its segments ended meanwhile.
  @Test func theLatestAlertOfEachActivityStandsForTheRest() {
    let events = [
      event(.segmentFinished, at: t0), event(.segmentStarted, at: t0), event(.finished, "b", at: t0 + 1),
      event(.segmentFinished, at: t0 + 2), event(.segmentFinished, "c", at: t0 + 3),
      event(.planCompleted, "c", at: t0 + 3), event(.segmentFinished, at: t0 + 4, source: .cli),
    ]
    let latest = AlertPolicy.latest(events)
    #expect(latest.map(\.event.activityID) == ["b", "a", "c"])
    #expect(latest.map(\.event.kind) == [.finished, .segmentFinished, .planCompleted])
    #expect(latest.map(\.event.at) == [t0 + 1, t0 + 2, t0 + 3])
    #expect(latest.map(\.segmentsEnded) == [0, 2, 1])
  }

  @Test func anAlertAwaitsUntilTheActivityIsActedOn() throws {
    let finished = try PhaseFixture.finished.activity()
    let settled = TimerEngine.settle(finished, at: PhaseFixture.readAt)
    let alert = try #require(settled.events.first)
    #expect(AlertPolicy.awaits(settled.activity, since: alert))
    let snoozed = try applied(settled.activity, .snooze(for: minutes(1)), at: PhaseFixture.readAt).activity
    #expect(!AlertPolicy.awaits(snoozed, since: alert))
    // Finished again after the snooze: the old alert is over, the new one awaits.
    let again = TimerEngine.settle(snoozed, at: PhaseFixture.readAt + minutes(1))
    #expect(!AlertPolicy.awaits(again.activity, since: alert))
    #expect(AlertPolicy.awaits(again.activity, since: try #require(again.events.first)))
    let reset = try applied(settled.activity, .reset, at: PhaseFixture.readAt).activity
    #expect(!AlertPolicy.awaits(reset, since: alert))
  }

  /// An edit or a forget of a past session is no answer to the alert; an intent is.
  @Test func aCorrectionDoesNotAcknowledgeAnAlert() {
    var alert = event(.finished)
    alert.seq = 10
    var edited = event(.edited, at: t0 + 1, source: .cli)
    edited.seq = 11
    var forgotten = event(.forgotten, at: t0 + 2, source: .cli)
    forgotten.seq = 12
    #expect(!AlertPolicy.acknowledges([alert, edited, forgotten], alert))
    var renamed = event(.updated, at: t0 + 3, source: .cli)
    renamed.seq = 13
    #expect(AlertPolicy.acknowledges([alert, edited, renamed], alert))
  }

  @Test func repeatsFallEveryIntervalUpToTheCount() {
    var policy = AlertPolicy()
    policy.repeatCount = 3
    policy.repeatEvery = minutes(1)
    #expect(policy.repeatsDue(since: t0, at: t0) == 0)
    #expect(policy.repeatsDue(since: t0, at: t0 + minutes(1) - 1) == 0)
    #expect(policy.repeatsDue(since: t0, at: t0 + minutes(1)) == 1)
    #expect(policy.repeatsDue(since: t0, at: t0 + minutes(2) + 5) == 2)
    #expect(policy.repeatsDue(since: t0, at: t0 + minutes(60)) == 3)
    #expect(policy.nextRepeat(since: t0, given: 0) == t0 + minutes(1))
    #expect(policy.nextRepeat(since: t0, given: 2) == t0 + minutes(3))
    #expect(policy.nextRepeat(since: t0, given: 3) == nil)
    policy.repeatCount = 0
    #expect(policy.repeatsDue(since: t0, at: t0 + minutes(5)) == 0)
    #expect(policy.nextRepeat(since: t0, given: 0) == nil)
  }
}
