/// What of a report's stretch the store's roll-up answers, and what is read from the history
/// in detail. The roll-up holds every session closed in the record, its running time per local
/// day; it answers the whole days of the stretch. The detail answers the part of a day before
/// the first whole one (`head`), the part after the last (`tail`: today, so far), and the
/// whole stretch for each session the roll-up does not hold (one going on, or closed by an
/// event a reader settles but nobody recorded yet). The two give the very report the detail
/// alone would give.
///
/// ```swift
/// let split = ReportSplit(from: newYear, until: now, zone: .current)  // nil: a short stretch
/// split?.days  // the whole local days the roll-up is read for
/// ```
public struct ReportSplit: Equatable, Sendable {
  /// Whole local days the roll-up answers: every one ends before the stretch does.
  public var days: ClosedRange<Int64>
  /// From the first whole day's midnight to the one after the last.
  public var wholeDays: Stretch
  /// The stretch before the first whole day; nil when it starts at a midnight.
  public var head: Stretch?
  /// The stretch after the last whole day (empty when it ends at a midnight).
  public var tail: Stretch
  public var from: Instant
  public var until: Instant

  /// The reports worth reading from the roll-up: a month or less costs the detail little.
  public static let shortest: Int64 = 32

  /// Nil when the stretch holds fewer than `atLeast` whole days.
  public init?(from: Instant, until: Instant, zone: LocalZone, atLeast minimum: Int64 = shortest) {
    guard until > from else { return nil }
    let firstDay = zone.day(of: from)
    let first = zone.instant(day: firstDay, hour: 0, minute: 0) == from ? firstDay : firstDay + 1
    let last = zone.day(of: until) - 1
    guard last - first + 1 >= max(1, minimum) else { return nil }
    self.from = from
    self.until = until
    days = first...last
    let start = zone.instant(day: first, hour: 0, minute: 0)
    head = start > from ? Stretch(from: from, to: start) : nil
    tail = Stretch(from: zone.instant(day: last + 1, hour: 0, minute: 0), to: until)
    wholeDays = Stretch(from: start, to: tail.from)
  }

  /// Lays the detail into the roll-up's entries as they are read, and hands each entry of the
  /// report on in report order. `detailed` are the sessions read for the head and the tail
  /// (either may hold a session twice): a rolled one's time there is added to its own, any
  /// other's counts over the whole stretch, in its place among the rolled.
  public struct Merger {
    /// The detailed sessions in report order: as a rolled entry's head and tail, and whole.
    var pending: [(edges: (before: [Report.Piece], after: [Report.Piece]), whole: Report.Entry)]
    var next = 0

    public init(_ split: ReportSplit, detailed: [Session], zone: LocalZone) {
      var seen: Set<String> = []
      pending =
        detailed
        .filter { seen.insert($0.id.map(String.init) ?? "\($0.activityID)@\($0.startedAt)").inserted }
        .map { session in
          let before =
            split.head.map { Report.pieces(of: session, from: $0.from, until: $0.to, zone: zone) } ?? []
          let after = Report.pieces(of: session, from: split.tail.from, until: split.tail.to, zone: zone)
          let whole = Report.pieces(of: session, from: split.from, until: split.until, zone: zone)
          return ((before, after), Report.Entry(session, pieces: Report.Pieces(whole)))
        }
        .sorted { Report.Entry.precedes($0.whole, $1.whole) }
    }

    /// A rolled entry, after the detailed ones before it; with its head and tail when it is one
    /// of them.
    public mutating func add(_ rolled: Report.Entry, to out: (Report.Entry) -> Void) {
      while next < pending.count, Report.Entry.precedes(pending[next].whole, rolled) {
        out(pending[next].whole)
        next += 1
      }
      guard next < pending.count, let id = rolled.id, pending[next].whole.id == id else { return out(rolled) }
      var entry = rolled
      entry.pieces = Report.Pieces(
        pending[next].edges.before + Array(rolled.pieces) + pending[next].edges.after)
      next += 1
      out(entry)
    }

    /// The detailed ones after the last rolled.
    public mutating func finish(to out: (Report.Entry) -> Void) {
      while next < pending.count {
        out(pending[next].whole)
        next += 1
      }
    }
  }
}
