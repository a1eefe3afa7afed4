import Foundation
import Glibc
import IsletTestSupport
import Synchronization
import Testing

@testable import IsletCore
@testable import IsletStore

@Suite struct StoreConcurrencyTests {
  let folder = TemporaryFolder()

  /// Several connections notice the same deadline at once: one records `finished`.
  @Test func aTimeCausedEventIsRecordedOnceWhileManyNotice() throws {
    let path = folder.file("islet.db")
    let clock = ManualClock(t0)
    let setup = try SQLiteActivityStore.openForWriting(path: path)
    let request = StartRequest(
      name: "Egg", attributes: ActivityAttributes(mode: .countdown, fullDuration: 180_000))
    try IntentDispatcher(store: setup, clock: clock).dispatch(.start(request), source: .cli)
    setup.close()
    clock.advance(by: 200_000)

    // Real threads, not Swift's cooperative pool: these calls block, and the pool is shared
    // with every other suite running at the same time.
    let counts = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let count =
        (try? SQLiteActivityStore.openForWriting(path: path)).map { store in
          defer { store.close() }
          return (try? IntentDispatcher(store: store, clock: clock).settle().count) ?? -100
        } ?? -100
      counts.withLock { $0.append(count) }
    }
    let recorded = counts.withLock { $0.reduce(0, +) }
    #expect(recorded == 1)
    let reader = try #require(try SQLiteActivityStore.openForReading(path: path))
    defer { reader.close() }
    #expect(try reader.history().map(\.kind) == [.started, .finished])
  }
}

@Suite struct StoreFollowerTests {
  let folder = TemporaryFolder()

  @Test func wakesWhenAnotherConnectionCommits() throws {
    let path = folder.file("islet.db")
    try SQLiteActivityStore.openForWriting(path: path).close()
    let watcher = try StoreFollower(path: path)
    let writer = Thread {
      guard let store = try? SQLiteActivityStore.openForWriting(path: path) else { return }
      defer { store.close() }
      _ = try? IntentDispatcher(store: store, clock: ManualClock(t0)).dispatch(.toggle, source: .cli)
    }
    writer.start()
    // The deadline only bounds the test if the wake never comes.
    #expect(watcher.wait(until: Instant(milliseconds: SystemClock().now().milliseconds + 20_000)) == .changed)
  }

  @Test func readersDoNotWakeIt() throws {
    let path = folder.file("islet.db")
    try SQLiteActivityStore.openForWriting(path: path).close()
    let watcher = try StoreFollower(path: path)
    let reader = try #require(try SQLiteActivityStore.openForReading(path: path))
    _ = try reader.liveActivities()
    reader.close()
    #expect(watcher.wait(until: SystemClock().now() + 300) == .deadline)
  }

  @Test func wakesAtAnAbsoluteDeadline() throws {
    let path = folder.file("islet.db")
    try SQLiteActivityStore.openForWriting(path: path).close()
    let watcher = try StoreFollower(path: path)
    let deadline = SystemClock().now() + 150
    #expect(watcher.wait(until: deadline) == .deadline)
    #expect(SystemClock().now() >= deadline)
  }

  /// A commit's events are the news; a write that records no event is none, and neither are
  /// the events this process recorded and handed over itself.
  @Test func newsIsTheEventsOthersRecorded() throws {
    let path = folder.file("islet.db")
    let clock = ManualClock(t0)
    let store = try SQLiteActivityStore.openForWriting(path: path)
    defer { store.close() }
    let follower = try StoreFollower(path: path, besideWriter: true)
    let dispatcher = IntentDispatcher(store: store, clock: clock)
    let started = try dispatcher.dispatch(.toggle, source: .cli)
    #expect(follower.wait(until: SystemClock().now() + 20_000) == .changed)
    #expect(follower.news.map(\.kind) == [.started] && follower.seq == started.newestSeq)

    // Renamed without an event: a write nobody is told of.
    var renamed = try #require(started.activity)
    renamed.state.name = "Quiet"
    #expect(try store.transaction { try store.save(renamed) })
    #expect(follower.wait(until: SystemClock().now() + 300) == .deadline)

    let paused = try dispatcher.dispatch(.pause, source: .key)
    follower.recorded(paused.events)
    #expect(follower.wait(until: SystemClock().now() + 300) == .deadline)
    #expect(follower.seq == paused.newestSeq, "its own events are known once seen")

    let other = try SQLiteActivityStore.openForWriting(path: path)
    defer { other.close() }
    let resumed = try IntentDispatcher(store: other, clock: clock).dispatch(.resume, source: .cli)
    #expect(follower.wait(until: SystemClock().now() + 20_000) == .changed)
    #expect(follower.news.map(\.kind) == [.resumed] && follower.seq == resumed.newestSeq)
  }

  /// A posted progress records no event; another process's one is news all the same (the
  /// pulse), and the same progress again writes nothing to hear.
  @Test func aPostedProgressIsNewsWithoutAnEvent() throws {
    let path = folder.file("islet.db")
    let clock = ManualClock(t0)
    let other = try SQLiteActivityStore.openForWriting(path: path)
    defer { other.close() }
    let script = IntentDispatcher(store: other, clock: clock)
    try script.dispatch(.start(StartRequest(name: "Deploy", posted: Posted(percent: 10))), source: .cli)
    let follower = try StoreFollower(path: path)
    try script.dispatch(.update(ActivityUpdate(percent: 11)), source: .cli)
    #expect(follower.wait(until: SystemClock().now() + 20_000) == .changed)
    #expect(follower.news.isEmpty, "no event was recorded: \(follower.news.map(\.kind))")
    try script.dispatch(.update(ActivityUpdate(percent: 11)), source: .cli)
    #expect(follower.wait(until: SystemClock().now() + 300) == .deadline)
  }

  /// Opening a current store to write takes no write lock and writes nothing: a command's
  /// open and close cost a follower a confirmation or a few, and no read of a table. (An empty
  /// write transaction on every open waited for any writer.)
  @Test func openingAndClosingAWriterIsNoNews() throws {
    let path = folder.file("islet.db")
    let holder = try SQLiteActivityStore.openForWriting(path: path)
    defer { holder.close() }
    let follower = try StoreFollower(path: path)
    follower.connection.recordStatements()
    try holder.transaction {
      // Another writer's transaction is open: an open that wrote would wait 10 s, then fail.
      try SQLiteActivityStore.openForWriting(path: path).close()
      let reader = try #require(try SQLiteActivityStore.openForReading(path: path))
      reader.close()
    }
    #expect(follower.wait(until: SystemClock().now() + 300) == .deadline)
    let statements = follower.connection.takeRecordedStatements()
    #expect(statements.allSatisfy { $0 == "PRAGMA data_version" }, "\(statements)")
  }

  @Test func noticesTheStoreGoingAway() throws {
    let path = folder.file("islet.db")
    try SQLiteActivityStore.openForWriting(path: path).close()
    let watcher = try StoreFollower(path: path)
    unlink(path)
    #expect(watcher.wait(until: SystemClock().now() + 20_000) == .gone)
  }
}

extension StoreConcurrencyTests {
  /// A plan slept through several segments, noticed at once by dispatchers on their own
  /// connections: each segment's end and start, the plan's completion and the goal are
  /// recorded once, by whichever came first.
  @Test func aPlansTransitionsAreRecordedOnceWhileManyNotice() throws {
    let path = folder.file("islet.db")
    let clock = ManualClock(t0)
    let goal = DailyGoal(target: 3, plan: "tabata", zone: LocalZone { _ in 0 })
    let setup = try SQLiteActivityStore.openForWriting(path: path)
    let plan = Plan.presets.first { $0.name == "tabata" }!
    let request = StartRequest(name: "Tabata", attributes: ActivityAttributes(plan: plan))
    try IntentDispatcher(store: setup, clock: clock, goals: [goal]).dispatch(.start(request), source: .cli)
    // Two dispatchers, one connection each, notice Work 1's end at the same instant.
    clock.advance(by: 25_000)
    let first = try SQLiteActivityStore.openForWriting(path: path)
    let second = try SQLiteActivityStore.openForWriting(path: path)
    let one = try IntentDispatcher(store: first, clock: clock, goals: [goal]).settle()
    let other = try IntentDispatcher(store: second, clock: clock, goals: [goal]).settle()
    first.close()
    second.close()
    #expect(one.map(\.kind) == [.segmentFinished, .segmentStarted] && other.isEmpty)
    setup.close()
    clock.advance(by: 300_000)  // past the end

    let counts = Mutex<[Int]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let count =
        (try? SQLiteActivityStore.openForWriting(path: path)).map { store in
          defer { store.close() }
          return (try? IntentDispatcher(store: store, clock: clock, goals: [goal]).settle().count) ?? -100
        } ?? -100
      counts.withLock { $0.append(count) }
    }
    // 16 segments: each finished, 15 more started, the plan completed, the goal reached once.
    let expected = 16 + 15 + 1 + 1
    #expect(counts.withLock { $0.reduce(0, +) } == expected - 2, "\(counts.withLock { $0 })")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: path))
    defer { reader.close() }
    let history = try reader.history()
    #expect(history.count == 2 + expected)
    #expect(history.filter { $0.kind == .segmentFinished }.count == 16)
    #expect(history.filter { $0.kind == .goalReached }.map(\.plan?.round) == [3])
    #expect(history.filter { $0.kind == .planCompleted }.map(\.at) == [t0 + 240_000])
    let ends: [Milliseconds] = history.filter { $0.kind == .segmentFinished }.map { $0.at - t0 }
    let boundaries: [Milliseconds] = (0..<8).flatMap { round -> [Milliseconds] in
      [round * 30_000 + 20_000, round * 30_000 + 30_000]
    }
    #expect(ends == boundaries, "each segment ends at its exact boundary")
  }
}
