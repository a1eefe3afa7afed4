import Glibc
import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

let t0 = Instant(seconds: 1_764_493_500)

func sampleActivity(id: String = "wk01", name: String = "Workout") -> Activity {
  Activity(
    id: id,
    attributes: ActivityAttributes(
      icon: "run", recordID: "1823", owner: "ada", mode: .countdown, fullDuration: 1_500_000,
      staleAfter: 60_000),
    state: ContentState(
      name: name, category: "sport", startedAt: t0, pausedAt: t0 + 5000, duration: 1_800_000, phase: .paused,
      staleDate: t0 + 99, relevance: 2.5, touchedAt: t0 + 5000),
    createdAt: t0, endedAt: nil, revision: 0)
}

@Suite struct SQLiteActivityStoreTests {
  let folder = TemporaryFolder()

  @Test func activitiesAndHistoryRoundTrip() throws {
    let path = folder.file("state/islet/islet.db")
    let store = try SQLiteActivityStore.openForWriting(path: path)
    let activity = sampleActivity()
    let event = Event(
      activityID: "wk01", kind: .paused, phase: .paused, elapsed: 5000, source: .key, at: t0 + 5000,
      name: "Workout")
    let numbered = try store.transaction {
      try store.insert(activity)
      return try store.append([event, event])
    }
    #expect(numbered.map(\.seq) == [1, 2])
    var changed = activity
    changed.state.name = "Run"
    changed.endedAt = t0 + 7
    #expect(try store.transaction { try store.save(changed) })
    // A save made on a stale read is refused: another process got there first.
    #expect(try !store.transaction { try store.save(changed) })
    store.close()

    let reader = try #require(try SQLiteActivityStore.openForReading(path: path))
    defer { reader.close() }
    changed.revision = 1
    #expect(try reader.activity(id: "wk01") == changed)
    #expect(try reader.liveActivities() == [changed])
    #expect(try reader.history().count == 2)
    #expect(try reader.history(after: 1).map(\.seq) == [2])
    #expect(
      try reader.history()[0]
        == Event(
          seq: 1, activityID: "wk01", kind: .paused, phase: .paused, elapsed: 5000, source: .key,
          at: t0 + 5000, name: "Workout"))
    #expect(try reader.lastEventSeq() == 2)
  }

  /// What programs post, the expected length, the tmux pane and a failed end are kept as given.
  @Test(arguments: [CommandExit.status(2), .signal(9)])
  func postedActivitiesRoundTrip(exit: CommandExit) throws {
    let path = folder.file("islet.db")
    let store = try SQLiteActivityStore.openForWriting(path: path)
    defer { store.close() }
    var activity = sampleActivity()
    activity.attributes.expected = 180_000
    activity.attributes.origin = Origin(tmuxSocket: "/tmp/tmux-1000/default", tmuxPane: "%3")
    activity.state.posted = Posted(
      text: "Migrating", percent: 72, attention: "Needs your approval",
      buttons: [
        ActivityButton(label: "Approve", command: "gh pr merge \"$ISLET_ACTIVITY\"\necho done"),
        ActivityButton(label: "Reject", command: ""),
      ])
    activity.state.phase = .failed
    activity.state.exit = exit
    try store.transaction { try store.insert(activity) }
    #expect(try store.activity(id: "wk01") == activity)
    activity.state.posted = Posted()
    activity.attributes.origin = nil
    activity.state.exit = nil
    #expect(try store.transaction { try store.save(activity) })
    activity.revision = 1
    #expect(try store.activity(id: "wk01") == activity, "cleared fields read back cleared")
  }

  /// The terminal an activity was started from is kept with its kind, inside tmux or not, and
  /// cleared when it goes.
  @Test(arguments: [
    Terminal(tty: "/dev/pts/4", kind: .kitty), Terminal(tty: "/dev/pts/7", kind: .vte, insideTmux: true),
  ])
  func terminalRoundTrips(terminal: Terminal) throws {
    let path = folder.file("islet.db")
    let store = try SQLiteActivityStore.openForWriting(path: path)
    defer { store.close() }
    var activity = sampleActivity()
    activity.attributes.terminal = terminal
    try store.transaction { try store.insert(activity) }
    #expect(try store.activity(id: "wk01")?.attributes.terminal == terminal)
    activity.attributes.terminal = nil
    #expect(try store.transaction { try store.save(activity) })
    #expect(
      try store.activity(id: "wk01")?.attributes.terminal == nil, "a cleared terminal reads back cleared")
  }

  @Test func theStoreIsPrivate() throws {
    let path = folder.file("a/b/islet.db")
    try SQLiteActivityStore.openForWriting(path: path).close()
    #expect(folder.mode("a") == 0o700)
    #expect(folder.mode("a/b") == 0o700)
    #expect(folder.mode("a/b/islet.db") == 0o600)
  }

  @Test func readersFindNothingWhereNoStoreIsAndCreateNothing() throws {
    let path = folder.file("none/islet.db")
    #expect(try SQLiteActivityStore.openForReading(path: path) == nil)
    #expect(access(folder.file("none"), F_OK) != 0)
  }

  @Test func migratesAnOlderSchemaKeepingItsData() throws {
    let path = folder.file("old.db")
    let old = try SQLiteActivityStore.openForWriting(path: path, upTo: 1)
    try old.database.execute(
      """
      INSERT INTO activity (id, created_at, icon, mode, name, started_at, phase, touched_at)
        VALUES ('old1', 1000, 'timer', 'stopwatch', 'Reading', 1000, 'active', 1000);
      INSERT INTO event (activity_id, kind, phase, elapsed_ms, source, at) VALUES ('old1', 'started', 'active', 0, 'cli', 1000);
      """)
    #expect(try old.database.query("PRAGMA user_version").first?.first?.int == 1)
    old.close()

    let store = try SQLiteActivityStore.openForWriting(path: path)
    defer { store.close() }
    #expect(try store.database.query("PRAGMA user_version").first?.first?.int == Schema.version)
    #expect(try store.activity(id: "old1")?.name == "Reading")
    #expect(try store.history().map(\.name) == ["Reading"])
  }

  @Test func aForeignFileIsRefusedAndLeftUntouched() throws {
    folder.write("notes.txt", Array("shopping list\nmilk\n".utf8))
    let before = folder.bytes("notes.txt")
    #expect(throws: StoreError.foreign(path: folder.file("notes.txt"), detail: "not a SQLite database")) {
      try SQLiteActivityStore.openForWriting(path: folder.file("notes.txt"))
    }
    #expect(throws: StoreError.self) {
      try SQLiteActivityStore.openForReading(path: folder.file("notes.txt"))
    }
    #expect(folder.bytes("notes.txt") == before)

    // Another program's SQLite database, in WAL mode with a pending journal.
    let other = try Database(path: folder.file("other.db"), readOnly: false)
    try other.execute(
      "PRAGMA journal_mode = WAL; CREATE TABLE songs (title TEXT); INSERT INTO songs VALUES ('x');")
    other.close()
    let otherBefore = folder.bytes("other.db")
    do {
      _ = try SQLiteActivityStore.openForWriting(path: folder.file("other.db"))
      Issue.record("another program's database was opened")
    } catch let error as StoreError {
      #expect(error.exitStatus == .dataError)
      #expect(error.message.contains("is not an Islet store (another program's SQLite database)"))
    }
    #expect(folder.bytes("other.db") == otherBefore)
  }

  @Test func aDamagedStoreIsRefusedAndLeftUntouched() throws {
    let path = folder.file("islet.db")
    let store = try SQLiteActivityStore.openForWriting(path: path)
    try store.transaction {
      for n in 0..<200 {
        try store.insert(sampleActivity(id: "a\(n)", name: String(repeating: "n", count: 300)))
      }
    }
    store.close()
    var bytes = try #require(folder.bytes("islet.db"))
    #expect(bytes.count > 3 * 4096)
    // Scribble over the second and third pages, as a failing disk would.
    for index in 4096..<(3 * 4096) { bytes[index] = UInt8(truncatingIfNeeded: index &* 7) }
    folder.write("islet.db", bytes)
    // Opening reads only the header and the schema; the first intent reads the activities,
    // meets the damage, and writes nothing.
    let reopened = try SQLiteActivityStore.openForWriting(path: path)
    do {
      try IntentDispatcher(store: reopened, clock: ManualClock(t0)).dispatch(.toggle, source: .cli)
      Issue.record("an intent went through a damaged store")
    } catch let error as StoreError {
      #expect(error.exitStatus == .dataError)
    }
    reopened.close()
    #expect(folder.bytes("islet.db") == bytes)
    do {
      _ = try SQLiteActivityStore.check(path: path)
      Issue.record("check found no damage")
    } catch let error as StoreError {
      #expect(error.exitStatus == .dataError)
    }
    #expect(folder.bytes("islet.db") == bytes)
  }

  @Test func anOlderDamagedStoreIsNotMigrated() throws {
    let path = folder.file("old.db")
    let old = try SQLiteActivityStore.openForWriting(path: path, upTo: 4)
    try old.transaction {
      for n in 0..<200 {
        try old.database.execute(
          """
          INSERT INTO activity (id, created_at, icon, mode, name, started_at, phase, touched_at)
          VALUES ('a\(n)', 0, 'timer', 'stopwatch', '\(String(repeating: "n", count: 300))', 0, 'ended', 0)
          """)
      }
    }
    old.close()
    var bytes = try #require(folder.bytes("old.db"))
    for index in 4096..<(3 * 4096) { bytes[index] = UInt8(truncatingIfNeeded: index &* 7) }
    folder.write("old.db", bytes)
    do {
      _ = try SQLiteActivityStore.openForWriting(path: path)
      Issue.record("a damaged store was migrated")
    } catch let error as StoreError {
      #expect(error.exitStatus == .dataError)
    }
    #expect(folder.bytes("old.db") == bytes)
  }

  @Test func aDirectoryOrAnUnwritablePlaceIsAnIOError() throws {
    #expect(throws: StoreError.unavailable(path: folder.path, detail: "it is a directory; give a file path"))
    {
      try SQLiteActivityStore.openForWriting(path: folder.path)
    }
    do {
      _ = try SQLiteActivityStore.openForWriting(path: "/proc/islet/islet.db")
      Issue.record("a store was made under /proc")
    } catch let error as StoreError {
      #expect(error.exitStatus == .ioError)
    }
  }
}
