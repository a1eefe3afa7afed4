import CSQLite
import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// A thin SQLite connection: prepared statements, typed columns, errors with their codes.
final class Database {
  struct Failure: Error {
    var code: Int32
    var message: String

    /// SQLite says the file is damaged or not a database at all.
    var isDamage: Bool {
      let primary = code & 0xFF
      return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }
  }

  let handle: OpaquePointer
  let path: String

  /// `immutable`: the file is read as one that cannot change, with no locks and no `-shm`
  /// (a read-only copy in a read-only folder, where SQLite could not make one).
  init(path: String, readOnly: Bool, immutable: Bool = false) throws {
    var connection: OpaquePointer?
    let flags =
      (readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
      | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0)
    let name = immutable ? "file:" + Self.uriPath(path) + "?immutable=1" : path
    let status = sqlite3_open_v2(name, &connection, flags, nil)
    guard status == SQLITE_OK, let connection else {
      let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(connection)
      throw Failure(code: status, message: message)
    }
    handle = connection
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, 10_000)
  }

  func close() { sqlite3_close_v2(handle) }

  /// The statements run since `record`; nil while not recording.
  private var recorded: [String]?

  /// Records the text of each statement as it starts (`sqlite3_trace_v2`), each of several
  /// run by one `execute` too.
  func record() {
    recorded = []
    let context = Unmanaged.passUnretained(self).toOpaque()
    sqlite3_trace_v2(
      handle, UInt32(SQLITE_TRACE_STMT),
      { _, context, _, sql in
        guard let context, let sql else { return 0 }
        let database = Unmanaged<Database>.fromOpaque(context).takeUnretainedValue()
        database.recorded?.append(String(cString: sql.assumingMemoryBound(to: CChar.self)))
        return 0
      }, context)
  }

  func takeRecorded() -> [String] {
    defer { if recorded != nil { recorded = [] } }
    return recorded ?? []
  }

  /// `path` as a `file:` URI's path: every byte but letters, digits, `/`, `-`, `.`, `_` and
  /// `~` written `%XX`, so that a `?`, `#` or `%` in a folder's name stays part of it.
  private static func uriPath(_ path: String) -> String {
    var out = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        out += "%" + (byte < 16 ? "0" : "") + hex
      }
    }
    return out
  }

  func execute(_ sql: String) throws {
    var error: UnsafeMutablePointer<CChar>?
    let status = sqlite3_exec(handle, sql, nil, nil, &error)
    if status != SQLITE_OK {
      let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
      sqlite3_free(error)
      throw Failure(code: sqlite3_extended_errcode(handle), message: message + systemHint)
    }
  }

  func prepare(_ sql: String) throws -> Statement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw failure(status) }
    return Statement(database: self, handle: statement)
  }

  /// Runs a statement with bindings, returning every row.
  @discardableResult
  func query(_ sql: String, _ values: [Value] = []) throws -> [Row] {
    let statement = try prepare(sql)
    defer { statement.finalize() }
    try statement.bind(values)
    var rows: [Row] = []
    while let row = try statement.step() { rows.append(row) }
    return rows
  }

  var changes: Int { Int(sqlite3_changes(handle)) }
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  func failure(_ status: Int32) -> Failure {
    Failure(
      code: sqlite3_extended_errcode(handle), message: String(cString: sqlite3_errmsg(handle)) + systemHint)
  }

  /// "disk I/O error" alone does not say that the disk is full or the file may not grow.
  private var systemHint: String {
    let code = sqlite3_extended_errcode(handle)
    if code & 0xFF == SQLITE_FULL { return " (the disk is full; make room and try again)" }
    // SQLITE_IOERR_WRITE, _FSYNC, _TRUNCATE and _SHMSIZE (macros Swift does not import): the
    // last when the write-ahead log's index must be made anew and may not grow, as when no
    // other process has the store open.
    if [3, 4, 6, 19].map({ SQLITE_IOERR | ($0 << 8) }).contains(code) {
      return " (writing failed: the disk may be full or the file too large; make room and try again)"
    }
    return ""
  }
}

/// A value to bind or a column read back.
enum Value: Equatable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  init(_ text: String?) { self = text.map { .text($0) } ?? .null }
  init(_ number: Int64?) { self = number.map { .integer($0) } ?? .null }
  init(_ instant: Instant?) { self = instant.map { .integer($0.milliseconds) } ?? .null }

  var int: Int64? {
    switch self {
    case .integer(let n): return n
    case .real(let d): return Int64(d)
    default: return nil
    }
  }
  var double: Double? {
    switch self {
    case .integer(let n): return Double(n)
    case .real(let d): return d
    default: return nil
    }
  }
  var string: String? { if case .text(let s) = self { s } else { nil } }
  var instant: Instant? { int.map { Instant(milliseconds: $0) } }
}

typealias Row = [Value]

final class Statement {
  let database: Database
  let handle: OpaquePointer

  init(database: Database, handle: OpaquePointer) {
    self.database = database
    self.handle = handle
  }

  func finalize() { sqlite3_finalize(handle) }

  /// Ready to be stepped again with new values.
  func reset() throws {
    let status = sqlite3_reset(handle)
    if status != SQLITE_OK { throw database.failure(status) }
  }

  func bind(_ values: [Value]) throws {
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .null: status = sqlite3_bind_null(handle, index)
      case .integer(let n): status = sqlite3_bind_int64(handle, index, n)
      case .real(let d): status = sqlite3_bind_double(handle, index, d)
      case .text(let s): status = sqlite3_bind_text(handle, index, s, -1, islet_sqlite_transient())
      case .blob(let bytes):
        status = bytes.withUnsafeBytes {
          sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), islet_sqlite_transient())
        }
      }
      if status != SQLITE_OK { throw database.failure(status) }
    }
  }

  /// Whether there is a next row, its columns then read with `integer(_:)` and `text(_:)`:
  /// no row of values made, for a read of many rows.
  func next() throws -> Bool {
    let status = sqlite3_step(handle)
    if status == SQLITE_DONE { return false }
    guard status == SQLITE_ROW else { throw database.failure(status) }
    return true
  }

  /// The current row's column as an integer (0 for NULL).
  func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

  /// The current row's column as text; nil for NULL.
  func text(_ column: Int32) -> String? {
    guard sqlite3_column_type(handle, column) != SQLITE_NULL, let bytes = sqlite3_column_text(handle, column)
    else { return nil }
    let length = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
  }

  /// The current row's column as bytes, good until the next step; none for NULL.
  func blob(_ column: Int32) -> UnsafeRawBufferPointer {
    guard let bytes = sqlite3_column_blob(handle, column) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
  }

  /// The next row, or nil when done.
  func step() throws -> Row? {
    let status = sqlite3_step(handle)
    if status == SQLITE_DONE { return nil }
    guard status == SQLITE_ROW else { throw database.failure(status) }
    let count = sqlite3_column_count(handle)
    var row: Row = []
    row.reserveCapacity(Int(count))
    for column in 0..<count {
      switch sqlite3_column_type(handle, column) {
      case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(handle, column)))
      case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(handle, column)))
      case SQLITE_NULL: row.append(.null)
      case SQLITE_BLOB: row.append(.blob(Array(blob(column))))
      default:
        // Read by its length, as SQLite gives it: no second walk to find its end.
        let bytes = sqlite3_column_text(handle, column)
        let length = Int(sqlite3_column_bytes(handle, column))
        row.append(
          .text(
            bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
          ))
      }
    }
    return row
  }
}
