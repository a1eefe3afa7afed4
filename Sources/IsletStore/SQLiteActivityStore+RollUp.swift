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
      try database.execute("DELETE FROM rollup_day; DELETE FROM rollup_session")
      let sessions = SessionLog.sessions(from: try history(), live: [], at: Instant(milliseconds: .max))
      try insertRollUp(sessions)
      try database.query("UPDATE rollup_state SET zone = ?, stale = 0", [.text(RollUpZone.name)])
    }
  }

  /// The roll-up's sessions with time on `days`, in report order, each with its pieces on them.
  public func rolledEntries(days: ClosedRange<Int64>) throws -> [Report.Entry] {
    try guarded {
      let statement = try database.prepare(Self.rolledQuery)
      defer { statement.finalize() }
      try statement.bind([.integer(days.lowerBound), .integer(days.upperBound)])
      var entries: [Report.Entry] = []
      while let row = try statement.step() {
        let id = row[0].int ?? 0
        let piece = Report.Piece(day: row[9].int ?? 0, length: row[10].int ?? 0)
        if let last = entries.indices.last, entries[last].id == id {
          entries[last].pieces.append(piece)
          continue
        }
        guard let activityID = row[1].string, let startedAt = row[2].instant, let name = row[3].string,
          let title = row[5].string, let kind = row[6].int.flatMap({ Report.Entry.Kind(rawValue: Int($0)) })
        else { throw StoreError.damaged(path: path, detail: "a roll-up row holds unknown values") }
        entries.append(
          Report.Entry(
            id: id, activityID: activityID, startedAt: startedAt, name: name, category: row[4].string,
            title: title, kind: kind, edited: row[7].int != 0, failed: row[8].int != 0, pieces: [piece]))
      }
      return entries
    }
  }

  static let rolledQuery = """
    SELECT s.id, s.activity_id, s.started_at, s.name, s.category, s.title, s.kind, s.edited, s.failed,
      d.day, d.ms
    FROM rollup_day d JOIN rollup_session s ON s.id = d.session
    WHERE d.day BETWEEN ?1 AND ?2
    ORDER BY s.started_at, s.activity_id, s.id, d.day
    """

  /// Beyond this many activities corrected at once (`forget --before`), the roll-up is left
  /// stale to be built again whole, rather than made again an activity at a time.
  static let rollUpRefreshLimit = 200

  /// Makes the roll-up's rows of these activities again from their history; marks it stale
  /// instead when it is stale already, made in another zone, or there are too many.
  func refreshRollUp(activities ids: [String]) throws {
    guard !ids.isEmpty else { return }
    let state = try database.query("SELECT zone, stale FROM rollup_state")
    guard let row = state.first, row[1].int == 0 else { return }
    guard row[0].string == RollUpZone.name, ids.count <= Self.rollUpRefreshLimit else {
      try database.query("UPDATE rollup_state SET stale = 1")
      return
    }
    for id in Set(ids) {
      try database.query(
        "DELETE FROM rollup_day WHERE session IN (SELECT id FROM rollup_session WHERE activity_id = ?)",
        [.text(id)])
      try database.query("DELETE FROM rollup_session WHERE activity_id = ?", [.text(id)])
      let events = try history(activityID: id)
      try insertRollUp(SessionLog.sessions(from: events, live: [], at: Instant(milliseconds: .max)))
    }
  }

  /// Adds closed sessions and their time per local day.
  private func insertRollUp(_ sessions: [Session]) throws {
    let session = try database.prepare("INSERT INTO rollup_session VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
    defer { session.finalize() }
    let day = try database.prepare("INSERT INTO rollup_day VALUES (?, ?, ?)")
    defer { day.finalize() }
    for closed in sessions where closed.endedAt != nil {
      guard let id = closed.id else { continue }
      let pieces = Report.pieces(
        of: closed, from: Instant(milliseconds: .min), until: Instant(milliseconds: .max), zone: .current)
      guard !pieces.isEmpty else { continue }
      let entry = Report.Entry(closed, pieces: pieces)
      try session.reset()
      try session.bind([
        .integer(id), .text(entry.activityID), .integer(entry.startedAt.milliseconds), .text(entry.name),
        Value(entry.category), .text(entry.title), .integer(Int64(entry.kind.rawValue)),
        .integer(entry.edited ? 1 : 0), .integer(entry.failed ? 1 : 0),
      ])
      _ = try session.step()
      for piece in pieces {
        try day.reset()
        try day.bind([.integer(piece.day), .integer(id), .integer(piece.length)])
        _ = try day.step()
      }
    }
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
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink("/etc/localtime", &buffer, buffer.count - 1)
    return length > 0 ? String(cString: buffer) : "/etc/localtime"
  }
}
