/// A time of day typed for `--until`: `18:30`, `6:30pm`, `9am`.
public struct TimeOfDay: Equatable, Sendable {
  public var hour: Int
  public var minute: Int

  public static let acceptedForms = "HH:MM (18:30) or H:MMam/pm (6:30pm)"

  public init?(hour: Int, minute: Int) {
    guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  public init?(_ text: String) {
    var body = text.trimmingSpaces.lowercased()
    var meridiem: String?
    for suffix in ["am", "pm"] where body.hasSuffix(suffix) {
      meridiem = suffix
      body = String(body.dropLast(2)).trimmingSpaces
    }
    let parts = body.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2,
      parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      var hour = Int(parts[0])
    else { return nil }
    if parts.count == 1 && meridiem == nil { return nil }
    if parts.count == 2 && parts[1].count != 2 { return nil }
    let minute = parts.count == 2 ? Int(parts[1]) ?? 99 : 0
    if let meridiem {
      guard (1...12).contains(hour) else { return nil }
      hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
    }
    self.init(hour: hour, minute: minute)
  }

  /// When the local clock showed this time today, or nil when it is later today (or the
  /// day's clocks skip it). In an hour shown twice, the latest one not after `now`.
  public func today(before now: Instant, in zone: LocalZone = .current) -> Instant? {
    zone.instants(day: zone.day(of: now), hour: hour, minute: minute).last { $0 <= now }
  }

  /// The next time the local clock shows this time: today, or tomorrow when already past.
  ///
  /// In an hour the clocks show twice this is the first occurrence, or the second once the
  /// first has passed; in an hour they skip, the time read with the offset before the jump
  /// (`LocalZone.instants(day:hour:minute:)`).
  public func nextOccurrence(after now: Instant, in zone: LocalZone = .current) -> Instant {
    let today = zone.day(of: now)
    for day in today...(today + 2) {
      for instant in zone.instants(day: day, hour: hour, minute: minute) where instant > now {
        return instant
      }
    }
    return now + 86_400_000
  }
}
