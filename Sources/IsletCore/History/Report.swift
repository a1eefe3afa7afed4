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
    var days: [Int64: Tally] = [:]
    var weeks: [Int64: Tally] = [:]
    for session in sessions {
      let pieces = Self.pieces(of: session, from: from, until: self.until, zone: zone)
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
        var perWeek: [Int64: Milliseconds] = [:]
        for piece in pieces {
          days[piece.day, default: Tally()].add(key, piece.length)
          perWeek[LocalZone.monday(of: piece.day), default: 0] += piece.length
        }
        for (monday, length) in perWeek { weeks[monday, default: Tally()].add(key, length) }
      }
    }
    totals = counted.totals
    self.discarded = discarded.totals
    self.uncounted = uncounted.totals
    self.days = days.keys.sorted().map { Period(day: $0, totals: days[$0]!.totals) }
    self.weeks = weeks.keys.sorted().map { Period(day: $0, totals: weeks[$0]!.totals) }
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

  /// Time per group in the order first met, and how many sessions it came from.
  struct Tally {
    var order: [Key] = []
    var time: [Key: (label: String?, elapsed: Milliseconds, sessions: Int)] = [:]

    mutating func add(_ key: Key, _ elapsed: Milliseconds) {
      if time[key] == nil {
        order.append(key)
        time[key] = (key.label, 0, 0)
      }
      time[key]!.elapsed += elapsed
      time[key]!.sessions += 1
    }

    /// Most time first; ties in the order first met.
    var totals: [Total] {
      order.enumerated().map { offset, key in
        let t = time[key]!
        return (offset, Total(label: t.label, elapsed: t.elapsed, sessions: t.sessions))
      }
      .sorted { ($1.1.elapsed, $0.0) < ($0.1.elapsed, $1.0) }.map(\.1)
    }
  }

  /// The session's running time inside `from ..< until`, cut at local midnights.
  static func pieces(of session: Session, from: Instant, until: Instant, zone: LocalZone)
    -> [(day: Int64, length: Milliseconds)]
  {
    var pieces: [(day: Int64, length: Milliseconds)] = []
    for stretch in session.stretches {
      var start = max(stretch.from, from)
      let end = min(stretch.to, until)
      while start < end {
        let day = zone.day(of: start)
        let midnight = zone.instant(day: day + 1, hour: 0, minute: 0)
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
}
