import Foundation
import Testing

@testable import IsletCore

/// The alert rules the view and the deadline watcher share, driven step by step on a manual
/// clock: what each look at the store asks of the channels, and the whole followed state after.
@Suite struct AlertTrackerTests {
  let clock = ManualClock(t0)

  /// Repeats every 30 s, twice.
  var policy: AlertPolicy {
    var policy = AlertPolicy()
    policy.repeatCount = 2
    policy.repeatEvery = seconds(30)
    return policy
  }

  /// Egg, a one-minute countdown started at t0, as the store holds it (its start is event 1).
  func egg() throws -> Activity {
    try applied(nil, .start(countdownRequest("Egg", minutes: 1)), at: t0).activity
  }

  /// What time records for `activity` by the clock, numbered from `seq` as the store numbers them.
  func settled(_ activity: Activity, from seq: Int64) -> (Activity, [Event]) {
    let settled = TimerEngine.settle(activity, at: clock.now())
    return (settled.activity, numbered(settled.events, from: seq))
  }

  /// An intent sent from another shell by the clock.
  func acted(_ activity: Activity, _ intent: Intent, seq: Int64) throws -> (Activity, [Event]) {
    let step = try applied(activity, intent, at: clock.now())
    return (step.activity, numbered(step.events, from: seq))
  }

  func numbered(_ events: [Event], from seq: Int64) -> [Event] {
    events.enumerated().map { index, event in
      var numbered = event
      numbered.seq = seq + Int64(index)
      return numbered
    }
  }

  /// Egg given at its deadline: the tracker, Egg finished, and its `finished`.
  func given() throws -> (AlertTracker, Activity, Event) {
    var tracker = AlertTracker(policy: policy, looked: true)
    clock.set(t0 + minutes(1))
    let (finished, events) = settled(try egg(), from: 2)
    #expect(
      tracker.update(events: events, live: [finished], now: clock.now()) == [
        .give(events[0], segmentsEnded: 0)
      ])
    #expect(tracker.followed == ["wk01": AlertTracker.Followed(event: events[0], repeats: 0)])
    #expect(tracker.nextWake(live: [finished]) == t0 + minutes(1) + seconds(30))
    return (tracker, finished, events[0])
  }

  /// A countdown's end names no segment (`segmentsEnded` 0).
  @Test func aFinishedCountdownIsGivenOnceWhoeverRecordsIt() throws {
    var (tracker, finished, event) = try given()
    // The same end heard again (a report and a reload that overlap): not said twice.
    #expect(tracker.update(events: [event], live: [finished], now: clock.now()).isEmpty)
    #expect(tracker.followed["wk01"] == AlertTracker.Followed(event: event, repeats: 0))
  }

  @Test func anAlertIsGivenAgainEveryIntervalUpToTheCount() throws {
    var (tracker, finished, event) = try given()
    clock.set(t0 + minutes(1) + seconds(30) - 1)
    #expect(tracker.update(events: [], live: [finished], now: clock.now()).isEmpty)
    clock.set(t0 + minutes(1) + seconds(30))
    #expect(tracker.update(events: [], live: [finished], now: clock.now()) == [.again(event)])
    #expect(tracker.followed["wk01"]?.repeats == 1)
    #expect(tracker.nextWake(live: [finished]) == t0 + minutes(2))
    // A late wake (a busy machine) gives the second once, not the repeats it slept through.
    clock.set(t0 + minutes(2) + seconds(45))
    #expect(tracker.update(events: [], live: [finished], now: clock.now()) == [.again(event)])
    #expect(tracker.followed["wk01"]?.repeats == 2)
    // The count given: nothing more, and nothing to wake for.
    #expect(tracker.nextWake(live: [finished]) == nil)
    clock.set(t0 + minutes(10))
    #expect(tracker.update(events: [], live: [finished], now: clock.now()).isEmpty)
  }

  @Test func anIntentFromElsewhereWithdrawsTheAlertAndEndsItsRepeats() throws {
    var (tracker, finished, _) = try given()
    clock.set(t0 + minutes(1) + seconds(10))
    // A rename, which leaves the countdown finished, acknowledges it too.
    let (renamed, events) = try acted(finished, .update(ActivityUpdate(name: "Eggs")), seq: 3)
    #expect(
      tracker.update(events: events, live: [renamed], now: clock.now()) == [.withdraw(activityID: "wk01")])
    #expect(tracker.followed["wk01"]?.repeats == policy.repeatCount)
    #expect(tracker.nextWake(live: [renamed]) == nil)
    clock.set(t0 + minutes(5))
    #expect(tracker.update(events: [], live: [renamed], now: clock.now()).isEmpty)
  }

  @Test func anEndActedOnInTheSameLookIsNotSaidAndWithdrawsTheOneBefore() throws {
    var (tracker, finished, _) = try given()
    // Snoozed; its second end, and a reset a moment after, are heard in one look.
    clock.set(t0 + minutes(1) + seconds(5))
    let (snoozed, snooze) = try acted(finished, .snooze(for: seconds(10)), seq: 3)
    #expect(
      tracker.update(events: snooze, live: [snoozed], now: clock.now()) == [.withdraw(activityID: "wk01")])
    clock.set(t0 + minutes(1) + seconds(20))
    let (again, ended) = settled(snoozed, from: 5)
    let (reset, resetting) = try acted(again, .reset, seq: 6)
    #expect(
      tracker.update(events: ended + resetting, live: [reset], now: clock.now()) == [
        .withdraw(activityID: "wk01")
      ])
    #expect(tracker.followed == ["wk01": AlertTracker.Followed(event: ended[0], repeats: policy.repeatCount)])
  }

  @Test func aPlanThatGoesOnReplacesItsAlertAndItsEndIsForgottenWithIt() throws {
    let plan = try Plan.parse(name: "short", definition: "Work 20s, Rest 10s; rounds 2").get()
    let request = StartRequest(
      id: "pl01", name: "Short", attributes: ActivityAttributes(icon: "timer", plan: plan))
    let run = try applied(nil, .start(request), at: t0).activity
    var tracker = AlertTracker(policy: policy, looked: true)
    clock.set(t0 + seconds(20))
    let (resting, workEnded) = settled(run, from: 2)
    #expect(workEnded.map(\.kind) == [.segmentFinished, .segmentStarted])
    #expect(
      tracker.update(events: workEnded, live: [resting], now: clock.now()) == [
        .give(workEnded[0], segmentsEnded: 1)
      ])
    // It went on by itself: nothing waits, nothing repeats.
    #expect(tracker.nextWake(live: [resting]) == nil)
    // Rest's end takes the place of Work's: given, with nothing withdrawn before it.
    clock.set(t0 + seconds(30))
    let (working, restEnded) = settled(resting, from: 4)
    #expect(
      tracker.update(events: restEnded, live: [working], now: clock.now()) == [
        .give(restEnded[0], segmentsEnded: 1)
      ])
    #expect(tracker.followed == ["pl01": AlertTracker.Followed(event: restEnded[0], repeats: 0)])
    // The last segment's end is the plan's: said in its place, then no longer followed.
    clock.set(t0 + seconds(60))
    let (done, planEnded) = settled(working, from: 6)
    let end = try #require(planEnded.first { $0.kind == .planCompleted })
    #expect(tracker.update(events: planEnded, live: [], now: clock.now()) == [.give(end, segmentsEnded: 2)])
    #expect(done.state.phase == .completed && tracker.followed.isEmpty)
  }

  @Test func segmentsEndedAtOnceGiveOneAlertNamingHowMany() throws {
    let plan = try Plan.parse(name: "short", definition: "Work 20s, Rest 10s; rounds 4").get()
    let request = StartRequest(
      id: "pl01", name: "Short", attributes: ActivityAttributes(icon: "timer", plan: plan))
    let run = try applied(nil, .start(request), at: t0).activity
    var tracker = AlertTracker(policy: policy, looked: true)
    // A laptop that slept through two rounds of Work and Rest.
    clock.set(t0 + seconds(65))
    let (later, events) = settled(run, from: 2)
    let last = try #require(events.last { $0.kind == .segmentFinished })
    #expect(events.count { $0.kind == .segmentFinished } == 4)
    #expect(
      tracker.update(events: events, live: [later], now: clock.now()) == [.give(last, segmentsEnded: 4)])
  }

  @Test func endsHeardBeforeTheFirstLookOrTooLateAreFollowedButNotSaid() throws {
    clock.set(t0 + minutes(5))
    let (finished, events) = settled(try egg(), from: 2)
    var opening = AlertTracker(policy: policy)
    #expect(opening.update(events: events, live: [finished], now: clock.now()).isEmpty)
    #expect(
      opening.followed == ["wk01": AlertTracker.Followed(event: events[0], repeats: policy.repeatCount)])
    #expect(opening.nextWake(live: [finished]) == nil)
    // A watcher started late: an end older than it may say is history.
    var late = AlertTracker(policy: policy, looked: true, sayableFor: minutes(3))
    #expect(late.update(events: events, live: [finished], now: clock.now()).isEmpty)
    var early = AlertTracker(policy: policy, looked: true, sayableFor: minutes(5))
    #expect(
      early.update(events: events, live: [finished], now: clock.now()) == [.give(events[0], segmentsEnded: 0)]
    )
  }

  @Test func aRunForgottenIsWithdrawnThoughACorrectionIsNoAnswer() throws {
    var (tracker, finished, _) = try given()
    let forgotten = Event(
      seq: 3, activityID: "wk01", kind: .forgotten, phase: .finished, elapsed: minutes(1), source: .cli,
      at: clock.now(), name: "Egg")
    // Still live and waiting: an edit of the history leaves the alert as it is.
    #expect(tracker.update(events: [forgotten], live: [finished], now: clock.now()).isEmpty)
    // Gone: nothing waits on it any more.
    #expect(
      tracker.update(events: [forgotten], live: [], now: clock.now()) == [.withdraw(activityID: "wk01")])
    #expect(tracker.followed.isEmpty)
  }

  @Test func aTrackerKeptAndReadBackCarriesOnWithoutSayingAnythingTwice() throws {
    var (tracker, finished, event) = try given()
    clock.set(t0 + minutes(1) + seconds(30))
    #expect(tracker.update(events: [], live: [finished], now: clock.now()) == [.again(event)])
    // Kept as a killed watcher leaves it, and read back by the next.
    var resumed = try JSONDecoder().decode(AlertTracker.self, from: JSONEncoder().encode(tracker))
    #expect(resumed == tracker)
    clock.set(t0 + minutes(1) + seconds(45))
    #expect(resumed.update(events: [event], live: [finished], now: clock.now()).isEmpty)
    #expect(resumed.nextWake(live: [finished]) == t0 + minutes(2))
    clock.set(t0 + minutes(2))
    #expect(resumed.update(events: [], live: [finished], now: clock.now()) == [.again(event)])
    #expect(resumed.followed["wk01"]?.repeats == 2)
  }
}
