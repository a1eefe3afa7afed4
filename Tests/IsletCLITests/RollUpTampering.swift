import IsletCLITestSupport
import Testing

@testable import IsletStore

/// The roll-up changed behind Islet's back, through SQLite: what `islet check` must find and
/// a long report shows it read.
extension Sandbox {
  /// The roll-up's row `index` (its rows by day): its day and its sessions' bytes.
  func rollUpRow(_ index: Int) throws -> (day: Int64, bytes: [UInt8]) {
    let database = try Database(path: storePath, readOnly: true)
    defer { database.close() }
    let row = try #require(
      try database.query(
        "SELECT day, sessions FROM rollup_day ORDER BY day LIMIT 1 OFFSET ?", [.integer(Int64(index))]
      ).first)
    guard let day = row[0].int, case .blob(let bytes) = row[1] else { throw UnexpectedRow(row: row) }
    return (day, bytes)
  }

  /// A minute more on the first piece of the first session in the roll-up's row `index`,
  /// written into its bytes.
  func addMinuteToRollUp(row index: Int) throws {
    var (day, bytes) = try rollUpRow(index)
    // After the head and the activity's id (its length at 21): the piece's day, then its length.
    let at = RollUpDay.headLength + Int(bytes[21]) + Int(bytes[22]) << 8 + 8
    let length = bytes[at..<at + 8].withUnsafeBytes { Int64(littleEndian: $0.loadUnaligned(as: Int64.self)) }
    withUnsafeBytes(of: (length + 60_000).littleEndian) { bytes.replaceSubrange(at..<at + 8, with: $0) }
    try executeOnStore("UPDATE rollup_day SET sessions = ? WHERE day = ?", [.blob(bytes), .integer(day)])
  }

  /// Runs one statement on the store.
  func executeOnStore(_ sql: String, _ values: [Value] = []) throws {
    let database = try Database(path: storePath, readOnly: false)
    defer { database.close() }
    try database.query(sql, values)
  }
}

struct UnexpectedRow: Error { var row: [Value] }
