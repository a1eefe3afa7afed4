import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// What `islet continue`, `log` and `report` read of tasks: the stopwatch stopped last, and
/// the tags kept one a line.
@Suite struct TaskStoreTests {
  let folder = TemporaryFolder()

  func start(_ d: IntentDispatcher, _ name: String, tags: [String] = [], source: Source = .cli) throws {
    try d.dispatch(
      .start(StartRequest(name: name, attributes: ActivityAttributes(tags: tags))), source: source)
  }

  @Test func theStopwatchStoppedLastIsFoundAndTagsRoundTrip() throws {
    let store = try SQLiteActivityStore.openForWriting(path: folder.file("islet.db"))
    defer { store.close() }
    let clock = ManualClock(t0)
    let d = IntentDispatcher(store: store, clock: clock)
    #expect(try store.lastStopped() == nil)
    try start(d, "Emails", tags: ["inbox", "Team work"])
    clock.advance(by: 60_000)
    try d.dispatch(.complete, to: .matching("Emails"), source: .cli)
    clock.advance(by: 60_000)
    try start(d, "Call")
    clock.advance(by: 60_000)
    try d.dispatch(.end, to: .matching("Call"), source: .cli)
    // Neither a program's run, a countdown, nor one still running is a stopped task.
    clock.advance(by: 60_000)
    try start(d, "make", source: .run)
    try d.dispatch(.complete, to: .matching("make"), source: .run)
    let tea = StartRequest(
      name: "Tea", attributes: ActivityAttributes(mode: .countdown, fullDuration: 60_000))
    try d.dispatch(.start(tea), source: .cli)
    try d.dispatch(.end, to: .matching("Tea"), source: .cli)
    try start(d, "Reading")

    #expect(try store.lastStopped()?.name == "Call")
    let emails = try #require(try store.allActivities().first { $0.name == "Emails" })
    #expect(emails.attributes.tags == ["inbox", "Team work"])
    #expect(try store.tagsByActivity() == [emails.id: ["inbox", "Team work"]])
  }
}
