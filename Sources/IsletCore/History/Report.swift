/// Time per day and per week over a stretch of local time, by name or by category: what
/// `islet report` draws as a chart and prints as JSON or CSV. A session's running time is cut
/// at local midnights, so a run across midnight counts on both days; only what lies inside the
/// report's stretch counts. Discarded runs (reset) and what totals leave out (breaks, warm-ups,
/// cool-downs, skipped segments) are added up apart.
///
/// ```swift
/// let report = Report(sessions: sessions, by: .category, from: monday, until: now, zone: .current)
/// report.days.first?.elapsed  // the first day's counted time
/// ```
public struct Report: Equatable, Sendable {
  public enum Grouping: String, CaseIterable, Sendable {
    case name, category
  }

  /// The time of one name or category.
  public struct Total: Equatable, Sendable {
    /// How it is shown: the first spelling met of a name (names are grouped ignoring case), a
    /// plan's run with its segment ("Pomodoro · Focus"); nil for no category.
    public var label: String?
    public var elapsed: Milliseconds
    /// The sessions with time in the stretch.
    public var sessions: Int
  }

  /// A day, or a week starting on Monday: its counted time per group, most first.
  public struct Period: Equatable, Sendable {
    /// The day (days since 1970-01-01, local); a week's Monday.
    public var day: Int64
    public var totals: [Total]
    public var elapsed: Milliseconds { totals.reduce(0) { $0 + $1.elapsed } }
  }

  public var grouping: Grouping
  /// The stretch reported, `from ..< until`.
  public var from: Instant
  public var until: Instant
  /// Its first and last local days.
  public var firstDay: Int64
  public var lastDay: Int64
  /// Counted time per group over the whole stretch, most first.
  public var totals: [Total]
  /// Only the days and weeks with counted time, oldest first.
  public var days: [Period]
  public var weeks: [Period]
  /// Runs thrown away by reset, per group.
  public var discarded: [Total]
  /// What the totals leave out, per plan segment: breaks, warm-ups, cool-downs, skipped ones.
  public var uncounted: [Total]

  public var elapsed: Milliseconds { totals.reduce(0) { $0 + $1.elapsed } }

  /// Sessions edited afterwards (`islet edit`) and runs that failed, among those with time in
  /// the stretch: what the report says it counts as corrected, and as time though failed.
  public var edited: Int
  public var failed: Int

  public init(
    sessions: [Session], by grouping: Grouping, from: Instant, until: Instant, zone: LocalZone
  ) {
    var midnights = Midnights(zone: zone)
    let entries = sessions.map { session in
      Entry(
        session,
        pieces: Pieces(Self.pieces(of: session, from: from, until: max(from, until), midnights: &midnights)))
    }
    self.init(entries: entries, by: grouping, from: from, until: until, zone: zone)
  }

  /// Nothing yet over the stretch.
  private init(empty grouping: Grouping, from: Instant, until: Instant, zone: LocalZone) {
    self.grouping = grouping
    self.from = from
    self.until = max(from, until)
    firstDay = zone.day(of: from)
    lastDay = zone.day(of: max(from, self.until - 1))
    totals = []
    days = []
    weeks = []
    discarded = []
    uncounted = []
    edited = 0
    failed = 0
  }

  /// The report of entries whose pieces already lie inside the stretch, in the order the
  /// sessions began (the first met of a group names it).
  public init(entries: [Entry], by grouping: Grouping, from: Instant, until: Instant, zone: LocalZone) {
    var adder = Adder(by: grouping, from: from, until: until, zone: zone)
    for entry in entries { adder.add(entry) }
    self = adder.report
  }

  /// A report made an entry at a time, in report order: for a reader that hands them on as it
  /// reads them rather than keep tens of thousands.
  public struct Adder {
    var partial: Report
    var counted = Tally()
    var discarded = Tally()
    var uncounted = Tally()
    var days = Periods()
    var weeks = Periods()
    var folds = Folds()

    public init(by grouping: Grouping, from: Instant, until: Instant, zone: LocalZone) {
      partial = Report(empty: grouping, from: from, until: until, zone: zone)
    }

    public mutating func add(_ entry: Entry) {
      guard !entry.pieces.isEmpty else { return }
      if entry.edited { partial.edited += 1 }
      if entry.failed { partial.failed += 1 }
      let keys = folds.keys(of: entry)
      let key = partial.grouping == .name ? keys.title : keys.category
      let total = entry.pieces.reduce(0) { $0 + $1.length }
      switch entry.kind {
      case .discarded: discarded.add(key, total)
      case .uncounted: uncounted.add(keys.title, total)
      case .counted:
        counted.add(key, total)
        // A session counts once in each day and each week it has time in.
        var week: (monday: Int64, length: Milliseconds)?
        for piece in entry.pieces {
          days.add(piece.day, key, piece.length)
          let monday = LocalZone.monday(of: piece.day)
          if let last = week, last.monday != monday { weeks.add(last.monday, key, last.length) }
          week = (monday, (week?.monday == monday ? week?.length ?? 0 : 0) + piece.length)
        }
        if let week { weeks.add(week.monday, key, week.length) }
      }
    }

    /// The report of the entries added so far.
    public var report: Report {
      var report = partial
      report.totals = counted.totals(folds)
      report.discarded = discarded.totals(folds)
      report.uncounted = uncounted.totals(folds)
      report.days = days.periods(folds)
      report.weeks = weeks.periods(folds)
      return report
    }
  }

  /// One session as a report adds it up: what it is grouped by, how it counts, and its running
  /// time per local day. Made from a `Session`, or read back from the store's roll-up.
  public struct Entry: Equatable, Sendable {
    public enum Kind: Int, Sendable {
      /// Counted time; a run thrown away by reset; a plan's break, warm-up, cool-down or
      /// skipped segment.
      case counted = 0, discarded, uncounted
    }

    /// The session's id (its first event's `seq`); nil for one not recorded yet.
    public var id: Int64?
    public var activityID: String
    public var startedAt: Instant
    public var name: String
    public var category: String?
    /// `Session.title`: the name, and a plan's segment label.
    public var title: String
    public var kind: Kind
    public var edited: Bool
    public var failed: Bool
    /// Its running time per local day, oldest first, one piece a day.
    public var pieces: Pieces
    /// Its activity's tags, filled in by the reader that matches them.
    public var tags: [String] = []
    /// A number the reader gives every entry of the same name, category and title (the
    /// roll-up's label), so that a report finds their groups by it; nil for none.
    public var label: Int?

    public init(
      id: Int64?, activityID: String, startedAt: Instant, name: String, category: String?, title: String,
      kind: Kind, edited: Bool, failed: Bool, pieces: Pieces
    ) {
      self.id = id
      self.activityID = activityID
      self.startedAt = startedAt
      self.name = name
      self.category = category
      self.title = title
      self.kind = kind
      self.edited = edited
      self.failed = failed
      self.pieces = pieces
    }

    public init(_ session: Session, pieces: Pieces) {
      self.init(
        id: session.id, activityID: session.activityID, startedAt: session.startedAt, name: session.name,
        category: session.category, title: session.title,
        kind: session.isDiscarded ? .discarded : session.counts ? .counted : .uncounted,
        edited: session.edited, failed: session.outcome == EventKind.failed.rawValue, pieces: pieces)
      tags = session.tags
    }

    /// The order sessions are reported in: `SessionLog.sessions`', then by id.
    public static func precedes(_ a: Entry, _ b: Entry) -> Bool {
      (a.startedAt, a.activityID, a.id ?? .max) < (b.startedAt, b.activityID, b.id ?? .max)
    }
  }

  /// A session's pieces, oldest first, the first kept in place: most sessions run on one day,
  /// and an array each cost a report over years more than adding them up.
  public struct Pieces: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    var head: Piece?
    var rest: [Piece] = []

    public init(_ pieces: [Piece]) {
      head = pieces.first
      rest = Array(pieces.dropFirst())
    }

    public init(arrayLiteral pieces: Piece...) { self.init(pieces) }

    /// None yet.
    public init() {}

    /// One piece: no array made.
    public init(_ piece: Piece) { head = piece }

    public var startIndex: Int { 0 }
    public var endIndex: Int { head == nil ? 0 : 1 + rest.count }
    public subscript(index: Int) -> Piece { index == 0 ? head! : rest[index - 1] }

    public mutating func append(_ piece: Piece) {
      if head == nil { head = piece } else { rest.append(piece) }
    }
  }

  /// A session's running time on one local day.
  public struct Piece: Equatable, Sendable {
    public var day: Int64
    public var length: Milliseconds

    public init(day: Int64, length: Milliseconds) {
      self.day = day
      self.length = length
    }
  }

  /// A group: the number of its fold (names are grouped ignoring case) and of the spelling it
  /// was met in, both given by a report's `Folds`. Two integers: adding up copies no text.
  struct Key: Equatable {
    /// What the group is compared by; 0 is no text (no category).
    var slot: Int
    /// What it is shown by: the first spelling a tally met.
    var spelling: Int
  }

  /// Groups' keys by their text, each folded to lower case and numbered once: a report over
  /// years meets the same few names tens of thousands of times.
  struct Folds {
    /// The texts met, by their spelling's number; 0 is no text.
    var spellings: [String?] = [nil]
    var known: [String: Key] = [:]
    var slots: [String: Int] = [:]

    /// An entry's two keys.
    struct Keys {
      var title: Key
      var category: Key
    }

    /// The keys of a label's title and category, once found.
    var byLabel: [Keys?] = []

    /// The keys of an entry's title and category, found by its label when it has one.
    mutating func keys(of entry: Entry) -> Keys {
      guard let label = entry.label, label >= 0, label < 1 << 20 else {
        return Keys(title: key(entry.title), category: key(entry.category))
      }
      if label < byLabel.count, let keys = byLabel[label] { return keys }
      let keys = Keys(title: key(entry.title), category: key(entry.category))
      if label >= byLabel.count { byLabel += [Keys?](repeating: nil, count: label + 1 - byLabel.count) }
      byLabel[label] = keys
      return keys
    }

    /// No text (no category) is a group too: slot 0.
    mutating func key(_ text: String?) -> Key {
      guard let text else { return Key(slot: 0, spelling: 0) }
      if let key = known[text] { return key }
      let fold = text.lowercased()
      let slot = slots[fold] ?? slots.count + 1
      slots[fold] = slot
      let key = Key(slot: slot, spelling: spellings.count)
      spellings.append(text)
      known[text] = key
      return key
    }
  }

  /// Time per group in the order first met, and how many sessions it came from. An array
  /// searched in order, not a dictionary: a report has a few groups, and each dictionary type
  /// costs a run ~150k instructions of runtime lookups before its first use.
  struct Tally {
    /// Structs, not tuples: an array of tuples is copied through generic witnesses.
    struct Group {
      var key: Key
      var elapsed: Milliseconds
      var sessions: Int
    }

    var groups: [Group] = []
    /// The group added to last, looked at first: a day's sessions are often of one name.
    var last = 0

    mutating func add(_ key: Key, _ elapsed: Milliseconds) {
      if last < groups.count, groups[last].key.slot == key.slot {
        groups[last].elapsed += elapsed
        groups[last].sessions += 1
      } else if let index = groups.firstIndex(where: { $0.key.slot == key.slot }) {
        last = index
        groups[index].elapsed += elapsed
        groups[index].sessions += 1
      } else {
        last = groups.count
        groups.append(Group(key: key, elapsed: elapsed, sessions: 1))
      }
    }

    /// Most time first; ties in the order first met; each shown as `folds` spells it.
    func totals(_ folds: Folds) -> [Total] {
      groups.indices.sorted { (groups[$1].elapsed, $0) < (groups[$0].elapsed, $1) }.map { index in
        Total(
          label: folds.spellings[groups[index].key.spelling], elapsed: groups[index].elapsed,
          sessions: groups[index].sessions)
      }
    }
  }

  /// Tallies per day or per week, found by the day that starts them.
  struct Periods {
    struct Dated {
      var day: Int64
      var tally: Tally
    }

    var tallies: [Dated] = []

    mutating func add(_ day: Int64, _ key: Key, _ elapsed: Milliseconds) {
      // Sessions come mostly in order of time: the day sought is most often the last one, and
      // a day not met yet most often after it (no search through years of days).
      let after = tallies.isEmpty || day > tallies[tallies.count - 1].day
      if !after, let index = tallies.lastIndex(where: { $0.day == day }) {
        tallies[index].tally.add(key, elapsed)
      } else {
        var tally = Tally()
        // Room for a day's few groups at once, rather than grown one at a time.
        tally.groups.reserveCapacity(8)
        tally.add(key, elapsed)
        tallies.append(Dated(day: day, tally: tally))
      }
    }

    func periods(_ folds: Folds) -> [Period] {
      let ordered = zip(tallies, tallies.dropFirst()).allSatisfy { $0.day < $1.day }
      return (ordered ? tallies : tallies.sorted { $0.day < $1.day }).map {
        Period(day: $0.day, totals: $0.tally.totals(folds))
      }
    }
  }

  /// The session's running time inside `from ..< until`, cut at local midnights.
  public static func pieces(of session: Session, from: Instant, until: Instant, zone: LocalZone) -> [Piece] {
    var midnights = Midnights(zone: zone)
    return pieces(of: session, from: from, until: until, midnights: &midnights)
  }

  /// The same, with the midnights a reader keeps across sessions.
  public static func pieces(of session: Session, from: Instant, until: Instant, midnights: inout Midnights)
    -> [Piece]
  {
    var pieces: [Piece] = []
    for stretch in session.stretches {
      var start = max(stretch.from, from)
      let end = min(stretch.to, until)
      while start < end {
        let (day, midnight) = midnights.day(of: start)
        let cut = midnight > start ? min(end, midnight) : end
        if let last = pieces.last, last.day == day {
          pieces[pieces.count - 1].length += cut - start
        } else {
          pieces.append(Piece(day: day, length: cut - start))
        }
        start = cut
      }
    }
    return pieces
  }

  /// The local day an instant falls on and the midnight that ends it, remembered from the
  /// first instant asked on that day: a report's stretches fall on a few days, and asking the
  /// zone (`localtime_r`) at every cut cost more than the rest of the report.
  public struct Midnights {
    let zone: LocalZone
    var known: (since: Instant, day: Int64, midnight: Instant)?

    public init(zone: LocalZone) { self.zone = zone }

    mutating func day(of instant: Instant) -> (day: Int64, midnight: Instant) {
      if let known, known.since <= instant, instant < known.midnight { return (known.day, known.midnight) }
      let day = zone.day(of: instant)
      let midnight = zone.instant(day: day + 1, hour: 0, minute: 0)
      known = (instant, day, midnight)
      return (day, midnight)
    }
  }
}
