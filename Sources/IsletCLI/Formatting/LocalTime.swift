import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// Instants as people read them, in the local time zone, and dates as people type them.
enum LocalTime {
  static func parts(_ instant: Instant) -> tm {
    var seconds = time_t(instant.milliseconds / 1000)
    var result = tm()
    localtime_r(&seconds, &result)
    return result
  }

  private static func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }

  /// `2026-11-30 09:05`
  static func dateTime(_ instant: Instant) -> String {
    let t = parts(instant)
    return "\(t.tm_year + 1900)-\(two(t.tm_mon + 1))-\(two(t.tm_mday)) \(two(t.tm_hour)):\(two(t.tm_min))"
  }

  /// ISO 8601 in UTC with milliseconds, for JSON and CSV: `2026-11-30T09:05:00.000Z`.
  static func iso(_ instant: Instant) -> String {
    var seconds = time_t(instant.milliseconds.floorDivided(by: 1000))
    var t = tm()
    gmtime_r(&seconds, &t)
    let ms = instant.milliseconds - Int64(seconds) * 1000
    let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
    return
      "\(t.tm_year + 1900)-\(two(t.tm_mon + 1))-\(two(t.tm_mday))T\(two(t.tm_hour)):\(two(t.tm_min)):\(two(t.tm_sec)).\(msText)Z"
  }

  /// `--since`: `YYYY-MM-DD` (local midnight), `today`, `yesterday`, or a span back (`7d`).
  ///
  /// A midnight the clocks skip (Santiago, Havana, Beirut spring forward at 00:00) is the
  /// day's first instant, 01:00; one they show twice is the first.
  static func parseSince(_ text: String, now: Instant, zone: LocalZone = .current) -> Instant? {
    let lowered = text.lowercased()
    if lowered == "today" || lowered == "yesterday" {
      let today = zone.day(of: now)
      return zone.instant(day: lowered == "yesterday" ? today - 1 : today, hour: 0, minute: 0)
    }
    let fields = text.split(separator: "-", omittingEmptySubsequences: false)
    if fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
      fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]), year >= 1970,
      let days = LocalZone.day(year: year, month: month, day: day)
    {
      return zone.instant(day: days, hour: 0, minute: 0)
    }
    if case .success(let span) = DurationText.parse(text, maximum: 100 * 365 * 86_400_000),
      !text.contains(":"),
      text.last?.isLetter == true
    {
      return now - span
    }
    return nil
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor < 0) ? quotient - 1 : quotient
  }
}
