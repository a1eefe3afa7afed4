import CSQLite
import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// The daily roll-up (migrations 13 and 16): each session closed in the record, with what a
/// report groups and filters it by and its running time per local day, so that a report over
/// years reads a few bytes a session rather than every event (`ReportSplit` says which days it
/// answers). Its sessions are packed a row per UTC day they began on (`RollUpDay`), in report
/// order; `rollup_activity` says which rows hold an activity's sessions.
///
/// The writer keeps it in the transaction that records the events: an event that closes a run
/// or renames it (`append`), a rewritten one (`rewrite`, `islet edit`) or a deleted one
/// (`delete`, `islet forget`) makes its activity's sessions again from that activity's history.
/// Local days are those of the zone it was made in (`rollup_state.zone`: `RollUpZone.identity`,
/// its name and its rules): a writer in another zone, a correction of many activities at once,
/// or a store written without it (an older schema migrated, `bench/make-store`) leaves it
/// stale, and the next report that needs it builds it again whole (`rebuildRollUp`).
extension SQLiteActivityStore {
  /// Whether the roll-up holds every closed session, in local days of `zone`.
  public func rollUpIsCurrent(zone: String = RollUpZone.identity) throws -> Bool {
    let rows = try guarded { try database.query("SELECT zone, stale FROM rollup_state") }
    guard let row = rows.first else { return false }
    return row[0].string == zone && row[1].int == 0
  }

  /// Makes the roll-up again from the whole history, in local days of the process's zone.
  /// Call it inside `transaction`.
  public func rebuildRollUp() throws {
    try guarded {
      try database.execute(
        """
        DELETE FROM rollup_day; DELETE FROM rollup_activity; DELETE FROM rollup_label;
        UPDATE rollup_state SET longest = 0
        """)
      let sessions = SessionLog.sessions(from: try history(), live: [], at: Instant(milliseconds: .max))
      let rows = try RollUpRows(database, path: path)
      defer { rows.finalize() }
      try insertRollUp(sessions, into: rows)
      try database.query("UPDATE rollup_state SET zone = ?, stale = 0", [.text(RollUpZone.identity)])
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
      let from = start.overflow ? Int64.min : start.partialValue
      let until = within.to.milliseconds
      guard from < until else { return }
      // Its rows are read once, in order: a few pages of cache do, where the default cache
      // would take a fresh page of memory for each of them.
      let cache = try database.query("PRAGMA cache_size").first?.first?.int ?? -2000
      try database.execute("PRAGMA cache_size = 16")
      defer { try? database.execute("PRAGMA cache_size = \(cache)") }
      let statement = try database.prepare(
        "SELECT sessions FROM rollup_day WHERE day BETWEEN ? AND ? ORDER BY day")
      defer { statement.finalize() }
      try statement.bind([.integer(RollUpDay.day(of: from)), .integer(RollUpDay.day(of: until - 1))])
      let labels = try self.labels()
      // One entry, made again in place for each session: a new one each cost a copy and a
      // destroy of all its fields. Not an optional: unwrapping one copied it too.
      var entry = Report.Entry(
        id: nil, activityID: "", startedAt: Instant(milliseconds: 0), name: "", category: nil, title: "",
        kind: .counted, edited: false, failed: false, pieces: [])
      do {
        while try statement.next() {
          let blob = statement.blob(0)
          var cursor = RollUpDay.Cursor(blob)
          while let session = try cursor.next() {
            guard session.startedAt >= from, session.startedAt < until else { continue }
            var pieces = Report.Pieces()
            for index in 0..<session.pieceCount {
              let piece = session.piece(index, in: blob)
              if days.contains(piece.day) { pieces.append(piece) }
            }
            guard !pieces.isEmpty else { continue }
            guard labels.indices.contains(session.label),
              let kind = Report.Entry.Kind(rawValue: Int(session.kind & 3))
            else { throw RollUpDay.Malformed() }
            if entry.label != session.label {
              (entry.name, entry.category, entry.title) = labels[session.label]
              entry.label = session.label
            }
            entry.id = session.id
            entry.activityID = session.activityID(in: blob)
            entry.startedAt = Instant(milliseconds: session.startedAt)
            entry.kind = kind
            entry.edited = session.kind & 4 != 0
            entry.failed = session.kind & 8 != 0
            entry.pieces = pieces
            try each(entry)
          }
        }
      } catch is RollUpDay.Malformed {
        throw StoreError.damaged(path: path, detail: "a roll-up row holds unknown values")
      }
    }
  }

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

  /// Makes the roll-up's sessions of these activities again from their history; marks it stale
  /// instead when it is stale already, made in another zone, or there are too many.
  func refreshRollUp(activities ids: [String]) throws {
    guard !ids.isEmpty else { return }
    let state = try database.query("SELECT zone, stale FROM rollup_state")
    guard let row = state.first, row[1].int == 0 else { return }
    rollUpRefreshes += Set(ids).count
    guard row[0].string == RollUpZone.identity, rollUpRefreshes <= Self.rollUpRefreshLimit else {
      try database.query("UPDATE rollup_state SET stale = 1")
      return
    }
    let rows = try RollUpRows(database, path: path)
    defer { rows.finalize() }
    for id in Set(ids) {
      for row in try database.query("SELECT day FROM rollup_activity WHERE activity_id = ?", [.text(id)]) {
        guard let day = row[0].int else { continue }
        try rows.change(day) { $0.filter { $0.activityID != id } }
      }
      try database.query("DELETE FROM rollup_activity WHERE activity_id = ?", [.text(id)])
      let events = try history(activityID: id)
      try insertRollUp(
        SessionLog.sessions(from: events, live: [], at: Instant(milliseconds: .max)), into: rows)
    }
  }

  /// Adds closed sessions, each to the row of the day it began on, with its pieces on each local
  /// day it ran on.
  private func insertRollUp(_ sessions: [Session], into rows: RollUpRows) throws {
    var labels: [String: Int64] = [:]
    for row in try database.query("SELECT id, name, category, title FROM rollup_label") {
      labels[Self.labelKey(row[1].string ?? "", row[2].string, row[3].string ?? "")] = row[0].int
    }
    let (entries, longest) = Self.rolledUp(sessions)
    var days: [Int64: [RollUpDay.Record]] = [:]
    for (id, entry) in entries {
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
      guard let record = try? RollUpDay.Record(entry, session: id, label: label) else {
        throw StoreError.damaged(path: path, detail: "a session too large for the roll-up")
      }
      days[RollUpDay.day(of: record.startedAt), default: []].append(record)
    }
    for (day, records) in days.sorted(by: { $0.key < $1.key }) {
      try rows.change(day) { ($0 + records).sorted(by: RollUpDay.Record.precedes) }
      for activity in Set(records.map(\.activityID)) { try rows.place(activity, on: day) }
    }
    try database.query("UPDATE rollup_state SET longest = max(longest, ?)", [.integer(longest)])
  }

  /// What the roll-up holds of these sessions: each closed one with running time, with its pieces
  /// on every local day it ran on (its tags are not kept); and how long the longest ran.
  static func rolledUp(_ sessions: [Session]) -> (
    entries: [(id: Int64, entry: Report.Entry)], longest: Milliseconds
  ) {
    var entries: [(id: Int64, entry: Report.Entry)] = []
    var longest: Milliseconds = 0
    var midnights = Report.Midnights(zone: .current)
    for session in sessions {
      guard let id = session.id, let end = session.endedAt else { continue }
      let pieces = Report.pieces(
        of: session, from: Instant(milliseconds: .min), until: Instant(milliseconds: .max),
        midnights: &midnights)
      guard !pieces.isEmpty else { continue }
      longest = max(longest, end - session.startedAt)
      var entry = Report.Entry(session, pieces: Report.Pieces(pieces))
      entry.tags = []
      entries.append((id, entry))
    }
    return (entries, longest)
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

/// The roll-up's rows read and written a day at a time, through statements prepared once: a
/// rebuild writes thousands.
private struct RollUpRows {
  let read: Statement
  let write: Statement
  let remove: Statement
  let place: Statement
  let path: String

  init(_ database: Database, path: String) throws {
    read = try database.prepare("SELECT sessions FROM rollup_day WHERE day = ?")
    write = try database.prepare("INSERT OR REPLACE INTO rollup_day VALUES (?, ?)")
    remove = try database.prepare("DELETE FROM rollup_day WHERE day = ?")
    place = try database.prepare("INSERT OR IGNORE INTO rollup_activity VALUES (?, ?)")
    self.path = path
  }

  func finalize() {
    for statement in [read, write, remove, place] { statement.finalize() }
  }

  /// Writes a day's sessions again as `change` makes them; none left removes its row.
  func change(_ day: Int64, _ change: ([RollUpDay.Record]) -> [RollUpDay.Record]) throws {
    try read.reset()
    try read.bind([.integer(day)])
    var records: [RollUpDay.Record] = []
    do {
      if try read.next() { records = try RollUpDay.records(read.blob(0)) }
    } catch is RollUpDay.Malformed {
      throw StoreError.damaged(path: path, detail: "a roll-up row holds unknown values")
    }
    try read.reset()
    records = change(records)
    let statement = records.isEmpty ? remove : write
    try statement.reset()
    try statement.bind(
      records.isEmpty ? [.integer(day)] : [.integer(day), .blob(RollUpDay.Record.blob(records))])
    _ = try statement.next()
  }

  /// Notes that an activity has sessions in a day's row.
  func place(_ activity: String, on day: Int64) throws {
    try place.reset()
    try place.bind([.text(activity), .integer(day)])
    _ = try place.next()
  }
}
