import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// Deadlines that coincide, pass while the watcher runs its handlers, or are set while it
/// sleeps: with nothing open, each `finished` is recorded once, at its deadline, and its hook
/// runs once. Nothing here looks at the store through a command, which would record it too.
@Suite struct DeadlineRaceTests {
  let islet = Sandbox()

  var fired: String { islet.folder.file("fired") }

  func hookFinished() throws {
    // One line a run: the id, so a double or a missing run shows.
    try islet.hook("finished", "#!/bin/sh\nsed -n 's/.*\"id\":\"\\([^\"]*\\)\".*/\\1/p' >> '\(fired)'\n")
  }

  func recorded() throws -> [Event] {
    guard let reader = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { reader.close() }
    return try reader.history().filter { $0.kind == .finished }
  }

  func deadlines() throws -> [String: Instant] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    var result: [String: Instant] = [:]
    for activity in try reader.allActivities() { result[activity.id] = activity.deadline }
    return result
  }

  func hookRuns() -> [String] {
    ((try? String(contentsOfFile: fired, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// Twenty countdowns whose deadlines fall a millisecond apart, two seconds from now.
  @Test func coincidingDeadlinesAreEachRecordedOnceAtTheirDeadline() throws {
    try hookFinished()
    let store = try SQLiteActivityStore.openForWriting(path: islet.storePath)
    let clock = ManualClock(SystemClock().now())
    let dispatcher = IntentDispatcher(store: store, clock: clock)
    var ids: [String] = []
    for k in 0..<20 {
      let request = StartRequest(
        name: "C\(k)", attributes: ActivityAttributes(mode: .countdown, fullDuration: 2_000))
      ids += try dispatcher.dispatch(.start(request), source: .cli).activity.map { [$0.id] } ?? []
      clock.advance(by: 1)
    }
    store.close()
    // Any command that looks starts the watcher; nothing else looks until the end.
    #expect(try islet.binary("status").status == 0)
    #expect(
      eventually(within: 30) { (try? recorded().count) == 20 }, "\((try? recorded().map(\.activityID)) ?? [])"
    )
    #expect(eventually(within: 30) { hookRuns().count >= 20 })
    let events = try recorded()
    let due = try deadlines()
    #expect(Set(events.map(\.activityID)) == Set(ids), "each countdown finished")
    #expect(events.count == 20, "none twice")
    for event in events { #expect(event.at == due[event.activityID], "\(event.activityID) at its deadline") }
    #expect(hookRuns().sorted() == ids.sorted(), "each hook once")
  }

  /// Three commands that each start a countdown and the watcher at once: one watcher wins,
  /// and it records all three.
  @Test func threeStartsAtOnceEachFinishOnce() throws {
    try hookFinished()
    let starts = try (0..<3).map { _ in try Binary.start(["start", "1s"], environment: islet.environment) }
    let ids = starts.map { Binary.finish($0).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
    #expect(eventually { (try? recorded().count) == 3 && hookRuns().count == 3 })
    #expect(Set(try recorded().map(\.activityID)) == Set(ids))
    #expect(hookRuns().sorted() == ids.sorted())
  }

  /// The watcher asleep until an hour's end; a countdown of a second started now ends first.
  @Test func anEarlierDeadlineSetWhileTheWatcherSleepsIsKept() throws {
    try hookFinished()
    #expect(try islet.binary("start", "1h", "--name", "Long").status == 0)
    let id = try islet.binary("start", "1s", "--name", "Short").stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(eventually { (try? recorded().map(\.activityID)) == [id] })
    #expect(eventually { hookRuns() == [id] })
  }
}
