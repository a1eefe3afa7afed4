import Testing

@testable import IsletCore

/// The daily goal counted from the history by local day: `goal-reached` is recorded once a day,
/// with the work segment that reaches it, however the time in between is noticed.
@Suite struct DailyGoalTests {
  /// Two hours east of UTC, all year: midnight here is 22:00 UTC.
  let zone = LocalZone { _ in 7200 }
  /// Work 15m and Break 5m, five rounds, started at 23:15 local: the work segments end at
  /// 23:30 and 23:50 (one day), then 00:10, 00:30 and 00:50 (the next).
  let plan = Plan(
    name: "sprint", work: Segment(label: "Work", duration: minutes(15), icon: "focus", kind: .work),
    rest: Segment(label: "Break", duration: minutes(5), icon: "coffee", kind: .break), rounds: 5)

  func local(_ hour: Int, _ minute: Int, nextDay: Bool = false) -> Instant {
    zone.instant(day: zone.day(of: t0) + (nextDay ? 1 : 0), hour: hour, minute: minute)
  }

  /// The plan run from 23:15 to 01:00 local, the clock moved `step` at a time, settled at each.
  func run(step: Milliseconds) throws -> [Event] {
    let clock = ManualClock(local(23, 15))
    let store = InMemoryActivityStore()
    let dispatcher = IntentDispatcher(
      store: store, clock: clock, goals: [DailyGoal(target: 2, plan: "sprint", zone: zone)], newID: { "sp01" }
    )
    let request = StartRequest(name: "Sprint", attributes: ActivityAttributes(plan: plan))
    try dispatcher.dispatch(.start(request), source: .cli)
    let end = local(1, 0, nextDay: true)
    while clock.now() < end {
      clock.advance(by: min(step, end - clock.now()))
      try dispatcher.settle()
    }
    #expect(try dispatcher.settle().isEmpty, "nothing is left to record at 01:00")
    return store.history
  }

  @Test(arguments: [minutes(1), minutes(7), minutes(105)])
  func goalReachedIsRecordedOnceADayWithTheSegmentThatReachesIt(step: Milliseconds) throws {
    let history = try run(step: step)
    let reached = history.filter { $0.kind == .goalReached }
    #expect(reached.map(\.at) == [local(23, 50), local(0, 30, nextDay: true)])
    #expect(reached.map(\.plan?.round) == [2, 4], "the second work segment of each day")
    for event in reached {
      let finished = history.filter { $0.kind == .segmentFinished && $0.at == event.at }
      #expect(finished.map(\.plan) == [event.plan], "goal-reached carries the segment that reached it")
    }
    #expect(history.filter { $0.kind == .planCompleted }.map(\.at) == [local(0, 55, nextDay: true)])
  }

  /// Two runs of a plan whose segments one settle records out of time order: the goal is
  /// reached once, by the segment that is second in time, whichever is recorded second.
  @Test func segmentsRecordedOutOfOrderReachTheGoalOnce() throws {
    let clock = ManualClock(local(10, 0))
    let store = InMemoryActivityStore()
    let ids = IDQueue(["aaaa", "bbbb"])
    let dispatcher = IntentDispatcher(
      store: store, clock: clock, goals: [DailyGoal(target: 2, plan: "a", zone: zone)], newID: { ids.next() })
    let short = try Plan.parse(name: "a", definition: "Work 10s, Break 10s; rounds 2").get()
    // The same plan, changed between the two runs.
    let long = try Plan.parse(name: "a", definition: "Work 20s").get()
    try dispatcher.dispatch(
      .start(StartRequest(name: "A", attributes: ActivityAttributes(plan: short))), source: .cli)
    try dispatcher.dispatch(
      .start(StartRequest(name: "B", attributes: ActivityAttributes(plan: long))), source: .cli)
    clock.advance(by: seconds(60))
    try dispatcher.settle()
    let reached = store.history.filter { $0.kind == .goalReached }
    #expect(reached.map(\.activityID) == ["bbbb"], "B's work, at 10:00:20, is the day's second")
    #expect(reached.map(\.at) == [local(10, 0) + seconds(20)])
    try dispatcher.settle()
    #expect(store.history.filter { $0.kind == .goalReached }.count == 1)
  }

  /// A goal lowered during the day, below what is already done, is reached at the next segment.
  @Test func aGoalLoweredBelowTheDaysCountIsReachedAtTheNextSegment() throws {
    let clock = ManualClock(local(10, 0))
    let store = InMemoryActivityStore()
    let request = StartRequest(name: "Sprint", attributes: ActivityAttributes(plan: plan))
    try IntentDispatcher(
      store: store, clock: clock, goals: [DailyGoal(target: 9, plan: "sprint", zone: zone)], newID: { "sp01" }
    )
    .dispatch(.start(request), source: .cli)
    clock.advance(by: minutes(45))
    let lowered = IntentDispatcher(
      store: store, clock: clock, goals: [DailyGoal(target: 1, plan: "sprint", zone: zone)])
    try lowered.settle()
    let reached = store.history.filter { $0.kind == .goalReached }
    #expect(reached.map(\.at) == [local(10, 15)], "the day's first work segment reached a goal of 1")
  }

  @Test func theTallyIsTheLocalDays() throws {
    let history = try run(step: minutes(105))
    let goal = DailyGoal(target: 2, plan: "sprint", zone: zone)
    #expect(goal.tally(history, at: local(23, 49)) == GoalTally(done: 1, target: 2, plan: "sprint"))
    #expect(goal.tally(history, at: local(23, 59)) == GoalTally(done: 2, target: 2, plan: "sprint"))
    #expect(goal.tally(history, at: local(0, 20, nextDay: true)).text == "1/2 today")
    #expect(goal.tally(history, at: local(1, 0, nextDay: true)).text == "3/2 today")
  }
}
