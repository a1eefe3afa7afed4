import CSQLite
import IsletCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The store on disk: one SQLite file in WAL mode, shared by every islet process.
///
/// ```swift
/// let store = try SQLiteActivityStore.openForWriting(path: path)
/// defer { store.close() }
/// let outcome = try IntentDispatcher(store: store, clock: SystemClock()).dispatch(.pause, source: .cli)
/// ```
public final class SQLiteActivityStore: ActivityStore {
  let database: Database
  public let path: String
  public let isReadOnly: Bool
  /// Activities whose roll-up rows this transaction made again (`refreshRollUp`).
  var rollUpRefreshes = 0

  private init(database: Database, path: String, readOnly: Bool) {
    self.database = database
    self.path = path
    self.isReadOnly = readOnly
  }

  /// Opens (creating when missing) the store to write: folders 0700, the file 0600, the schema
  /// migrated forward. A file that is not an Islet store is refused and never written.
  public static func openForWriting(path: String, upTo version: Int64 = Schema.version) throws
    -> SQLiteActivityStore
  {
    do {
      try makeFolders(above: path)
    } catch {
      throw StoreError.unavailable(path: path, detail: error.message)
    }
    // Many first users of a new store at once: one makes and migrates it while the others
    // wait, so none sees it half made (an empty file, a header without tables) and refuses it.
    let setup = FolderLock(folderOf: path, exclusive: true)
    defer { setup.release() }
    let created = try prepareFile(path)
    if created {
      checkedHeaders.withLock { _ = $0.insert(path) }
    } else {
      // The whole file is checked only before a migration rewrites it: a check on every open
      // would cost every intent the whole history. Damage elsewhere is met by what reads it.
      try validate(path, deepBelow: min(version, Schema.version))
    }
    let database = try guarded(path) { try Database(path: path, readOnly: false) }
    let store = SQLiteActivityStore(database: database, path: path, readOnly: false)
    do {
      try guarded(path) {
        // Pages it reads are checked cell by cell, so a writer meets damage before it writes.
        try database.execute("PRAGMA foreign_keys = ON; PRAGMA cell_size_check = ON")
        if try database.query("PRAGMA journal_mode").first?.first?.string != "wal" {
          try database.execute("PRAGMA journal_mode = WAL")
        }
        try store.migrate(upTo: version)
      }
    } catch {
      database.close()
      throw error
    }
    return store
  }

  /// Opens the store to read only, as `status` and `list` do, so readers wake no one.
  /// Nil when there is no store yet: nothing has ever been started.
  public static func openForReading(path: String) throws -> SQLiteActivityStore? {
    do {
      return try openReadOnly(path: path)
    } catch StoreError.foreign {
      // Perhaps a writer is making it just now: look again once it is done. The lock is only
      // waited for, not held: looking again may migrate, which takes it exclusively.
      FolderLock(folderOf: path, exclusive: false).release()
      checkedHeaders.withLock { _ = $0.remove(path) }
      return try openReadOnly(path: path)
    }
  }

  private static func openReadOnly(path: String) throws -> SQLiteActivityStore? {
    var info = stat()
    if stat(path, &info) != 0 {
      if errno == ENOENT { return nil }
      throw StoreError.unavailable(path: path, detail: osDetail())
    }
    try requireRegularFile(path, info)
    if info.st_size == 0 { return nil }
    try checkHeader(path)
    let database = try guarded(path) {
      try Database(path: path, readOnly: true, immutable: isSealed(path))
    }
    do {
      let version = try guarded(path) { try identify(database, path: path) }
      guard let version else {
        database.close()
        return nil
      }
      if version < Schema.version {
        // An older schema: migrate once as a writer, then read as usual.
        database.close()
        try openForWriting(path: path).close()
        return try openForReading(path: path)
      }
    } catch {
      database.close()
      throw error
    }
    return SQLiteActivityStore(database: database, path: path, readOnly: true)
  }

  public func close() { database.close() }

  /// Whether the store at `path` is a copy no writer can have open: no `-wal` or `-shm` beside
  /// it, in a folder that may not be written (by its mode, even for root, or its file system).
  /// SQLite cannot make there the `-shm` a reader of a WAL store needs, so readers read the
  /// file as one that cannot change; and nothing of Islet's is made beside it.
  public static func isSealed(_ path: String) -> Bool {
    var info = stat()
    if stat(path + "-wal", &info) == 0 || stat(path + "-shm", &info) == 0 { return false }
    let folder = StoreLocation.parent(of: path)
    if access(folder, W_OK) != 0 { return errno == EACCES || errno == EROFS }
    return stat(folder, &info) == 0 && info.st_mode & 0o222 == 0
  }

  // MARK: - ActivityStore

  public func transaction<T>(_ body: () throws -> T) throws -> T {
    try guarded { try database.execute("BEGIN IMMEDIATE") }
    rollUpRefreshes = 0
    do {
      let result = try body()
      try guarded { try database.execute("COMMIT") }
      return result
    } catch {
      try? database.execute("ROLLBACK")
      throw error
    }
  }

  static let columns = """
    id, revision, created_at, ended_at, icon, record_id, owner, mode, full_duration, stale_after,
    name, category, started_at, paused_at, duration, phase, stale_date, relevance, touched_at,
    idle_limit, plan_name, plan, plan_part, plan_round, plan_worked, lap_count, lap_split, lap_last,
    run_started_at, expected, tmux_socket, tmux_pane, posted_text, posted_percent, attention, buttons,
    exit_status, exit_signal, terminal_tty, terminal_kind, tags, away_since, away_back, away_paused,
    switches
    """

  static let eventColumns = """
    activity_id, kind, phase, elapsed_ms, source, at, name, plan_name, segment, segment_kind,
    segment_icon, round, rounds, next_segment, next_duration, category, edited, detail
    """

  public func liveActivities() throws -> [Activity] {
    try activities(where: "phase IN ('pending', 'idle', 'active', 'paused', 'finished')")
  }

  /// Every activity, the ended ones too, oldest first.
  public func allActivities() throws -> [Activity] {
    try activities(where: "1")
  }

  /// Every activity with history left, oldest first: what `list --all` shows. One whose
  /// sessions were all forgotten keeps its row (its `forgotten` event names it) but no more.
  public func rememberedActivities() throws -> [Activity] {
    try activities(
      where: """
        phase IN ('pending', 'idle', 'active', 'paused', 'finished') OR EXISTS (SELECT 1 FROM event
        WHERE event.activity_id = activity.id AND kind NOT IN ('edited', 'forgotten'))
        """)
  }

  /// The stopwatch stopped last (completed, ended or expired; not a plan's run nor a
  /// program's, `islet run`'s, nor a pending start cancelled before it ran): what `islet
  /// continue` resumes. Nil when there is none.
  public func lastStopped() throws -> Activity? {
    try activities(
      where: """
        id = (SELECT id FROM activity WHERE phase IN ('completed', 'ended', 'expired')
        AND mode = 'stopwatch' AND plan IS NULL AND NOT EXISTS (SELECT 1 FROM event
        WHERE event.activity_id = activity.id AND kind = 'started' AND source = 'run')
        AND EXISTS (SELECT 1 FROM event WHERE event.activity_id = activity.id AND kind = 'started')
        ORDER BY ended_at DESC, created_at DESC, id DESC LIMIT 1)
        """
    ).first
  }

  public func activity(id: String) throws -> Activity? {
    try activities(where: "id = ?", [.text(id)]).first
  }

  public func insert(_ activity: Activity) throws {
    let values = Self.values(of: activity)
    _ = try guarded {
      try database.query(
        "INSERT INTO activity (\(Self.columns)) VALUES (\(values.map { _ in "?" }.joined(separator: ", ")))",
        values)
    }
  }

  public func save(_ activity: Activity) throws -> Bool {
    let values = Self.values(of: activity)
    let assignments = Self.columns.split(separator: ",").dropFirst(2)
      .map { "\($0.trimmingCharacters()) = ?" }.joined(separator: ", ")
    return try guarded {
      try database.query(
        "UPDATE activity SET revision = revision + 1, \(assignments) WHERE id = ? AND revision = ?",
        Array(values.dropFirst(2)) + [.text(activity.id), .integer(activity.revision)])
      return database.changes == 1
    }
  }

  public func append(_ events: [Event]) throws -> [Event] {
    try guarded {
      let numbered = try events.map { event in
        let plan = event.plan
        let values: [Value] = [
          .text(event.activityID), .text(event.kind.rawValue), .text(event.phase.rawValue),
          .integer(event.elapsed), .text(event.source.rawValue), .integer(event.at.milliseconds),
          .text(event.name), Value(plan?.name), Value(plan?.segment), Value(plan?.kind.rawValue),
          Value(plan?.icon), Value(plan.map { Int64($0.round) }), Value(plan.map { Int64($0.rounds) }),
          Value(plan?.next?.segment), Value(plan?.next?.duration), Value(event.category),
          .integer(event.edited ? 1 : 0), Value(event.detail),
        ]
        try database.query(
          "INSERT INTO event (\(Self.eventColumns)) VALUES (\(values.map { _ in "?" }.joined(separator: ", ")))",
          values)
        var numbered = event
        numbered.seq = database.lastInsertRowID
        return numbered
      }
      // A closed or renamed run changes what the roll-up holds of its activity.
      try refreshRollUp(
        activities: events.filter { $0.kind.closesRun || $0.kind == .updated }.map(\.activityID))
      return numbered
    }
  }

  // MARK: - History

  public func events(from start: Instant, through end: Instant) throws -> [Event] {
    try history(since: start, until: end)
  }

  /// The history, oldest first, optionally from an instant on (and up to one), for one
  /// activity, or after a sequence number.
  public func history(
    since: Instant? = nil, until: Instant? = nil, activityID: String? = nil, after seq: Int64 = 0
  ) throws -> [Event] {
    let (sql, values) = Self.historyQuery(since: since, until: until, activityID: activityID, after: seq)
    return try events(from: try guarded { try database.query(sql, values) })
  }

  /// `history`'s statement and its values.
  static func historyQuery(since: Instant?, until: Instant?, activityID: String?, after seq: Int64)
    -> (String, [Value])
  {
    // `seq > 0` would make SQLite walk the whole table by seq rather than use an index.
    var conditions = seq > 0 ? ["seq > ?"] : ["1"]
    var values: [Value] = seq > 0 ? [.integer(seq)] : []
    if let since {
      conditions.append("at >= ?")
      values.append(.integer(since.milliseconds))
    }
    if let until {
      conditions.append("at <= ?")
      values.append(.integer(until.milliseconds))
    }
    if let activityID {
      conditions.append("activity_id = ?")
      values.append(.text(activityID))
    }
    // Without statistics SQLite guesses an open range (`at >= ?`) keeps a quarter of the rows,
    // and walks the whole table in seq order rather than sort what the index finds.
    let index = since != nil && activityID == nil ? " INDEXED BY event_at" : ""
    let sql = """
      SELECT seq, \(eventColumns) FROM event\(index)
      WHERE \(conditions.joined(separator: " AND ")) ORDER BY seq
      """
    return (sql, values)
  }

  /// The events that tell every run overlapping a window, oldest first: each event from
  /// `since` through `until` (nil: unbounded), and, for each activity with an event in it, live,
  /// or running through it (begun before, closed after), its events back to its last run
  /// opened at or before `since`. Read through the indexes: its cost follows the window (and
  /// the activities ended since), not the history.
  ///
  /// ```swift
  /// let week = try store.history(runsOverlapping: now - 7 * 86_400_000, until: nil)
  /// ```
  public func history(runsOverlapping since: Instant?, until: Instant?) throws -> [Event] {
    // The whole history, or all of it from a start on: every run is whole already.
    if since == nil && until == nil { return try history() }
    let from = Value.integer(since?.milliseconds ?? .min)
    let to = Value.integer(until?.milliseconds ?? .max)
    let rows = try guarded {
      // Simple statements, each prepared once: one statement of them all cost more to parse
      // than to run on a week of a ten-year store.
      var rows = try database.query(Self.windowQuery, [from, to])
      var ids: [String] = []
      var seen: Set<String> = []
      func add(_ id: String?) { if let id, seen.insert(id).inserted { ids.append(id) } }
      for row in rows { add(row[1].string) }
      for row in try database.query(Self.goingOnQuery, [from, to]) { add(row[0].string) }
      for (edge, sql) in [
        (since.map { _ in from }, Self.openingQuery), (until.map { _ in to }, Self.closingQuery),
      ] {
        guard let edge, !ids.isEmpty else { continue }
        let statement = try database.prepare(sql)
        defer { statement.finalize() }
        for id in ids {
          try statement.reset()
          try statement.bind([.text(id), edge])
          while let row = try statement.step() { rows.append(row) }
        }
      }
      // The three sets lie apart in time (before, inside, after the window): none is read twice.
      return rows.sorted { ($0[0].int ?? 0) < ($1[0].int ?? 0) }
    }
    return try events(from: rows)
  }

  /// The window's events, ?1 its start and ?2 its end: by time (see `historyQuery`).
  static let windowQuery = """
    SELECT seq, \(eventColumns) FROM event INDEXED BY event_at WHERE at >= ?1 AND at <= ?2
    """

  /// The activities going on through the window with no event inside it: ended since its
  /// start, or live, and made by its end.
  static let goingOnQuery = """
    SELECT id FROM activity WHERE (ended_at >= ?1 OR ended_at IS NULL) AND created_at <= ?2
    """

  /// One activity's (?1) events before the window's start (?2), back to its last run opened at
  /// or before it, so that a run going on at the start is whole.
  static let openingQuery = """
    SELECT seq, \(eventColumns) FROM event WHERE activity_id = ?1 AND at < ?2 AND seq >= (
      SELECT max(seq) FROM event WHERE activity_id = ?1 AND at <= ?2 AND kind IN (\(kinds(\.opensRun))))
    """

  /// One activity's (?1) events after the window's end (?2), up to its first close after it
  /// (all of them for a run still going), so that a run going on at the end is whole.
  static let closingQuery = """
    SELECT seq, \(eventColumns) FROM event WHERE activity_id = ?1 AND at > ?2 AND seq <= coalesce((
      SELECT min(seq) FROM event WHERE activity_id = ?1 AND at > ?2 AND kind IN (\(kinds(\.closesRun)))),
      \(Int64.max))
    """

  /// Event kinds as an SQL list: `'started', 'segment-started'`.
  private static func kinds(_ which: (EventKind) -> Bool) -> String {
    EventKind.allCases.filter(which).map { "'\($0.rawValue)'" }.joined(separator: ", ")
  }

  private func events(from rows: [Row]) throws -> [Event] {
    try rows.map { row in
      guard let kind = row[2].string.flatMap(EventKind.init(rawValue:)),
        let phase = row[3].string.flatMap(Phase.init(rawValue:)),
        let source = row[5].string.flatMap(Source.init(rawValue:)),
        let activityID = row[1].string, let elapsed = row[4].int, let at = row[6].instant
      else { throw StoreError.damaged(path: path, detail: "an event row holds unknown values") }
      var plan: PlanPosition?
      if let planName = row[8].string {
        guard let segment = row[9].string,
          let segmentKind = row[10].string.flatMap(SegmentKind.init(rawValue:)),
          let round = row[12].int, let rounds = row[13].int
        else { throw StoreError.damaged(path: path, detail: "an event row holds an unknown plan place") }
        plan = PlanPosition(
          name: planName, segment: segment, kind: segmentKind, icon: row[11].string ?? "timer",
          round: Int(round), rounds: Int(rounds),
          next: row[14].string.map { NextSegment(segment: $0, duration: row[15].int ?? 0) })
      }
      return Event(
        seq: row[0].int, activityID: activityID, kind: kind, phase: phase, elapsed: elapsed,
        source: source, at: at, name: row[7].string ?? "", category: row[16].string, plan: plan,
        edited: (row[17].int ?? 0) != 0, detail: row[18].string)
    }
  }

  // MARK: - Corrections

  /// Rewrites recorded events in place (their time, elapsed, name, category and edited mark),
  /// by sequence number: what `islet edit` changes. Call it inside `transaction`.
  public func rewrite(_ events: [Event]) throws {
    try guarded {
      for event in events {
        guard let seq = event.seq else { continue }
        try database.query(
          "UPDATE event SET at = ?, elapsed_ms = ?, name = ?, category = ?, edited = ? WHERE seq = ?",
          [
            .integer(event.at.milliseconds), .integer(event.elapsed), .text(event.name),
            Value(event.category),
            .integer(event.edited ? 1 : 0), .integer(seq),
          ])
      }
      try refreshRollUp(activities: events.filter { $0.seq != nil }.map(\.activityID))
    }
  }

  /// Removes recorded events: what `islet forget` does. Call it inside `transaction`.
  public func delete(seqs: [Int64]) throws {
    try guarded {
      let activities = try activities(ofEvents: seqs)
      for seq in seqs { try database.query("DELETE FROM event WHERE seq = ?", [.integer(seq)]) }
      try refreshRollUp(activities: activities)
    }
  }

  /// The activity whose event has this sequence number; nil when there is none.
  public func activity(ofEvent seq: Int64) throws -> Activity? {
    let rows = try guarded {
      try database.query("SELECT activity_id FROM event WHERE seq = ?", [.integer(seq)])
    }
    return try rows.first?.first?.string.flatMap { try activity(id: $0) }
  }

  /// The activities that ended before `instant`, oldest first (through the index on their end).
  public func activities(endedBefore instant: Instant) throws -> [Activity] {
    try activities(where: "ended_at < ?", [.integer(instant.milliseconds)])
  }

  /// The newest activity the history has a lap of; nil when none has any.
  public func lastLapped() throws -> Activity? {
    let rows = try guarded {
      try database.query("SELECT activity_id FROM event WHERE kind = 'lapped' ORDER BY seq DESC LIMIT 1")
    }
    return try rows.first?.first?.string.flatMap { try activity(id: $0) }
  }

  /// The newest activity with this name (any case), ended ones too; nil when there is none.
  public func lastActivity(named name: String) throws -> Activity? {
    try activities(where: "name = ? COLLATE NOCASE", [.text(name)]).last
  }

  /// How long the last `limit` successful runs of `islet run` named `name` took, newest first.
  public func recentRunLengths(named name: String, limit: Int = 5) throws -> RunLengths {
    let rows = try guarded {
      try database.query(
        "SELECT elapsed_ms FROM event WHERE kind = 'completed' AND source = 'run' AND name = ? ORDER BY seq DESC LIMIT ?",
        [.text(name), .integer(Int64(limit))])
    }
    return RunLengths(rows.compactMap { $0[0].int })
  }

  /// Bumps the pulse: a change that records no event (a posted progress), for followers.
  public func markChanged() throws {
    try guarded { _ = try database.query("UPDATE pulse SET seq = seq + 1") }
  }

  /// Bumped by each change that records no event.
  public func pulse() throws -> Int64 {
    return try guarded { try database.query("SELECT seq FROM pulse").first?[0].int ?? 0 }
  }

  /// The newest event's sequence number (0 when the history is empty).
  public func lastEventSeq() throws -> Int64 {
    try guarded { try database.query("SELECT coalesce(max(seq), 0) FROM event").first?.first?.int ?? 0 }
  }

  /// Changes whenever another connection commits: the store follower's confirmation.
  public func dataVersion() throws -> Int64 {
    try guarded { try database.query("PRAGMA data_version").first?.first?.int ?? 0 }
  }

  /// Keeps the text of every statement this connection runs from now on, in
  /// `takeRecordedStatements`: what a test counts to hold a path to its reads.
  public func recordStatements() { database.record() }

  /// The statements run since `recordStatements`, oldest first; emptied by reading them.
  public func takeRecordedStatements() -> [String] { database.takeRecorded() }

  // MARK: - Rows

  private func activities(where condition: String, _ values: [Value] = []) throws -> [Activity] {
    let rows = try guarded {
      try database.query(
        "SELECT \(Self.columns) FROM activity WHERE \(condition) ORDER BY created_at, id", values)
    }
    return try rows.map { row in
      guard let activity = Self.activity(from: row) else {
        throw StoreError.damaged(path: path, detail: "an activity row holds unknown values")
      }
      return activity
    }
  }

  static func values(of activity: Activity) -> [Value] {
    let a = activity.attributes
    let s = activity.state
    return [
      .text(activity.id), .integer(activity.revision), Value(activity.createdAt),
      Value(activity.endedAt), .text(a.icon), Value(a.recordID), Value(a.owner),
      .text(a.mode.rawValue), Value(a.fullDuration), Value(a.staleAfter), .text(s.name),
      Value(s.category), Value(s.startedAt), Value(s.pausedAt), Value(s.duration),
      .text(s.phase.rawValue), Value(s.staleDate), .real(s.relevance), Value(s.touchedAt),
      Value(s.idleLimit), Value(a.plan?.name), Value(a.plan?.definition), Value(s.progress?.part.rawValue),
      Value(s.progress.map { Int64($0.round) }), Value(s.progress.map { Int64($0.worked) }),
      .integer(Int64(s.laps.count)), .integer(s.laps.lastSplit), Value(s.laps.last), Value(s.runStartedAt),
      Value(a.expected), Value(a.origin?.tmuxSocket), Value(a.origin?.tmuxPane), Value(s.posted.text),
      Value(s.posted.percent.map(Int64.init)), Value(s.posted.attention),
      Value(Self.encode(s.posted.buttons)),
      Value(exitStatus(s.exit)), Value(exitSignal(s.exit)),
      Value(a.terminal?.tty), Value(a.terminal?.storedKind), Value(encode(tags: a.tags)),
      Value(s.away?.since), Value(s.away?.back), .integer(s.away?.paused == true ? 1 : 0),
      .integer(a.switches ? 1 : 0),
    ]
  }

  /// Tags one a line (no tag holds a line break: `UserText`); nil for none.
  static func encode(tags: [String]) -> String? {
    tags.isEmpty ? nil : tags.joined(separator: "\n")
  }

  static func decode(tags text: String?) -> [String] {
    text.map { $0.split(separator: "\n").map(String.init) } ?? []
  }

  /// The tags of every activity that has any, by its id: what `log` and `report` match
  /// `--only` and `--exclude` against and `log` shows beside each session.
  public func tagsByActivity() throws -> [String: [String]] {
    let rows = try guarded { try database.query("SELECT id, tags FROM activity WHERE tags IS NOT NULL") }
    var tags: [String: [String]] = [:]
    for row in rows {
      guard let id = row[0].string else { continue }
      tags[id] = Self.decode(tags: row[1].string)
    }
    return tags
  }

  private static func exitStatus(_ exit: CommandExit?) -> Int64? {
    if case .status(let status) = exit { return Int64(status) }
    return nil
  }

  private static func exitSignal(_ exit: CommandExit?) -> Int64? {
    if case .signal(let signal) = exit { return Int64(signal) }
    return nil
  }

  /// Buttons as `label US command`, each ended by RS (control characters no label or command
  /// may hold); nil for none.
  static func encode(_ buttons: [ActivityButton]) -> String? {
    guard !buttons.isEmpty else { return nil }
    return buttons.map { $0.label + "\u{1F}" + $0.command + "\u{1E}" }.joined()
  }

  static func decodeButtons(_ text: String?) -> [ActivityButton]? {
    guard let text else { return [] }
    var buttons: [ActivityButton] = []
    for record in text.split(separator: "\u{1E}", omittingEmptySubsequences: true) {
      let parts = record.split(separator: "\u{1F}", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      buttons.append(ActivityButton(label: String(parts[0]), command: String(parts[1])))
    }
    return buttons
  }

  static func activity(from row: Row) -> Activity? {
    guard row.count == 45, let buttons = decodeButtons(row[35].string), let id = row[0].string,
      let revision = row[1].int,
      let createdAt = row[2].instant, let icon = row[4].string,
      let mode = row[7].string.flatMap(Mode.init(rawValue:)), let name = row[10].string,
      let startedAt = row[12].instant, let phase = row[15].string.flatMap(Phase.init(rawValue:)),
      let relevance = row[17].double, let touchedAt = row[18].instant
    else { return nil }
    var plan: Plan?
    var progress: PlanProgress?
    if let planName = row[20].string {
      guard let definition = row[21].string,
        case .success(let parsed) = Plan.parse(name: planName, definition: definition),
        let part = row[22].string.flatMap(PlanProgress.Part.init(rawValue:)), let round = row[23].int,
        let worked = row[24].int
      else { return nil }
      plan = parsed
      progress = PlanProgress(part: part, round: Int(round), worked: Int(worked))
    }
    return Activity(
      id: id,
      attributes: ActivityAttributes(
        icon: icon, recordID: row[5].string, owner: row[6].string, mode: mode,
        fullDuration: row[8].int, staleAfter: row[9].int, plan: plan, expected: row[29].int,
        origin: origin(socket: row[30].string, pane: row[31].string),
        terminal: row[38].string.flatMap { tty in
          row[39].string.flatMap { Terminal(tty: tty, storedKind: $0) }
        },
        tags: decode(tags: row[40].string), switches: (row[44].int ?? 0) != 0),
      state: ContentState(
        name: name, category: row[11].string, startedAt: startedAt, pausedAt: row[13].instant,
        duration: row[14].int, phase: phase, staleDate: row[16].instant, relevance: relevance,
        touchedAt: touchedAt, idleLimit: row[19].int, progress: progress,
        laps: LapMarks(count: Int(row[25].int ?? 0), lastSplit: row[26].int ?? 0, last: row[27].int),
        runStartedAt: row[28].instant,
        posted: Posted(
          text: row[32].string, percent: row[33].int.map { Int(clamping: $0) }, attention: row[34].string,
          buttons: buttons),
        exit: row[36].int.map { .status(Int32(clamping: $0)) }
          ?? row[37].int.map { .signal(Int32(clamping: $0)) },
        away: row[41].instant.map { Away(since: $0, back: row[42].instant, paused: (row[43].int ?? 0) != 0) }),
      createdAt: createdAt, endedAt: row[3].instant, revision: revision)
  }

  private static func origin(socket: String?, pane: String?) -> Origin? {
    guard let socket, let pane else { return nil }
    return Origin(tmuxSocket: socket, tmuxPane: pane)
  }

  // MARK: - Checking

  /// What `check` found in a sound store.
  public struct Soundness: Equatable, Sendable {
    public var activities: Int64
    public var events: Int64
    public var schema: Int64
    /// How the daily roll-up differs from what the history gives (`rollUpDisagreement`); nil
    /// when it agrees, or is stale and to be built again by the next long report.
    public var rollUp: String? = nil
  }

  /// Checks the whole file through a read-only connection, as it is (an older schema is not
  /// migrated): `integrity_check`, which also compares every index with its table, so an index
  /// that lost rows (a `log --since` that would miss events) is found too; then the daily
  /// roll-up against the history (`Soundness.rollUp`). Throws `StoreError.damaged` naming the
  /// first problem, `.unavailable` when there is no store.
  public static func check(path: String) throws -> Soundness {
    var info = stat()
    guard stat(path, &info) == 0 else {
      if errno == ENOENT {
        throw StoreError.unavailable(
          path: path, detail: "there is no store here; nothing has been started with it")
      }
      throw StoreError.unavailable(path: path, detail: osDetail())
    }
    try requireRegularFile(path, info)
    // As every reader takes it: an empty file is a store nothing has been started with yet.
    if info.st_size == 0 {
      throw StoreError.unavailable(path: path, detail: "the file is empty; nothing has been started with it")
    }
    try checkHeader(path)
    let database = try guarded(path) { try Database(path: path, readOnly: true) }
    defer { database.close() }
    return try guarded(path) {
      guard let schema = try identify(database, path: path) else {
        throw StoreError.unavailable(
          path: path, detail: "the file is empty; nothing has been started with it")
      }
      // One finding a line, after SQLite's "*** in database main ***" header.
      let findings = try database.query("PRAGMA integrity_check").compactMap { $0.first?.string }
        .flatMap { $0.split(separator: "\n").map(String.init) }.filter { !$0.hasPrefix("*** in database") }
      if findings != ["ok"] {
        let more = findings.count > 1 ? " (and \(findings.count - 1) more)" : ""
        throw StoreError.damaged(
          path: path, detail: printable(findings.first ?? "no verdict", limit: 120) + more)
      }
      let count = { (table: String) in
        try database.query("SELECT count(*) FROM \(table)").first?.first?.int ?? 0
      }
      var found = Soundness(activities: try count("activity"), events: try count("event"), schema: schema)
      // An older schema's roll-up is built again after its migration: only the current one's is read.
      if schema == Schema.version {
        found.rollUp = try SQLiteActivityStore(database: database, path: path, readOnly: true)
          .rollUpDisagreement()
      }
      return found
    }
  }

  // MARK: - Opening safely

  private func migrate(upTo target: Int64) throws {
    // Read first: a store already at its version is not written, nor locked to write (an
    // empty write transaction on every open cost every intent two statements and the lock).
    let current = try Self.identify(database, path: path) ?? 0
    if current > Schema.version { throw StoreError.newer(path: path, version: current) }
    guard current < min(target, Schema.version) else { return }
    try transaction {
      let version = try Self.identify(database, path: path) ?? 0
      if version > Schema.version { throw StoreError.newer(path: path, version: version) }
      for step in Int(version)..<Int(min(target, Schema.version)) {
        try database.execute(Schema.migrations[step])
        try database.execute("PRAGMA user_version = \(step + 1)")
      }
    }
  }

  /// The schema version of an Islet store; nil for a brand-new empty database; throws for
  /// another program's database or a newer Islet's.
  static func identify(_ database: Database, path: String) throws -> Int64? {
    let applicationID = try database.query("PRAGMA application_id").first?.first?.int ?? 0
    let version = try database.query("PRAGMA user_version").first?.first?.int ?? 0
    if applicationID == 0 {
      let tables = try database.query("SELECT count(*) FROM sqlite_master").first?.first?.int ?? 0
      if tables == 0 && version == 0 { return nil }
      throw StoreError.foreign(path: path, detail: "another program's SQLite database")
    }
    guard applicationID == Int64(Schema.applicationID) else {
      throw StoreError.foreign(path: path, detail: "another program's SQLite database")
    }
    if version > Schema.version { throw StoreError.newer(path: path, version: version) }
    return version
  }

  /// A store is a plain file: not a folder, and not a device or a pipe (`/dev/null` would
  /// swallow every intent and read as empty).
  private static func requireRegularFile(_ path: String, _ info: stat) throws {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFDIR: throw StoreError.unavailable(path: path, detail: "it is a directory; give a file path")
    default: throw StoreError.unavailable(path: path, detail: "it is not a regular file; give a file path")
    }
  }

  /// What the system said, with what to do when it is about permission.
  private static func osDetail() -> String {
    let code = errno
    let said = String(cString: strerror(code))
    switch code {
    case EACCES, EPERM, EROFS: return said + "; use --db to choose a store you may read and write"
    default: return said
    }
  }

  /// Makes the folders (0700) and the file (0600) when missing. True when the file is new.
  private static func prepareFile(_ path: String) throws -> Bool {
    var info = stat()
    if stat(path, &info) == 0 {
      try requireRegularFile(path, info)
      if access(path, R_OK | W_OK) != 0 {
        throw StoreError.unavailable(path: path, detail: osDetail())
      }
      return info.st_size == 0
    }
    let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if fd < 0 {
      if errno == EEXIST { return false }
      throw StoreError.unavailable(path: path, detail: osDetail())
    }
    Glibc.close(fd)
    return true
  }

  /// A `flock` on the store's folder, held while a store is made and migrated. It is not the
  /// file's own: closing any descriptor of the database file would drop SQLite's locks on it.
  private struct FolderLock {
    let fd: Int32

    init(folderOf path: String, exclusive: Bool) {
      fd = open(StoreLocation.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      // A folder one may not read cannot be locked; setting up then goes on unguarded.
      guard fd >= 0 else { return }
      while flock(fd, exclusive ? LOCK_EX : LOCK_SH) != 0 && errno == EINTR {}
    }

    func release() { if fd >= 0 { Glibc.close(fd) } }
  }

  /// Paths whose header this process has read. Closing a plain descriptor of a database file
  /// drops every POSIX lock the process holds on it, SQLite's included; so the header is read
  /// once, before this process opens any connection to the file.
  private static let checkedHeaders = Mutex<Set<String>>([])

  /// Refuses a file that is not SQLite at all, before SQLite ever opens it.
  private static func checkHeader(_ path: String) throws {
    if checkedHeaders.withLock({ $0.contains(path) }) { return }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else {
      throw StoreError.unavailable(path: path, detail: osDetail())
    }
    defer { Glibc.close(fd) }
    var header = [UInt8](repeating: 0, count: 16)
    let count = read(fd, &header, 16)
    if count < 0 {
      throw StoreError.unavailable(path: path, detail: osDetail())
    }
    if count > 0 && count < 16 || header != Array("SQLite format 3\0".utf8) {
      throw StoreError.foreign(path: path, detail: "not a SQLite database")
    }
    checkedHeaders.withLock { _ = $0.insert(path) }
  }

  /// Checks an existing file through a read-only connection, so that nothing is written to a
  /// file that turns out not to be ours (a read-write close could checkpoint its journal); the
  /// whole file (`quick_check`) when its schema is older than `target`, so a damaged file is
  /// never migrated.
  private static func validate(_ path: String, deepBelow target: Int64) throws {
    try checkHeader(path)
    let database = try guarded(path) { try Database(path: path, readOnly: true) }
    defer { database.close() }
    try guarded(path) {
      guard let version = try identify(database, path: path), version < target else { return }
      let findings = try database.query("PRAGMA quick_check").compactMap { $0.first?.string }
      if findings != ["ok"] {
        throw StoreError.damaged(path: path, detail: printable(findings.first ?? "no verdict"))
      }
    }
  }

  func guarded<T>(_ body: () throws -> T) throws -> T {
    try Self.guarded(path, body)
  }

  /// Turns SQLite's failures into the store's errors with their exit statuses.
  static func guarded<T>(_ path: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let failure as Database.Failure {
      if failure.isDamage {
        if failure.code & 0xFF == SQLITE_NOTADB {
          throw StoreError.foreign(path: path, detail: "not a SQLite database")
        }
        throw StoreError.damaged(path: path, detail: failure.message)
      }
      throw StoreError.unavailable(path: path, detail: failure.message)
    }
  }
}

extension Substring {
  /// Walks in from both ends: a String made from a reversed walk goes character by character
  /// through generic code, a tenth of an intent's instructions.
  fileprivate func trimmingCharacters() -> String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
