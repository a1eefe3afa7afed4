import Testing

@testable import IsletCore

/// A start still ahead (`start --in`, `--at` a later time): pending until its instant, when
/// time starts it; resume starts it early and end cancels it.
@Suite struct PendingStartTests {
  /// A 25-minute countdown made at `t0` to start 12 minutes later.
  func pending(_ request: StartRequest = countdownRequest(), in wait: Milliseconds = minutes(12)) throws
    -> Transition
  {
    var request = request
    request.startedAt = t0 + wait
    return try applied(nil, .start(request), at: t0)
  }

  @Test func aStartAheadIsPendingAndRecordsOnlyThatItIsScheduled() throws {
    let made = try pending()
    #expect(made.activity.state.phase == .pending)
    #expect(made.activity.startsAt == t0 + minutes(12))
    #expect(made.activity.startsIn(at: t0 + minutes(2)) == minutes(10))
    #expect(made.events.map(\.kind) == [.scheduled], "nothing has started yet")
    #expect(made.events.first?.at == t0)
    #expect(made.activity.phase(at: t0 + minutes(11)) == .pending)
    #expect(made.activity.deadline == nil, "a countdown that has not started has no deadline")
    #expect(made.activity.elapsed(at: t0 + minutes(5)) == 0)
    #expect(
      TimerEngine.nextSettlement(made.activity) == t0 + minutes(12), "its start is what time changes next")
  }

  @Test func timeStartsItAtItsInstantAndRecordsStartedThenHoweverLateSomeoneLooks() throws {
    let made = try pending().activity
    #expect(TimerEngine.settle(made, at: t0 + minutes(12) - 1).events.isEmpty)
    // Looked at three minutes after its start: started at 12, still running.
    let late = TimerEngine.settle(made, at: t0 + minutes(15))
    #expect(late.events.map(\.kind) == [.started])
    #expect(late.events.map(\.at) == [t0 + minutes(12)], "recorded at its true instant")
    #expect(late.events.first?.source == .time)
    #expect(late.activity.state.phase == .active)
    #expect(late.activity.displayTime(at: t0 + minutes(15)) == "22:00")
    #expect(late.activity.runStart == t0 + minutes(12))
    // Looked at an hour later: started at 12 and finished at 37, each at its own time.
    let later = TimerEngine.settle(made, at: t0 + minutes(72))
    #expect(later.events.map(\.kind) == [.started, .finished])
    #expect(later.events.map(\.at) == [t0 + minutes(12), t0 + minutes(37)])
    #expect(made.phase(at: t0 + minutes(72)) == .finished, "a reader sees the same without writing")
  }

  @Test func aPendingPlanStartsItsFirstSegmentAtItsInstant() throws {
    var request = StartRequest(name: "Pomodoro", attributes: ActivityAttributes(plan: Plan.presets[0]))
    request.id = "pl01"
    let made = try pending(request, in: minutes(5)).activity
    #expect(made.state.phase == .pending)
    let begun = TimerEngine.settle(made, at: t0 + minutes(6))
    #expect(begun.events.map(\.kind) == [.started, .segmentStarted])
    #expect(begun.events.allSatisfy { $0.at == t0 + minutes(5) })
  }

  @Test func resumeAndToggleStartItNowAndEndCancelsIt() throws {
    let made = try pending().activity
    for intent in [Intent.resume, .toggle] {
      let now = try applied(made, intent, at: t0 + minutes(3))
      #expect(now.events.map(\.kind) == [.started], "\(intent)")
      #expect(now.activity.state.phase == .active)
      #expect(now.activity.state.startedAt == t0 + minutes(3), "it starts when asked, not at its time")
      #expect(now.activity.deadline == t0 + minutes(28))
      #expect(TimerEngine.settle(now.activity, at: t0 + minutes(13)).events.isEmpty, "it starts once")
    }
    let cancelled = try applied(made, .end, at: t0 + minutes(3))
    #expect(cancelled.events.map(\.kind) == [.ended])
    #expect(cancelled.events.first?.elapsed == 0)
    #expect(!cancelled.activity.state.phase.isLive)
    #expect(
      TimerEngine.settle(cancelled.activity, at: t0 + minutes(20)).events.isEmpty,
      "a cancelled one never starts")
  }

  @Test func whatNeedsItStartedIsRefusedWithWhatWouldDo() throws {
    let made = try pending().activity
    for intent in [Intent.pause, .complete, .reset, .lap, .snooze(for: minutes(5)), .fail(.status(1))] {
      let refused = TimerEngine.reduce(made, intent, at: t0 + minutes(1), source: .cli)
      #expect(
        refused == .failure(Refusal("Workout has not started yet; resume starts it now, end cancels it")),
        "\(intent)")
    }
    // What changes it without starting it is taken.
    let longer = try applied(made, .adjust(by: minutes(5)), at: t0 + minutes(1))
    #expect(longer.activity.state.phase == .pending && longer.activity.state.duration == minutes(30))
    let renamed = try applied(made, .update(ActivityUpdate(name: "Run")), at: t0 + minutes(1))
    #expect(renamed.activity.state.phase == .pending && renamed.activity.name == "Run")
  }

  @Test func anIntentOnOneWhoseTimeHasComeSeesItRunning() throws {
    let made = try pending().activity
    let paused = try applied(made, .pause, at: t0 + minutes(14))
    #expect(paused.events.map(\.kind) == [.started, .paused])
    #expect(paused.events.map(\.at) == [t0 + minutes(12), t0 + minutes(14)])
  }

  @Test func itsIdleLimitCountsFromItsStartNotFromWhenItWasMade() throws {
    var request = stopwatchRequest()
    request.startedAt = t0 + minutes(10 * 60)
    let made = try applied(nil, .start(request), at: t0).activity
    #expect(
      made.phase(at: t0 + minutes(9 * 60)) == .pending, "eight hours after it was made it is still ahead")
    let begun = TimerEngine.settle(made, at: t0 + minutes(11 * 60))
    #expect(begun.activity.state.phase == .active)
    #expect(begun.activity.expiresAt(policy: .standard) == t0 + minutes(18 * 60))
  }

  @Test func itsStartAlertsOnceAndTheCancelDoesNot() throws {
    let made = try pending().activity
    let begun = TimerEngine.settle(made, at: t0 + minutes(13))
    let alerts = AlertPolicy.alerts(begun.events)
    #expect(alerts.map(\.kind) == [.started])
    #expect(alerts.allSatisfy { !AlertPolicy.repeats($0) }, "a start is said once")
    let early = try applied(made, .resume, at: t0 + minutes(1))
    #expect(AlertPolicy.alerts(early.events).isEmpty, "started by the user: nothing to tell them")
  }

  @Test func aPendingOneIsLiveAndRanksWithTheReadyOnes() throws {
    let made = try pending().activity
    let running = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(Phase.pending.isLive)
    #expect(ActivityMatcher.ranked([made, running], at: t0 + minutes(1)).map(\.id) == ["sw01", "wk01"])
  }
}
