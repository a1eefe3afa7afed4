#if canImport(Glibc)
  import Glibc
#endif

/// A time zone as the offsets from UTC it uses, and the one place that turns a local date and
/// time into an instant.
///
/// ```swift
/// let zone = LocalZone.current  // TZ, or /etc/localtime
/// let day = zone.day(of: now)
/// let half = zone.instant(day: day, hour: 2, minute: 30)  // 03:30 CEST on a spring-forward night
/// ```
public struct LocalZone: Sendable {
  /// Seconds east of UTC in force at an instant given in whole seconds since the epoch.
  public let utcOffset: @Sendable (Int64) -> Int64

  public init(utcOffset: @escaping @Sendable (Int64) -> Int64) { self.utcOffset = utcOffset }

  /// The process's zone (`TZ`, or `/etc/localtime`), as glibc's `localtime_r` reads it.
  public static let current = LocalZone { seconds in
    var time = time_t(seconds)
    var parts = tm()
    localtime_r(&time, &parts)
    return Int64(parts.tm_gmtoff)
  }

  /// The local day an instant falls on, as days since 1970-01-01.
  public func day(of instant: Instant) -> Int64 {
    let seconds = instant.milliseconds.floorDivided(by: 1000)
    return (seconds + utcOffset(seconds)).floorDivided(by: 86_400)
  }

  /// The instant the local clock shows `hour:minute` on `day` (days since 1970-01-01).
  ///
  /// A time the clocks skip is read with the offset in force before the jump (02:30 on the night
  /// Berlin goes from 02:00 to 03:00 is 03:30 CEST), and a time they show twice is its first
  /// occurrence (the earlier instant, still on daylight time) — what `mktime` with
  /// `tm_isdst = -1` is meant to do, which glibc's does not always (it takes the second 02:30 in
  /// Berlin and the first 01:30 in New York). No `mktime`: the zone is only asked for offsets,
  /// so a test can give any zone without touching the process's `TZ`.
  public func instant(day: Int64, hour: Int, minute: Int) -> Instant {
    instants(day: day, hour: hour, minute: minute)[0]
  }

  /// Every instant the local clock shows `hour:minute` on `day`, earliest first: one, or two
  /// in an hour the clocks show twice; a skipped time is read with the offset before the jump.
  public func instants(day: Int64, hour: Int, minute: Int) -> [Instant] {
    let wall = day * 86_400 + Int64(hour) * 3600 + Int64(minute) * 60
    // Real zones change their offset at most once in any few days: the offsets a day either
    // side are the one before and the one after any change near this time.
    let before = utcOffset(wall - 86_400)
    let after = utcOffset(wall + 86_400)
    let early = wall - before
    let late = wall - after
    let earlyShown = utcOffset(early) == before
    let lateShown = utcOffset(late) == after
    switch (earlyShown, lateShown) {
    case (true, true) where early != late:
      return [Instant(seconds: min(early, late)), Instant(seconds: max(early, late))]
    case (false, true): return [Instant(seconds: late)]
    default: return [Instant(seconds: early)]  // shown once, or skipped: the offset before the jump
    }
  }

  /// Days since 1970-01-01 of a date in the proleptic Gregorian calendar; nil when there is no
  /// such date (`2026-02-30`).
  public static func day(year: Int, month: Int, day: Int) -> Int64? {
    guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
    // Howard Hinnant's days_from_civil.
    let y = Int64(month <= 2 ? year - 1 : year)
    let era = y.floorDivided(by: 400)
    let yearOfEra = y - era * 400
    let m = Int64(month)
    let dayOfYear = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

extension LocalZone {
  /// The year, month and day of a day counted from 1970-01-01 (Howard Hinnant's civil_from_days).
  public static func civil(day: Int64) -> (year: Int, month: Int, day: Int) {
    let z = day + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let d = dayOfYear - (153 * mp + 2) / 5 + 1
    let m = mp < 10 ? mp + 3 : mp - 9
    return (Int(yearOfEra + era * 400 + (m <= 2 ? 1 : 0)), Int(m), Int(d))
  }

  /// 0 for Monday … 6 for Sunday (1970-01-01 was a Thursday).
  public static func weekday(of day: Int64) -> Int { Int(((day + 3) % 7 + 7) % 7) }

  /// The Monday that starts the week `day` is in: weeks start on Monday.
  public static func monday(of day: Int64) -> Int64 { day - Int64(weekday(of: day)) }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor < 0) ? quotient - 1 : quotient
  }
}
