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
    (.lap, .id("a111"), 1000),
    (.lap, .matching("egg"), 0),  // refused: a countdown takes no lap
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
    (
      .start(StartRequest(name: "Emails", attributes: ActivityAttributes(tags: ["inbox", "team"]))), .current,
      1000
    ),
    // A switch: Emails ends as Review starts; Egg, a countdown, goes on.
    (.start(StartRequest(name: "Review", switching: true)), .current, 60_000),
  ]

  static func countdownStart(_ name: String, minutes m: Int64) -> StartRequest {
    StartRequest(
      name: name, attributes: ActivityAttributes(icon: "coffee", mode: .countdown, fullDuration: m * 60_000))
  }

  func run(_ kind: Kind, script: [(Intent, IntentDispatcher.Target, Milliseconds)] = script) throws
    -> (outcomes: [String], history: [Event])
  {
    try run(kind, script: script) { _ in }
  }

  /// Runs `script` on a store of `kind`; `end` looks at the store before it is closed.
  func run(
    _ kind: Kind, script: [(Intent, IntentDispatcher.Target, Milliseconds)] = script,
    end: (any ActivityStore) throws -> Void
  ) throws -> (outcomes: [String], history: [Event]) {
    let subject = try Subject(kind)
    defer { subject.close() }
    let clock = ManualClock(t0)
    let ids = IDs(["a111", "b222", "c333", "d444", "e555"])
    let dispatcher = IntentDispatcher(
      store: subject.store, clock: clock,
      goals: [DailyGoal(target: 2, plan: "deep", zone: LocalZone { _ in 0 })],
      newID: { ids.next() })
    var outcomes: [String] = []
    for (step, (intent, target, advance)) in script.enumerated() {
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
    try end(subject.store)
    return (outcomes, try subject.history())
  }

  @Test(arguments: Kind.allCases)
  func theReportedLiveSetIsTheStoredOne(_ kind: Kind) throws {
    let (outcomes, history) = try run(kind)
    #expect(outcomes.contains { $0.hasPrefix("Egg is already paused") })
    #expect(history.contains { $0.kind == .finished && $0.activityID == "c333" })
    #expect(outcomes.last == "ok [\"b222\", \"e555\"]", "after the switch: \(outcomes.last ?? "")")
    #expect(history.suffix(2).map(\.kind) == [.ended, .started])
    #expect(Set(history.suffix(2).map(\.at)).count == 1, "the switch ends and starts at one instant")
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
  /// A plan with every kind of segment, its own icons and labels, a long break every 2 rounds,
  /// and the `breaks` policy: on by itself into breaks, waiting before work.
  static let plan = try! Plan.parse(
    name: "deep",
    definition:
      "Deep work 2m focus, Break 1m; rounds 3; long-break Stretch 3m run every 2; warm-up 1m; cool-down Wind down 1m book; advance breaks; cue 5"
  ).get()

  /// A plan run through time and every intent that touches one, then a Tabata slept through.
  static let planScript: [(Intent, IntentDispatcher.Target, Milliseconds)] = [
    (.start(StartRequest(name: "Deep", attributes: ActivityAttributes(plan: plan))), .current, 0),
    (.pause, .current, 5 * 60_000),  // refused: the warm-up is over and waits before work
    (.toggle, .current, 0),  // Deep work 1 starts
    (.pause, .current, 30_000),
    (.resume, .current, 60_000),
    (.skip, .current, 10 * 60_000),  // its break is over too, waiting: skip goes on to work 2
    (.skip, .current, 60_000),  // work 2 skipped: not counted toward the long break
    (.reset, .current, 0),  // the break back to full, ready
    (.toggle, .current, 60_000),
    (.toggle, .current, 20 * 60_000),  // work 3 was waiting
    (.adjust(by: 60_000), .current, 0),
    (.update(ActivityUpdate(name: "Deeper")), .current, 6 * 60_000 + 30_000),  // the cool-down
    (.complete, .current, 15_000),
    (
      .start(StartRequest(name: "Tabata", attributes: ActivityAttributes(plan: Plan.presets[1]))), .current, 0
    ),
    (.toggle, .current, 5 * 60_000),  // the Tabata is over: a stopwatch
    (.end, .current, 0),
  ]

  @Test(arguments: Kind.allCases)
  func aPlansReportedLiveSetIsTheStoredOne(_ kind: Kind) throws {
    let (outcomes, history) = try run(kind, script: Self.planScript)
    #expect(outcomes[1].hasPrefix("Deep's Warm-up is over; toggle or skip goes on"), "\(outcomes)")
    #expect(outcomes.filter { $0.hasPrefix("ok") }.count == Self.planScript.count - 1, "\(outcomes)")
    #expect(history.filter { $0.kind == .planCompleted }.map(\.activityID) == ["a111", "b222"])
    #expect(history.filter { $0.kind == .goalReached }.count == 1)
    #expect(
      Set(history.compactMap(\.plan?.segment)) == [
        "Warm-up", "Deep work", "Break", "Stretch", "Wind down", "Work", "Rest",
      ])
  }

  /// The SQLite store keeps plans, their places and the events' plan fields as the one in
  /// memory does: schema 4 and its row mapping.
  @Test func bothStoresAgreeOnPlans() throws {
    var kept: [Kind: [Activity?]] = [:]
    var runs: [Kind: (outcomes: [String], history: [Event])] = [:]
    for kind in Kind.allCases {
      runs[kind] = try run(kind, script: Self.planScript) { store in
        kept[kind] = try ["a111", "b222", "c333"].map { try store.activity(id: $0) }
      }
    }
    #expect(runs[.memory]?.outcomes == runs[.sqlite]?.outcomes)
    #expect(runs[.memory]?.history == runs[.sqlite]?.history)
    #expect(kept[.memory] == kept[.sqlite])
    let deep = try #require(kept[.sqlite]?.first ?? nil)
    #expect(deep.attributes.plan == Self.plan)
    #expect(deep.state.progress == PlanProgress(part: .coolDown, round: 3, worked: 2))
    #expect(deep.state.phase == .completed && deep.name == "Deeper")
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
