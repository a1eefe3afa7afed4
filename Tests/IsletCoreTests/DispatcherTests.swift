import Testing

@testable import IsletCore

@Suite struct DispatcherTests {
  let store = InMemoryActivityStore()
  let clock = ManualClock(t0)
  var ids = ["a111", "b222", "c333", "d444"]

  func dispatcher() -> IntentDispatcher {
    let queue = IDQueue(ids)
    return IntentDispatcher(store: store, clock: clock, newID: { queue.next() })
  }

  @Test func everyAppliedIntentIsOneTransactionWithItsEvents() throws {
    let d = dispatcher()
    let started = try d.dispatch(.start(countdownRequest()), source: .cli)
    #expect(started.activity?.id == "a111")
    clock.advance(by: minutes(3))
    let paused = try d.dispatch(.pause, source: .key)
    #expect(paused.refusal == nil)
    #expect(paused.activity?.state.phase == .paused)
    #expect(paused.activity?.revision == 1)
    #expect(store.history.map(\.kind) == [.started, .paused])
    #expect(store.history.map(\.seq) == [1, 2])
    #expect(
      store.history[1]
        == Event(
          seq: 2, activityID: "a111", kind: .paused, phase: .paused, elapsed: minutes(3), source: .key,
          at: t0 + minutes(3), name: "Workout"))
  }

  @Test func aRefusalChangesNothingButKeepsWhatTimeCaused() throws {
    let d = dispatcher()
    try d.dispatch(.start(countdownRequest(minutes: 5)), source: .cli)
    clock.advance(by: minutes(6))
    let outcome = try d.dispatch(.pause, source: .cli)
    #expect(outcome.refusal == Refusal("Workout has finished; complete or reset it"))
    #expect(outcome.events.map(\.kind) == [.finished])
    #expect(store.history.map(\.kind) == [.started, .finished])
    #expect(try d.dispatch(.pause, source: .cli).events.isEmpty)
    #expect(store.history.count == 2)
  }

  @Test func timeCausedEventsAreRecordedByTheFirstToNotice() throws {
    let d = dispatcher()
    try d.dispatch(.start(countdownRequest(minutes: 5)), source: .cli)
    clock.advance(by: minutes(5))
    #expect(try d.settle().map(\.kind) == [.finished])
    #expect(try d.settle().isEmpty)
    #expect(try dispatcher().settle().isEmpty)
    #expect(store.history.filter { $0.kind == .finished }.count == 1)
  }

  @Test func toggleWithNothingLiveStartsAStopwatch() throws {
    let d = dispatcher()
    #expect(throws: ActivityMatcher.Failure.nothingLive) { try d.dispatch(.pause, source: .cli) }
    let outcome = try d.dispatch(.toggle, source: .tmux)
    #expect(outcome.activity?.attributes.mode == .stopwatch)
    #expect(outcome.activity?.name == "Timer")
    #expect(outcome.events.map(\.kind) == [.started])
    #expect(throws: ActivityMatcher.Failure.noMatch("Nope", live: [outcome.activity!])) {
      try d.dispatch(.toggle, to: .matching("Nope"), source: .cli)
    }
  }

  @Test func intentsGoToTheMatchedActivity() throws {
    let d = dispatcher()
    try d.dispatch(.start(countdownRequest("Workout")), source: .cli)
    clock.advance(by: 1000)
    try d.dispatch(.start(stopwatchRequest("Tea")), source: .cli)
    let outcome = try d.dispatch(.pause, to: .matching("workout"), source: .cli)
    #expect(outcome.activity?.id == "a111")
    // Without a target, the most recently started one is current.
    #expect(try d.dispatch(.pause, source: .cli).activity?.name == "Tea")
  }

  @Test func aFailedTransactionLeavesNoTrace() throws {
    let d = dispatcher()
    try d.dispatch(.start(countdownRequest()), source: .cli)
    #expect(throws: Failing.self) {
      try store.transaction {
        _ = try store.append([
          Event(
            activityID: "a111", kind: .paused, phase: .paused, elapsed: 0, source: .cli, at: t0, name: "x")
        ])
        throw Failing()
      }
    }
    #expect(store.history.count == 1)
  }

  struct Failing: Error {}
}

final class IDQueue: @unchecked Sendable {
  var ids: [String]
  init(_ ids: [String]) { self.ids = ids }
  func next() -> String { ids.removeFirst() }
}

@Suite struct ActivityMatcherTests {
  let workout = try! applied(nil, .start(countdownRequest("Workout")), at: t0).activity
  var tea: Activity {
    var request = stopwatchRequest("Tea")
    request.id = "te42"
    request.attributes.recordID = "wk01"
    return try! applied(nil, .start(request), at: t0 + 1000).activity
  }

  @Test func matchesIdThenReferenceThenName() {
    let live = [workout, tea]
    #expect(ActivityMatcher.match("wk01", among: live, at: t0 + 2000) == .success(workout))
    #expect(ActivityMatcher.match("te42", among: live, at: t0 + 2000) == .success(tea))
    #expect(ActivityMatcher.match("1823", among: live, at: t0 + 2000) == .success(workout))
    #expect(ActivityMatcher.match("TEA", among: live, at: t0 + 2000) == .success(tea))
  }

  @Test func reportsNoneAndAmbiguous() {
    var twin = tea
    twin.id = "tw1n"
    twin.attributes.recordID = nil
    let live = [workout, tea, twin]
    let ranked = [tea, twin, workout]
    #expect(
      ActivityMatcher.match("Coffee", among: live, at: t0 + 2000)
        == .failure(.noMatch("Coffee", live: ranked)))
    guard
      case .failure(.ambiguous("tea", let candidates)) = ActivityMatcher.match(
        "tea", among: live, at: t0 + 2000)
    else {
      Issue.record("expected an ambiguous match")
      return
    }
    #expect(Set(candidates.map(\.id)) == ["te42", "tw1n"])
    #expect(ActivityMatcher.match(nil, among: [], at: t0) == .failure(.nothingLive))
  }

  @Test func theCurrentOneIsFinishedFirstThenRelevanceThenNewest() throws {
    var important = tea
    important.state.relevance = 5
    #expect(ActivityMatcher.ranked([workout, tea], at: t0 + 2000).map(\.name) == ["Tea", "Workout"])
    #expect(ActivityMatcher.ranked([workout, important], at: t0 + 2000).first?.name == "Tea")
    // Once the countdown finishes it needs attention, whatever the relevance.
    #expect(ActivityMatcher.ranked([workout, important], at: t0 + minutes(26)).first?.name == "Workout")
    #expect(ActivityMatcher.mostRecent([workout, important], at: t0 + minutes(26))?.name == "Tea")
  }
}

/// Counts what the dispatcher reads, over the in-memory store.
final class CountingStore: ActivityStore {
  let inner = InMemoryActivityStore()
  var liveReads = 0
  var rowReads = 0
  func transaction<T>(_ body: () throws -> T) throws -> T { try inner.transaction(body) }
  func liveActivities() throws -> [Activity] {
    liveReads += 1
    return try inner.liveActivities()
  }
  func activity(id: String) throws -> Activity? {
    rowReads += 1
    return try inner.activity(id: id)
  }
  func insert(_ activity: Activity) throws { try inner.insert(activity) }
  func save(_ activity: Activity) throws -> Bool { try inner.save(activity) }
  func append(_ events: [Event]) throws -> [Event] { try inner.append(events) }
  func markChanged() throws { try inner.markChanged() }
  func events(from start: Instant, through end: Instant) throws -> [Event] {
    try inner.events(from: start, through: end)
  }
}

@Suite struct DispatcherReadsTests {
  /// An intent reads the live set once, and a row by id only to find a new activity a free id.
  @Test func anIntentReadsWhatItNeedsOnce() throws {
    let store = CountingStore()
    let clock = ManualClock(t0)
    let dispatcher = IntentDispatcher(store: store, clock: clock)
    try dispatcher.dispatch(.start(countdownRequest(minutes: 5)), source: .cli)
    #expect((store.liveReads, store.rowReads) == (1, 1), "a start: the live set, and the new id checked free")
    for intent in [Intent.pause, .resume, .update(ActivityUpdate(name: "Run")), .adjust(by: 60_000)] {
      (store.liveReads, store.rowReads) = (0, 0)
      clock.advance(by: 1000)
      let outcome = try dispatcher.dispatch(intent, source: .key)
      #expect(outcome.refusal == nil)
      #expect((store.liveReads, store.rowReads) == (1, 0), "\(intent)")
    }
    // Time has finished it: recorded, and the intent still reads the live set once.
    (store.liveReads, store.rowReads) = (0, 0)
    clock.advance(by: minutes(10))
    let outcome = try dispatcher.dispatch(.complete, source: .key)
    #expect(outcome.events.map(\.kind) == [.finished, .completed])
    #expect((store.liveReads, store.rowReads) == (1, 0))
  }
}
