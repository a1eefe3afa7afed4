import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// `history(runsOverlapping:until:)` on random histories made by the dispatcher itself: both
/// stores give the same events, every run that overlaps the window comes whole (up to its
/// end), and nothing from before a run's opening comes with it.
@Suite struct HistoryWindowTests {
  let folder = TemporaryFolder()

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func everyRunOverlappingTheWindowIsWholeAndNothingBeforeIt(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let sqlite = try SQLiteActivityStore.openForWriting(path: folder.file("islet.db"))
    defer { sqlite.close() }
    let memory = InMemoryActivityStore()
    try play(on: [sqlite, memory], steps: 150, using: &random)
    let history = try sqlite.history()
    #expect(history == memory.history)
    let activities = try sqlite.allActivities()
    let first = history.first!.at
    let last = history.last!.at
    for _ in 0..<40 {
      let a = Instant(
        milliseconds: Int64.random(in: first.milliseconds - 3_600_000...last.milliseconds, using: &random))
      let b = a + Int64.random(in: 0...(12 * 3_600_000), using: &random)
      let window: (Instant?, Instant?) =
        switch Int.random(in: 0..<6, using: &random) {
        case 0: (nil, b)
        case 1: (a, nil)
        case 2: (a, a)
        default: (a, b)
        }
      let found = try sqlite.history(runsOverlapping: window.0, until: window.1)
      #expect(found == (try memory.history(runsOverlapping: window.0, until: window.1)), "window \(window)")
      let problems = Self.problems(found, history: history, activities: activities, window: window)
      #expect(problems.isEmpty, "seed \(seed), window \(window): \(problems.prefix(3))")
    }
  }

  /// Runs straddling each edge, and one through a window with no event inside it, come whole;
  /// a run over before the window does not come.
  @Test func runsAcrossTheEdgesComeWholeAndNothingElse() throws {
    let store = try SQLiteActivityStore.openForWriting(path: folder.file("islet.db"))
    defer { store.close() }
    let clock = ManualClock(t0)
    let dispatcher = IntentDispatcher(store: store, clock: clock)
    let minute: Int64 = 60_000
    for (name, gap, length) in [("Emails", 0, 60), ("Tea", 60, 120)] as [(String, Int64, Int64)] {
      clock.advance(by: gap * minute)
      _ = try dispatcher.dispatch(.start(StartRequest(name: name)), source: .cli)
      clock.advance(by: length * minute)
      _ = try dispatcher.dispatch(.end, source: .cli)
    }
    // Emails runs 0–60 min, Tea 120–240 min.
    let at = { (minutes: Int64) in t0 + minutes * minute }
    let cases: [((Instant?, Instant?), [String])] = [
      ((at(150), at(180)), ["Tea started", "Tea ended"]),
      ((at(30), at(150)), ["Emails started", "Emails ended", "Tea started", "Tea ended"]),
      ((at(90), at(100)), []),
      ((nil, at(30)), ["Emails started", "Emails ended"]),
      ((at(200), nil), ["Tea started", "Tea ended"]),
      ((at(60), at(60)), ["Emails started", "Emails ended"]),
    ]
    for (window, expected) in cases {
      let found = try store.history(runsOverlapping: window.0, until: window.1)
        .map { "\($0.name) \($0.kind.rawValue)" }
      #expect(found == expected, "window \(window)")
    }
  }

  @Test func theWindowIsReadThroughTheIndexes() throws {
    let store = try SQLiteActivityStore.openForWriting(path: folder.file("islet.db"))
    defer { store.close() }
    let statements = [
      SQLiteActivityStore.windowQuery, SQLiteActivityStore.goingOnQuery, SQLiteActivityStore.openingQuery,
      SQLiteActivityStore.closingQuery,
    ]
    let plan = try statements.flatMap { sql in
      try store.database.query("EXPLAIN QUERY PLAN " + sql, [.integer(1), .integer(2)]).compactMap {
        $0.last?.string
      }
    }
    // A SCAN of a table reads all of it; a SEARCH uses an index.
    let scans = plan.filter { $0.hasPrefix("SCAN") }
    #expect(scans.isEmpty, "\(plan)")
    #expect(plan.contains { $0.contains("event_at") } && plan.contains { $0.contains("activity_ended") })
  }

  @Test func aDayOrTheEventsSinceOneAreReadThroughTheIndexes() throws {
    let store = try SQLiteActivityStore.openForWriting(path: folder.file("islet.db"))
    defer { store.close() }
    let reads: [(String, (String, [Value]))] = [
      (
        "a day's goal",
        SQLiteActivityStore.historyQuery(since: t0, until: t0 + 86_400_000, activityID: nil, after: 0)
      ),
      ("log --since", SQLiteActivityStore.historyQuery(since: t0, until: nil, activityID: nil, after: 0)),
      (
        "a watcher's new events",
        SQLiteActivityStore.historyQuery(since: nil, until: nil, activityID: nil, after: 9)
      ),
      (
        "one activity's",
        SQLiteActivityStore.historyQuery(since: nil, until: nil, activityID: "a111", after: 9)
      ),
    ]
    for (what, (sql, values)) in reads {
      let plan = try store.database.query("EXPLAIN QUERY PLAN " + sql, values).compactMap { $0.last?.string }
      #expect(!plan.contains { $0.hasPrefix("SCAN") }, "\(what): \(plan)")
    }
  }

  /// What is wrong with `found` as the window's history: a run overlapping it not whole, an
  /// event before its run's opening, an event out of order.
  static func problems(
    _ found: [Event], history: [Event], activities: [Activity], window: (Instant?, Instant?)
  ) -> [String] {
    let since = window.0 ?? Instant(milliseconds: .min)
    let until = window.1 ?? Instant(milliseconds: .max)
    var problems: [String] = []
    let seqs = found.compactMap(\.seq)
    if seqs != seqs.sorted() || Set(seqs).count != seqs.count { problems.append("not in order, or twice") }
    let returned = Set(seqs)
    let ended = Dictionary(uniqueKeysWithValues: activities.map { ($0.id, $0.endedAt) })
    for (id, events) in Dictionary(grouping: history, by: \.activityID) {
      // Runs: from each opening event to the next; the last one to the activity's end.
      let opening = events.indices.filter { events[$0].kind.opensRun }
      for (n, start) in opening.enumerated() {
        let next = n + 1 < opening.count ? opening[n + 1] : events.endIndex
        let run = events[start..<next]
        let end = next < events.endIndex ? events[next].at : (ended[id] ?? nil) ?? Instant(milliseconds: .max)
        guard run.first!.at <= until && end >= since else { continue }
        // Whole: up to its first close after the window (all of it while it goes on).
        let close = run.first { $0.at > until && $0.kind.closesRun }?.seq ?? .max
        let missing = run.filter { $0.seq! <= close && !returned.contains($0.seq!) }
        if !missing.isEmpty {
          problems.append("\(id)'s run from seq \(run.first!.seq!) lacks \(missing.map(\.seq!))")
        }
      }
      let lastOpened = events.last { $0.kind.opensRun && $0.at <= since }?.seq ?? .max
      let early = found.filter { $0.activityID == id && $0.at < since && $0.seq! < lastOpened }
      if !early.isEmpty { problems.append("\(id): \(early.map(\.seq!)) come before its run's opening") }
    }
    return problems
  }

  /// Random intents at random times, the same on every store (each its own dispatcher).
  func play(on stores: [any ActivityStore], steps: Int, using random: inout SeededGenerator) throws {
    let clock = ManualClock(t0)
    let counters = stores.map { _ in Counter() }
    let dispatchers = zip(stores, counters).map { store, counter in
      IntentDispatcher(store: store, clock: clock, newID: { counter.next() })
    }
    let names = ["Emails", "Code review", "Tea"]
    for _ in 0..<steps {
      // Mostly minutes; now and then hours, past max-idle, so some runs expire.
      let gap: Int64 =
        Int.random(in: 0..<10, using: &random) == 0
        ? 9 * 3_600_000 : Int64.random(in: 0...1_800_000, using: &random)
      clock.advance(by: gap)
      let intents: [Intent] = [
        .toggle, .pause, .resume, .reset, .complete, .end, .skip,
        .update(ActivityUpdate(name: names.randomElement(using: &random)!, category: "work")),
        .start(StartRequest(name: names.randomElement(using: &random)!)),
        .start(
          StartRequest(name: "Short", attributes: ActivityAttributes(mode: .countdown, fullDuration: 600_000))
        ),
        .start(StartRequest(name: "Plan", attributes: ActivityAttributes(plan: Plan.presets[1]))),
      ]
      let intent = intents.randomElement(using: &random)!
      for dispatcher in dispatchers { _ = try? dispatcher.dispatch(intent, source: .cli) }
    }
    for dispatcher in dispatchers { try dispatcher.settle() }
  }
}

/// Activity ids in order, one counter a store, so both stores name their activities alike.
final class Counter: @unchecked Sendable {
  var count = 0
  func next() -> String {
    count += 1
    return "r\(count)"
  }
}
