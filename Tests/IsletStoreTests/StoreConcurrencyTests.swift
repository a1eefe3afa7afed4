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

@Suite struct StoreWatcherTests {
  let folder = TemporaryFolder()

  @Test func wakesWhenAnotherConnectionCommits() throws {
    let path = folder.file("islet.db")
    try SQLiteActivityStore.openForWriting(path: path).close()
    let watcher = try StoreWatcher(path: path)
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
    let watcher = try StoreWatcher(path: path)
    let reader = try #require(try SQLiteActivityStore.openForReading(path: path))
    _ = try reader.liveActivities()
    reader.close()
    #expect(watcher.wait(until: SystemClock().now() + 300) == .deadline)
  }

  @Test func wakesAtAnAbsoluteDeadline() throws {
    let path = folder.file("islet.db")
    try SQLiteActivityStore.openForWriting(path: path).close()
    let watcher = try StoreWatcher(path: path)
    let deadline = SystemClock().now() + 150
    #expect(watcher.wait(until: deadline) == .deadline)
    #expect(SystemClock().now() >= deadline)
  }

  @Test func noticesTheStoreGoingAway() throws {
    let path = folder.file("islet.db")
    try SQLiteActivityStore.openForWriting(path: path).close()
    let watcher = try StoreWatcher(path: path)
    unlink(path)
    #expect(watcher.wait(until: SystemClock().now() + 20_000) == .gone)
  }
}
