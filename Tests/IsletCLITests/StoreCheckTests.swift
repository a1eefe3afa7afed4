import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletStore

/// `islet check` reads the whole store; the other commands read what they need, and each
/// refuses the damage it meets.
@Suite struct StoreCheckTests {
  let islet = Sandbox()

  @Test func aSoundStoreIsOkWithWhatItHolds() throws {
    #expect(islet("start", "--name", "Tea").status == 0)
    islet.clock.advance(by: 60_000)
    #expect(islet("pause").status == 0)
    let run = islet("check")
    #expect(
      run
        == Run(
          status: 0, stdout: "ok: \(islet.storePath) (1 activity, 2 events, schema \(Schema.version))\n",
          stderr: ""))
  }

  @Test func noStoreIsUnreadable() {
    let run = islet("check")
    #expect(run.status == 74)
    #expect(
      run.stderr
        == "Error: cannot use the store \(islet.storePath): there is no store here; nothing has been started with it\n"
    )
  }

  /// An empty file is what every reader takes it for: a store nothing has been started with.
  @Test func anEmptyFileIsAStoreNotStartedYet() {
    try? FileManager.default.createDirectory(
      atPath: islet.folder.file("state/islet"), withIntermediateDirectories: true)
    islet.folder.write("state/islet/islet.db", [])
    #expect(islet("log").status == 0)
    #expect(
      islet("check")
        == Run(
          status: 74, stdout: "",
          stderr:
            "Error: cannot use the store \(islet.storePath): the file is empty; nothing has been started with it\n"
        ))
  }

  @Test func damageInOldEventsIsFoundByCheckAndByWhatReadsThem() throws {
    #expect(islet("start", "--name", "Now").status == 0)
    try writeOldHistory(events: 3000)
    let page = try middleLeafOfEvents()
    var bytes = try #require(islet.folder.bytes("state/islet/islet.db"))
    let damaged = (page - 1) * 4096..<page * 4096
    for index in damaged { bytes[index] = UInt8(truncatingIfNeeded: index &* 7) }
    islet.folder.write("state/islet/islet.db", bytes)

    // An intent reads the live activities and appends at the history's end: it goes on.
    islet.clock.advance(by: 60_000)
    #expect(islet("toggle").status == 0)
    #expect(islet("status").status == 0)
    // Whatever reads the old events meets the damage.
    for arguments in [["check"], ["log"]] {
      let run = islet.run(arguments)
      #expect(run.status == 65, "\(arguments): \(run)")
      #expect(
        run.stderr.hasPrefix("Error: the store \(islet.storePath) is damaged ("), "\(arguments): \(run)")
      #expect(
        !run.stderr.contains("***") && run.stderr.split(separator: "\n").count == 1, "one plain line: \(run)")
    }
  }

  /// An ended activity from long ago with `count` events, checkpointed into the file.
  private func writeOldHistory(events count: Int) throws {
    let database = try Database(path: islet.storePath, readOnly: false)
    defer { database.close() }
    try database.execute(
      """
      BEGIN;
      INSERT INTO activity (id, created_at, ended_at, icon, mode, name, started_at, paused_at, phase, touched_at)
      VALUES ('old1', 1000, 2000, 'timer', 'stopwatch', 'Far back', 1000, 2000, 'ended', 2000);
      """)
    for n in 0..<count {
      try database.execute(
        """
        INSERT INTO event (activity_id, kind, phase, elapsed_ms, source, at, name)
        VALUES ('old1', 'updated', 'active', \(n), 'cli', \(1000 + n), 'Far back \(n)')
        """)
    }
    try database.execute("COMMIT; PRAGMA wal_checkpoint(TRUNCATE)")
  }

  /// A leaf page of the event table in the middle of its order: neither the first nor the one
  /// a new event goes to.
  private func middleLeafOfEvents() throws -> Int {
    let database = try Database(path: islet.storePath, readOnly: true)
    defer { database.close() }
    let leaves = try database.query(
      "SELECT pageno FROM dbstat WHERE name = 'event' AND pagetype = 'leaf' ORDER BY path")
    try #require(leaves.count > 10, "the old events fill \(leaves.count) pages")
    return Int(try #require(leaves[leaves.count / 2].first?.int))
  }
}
