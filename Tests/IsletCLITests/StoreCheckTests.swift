import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
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

  // MARK: - The daily roll-up

  /// 2025-11-30 00:00 UTC.
  let midnight = Instant(seconds: 1_764_460_800)

  /// A command at `minutes` after midnight UTC, `day` days after 2025-11-30.
  @discardableResult
  func at(_ day: Int, _ minutes: Int, _ arguments: String...) -> Run {
    islet.clock.set(midnight + Milliseconds(day) * 86_400_000 + Milliseconds(minutes) * 60_000)
    let run = islet.run(arguments)
    #expect(run.status == 0, "\(arguments): \(run)")
    return run
  }

  /// Forty days of sessions, some across midnight, and the long report that builds the roll-up.
  func historyWithRollUp() throws {
    for day in 0..<40 {
      at(day, 540, "start", "--name", "Emails", "--category", "admin")
      at(day, 570, "end", "Emails")
      if day % 5 == 0 {
        at(day, 1410, "start", "--name", "Reading")
        at(day + 1, 40, "complete", "Reading")
      }
    }
    at(40, 600, "report", "--since", "2025-11-30")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    try #require(try reader.rollUpIsCurrent(), "the long report built the roll-up")
  }

  /// How check names the first session of the roll-up's row `index`.
  func firstSession(ofRow index: Int) throws -> String {
    let bytes = try islet.rollUpRow(index).bytes
    return try bytes.withUnsafeBytes { blob in
      var cursor = RollUpDay.Cursor(blob)
      let first = try #require(try cursor.next())
      return "session \(first.id) of activity \(first.activityID(in: blob)) (\(Self.date(first.startedAt)))"
    }
  }

  static func date(_ milliseconds: Int64) -> String {
    let (year, month, day) = LocalZone.civil(
      day: LocalZone.current.day(of: Instant(milliseconds: milliseconds)))
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  func disagreement(_ difference: String) -> String {
    "Error: the daily roll-up of the store \(islet.storePath) disagrees with its history: \(difference);"
      + " islet report --rebuild makes it again from the history\n"
  }

  @Test func aRollUpThatAgreesWithTheHistoryIsOk() throws {
    try historyWithRollUp()
    let run = islet("check")
    #expect(
      run.status == 0 && run.stdout.hasPrefix("ok: \(islet.storePath) (") && run.stderr.isEmpty, "\(run)")
  }

  /// A minute more on one session, written through SQLite: check says which, in one line, and
  /// writes nothing; a long report shows the minute until `report --rebuild` makes it again.
  @Test func aRollUpRowChangedBehindIsletsBackIsDamage() throws {
    try historyWithRollUp()
    try islet.addMinuteToRollUp(row: 2)
    let session = try firstSession(ofRow: 2)
    let files = ["state/islet/islet.db", "state/islet/islet.db-wal"].map { islet.folder.bytes($0) }

    let run = islet("check")
    #expect(run == Run(status: 65, stdout: "", stderr: disagreement("\(session) differs in its time")))
    #expect(["state/islet/islet.db", "state/islet/islet.db-wal"].map { islet.folder.bytes($0) } == files)
    // The built binary says the same on its standard error.
    let binary = try Binary.run(["check"], environment: islet.environment)
    #expect(binary == run, "\(binary)")

    let arguments = ["report", "--since", "2025-11-30", "--json"]
    let wrong = islet.run(arguments)
    islet.extra = ["ISLET_REPORT_DETAILED": "1"]
    let right = islet.run(arguments)
    islet.extra = [:]
    #expect(wrong != right, "the long report read the minute from the roll-up")
    #expect(islet.run(arguments + ["--rebuild"]) == right)
    #expect(islet("check").status == 0)
  }

  /// A day's row gone, and an activity's row missing from the list of rows its sessions are in.
  @Test func aRollUpMissingRowsIsDamage() throws {
    try historyWithRollUp()
    let session = try firstSession(ofRow: 5)
    let day = try islet.rollUpRow(5).day
    try islet.executeOnStore("DELETE FROM rollup_day WHERE day = ?", [.integer(day)])
    #expect(
      islet("check") == Run(status: 65, stdout: "", stderr: disagreement("\(session) is missing from it")))

    #expect(islet("report", "--since", "2025-11-30", "--rebuild").status == 0)
    #expect(islet("check").status == 0)
    try islet.executeOnStore("DELETE FROM rollup_activity WHERE day = ?", [.integer(day)])
    let run = islet("check")
    #expect(
      run
        == Run(status: 65, stdout: "", stderr: disagreement("\(session) is not listed among its activity's")))
  }

  /// A report looks back for the sessions that reach its first day as far as the longest ran.
  @Test func aRollUpThatLooksBackTooLittleIsDamage() throws {
    try historyWithRollUp()
    try islet.executeOnStore("UPDATE rollup_state SET longest = 60000")
    #expect(
      islet("check")
        == Run(
          status: 65, stdout: "",
          stderr: disagreement("it says no session ran longer than 1:00, but one ran 1:10:00")))
  }

  /// A stale roll-up is no damage: the next long report builds it again, whatever it holds.
  @Test func aStaleRollUpIsNotCompared() throws {
    try historyWithRollUp()
    try islet.addMinuteToRollUp(row: 2)
    try islet.executeOnStore("UPDATE rollup_state SET stale = 1")
    let run = islet("check")
    #expect(run.status == 0 && run.stdout.hasPrefix("ok: "), "\(run)")
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
