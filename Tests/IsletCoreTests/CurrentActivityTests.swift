import Testing

@testable import IsletCore

/// Which activity a command without ACTIVITY, the island and every bar take: the current one.
@Suite struct CurrentActivityTests {
  let store = InMemoryActivityStore()
  let clock = ManualClock(t0)

  func dispatcher() -> IntentDispatcher {
    let queue = IDQueue(["a111", "b222", "c333", "d444", "e555"])
    return IntentDispatcher(store: store, clock: clock, newID: { queue.next() })
  }

  func start(_ d: IntentDispatcher, _ request: StartRequest, relevance: Double = 0) throws -> Activity {
    var request = request
    request.relevance = relevance
    return try #require(d.dispatch(.start(request), source: .cli).activity)
  }

  func current(_ d: IntentDispatcher) throws -> String? {
    ActivityMatcher.ranked(try store.liveActivities(), at: clock.now()).first?.name
  }

  /// Every order of creation and every relevance: a ready timer is never the current one while
  /// another runs or is paused.
  @Test(arguments: [false, true], [0.0, 10.0])
  func aReadyTimerNeverOutranksARunningOrPausedOne(readyLast: Bool, readyRelevance: Double) throws {
    for other in [Phase.active, .paused] {
      let store = InMemoryActivityStore()
      let d = IntentDispatcher(store: store, clock: clock, newID: { ActivityID.random() })
      func ready() throws {
        var request = stopwatchRequest("Ready", paused: true)
        request.relevance = readyRelevance
        try d.dispatch(.start(request), source: .cli)
      }
      if !readyLast { try ready() }
      clock.advance(by: seconds(1))
      try d.dispatch(.start(countdownRequest("Work")), source: .cli)
      if other == .paused { try d.dispatch(.pause, to: .matching("Work"), source: .cli) }
      clock.advance(by: seconds(1))
      if readyLast { try ready() }
      let ranked = ActivityMatcher.ranked(try store.liveActivities(), at: clock.now())
      #expect(
        ranked.map(\.name) == ["Work", "Ready"],
        "with Work \(other.word), the ready one created \(readyLast ? "last" : "first") at relevance \(readyRelevance)"
      )
    }
  }

  /// The issue's case: a countdown runs out, then another is started; `adjust +5m` is for the
  /// one just started, and says which it took over which.
  @Test func aFinishedOneGivesWayOnceAnotherIsStartedAfterIt() throws {
    let d = dispatcher()
    _ = try start(d, countdownRequest("Tea", minutes: 3))
    clock.advance(by: minutes(4))
    #expect(try current(d) == "Tea", "finished and waiting for an answer, it leads")
    _ = try start(d, countdownRequest("Work"))
    #expect(try current(d) == "Work")
    let adjusted = try d.dispatch(.adjust(by: minutes(5)), source: .cli)
    #expect(adjusted.activity?.name == "Work")
    #expect(adjusted.activity?.state.duration == minutes(30))
    #expect(adjusted.others.map(\.name) == ["Tea"], "Tea would have taken the adjustment too")
  }

  @Test func aFinishedOneLeadsWhileItsAlertWaitsWhateverTheRelevance() throws {
    let d = dispatcher()
    _ = try start(d, countdownRequest("Work", minutes: 60), relevance: 10)
    clock.advance(by: seconds(1))
    _ = try start(d, countdownRequest("Tea", minutes: 3))
    clock.advance(by: minutes(3))
    #expect(try current(d) == "Tea")
    // Not an answer: a rename only, yet somebody touched it since it called.
    try d.dispatch(.update(ActivityUpdate(category: "break")), to: .matching("Tea"), source: .cli)
    #expect(try current(d) == "Work", "touched after it finished, it no longer calls")
  }

  @Test func aStaleFinishedOneNoLongerLeadsButStillComesBeforeAReadyOne() throws {
    let d = dispatcher()
    _ = try start(d, stopwatchRequest("Later", paused: true), relevance: 10)
    _ = try start(d, stopwatchRequest("Focus"))
    clock.advance(by: seconds(1))
    _ = try start(d, countdownRequest("Tea", minutes: 3))
    clock.advance(by: minutes(3) + TimePolicy.standard.staleAfter - seconds(1))
    #expect(try current(d) == "Tea")
    clock.advance(by: seconds(1))
    let ranked = ActivityMatcher.ranked(try store.liveActivities(), at: clock.now())
    #expect(ranked.map(\.name) == ["Focus", "Tea", "Later"])
  }

  /// Without ACTIVITY an intent goes to the first in the island's order that takes it, so a
  /// pause never lands on a finished countdown while something runs.
  @Test func anIntentGoesToTheFirstThatTakesIt() throws {
    let d = dispatcher()
    _ = try start(d, stopwatchRequest("Focus"))
    clock.advance(by: seconds(1))
    _ = try start(d, countdownRequest("Tea", minutes: 3))
    _ = try start(d, stopwatchRequest("Later", paused: true))
    clock.advance(by: minutes(3))
    #expect(try current(d) == "Tea")

    let paused = try d.dispatch(.pause, source: .cli)
    #expect(paused.activity?.name == "Focus")
    #expect(paused.refusal == nil)
    #expect(paused.others.isEmpty, "nothing else could be paused")

    let resumed = try d.dispatch(.resume, source: .cli)
    #expect(resumed.activity?.name == "Focus", "the paused one before the ready one")
    #expect(resumed.others.map(\.name) == ["Later"])

    let lapped = try d.dispatch(.lap, source: .cli)
    #expect(lapped.activity?.name == "Focus")

    let snoozed = try d.dispatch(.snooze(for: minutes(5)), source: .cli)
    #expect(snoozed.activity?.name == "Tea")
    #expect(snoozed.others.isEmpty)
  }

  /// When nothing takes it, the refusal is the current one's.
  @Test func whenNothingTakesItTheCurrentOneRefuses() throws {
    let d = dispatcher()
    _ = try start(d, countdownRequest("Tea", minutes: 3))
    let outcome = try d.dispatch(.lap, source: .cli)
    #expect(outcome.activity?.name == "Tea")
    #expect(outcome.refusal != nil)
    #expect(store.history.map(\.kind) == [.started])
  }
}
