/// What `--since` and `--until` take: a date, a named day, week or month, or a span back from
/// now. Each names a stretch of local time, so that `--since last-week --until last-week` is
/// the whole of last week: `--since` takes its start, `--until` its end.
///
/// ```swift
/// let week = DateWord.parse("this-week", now: now, zone: .current)  // Monday 00:00 ..< next Monday
/// let back = DateWord.parse("7d", now: now, zone: .current)          // an instant: start == end
/// ```
public enum DateWord {
  /// The words and forms, for help and errors.
  public static let forms =
    "YYYY-MM-DD, today, yesterday, this-week, last-week, this-month, last-month or a span back such as 7d, 12h or 2w"

  /// The stretch `text` names, `start ..< end`; a span back from now names an instant
  /// (`start == end`). Nil when it is none of the forms.
  public static func parse(_ text: String, now: Instant, zone: LocalZone) -> (start: Instant, end: Instant)? {
    let today = zone.day(of: now)
    let midnight = { (day: Int64) in zone.instant(day: day, hour: 0, minute: 0) }
    let days = { (first: Int64, count: Int64) in (midnight(first), midnight(first + count)) }
    switch text.lowercased() {
    case "today": return days(today, 1)
    case "yesterday": return days(today - 1, 1)
    case "this-week": return days(LocalZone.monday(of: today), 7)
    case "last-week": return days(LocalZone.monday(of: today) - 7, 7)
    case "this-month", "last-month":
      var (year, month, _) = LocalZone.civil(day: today)
      if text.lowercased() == "last-month" { (year, month) = month == 1 ? (year - 1, 12) : (year, month - 1) }
      let first = LocalZone.day(year: year, month: month, day: 1)!
      return days(first, Int64(LocalZone.daysIn(month: month, year: year)))
    default: break
    }
    if let day = date(text) { return days(day, 1) }
    // A span back reaching before 1970 is refused, as a date before 1970 is.
    if let span = spanBack(text), now - span >= Instant(milliseconds: 0) { return (now - span, now - span) }
    return nil
  }

  /// `YYYY-MM-DD` from 1970 on, as days since 1970-01-01.
  public static func date(_ text: String) -> Int64? {
    let fields = text.split(separator: "-", omittingEmptySubsequences: false)
    guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
      fields.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]), year >= 1970
    else { return nil }
    return LocalZone.day(year: year, month: month, day: day)
  }

  /// `7d`, `12h`, `90m`, `2w`: a span with its unit, up to a hundred years.
  static func spanBack(_ text: String) -> Milliseconds? {
    guard let unit = text.last, unit.isLetter, !text.contains(":") else { return nil }
    let limit: Milliseconds = 100 * 365 * 86_400_000
    if unit == "w" || unit == "W" {
      let number = text.dropLast()
      guard !number.isEmpty, number.count <= 5, number.allSatisfy({ $0.isASCII && $0.isNumber }),
        let weeks = Int64(number), weeks > 0, weeks * 7 * 86_400_000 <= limit
      else { return nil }
      return weeks * 7 * 86_400_000
    }
    guard case .success(let span) = DurationText.parse(text, maximum: limit) else { return nil }
    return span
  }
}
