import IsletTestSupport
import Testing

@testable import IsletCore

@Suite struct TimeTests {
  @Test func countdownFinishesAtZeroThenCountsOvertime() throws {
    let a = try applied(nil, .start(countdownRequest()), at: t0).activity
    #expect(a.displayTime(at: t0) == "25:00")
    #expect(a.displayTime(at: t0 + 1) == "25:00")
    #expect(a.displayTime(at: t0 + 999) == "25:00")
    #expect(a.displayTime(at: t0 + 1000) == "24:59")
    #expect(a.displayTime(at: t0 + minutes(25) - 1000) == "0:01")
    #expect(a.displayTime(at: t0 + minutes(25) - 1) == "0:01")
    #expect(a.phase(at: t0 + minutes(25) - 1) == .active)
    #expect(a.phase(at: t0 + minutes(25)) == .finished)
    #expect(a.displayTime(at: t0 + minutes(25)) == "+0:00")
    #expect(a.displayTime(at: t0 + minutes(26) + 5_000) == "+1:05")
    #expect(a.progress(at: t0 + minutes(25) / 2) == 0.5)
  }

  @Test func stopwatchRoundsDown() throws {
    let a = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(a.displayTime(at: t0 + 999) == "0:00")
    #expect(a.displayTime(at: t0 + 1000) == "0:01")
    #expect(a.displayTime(at: t0 + seconds(3600) - 1) == "59:59")
    #expect(a.displayTime(at: t0 + seconds(3600)) == "1:00:00")
  }

  @Test func finishedIsRecordedOnceAtTheDeadline() throws {
    let a = try applied(nil, .start(countdownRequest()), at: t0).activity
    #expect(TimerEngine.settle(a, at: t0 + minutes(24)).events.isEmpty)
    let settled = TimerEngine.settle(a, at: t0 + minutes(40))
    #expect(settled.events.map(\.kind) == [.finished])
    #expect(settled.events[0].at == t0 + minutes(25))
    #expect(settled.events[0].elapsed == minutes(25))
    #expect(settled.events[0].source == .time)
    #expect(TimerEngine.settle(settled.activity, at: t0 + minutes(41)).events.isEmpty)
  }

  @Test func intentsSeeTheFinishedPhaseFirst() throws {
    let a = try applied(nil, .start(countdownRequest()), at: t0).activity
    let done = try applied(a, .toggle, at: t0 + minutes(26))
    #expect(done.events.map(\.kind) == [.finished, .completed])
    #expect(done.events[1].elapsed == minutes(26))
  }

  @Test func adjustLengthensShortensButNeverBelowTheElapsedTime() throws {
    var a = try applied(nil, .start(countdownRequest()), at: t0).activity
    a = try applied(a, .adjust(by: minutes(5)), at: t0 + minutes(1)).activity
    #expect(a.displayTime(at: t0 + minutes(1)) == "29:00")
    a = try applied(a, .adjust(by: -minutes(60)), at: t0 + minutes(10)).activity
    #expect(a.state.duration == minutes(10))
    #expect(a.phase(at: t0 + minutes(10)) == .finished)
    // Adding time to a finished countdown brings it back to life.
    let finished = TimerEngine.settle(a, at: t0 + minutes(11)).activity
    let revived = try applied(finished, .adjust(by: minutes(5)), at: t0 + minutes(11))
    #expect(revived.activity.phase(at: t0 + minutes(11)) == .active)
    #expect(revived.activity.displayTime(at: t0 + minutes(11)) == "4:00")
    // And finishing again is a second finished event.
    #expect(TimerEngine.settle(revived.activity, at: t0 + minutes(20)).events.map(\.kind) == [.finished])
    #expect(
      TimerEngine.reduce(a, .adjust(by: minutes(200) * 60), at: t0, source: .cli)
        == .failure(Refusal("Workout cannot run longer than 100 hours")))
  }

  @Test func untouchedActivitiesExpireAfterMaxIdle() throws {
    let policy = TimePolicy(maxIdle: minutes(8 * 60), staleAfter: minutes(5))
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(stopwatch.phase(at: t0 + minutes(8 * 60) - 1, policy: policy) == .active)
    let expired = TimerEngine.settle(stopwatch, at: t0 + minutes(9 * 60), policy: policy)
    #expect(expired.events.map(\.kind) == [.expired])
    #expect(expired.events[0].at == t0 + minutes(8 * 60))
    #expect(expired.activity.elapsed(at: t0 + minutes(20 * 60)) == minutes(8 * 60))
    #expect(!expired.activity.state.phase.isLive)
    // A countdown with its deadline still ahead does not expire; after it, it does.
    let long = try applied(nil, .start(countdownRequest(minutes: 10 * 60)), at: t0).activity
    #expect(long.phase(at: t0 + minutes(9 * 60), policy: policy) == .active)
    #expect(
      TimerEngine.settle(long, at: t0 + minutes(30 * 60), policy: policy).events.map(\.kind) == [
        .finished, .expired,
      ])
    // Touching it restarts the count; max-idle 0 never expires.
    let touched = try applied(
      stopwatch, .update(ActivityUpdate(name: "Still here")), at: t0 + minutes(7 * 60), policy: policy
    ).activity
    #expect(touched.phase(at: t0 + minutes(14 * 60), policy: policy) == .active)
    let never = TimePolicy(maxIdle: 0, staleAfter: 0)
    let kept = try applied(nil, .start(stopwatchRequest()), at: t0, policy: never).activity
    #expect(kept.phase(at: t0 + minutes(1000 * 60), policy: policy) == .active)
  }

  /// The moment an activity expires is fixed when it is touched: a later change of max-idle
  /// applies to activities touched afterwards, and readers agree with writers on it.
  @Test func maxIdleIsTheOneInForceAtTheLastTouch() throws {
    let fourSeconds = TimePolicy(maxIdle: seconds(4), staleAfter: minutes(5))
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0, policy: fourSeconds).activity
    // Raised before anyone recorded the expiry: it expired at 4 s all the same.
    let raised = TimePolicy.standard
    #expect(stopwatch.phase(at: t0 + seconds(6), policy: raised) == .expired)
    let read = TimerEngine.settled([stopwatch], at: t0 + seconds(9), policy: raised)
    #expect(read.events.map(\.kind) == [.expired])
    #expect(read.events.first?.at == t0 + seconds(4))
    #expect(read.activities[0].displayTime(at: t0 + seconds(9)) == "0:04", "frozen at its expiry")
    // Lowered: an activity touched under 8 hours keeps them.
    let long = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(long.phase(at: t0 + minutes(60), policy: fourSeconds) == .active)
    // Touched after the change, it takes the new limit.
    let touched = try applied(long, .pause, at: t0 + minutes(1), policy: fourSeconds).activity
    #expect(touched.phase(at: t0 + minutes(1) + seconds(4), policy: raised) == .expired)
  }

  @Test func finishedCountdownsTurnStale() throws {
    var request = countdownRequest()
    let a = try applied(nil, .start(request), at: t0).activity
    #expect(!a.isStale(at: t0 + minutes(30) - 1))
    #expect(a.isStale(at: t0 + minutes(30)))
    request.attributes.staleAfter = minutes(1)
    let quick = try applied(nil, .start(request), at: t0).activity
    #expect(quick.isStale(at: t0 + minutes(26)))
    let paused = try applied(quick, .pause, at: t0 + minutes(1)).activity
    #expect(!paused.isStale(at: t0 + minutes(60)))
  }

  @Test func clockSteppingBackNeverGivesNegativeTime() throws {
    var a = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(a.elapsed(at: t0 - minutes(5)) == 0)
    #expect(a.displayTime(at: t0 - minutes(5)) == "0:00")
    a = try applied(a, .pause, at: t0 + minutes(10)).activity
    // Resumed after the clock was set back 8 minutes: it goes on from the 10 minutes it
    // was paused at; no time is taken away or added.
    a = try applied(a, .resume, at: t0 + minutes(2)).activity
    #expect(a.elapsed(at: t0 + minutes(2)) == minutes(10))
    #expect(a.elapsed(at: t0 + minutes(12)) == minutes(20))
    let countdown = try applied(nil, .start(countdownRequest()), at: t0).activity
    #expect(countdown.displayTime(at: t0 - minutes(1)) == "25:00")
    // Paused at a moment the set-back clock puts before its start: zero, not less.
    let early = try applied(countdown, .pause, at: t0 - minutes(3)).activity
    #expect(early.elapsed(at: t0 + minutes(60)) == 0)
    #expect(early.displayTime(at: t0 + minutes(60)) == "25:00")
  }

  /// Eight hours of irregular pause and resume: the elapsed time is exactly the sum of the
  /// running stretches, to the millisecond.
  @Test func eightHoursOfPauseAndResumeDoNotDrift() throws {
    var generator = SeededGenerator(seed: 0x15_1e7)
    var now = t0
    var a = try applied(nil, .start(stopwatchRequest()), at: now).activity
    var running: Milliseconds = 0
    var isRunning = true
    var intents = 0
    while now < t0 + minutes(8 * 60) {
      let stretch = Milliseconds.random(in: 1...900_000, using: &generator)
      now = now + stretch
      if isRunning { running += stretch }
      a = try applied(a, .toggle, at: now, policy: TimePolicy(maxIdle: 0, staleAfter: 0)).activity
      isRunning.toggle()
      intents += 1
    }
    #expect(intents > 50)
    #expect(a.elapsed(at: now) == running)
    #expect(a.displaySeconds(at: now).seconds == running / 1000)
  }
}
