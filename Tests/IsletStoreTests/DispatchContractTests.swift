import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// One script of intents run through the dispatcher on both stores: after every step, the live
/// set the outcome reports is what a fresh read of that store gives, and the two stores agree
/// on it, on the history and on every refusal.
@Suite struct DispatchContractTests {
  enum Kind: String, CaseIterable, CustomTestStringConvertible {
    case memory, sqlite
    var testDescription: String { rawValue }
  }

  /// A store of each kind, kept open (and its folder kept) for the test.
  final class Subject {
    let folder = TemporaryFolder()
    let store: any ActivityStore
    let history: () throws -> [Event]
    let close: () -> Void

    init(_ kind: Kind) throws {
      switch kind {
      case .memory:
        let memory = InMemoryActivityStore()
        store = memory
        history = { memory.history }
        close = {}
      case .sqlite:
        let sqlite = try SQLiteActivityStore.openForWriting(path: folder.file("islet.db"))
        store = sqlite
        history = { try sqlite.history() }
        close = { sqlite.close() }
      }
    }
  }

  /// Each step: the intent, its target, and how far the clock moves first.
  static let script: [(Intent, IntentDispatcher.Target, Milliseconds)] = [
    (.toggle, .current, 0),  // nothing live: a stopwatch
    (.start(countdownStart("Egg", minutes: 5)), .current, 1000),
    (.start(countdownStart("Tea", minutes: 3)), .current, 1000),
    (.pause, .matching("egg"), 60_000),
    (.pause, .matching("Egg"), 0),  // refused: already paused
    (.adjust(by: 60_000), .id("c333"), 0),
    (.update(ActivityUpdate(name: "Green tea")), .id("c333"), 0),
    (.resume, .id("b222"), 0),
    (.toggle, .id("c333"), 10 * 60_000),  // Tea has finished meanwhile: toggle completes it
    (.reset, .id("b222"), 0),
    (.end, .id("a111"), 0),
    (.complete, .current, 0),  // Egg, ready: refused, it has not started
    (.toggle, .current, 0),
  ]

  static func countdownStart(_ name: String, minutes m: Int64) -> StartRequest {
    StartRequest(
      name: name, attributes: ActivityAttributes(icon: "coffee", mode: .countdown, fullDuration: m * 60_000))
  }

  func run(_ kind: Kind) throws -> (outcomes: [String], history: [Event]) {
    let subject = try Subject(kind)
    defer { subject.close() }
    let clock = ManualClock(t0)
    let ids = IDs(["a111", "b222", "c333", "d444"])
    let dispatcher = IntentDispatcher(store: subject.store, clock: clock, newID: { ids.next() })
    var outcomes: [String] = []
    for (step, (intent, target, advance)) in Self.script.enumerated() {
      clock.advance(by: advance)
      let outcome = try dispatcher.dispatch(intent, to: target, source: .key)
      let fresh = try subject.store.transaction { try subject.store.liveActivities() }
      #expect(
        outcome.live == fresh, "\(kind) step \(step) \(intent): the reported live set is the stored one")
      if let activity = outcome.activity, outcome.refusal == nil {
        #expect(try subject.store.activity(id: activity.id) == activity, "\(kind) step \(step): as saved")
      }
      outcomes.append("\(outcome.refusal?.reason ?? "ok") \(outcome.live.map(\.id))")
    }
    return (outcomes, try subject.history())
  }

  @Test(arguments: Kind.allCases)
  func theReportedLiveSetIsTheStoredOne(_ kind: Kind) throws {
    let (outcomes, history) = try run(kind)
    #expect(outcomes.contains { $0.hasPrefix("Egg is already paused") })
    #expect(history.contains { $0.kind == .finished && $0.activityID == "c333" })
  }

  @Test func bothStoresAgree() throws {
    let memory = try run(.memory)
    let sqlite = try run(.sqlite)
    #expect(memory.outcomes == sqlite.outcomes)
    #expect(memory.history == sqlite.history)
  }

  @Test(arguments: Kind.allCases)
  func anIdNotLiveIsNoMatch(_ kind: Kind) throws {
    let subject = try Subject(kind)
    defer { subject.close() }
    let dispatcher = IntentDispatcher(store: subject.store, clock: ManualClock(t0))
    #expect(throws: ActivityMatcher.Failure.nothingLive) {
      try dispatcher.dispatch(.pause, to: .id("zzzz"), source: .key)
    }
    let started = try dispatcher.dispatch(.start(StartRequest(name: "Focus")), source: .key)
    let live = started.live
    #expect(throws: ActivityMatcher.Failure.noMatch("zzzz", live: live)) {
      try dispatcher.dispatch(.pause, to: .id("zzzz"), source: .key)
    }
    // An id is an id: a name that happens to equal it is not matched.
    #expect(throws: ActivityMatcher.Failure.noMatch("Focus", live: live)) {
      try dispatcher.dispatch(.pause, to: .id("Focus"), source: .key)
    }
  }
}

extension DispatchContractTests {
  /// The stores themselves: the same order for activities made at the same instant, and an id
  /// is never inserted twice.
  @Test(arguments: Kind.allCases)
  func bothStoresOrderAndRefuseAlike(_ kind: Kind) throws {
    let subject = try Subject(kind)
    defer { subject.close() }
    let store = subject.store
    func made(_ id: String) -> Activity {
      var request = StartRequest(name: id)
      request.id = id
      return try! TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
    }
    try store.transaction {
      for id in ["cccc", "aaaa", "bbbb"] { try store.insert(made(id)) }
    }
    #expect(try store.transaction { try store.liveActivities() }.map(\.id) == ["aaaa", "bbbb", "cccc"])
    #expect(throws: (any Error).self) { try store.transaction { try store.insert(made("aaaa")) } }
    #expect(
      try store.transaction { try store.liveActivities() }.count == 3, "the refused insert changed nothing")
  }
}

final class IDs: @unchecked Sendable {
  var ids: [String]
  init(_ ids: [String]) { self.ids = ids }
  func next() -> String { ids.removeFirst() }
}
