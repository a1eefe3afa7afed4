import CSQLite
import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// The daily roll-up (migration 13): each session closed in the record, with what a report
/// groups and filters it by and its running time per local day, so that a report over years
/// reads a row a session rather than every event (`ReportSplit` says which days it answers).
///
/// The writer keeps it in the transaction that records the events: an event that closes a run
/// or renames it (`append`), a rewritten one (`rewrite`, `islet edit`) or a deleted one
/// (`delete`, `islet forget`) makes its activity's rows again from that activity's history.
/// Local days are those of the zone it was made in (`rollup_state.zone`, `RollUpZone.name`):
/// a writer in another zone, a correction of many activities at once, or a store written
/// without it (an older schema migrated, `bench/make-store`) leaves it stale, and the next
/// report that needs it builds it again whole (`rebuildRollUp`).
extension SQLiteActivityStore {
  /// Whether the roll-up holds every closed session, in local days of `zone`.
  public func rollUpIsCurrent(zone: String = RollUpZone.name) throws -> Bool {
    let rows = try guarded { try database.query("SELECT zone, stale FROM rollup_state") }
    guard let row = rows.first else { return false }
    return row[0].string == zone && row[1].int == 0
  }

  /// Makes the roll-up again from the whole history, in local days of the process's zone.
  /// Call it inside `transaction`.
  public func rebuildRollUp() throws {
    try guarded {
      try database.execute(
        "DELETE FROM rollup; DELETE FROM rollup_label; UPDATE rollup_state SET longest = 0")
      let sessions = SessionLog.sessions(from: try history(), live: [], at: Instant(milliseconds: .max))
      try insertRollUp(sessions)
      try database.query("UPDATE rollup_state SET zone = ?, stale = 0", [.text(RollUpZone.name)])
    }
  }

  /// Copies what the write-ahead log holds into the file and empties it: a rebuild writes a
  /// few megabytes there, short of SQLite's own checkpoint, which every reader would otherwise
  /// look through (a `status` on the ten-year store cost half again as much).
  public func checkpoint() throws {
    try guarded { _ = try database.query("PRAGMA wal_checkpoint(TRUNCATE)") }
  }

  /// The roll-up's sessions with time on `days`, in report order, each with its pieces on them;
  /// `within` is when those days begin and end.
  public func rolledEntries(days: ClosedRange<Int64>, within: Stretch) throws -> [Report.Entry] {
    var entries: [Report.Entry] = []
    try rolledEntries(days: days, within: within) { entries.append($0) }
    return entries
  }

  /// The same, each handed on as it is read.
  public func rolledEntries(
    days: ClosedRange<Int64>, within: Stretch, _ each: (Report.Entry) throws -> Void
  ) throws {
    try guarded {
      let longest = try database.query("SELECT longest FROM rollup_state").first?.first?.int ?? 0
      // No session that began before the first day by more than the longest one reaches it.
      let start = within.from.milliseconds.subtractingReportingOverflow(longest)
      let statement = try database.prepare(Self.rolledQuery)
      defer { statement.finalize() }
      try statement.bind([
        .integer(days.lowerBound), .integer(days.upperBound),
        .integer(start.overflow ? .min : start.partialValue),
        .integer(within.to.milliseconds),
      ])
      let labels = try self.labels()
      // One entry, made again in place for each session: a new one each cost a copy and a
      // destroy of all its fields. Not an optional: unwrapping one copied it too.
      var entry = Report.Entry(
        id: nil, activityID: "", startedAt: Instant(milliseconds: 0), name: "", category: nil, title: "",
        kind: .counted, edited: false, failed: false, pieces: [])
      while try statement.next() {
        let id = statement.integer(0)
        let piece = Report.Piece(day: statement.integer(3), length: statement.integer(4))
        if entry.id == id {
          entry.pieces.append(piece)
          continue
        }
        if entry.id != nil { try each(entry) }
        let label = Int(statement.integer(5))
        let flags = statement.integer(6)
        guard let activityID = statement.text(1), labels.indices.contains(label),
          let kind = Report.Entry.Kind(rawValue: Int(flags & 3))
        else { throw StoreError.damaged(path: path, detail: "a roll-up row holds unknown values") }
        if entry.label != label {
          (entry.name, entry.category, entry.title) = labels[label]
          entry.label = label
        }
        entry.id = id
        entry.activityID = activityID
        entry.startedAt = Instant(milliseconds: statement.integer(2))
        entry.kind = kind
        entry.edited = flags & 4 != 0
        entry.failed = flags & 8 != 0
        entry.pieces = Report.Pieces(piece)
      }
      if entry.id != nil { try each(entry) }
    }
  }

  /// In the table's own order: nothing to sort.
  static let rolledQuery = """
    SELECT session, activity_id, started_at, day, ms, label, kind FROM rollup
    WHERE started_at >= ?3 AND started_at < ?4 AND day BETWEEN ?1 AND ?2
    ORDER BY started_at, activity_id, session, day
    """

  /// The roll-up's labels by id (ids are small: one per name, category and title met).
  private func labels() throws -> [(name: String, category: String?, title: String)] {
    var labels: [(name: String, category: String?, title: String)] = []
    for row in try database.query("SELECT id, name, category, title FROM rollup_label ORDER BY id") {
      guard let id = row[0].int, id >= 0, id < 100_000_000, let name = row[1].string,
        let title = row[3].string
      else { throw StoreError.damaged(path: path, detail: "a roll-up label holds unknown values") }
      while labels.count < id { labels.append(("", nil, "")) }
      labels.append((name, row[2].string, title))
    }
    return labels
  }

  /// Beyond this many activities changed in one transaction (`forget --before`, `import`), the
  /// roll-up is left stale to be built again whole, rather than made again an activity at a time.
  static let rollUpRefreshLimit = 200

  /// Makes the roll-up's rows of these activities again from their history; marks it stale
  /// instead when it is stale already, made in another zone, or there are too many.
  func refreshRollUp(activities ids: [String]) throws {
    guard !ids.isEmpty else { return }
    let state = try database.query("SELECT zone, stale FROM rollup_state")
    guard let row = state.first, row[1].int == 0 else { return }
    rollUpRefreshes += Set(ids).count
    guard row[0].string == RollUpZone.name, rollUpRefreshes <= Self.rollUpRefreshLimit else {
      try database.query("UPDATE rollup_state SET stale = 1")
      return
    }
    for id in Set(ids) {
      try database.query("DELETE FROM rollup WHERE activity_id = ?", [.text(id)])
      let events = try history(activityID: id)
      try insertRollUp(SessionLog.sessions(from: events, live: [], at: Instant(milliseconds: .max)))
    }
  }

  /// Adds closed sessions, a row for each local day each ran on.
  private func insertRollUp(_ sessions: [Session]) throws {
    let insert = try database.prepare("INSERT INTO rollup VALUES (?, ?, ?, ?, ?, ?, ?)")
    defer { insert.finalize() }
    var labels: [String: Int64] = [:]
    for row in try database.query("SELECT id, name, category, title FROM rollup_label") {
      labels[Self.labelKey(row[1].string ?? "", row[2].string, row[3].string ?? "")] = row[0].int
    }
    var longest: Milliseconds = 0
    var midnights = Report.Midnights(zone: .current)
    for session in sessions {
      guard let id = session.id, let end = session.endedAt else { continue }
      let pieces = Report.pieces(
        of: session, from: Instant(milliseconds: .min), until: Instant(milliseconds: .max),
        midnights: &midnights)
      guard !pieces.isEmpty else { continue }
      longest = max(longest, end - session.startedAt)
      let entry = Report.Entry(session, pieces: Report.Pieces(pieces))
      let key = Self.labelKey(entry.name, entry.category, entry.title)
      let label: Int64
      if let known = labels[key] {
        label = known
      } else {
        try database.query(
          "INSERT INTO rollup_label (name, category, title) VALUES (?, ?, ?)",
          [.text(entry.name), Value(entry.category), .text(entry.title)])
        label = database.lastInsertRowID
        labels[key] = label
      }
      for piece in pieces {
        try insert.reset()
        try insert.bind([
          .integer(entry.startedAt.milliseconds), .text(entry.activityID), .integer(id), .integer(piece.day),
          .integer(piece.length), .integer(label),
          .integer(Int64(entry.kind.rawValue) | (entry.edited ? 4 : 0) | (entry.failed ? 8 : 0)),
        ])
        _ = try insert.step()
      }
    }
    try database.query("UPDATE rollup_state SET longest = max(longest, ?)", [.integer(longest)])
  }

  /// A label's name, category and title as one dictionary key.
  private static func labelKey(_ name: String, _ category: String?, _ title: String) -> String {
    name + "\u{0}" + (category.map { "+" + $0 } ?? "-") + "\u{0}" + title
  }

  /// The activities whose events these are, before they go.
  func activities(ofEvents seqs: [Int64]) throws -> [String] {
    try seqs.compactMap { seq in
      try database.query("SELECT activity_id FROM event WHERE seq = ?", [.integer(seq)]).first?.first?.string
    }
  }
}

/// The zone a roll-up's local days are in, by name: `TZ` when set, else where
/// `/etc/localtime` leads (what `localtime_r` reads).
public enum RollUpZone {
  public static var name: String {
    if let tz = getenv("TZ") { return "TZ=" + String(cString: tz) }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let length = readlink("/etc/localtime", &buffer, buffer.count - 1)
    return length > 0 ? String(decoding: buffer.prefix(length), as: UTF8.self) : "/etc/localtime"
  }
}
