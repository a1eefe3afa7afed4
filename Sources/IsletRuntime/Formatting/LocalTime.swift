import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// Instants as people read them, in the local time zone.
package enum LocalTime {
  package static func parts(_ instant: Instant) -> tm {
    var seconds = time_t(instant.milliseconds / 1000)
    var result = tm()
    localtime_r(&seconds, &result)
    return result
  }

  private static func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }

  /// `2026-11-30 09:05`
  package static func dateTime(_ instant: Instant) -> String {
    let t = parts(instant)
    return "\(t.tm_year + 1900)-\(two(t.tm_mon + 1))-\(two(t.tm_mday)) \(two(t.tm_hour)):\(two(t.tm_min))"
  }

  /// `10:52` on the day of `now`, `tomorrow 10:52` on the next, else `2026-12-04 10:52`.
  package static func clock(_ instant: Instant, from now: Instant) -> String {
    let t = parts(instant)
    let time = "\(two(t.tm_hour)):\(two(t.tm_min))"
    let today = parts(now)
    if t.tm_year == today.tm_year && t.tm_yday == today.tm_yday { return time }
    let tomorrow = parts(now + 86_400_000)
    if t.tm_year == tomorrow.tm_year && t.tm_yday == tomorrow.tm_yday { return "tomorrow " + time }
    return dateTime(instant)
  }

  /// ISO 8601 in UTC with milliseconds, for JSON and CSV: `2026-11-30T09:05:00.000Z`.
  package static func iso(_ instant: Instant) -> String {
    var seconds = time_t(instant.milliseconds.floorDivided(by: 1000))
    var t = tm()
    gmtime_r(&seconds, &t)
    let ms = instant.milliseconds - Int64(seconds) * 1000
    let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
    return
      "\(t.tm_year + 1900)-\(two(t.tm_mon + 1))-\(two(t.tm_mday))T\(two(t.tm_hour)):\(two(t.tm_min)):\(two(t.tm_sec)).\(msText)Z"
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor < 0) ? quotient - 1 : quotient
  }
}
