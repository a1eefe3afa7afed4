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

  /// The report's entries: `rolled`, the roll-up's sessions with time on `days` (in report
  /// order, their pieces on those days), with the detailed sessions read for the head and the
  /// tail (either may hold a session twice) laid in: a rolled one's time in the head and tail
  /// added to its own, any other's time over the whole stretch.
  public func entries(rolled: [Report.Entry], detailed: [Session], zone: LocalZone) -> [Report.Entry] {
    var seen: Set<String> = []
    let sessions = detailed.filter {
      seen.insert($0.id.map(String.init) ?? "\($0.activityID)@\($0.startedAt)").inserted
    }
    let wanted = Set(sessions.compactMap(\.id))
    var entries = rolled
    var index: [Int64: Int] = [:]
    for (offset, entry) in entries.enumerated() {
      if let id = entry.id, wanted.contains(id) { index[id] = offset }
    }
    var others: [Report.Entry] = []
    for session in sessions {
      if let id = session.id, let offset = index[id] {
        let before = head.map { Report.pieces(of: session, from: $0.from, until: $0.to, zone: zone) } ?? []
        let after = Report.pieces(of: session, from: tail.from, until: tail.to, zone: zone)
        entries[offset].pieces = before + entries[offset].pieces + after
      } else {
        others.append(
          Report.Entry(session, pieces: Report.pieces(of: session, from: from, until: until, zone: zone)))
      }
    }
    return Self.merged(entries, others.sorted(by: Report.Entry.precedes))
  }

  /// Two lists in report order made one.
  static func merged(_ a: [Report.Entry], _ b: [Report.Entry]) -> [Report.Entry] {
    guard !b.isEmpty else { return a }
    var result: [Report.Entry] = []
    result.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count || j < b.count {
      if j == b.count || (i < a.count && !Report.Entry.precedes(b[j], a[i])) {
        result.append(a[i])
        i += 1
      } else {
        result.append(b[j])
        j += 1
      }
    }
    return result
  }
}
