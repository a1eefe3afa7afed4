import IsletCore

/// The roll-up's sessions that began on one UTC day, packed into one blob in report order
/// (their start, activity, id): a report over years reads a row a day, not a row a session,
/// whose columns cost SQLite more than the rest of the report.
///
/// A session is a head of 25 bytes — its start (8), id (8), label (4), kind (1: how it counts,
/// + 4 edited, + 8 failed), the length of its activity's id (2) and its number of pieces (2) —
/// then the activity's id in UTF-8, then each piece's local day (8) and length in
/// milliseconds (8), oldest first. Integers are little-endian.
enum RollUpDay {
  static let headLength = 25
  static let pieceLength = 16

  /// The UTC day an instant falls on (days since 1970, rounded down): the row of a session
  /// that began then.
  static func day(of milliseconds: Int64) -> Int64 {
    let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
    return remainder < 0 ? quotient - 1 : quotient
  }

  /// What a blob holds that is not a session as written above.
  struct Malformed: Error {}

  /// One session's bytes, and what orders it, for a writer.
  struct Record {
    var startedAt: Int64
    var activityID: String
    var session: Int64
    var bytes: [UInt8]

    init(_ entry: Report.Entry, session: Int64, label: Int64) throws {
      let id = Array(entry.activityID.utf8)
      guard id.count <= Int(UInt16.max), entry.pieces.count <= Int(UInt16.max), label <= Int64(Int32.max)
      else { throw Malformed() }
      startedAt = entry.startedAt.milliseconds
      activityID = entry.activityID
      self.session = session
      let kind = UInt8(entry.kind.rawValue) | (entry.edited ? 4 : 0) | (entry.failed ? 8 : 0)
      bytes = []
      bytes.reserveCapacity(headLength + id.count + pieceLength * entry.pieces.count)
      append(startedAt)
      append(session)
      append(UInt32(truncatingIfNeeded: label))
      bytes.append(kind)
      append(UInt16(id.count))
      append(UInt16(entry.pieces.count))
      bytes += id
      for piece in entry.pieces {
        append(piece.day)
        append(piece.length)
      }
    }

    /// Read back from a blob.
    init(_ session: Session, in blob: UnsafeRawBufferPointer) {
      startedAt = session.startedAt
      activityID = session.activityID(in: blob)
      self.session = session.id
      bytes = Array(blob[session.bytes])
    }

    private mutating func append<T: FixedWidthInteger>(_ value: T) {
      withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// Report order: `Report.Entry.precedes`'.
    static func precedes(_ a: Record, _ b: Record) -> Bool {
      (a.startedAt, a.activityID, a.session) < (b.startedAt, b.activityID, b.session)
    }

    /// A day's blob of these records, in the order given.
    static func blob(_ records: [Record]) -> [UInt8] { records.flatMap(\.bytes) }
  }

  /// A session's head, read in place: its pieces and its activity's id are read from the blob
  /// only when wanted.
  struct Session {
    var startedAt: Int64
    var id: Int64
    var label: Int
    var kind: UInt8
    var pieceCount: Int
    /// Where its activity's id lies in the blob, and all of it.
    var activity: Range<Int>
    var bytes: Range<Int>

    func activityID(in blob: UnsafeRawBufferPointer) -> String {
      String(decoding: UnsafeRawBufferPointer(rebasing: blob[activity]), as: UTF8.self)
    }

    /// Its `index`th piece.
    func piece(_ index: Int, in blob: UnsafeRawBufferPointer) -> Report.Piece {
      let offset = activity.upperBound + index * pieceLength
      return Report.Piece(
        day: Int64(littleEndian: blob.loadUnaligned(fromByteOffset: offset, as: Int64.self)),
        length: Int64(littleEndian: blob.loadUnaligned(fromByteOffset: offset + 8, as: Int64.self)))
    }
  }

  /// A blob's sessions one at a time, each checked to lie whole within it.
  struct Cursor {
    let blob: UnsafeRawBufferPointer
    var offset = 0

    init(_ blob: UnsafeRawBufferPointer) { self.blob = blob }

    /// The next session; nil after the last.
    mutating func next() throws -> Session? {
      guard offset < blob.count else { return nil }
      guard blob.count - offset >= headLength else { throw Malformed() }
      func load<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T {
        T(littleEndian: blob.loadUnaligned(fromByteOffset: offset + at, as: T.self))
      }
      let idLength = Int(load(21, UInt16.self))
      let pieceCount = Int(load(23, UInt16.self))
      let start = offset + headLength
      let end = start + idLength + pieceCount * pieceLength
      guard end <= blob.count else { throw Malformed() }
      let session = Session(
        startedAt: load(0, Int64.self), id: load(8, Int64.self), label: Int(load(16, UInt32.self)),
        kind: blob[offset + 20], pieceCount: pieceCount, activity: start..<start + idLength,
        bytes: offset..<end)
      offset = end
      return session
    }
  }

  /// A blob's records, for a writer to change.
  static func records(_ blob: UnsafeRawBufferPointer) throws -> [Record] {
    var cursor = Cursor(blob)
    var records: [Record] = []
    while let session = try cursor.next() { records.append(Record(session, in: blob)) }
    return records
  }
}
