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

  public init(
    sessions: [Session], by grouping: Grouping, from: Instant, until: Instant, zone: LocalZone
  ) {
    self.grouping = grouping
    self.from = from
    self.until = max(from, until)
    firstDay = zone.day(of: from)
    lastDay = zone.day(of: max(from, self.until - 1))
    var counted = Tally()
    var discarded = Tally()
    var uncounted = Tally()
    var days = Periods()
    var weeks = Periods()
    var midnights = Midnights(zone: zone)
    for session in sessions {
      let pieces = Self.pieces(of: session, from: from, until: self.until, midnights: &midnights)
      guard !pieces.isEmpty else { continue }
      let key = Self.key(of: session, by: grouping)
      let total = pieces.reduce(0) { $0 + $1.length }
      if session.isDiscarded {
        discarded.add(key, total)
      } else if !session.counts {
        uncounted.add(Key(fold: session.title.lowercased(), label: session.title), total)
      } else {
        counted.add(key, total)
        // A session counts once in each day and each week it has time in.
        var perWeek: [(monday: Int64, length: Milliseconds)] = []
        for piece in pieces {
          days.add(piece.day, key, piece.length)
          let monday = LocalZone.monday(of: piece.day)
          if let last = perWeek.indices.last, perWeek[last].monday == monday {
            perWeek[last].length += piece.length
          } else {
            perWeek.append((monday, piece.length))
          }
        }
        for (monday, length) in perWeek { weeks.add(monday, key, length) }
      }
    }
    totals = counted.totals
    self.discarded = discarded.totals
    self.uncounted = uncounted.totals
    self.days = days.periods
    self.weeks = weeks.periods
  }

  /// A group: compared by `fold`, shown by the first label met.
  struct Key: Hashable {
    var fold: String?
    var label: String?

    static func == (a: Key, b: Key) -> Bool { a.fold == b.fold }
    func hash(into hasher: inout Hasher) { hasher.combine(fold) }
  }

  static func key(of session: Session, by grouping: Grouping) -> Key {
    switch grouping {
    case .name: return Key(fold: session.title.lowercased(), label: session.title)
    case .category: return Key(fold: session.category?.lowercased(), label: session.category)
    }
  }

  /// Time per group in the order first met, and how many sessions it came from. An array
  /// searched in order, not a dictionary: a report has a few groups, and each dictionary type
  /// costs a run ~150k instructions of runtime lookups before its first use.
  struct Tally {
    var groups: [(key: Key, elapsed: Milliseconds, sessions: Int)] = []

    mutating func add(_ key: Key, _ elapsed: Milliseconds) {
      if let index = groups.firstIndex(where: { $0.key.fold == key.fold }) {
        groups[index].elapsed += elapsed
        groups[index].sessions += 1
      } else {
        groups.append((key, elapsed, 1))
      }
    }

    /// Most time first; ties in the order first met.
    var totals: [Total] {
      groups.enumerated().map { offset, group in
        (offset, Total(label: group.key.label, elapsed: group.elapsed, sessions: group.sessions))
      }
      .sorted { ($1.1.elapsed, $0.0) < ($0.1.elapsed, $1.0) }.map(\.1)
    }
  }

  /// Tallies per day or per week, found by the day that starts them.
  struct Periods {
    var tallies: [(day: Int64, tally: Tally)] = []

    mutating func add(_ day: Int64, _ key: Key, _ elapsed: Milliseconds) {
      // Sessions come mostly in order of time: the day sought is most often the last one.
      if let index = tallies.lastIndex(where: { $0.day == day }) {
        tallies[index].tally.add(key, elapsed)
      } else {
        var tally = Tally()
        tally.add(key, elapsed)
        tallies.append((day, tally))
      }
    }

    var periods: [Period] {
      tallies.sorted { $0.day < $1.day }.map { Period(day: $0.day, totals: $0.tally.totals) }
    }
  }

  /// The session's running time inside `from ..< until`, cut at local midnights.
  static func pieces(of session: Session, from: Instant, until: Instant, zone: LocalZone)
    -> [(day: Int64, length: Milliseconds)]
  {
    var midnights = Midnights(zone: zone)
    return pieces(of: session, from: from, until: until, midnights: &midnights)
  }

  static func pieces(of session: Session, from: Instant, until: Instant, midnights: inout Midnights)
    -> [(day: Int64, length: Milliseconds)]
  {
    var pieces: [(day: Int64, length: Milliseconds)] = []
    for stretch in session.stretches {
      var start = max(stretch.from, from)
      let end = min(stretch.to, until)
      while start < end {
        let (day, midnight) = midnights.day(of: start)
        let cut = midnight > start ? min(end, midnight) : end
        if let last = pieces.last, last.day == day {
          pieces[pieces.count - 1].length += cut - start
        } else {
          pieces.append((day, cut - start))
        }
        start = cut
      }
    }
    return pieces
  }

  /// The local day an instant falls on and the midnight that ends it, remembered from the
  /// first instant asked on that day: a report's stretches fall on a few days, and asking the
  /// zone (`localtime_r`) at every cut cost more than the rest of the report.
  struct Midnights {
    let zone: LocalZone
    var known: (since: Instant, day: Int64, midnight: Instant)?

    init(zone: LocalZone) { self.zone = zone }

    mutating func day(of instant: Instant) -> (day: Int64, midnight: Instant) {
      if let known, known.since <= instant, instant < known.midnight { return (known.day, known.midnight) }
      let day = zone.day(of: instant)
      let midnight = zone.instant(day: day + 1, hour: 0, minute: 0)
      known = (instant, day, midnight)
      return (day, midnight)
    }
  }
}
