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

  /// The instant `iso` writes, read back: `2026-11-30T09:05:00.000Z` (the milliseconds may be
  /// left out); nil for any other text.
  package static func instant(iso text: String) -> Instant? {
    let bytes = Array(text.utf8)
    guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
    func number(_ from: Int, _ count: Int) -> Int32? {
      let digits = bytes[from..<from + count]
      guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      return digits.reduce(0) { $0 * 10 + Int32($1 - 0x30) }
    }
    let marks: [(Int, Character)] = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    guard marks.allSatisfy({ bytes[$0.0] == $0.1.asciiValue }),
      let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
      let minute = number(14, 2), let second = number(17, 2), (1...12).contains(month),
      (1...31).contains(day),
      hour < 24, minute < 60, second < 61
    else { return nil }
    var ms: Int64 = 0
    if bytes.count == 24 {
      guard bytes[19] == UInt8(ascii: "."), let fraction = number(20, 3) else { return nil }
      ms = Int64(fraction)
    }
    var t = tm()
    t.tm_year = year - 1900
    t.tm_mon = month - 1
    t.tm_mday = day
    t.tm_hour = hour
    t.tm_min = minute
    t.tm_sec = second
    return Instant(milliseconds: Int64(timegm(&t)) * 1000 + ms)
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
