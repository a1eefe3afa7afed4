/// Parses and prints the spans users type and read: `90s`, `25m`, `25min`, `1h30m`, `1h30`,
/// `1.5h`, `2 hours`, `25:00`, `1:30:00`, `90` (seconds).
public enum DurationText {
  /// The longest countdown or adjustment accepted: 100 hours.
  public static let maximum: Milliseconds = 100 * 3_600_000

  // Joined by hand: building every command's help to find one command reads these, and the
  // generic `joined(separator:)` costs a status line a look-up through every conformance.
  static let forms = "90s, 25m, 25min, 1h30m, 1h30, 1.5h, 25:00"
  /// The forms with a unit or a colon: all a plan's definition takes.
  public static let unitForms = forms + " or 1:30:00"
  public static let acceptedForms = forms + ", 1:30:00 or a number of seconds"

  public enum Failure: UserFacingError, Equatable, Sendable {
    case malformed(String)
    case notPositive(String)
    case tooLong(String)

    public var message: String {
      switch self {
      case .malformed(let text):
        return "'\(text)' is not a duration; use \(DurationText.acceptedForms)"
      case .notPositive(let text):
        return "'\(text)' is not a positive duration; use \(DurationText.acceptedForms)"
      case .tooLong(let text):
        return "'\(text)' is longer than the 100 hours a timer can run; use a shorter duration"
      }
    }

    public var exitStatus: ExitStatus { .usage }
  }

  /// A positive duration, whole milliseconds, at most `maximum`; zero too, in any form (`0`,
  /// `0s`, `0:00`), when `allowingZero` (a span that only rounds to zero is still refused).
  public static func parse(
    _ text: String, maximum: Milliseconds = DurationText.maximum, allowingZero: Bool = false
  ) -> Result<Milliseconds, Failure> {
    let trimmed = text.trimmingSpaces
    guard let value = unsignedValue(trimmed) else {
      if trimmed.hasPrefix("-") || trimmed == "0" { return .failure(.notPositive(text)) }
      return .failure(.malformed(text))
    }
    if value == .infinity { return .failure(.tooLong(text)) }
    if value == 0 && allowingZero { return .success(0) }
    let ms = value.rounded()
    if ms <= 0 { return .failure(.notPositive(text)) }
    if ms > Double(maximum) { return .failure(.tooLong(text)) }
    return .success(Milliseconds(ms))
  }

  /// A signed change such as `+5m` or `-1m`; the sign is required.
  public static func parseSigned(_ text: String) -> Result<Milliseconds, Failure> {
    let trimmed = text.trimmingSpaces
    guard let sign = trimmed.first, sign == "+" || sign == "-" else {
      return .failure(.malformed(text))
    }
    switch parse(String(trimmed.dropFirst())) {
    case .success(let span): return .success(sign == "-" ? -span : span)
    case .failure(.malformed): return .failure(.malformed(text))
    case .failure(.notPositive): return .failure(.notPositive(text))
    case .failure(.tooLong): return .failure(.tooLong(text))
    }
  }

  /// The words a unit may be written as, largest unit first; case does not matter.
  static let units: [(words: Set<String>, ms: Double)] = [
    (["d", "day", "days"], 86_400_000),
    (["h", "hr", "hrs", "hour", "hours"], 3_600_000),
    (["m", "min", "mins", "minute", "minutes"], 60_000),
    (["s", "sec", "secs", "second", "seconds"], 1000),
  ]

  /// Words typed apart, as a shell splits `start 25 minutes 5 minutes`, put back together: a
  /// unit word alone joins the number before it.
  public static func joiningUnitWords(_ words: [String]) -> [String] {
    var joined: [String] = []
    for word in words {
      let isUnit = units.contains { $0.words.contains(word.lowercased()) }
      if isUnit, let last = joined.last, last.last?.isNumber == true {
        joined[joined.count - 1] = last + " " + word
      } else {
        joined.append(word)
      }
    }
    return joined
  }

  /// Whether `text` is a number alone, which `parse` reads as seconds.
  public static func isBareNumber(_ text: String) -> Bool { decimal(text.trimmingSpaces) != nil }

  /// Milliseconds as a Double (`.infinity` when too large to count), or nil when malformed.
  /// Parts go from the largest unit down, spaces allowed between them: `1h 30m`, `25 min`. A
  /// whole number last after hours or minutes is of the next unit down: `1h30`, `2m30`.
  private static func unsignedValue(_ text: String) -> Double? {
    if text.isEmpty { return nil }
    if text.contains(":") { return clockValue(text) }
    if let seconds = decimal(text) { return seconds * 1000 }
    var rest = Substring(text)
    var total = 0.0
    var lastUnit = -1
    var lastWhole = true
    while !rest.isEmpty {
      let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
      rest = rest.dropFirst(number.count).drop { $0 == " " }
      let word = rest.prefix { $0.isASCII && $0.isLetter }
      rest = rest.dropFirst(word.count).drop { $0 == " " }
      guard let value = decimal(String(number)) else { return nil }
      let unit: Int
      if word.isEmpty {
        // `1h30`, never `1.5h30`: a part of a whole hour or minute.
        guard rest.isEmpty, lastUnit == 1 || lastUnit == 2, lastWhole, number.allSatisfy(\.isNumber) else {
          return nil
        }
        unit = lastUnit + 1
      } else {
        guard let found = units.firstIndex(where: { $0.words.contains(word.lowercased()) }) else {
          return nil
        }
        unit = found
      }
      guard unit > lastUnit else { return nil }
      total += value * units[unit].ms
      lastUnit = unit
      lastWhole = number.allSatisfy(\.isNumber)
    }
    return total.isFinite ? total : .infinity
  }

  /// `MM:SS` or `H:MM:SS`; the first field may be as large as it likes, the others below 60.
  private static func clockValue(_ text: String) -> Double? {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2 || parts.count == 3,
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
    else { return nil }
    let numbers = parts.map { Double($0) ?? .infinity }
    if parts.dropFirst().contains(where: { $0.count != 2 }) { return nil }
    if numbers.dropFirst().contains(where: { $0 >= 60 }) { return nil }
    let seconds = numbers.reduce(0) { $0 * 60 + $1 }
    return seconds.isFinite ? seconds * 1000 : .infinity
  }

  private static func decimal(_ text: String) -> Double? {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
      text.filter({ $0 == "." }).count <= 1, text != "."
    else { return nil }
    return Double(text)
  }

  /// A span as `parse` reads it back exactly, in the fewest characters: `25m`, `1h30m`, `20s`,
  /// `1m30.5s`.
  public static func compact(_ span: Milliseconds) -> String {
    let ms = max(0, span)
    var text = ""
    if ms >= 3_600_000 { text += "\(ms / 3_600_000)h" }
    if ms % 3_600_000 >= 60_000 { text += "\(ms % 3_600_000 / 60_000)m" }
    let rest = ms % 60_000
    if rest > 0 || text.isEmpty { text += seconds(rest) + "s" }
    return text
  }

  /// A span in words, as a confirmation says it: `25 seconds`, `1 minute`, `1 hour 30 minutes`.
  /// Whole seconds, rounded up as a countdown's clock is: a sentence never carries milliseconds
  /// (`--until` makes a countdown of whatever is left to the time of day).
  public static func words(_ span: Milliseconds) -> String {
    let ms = (max(0, span) + 999) / 1000 * 1000
    var parts: [String] = []
    func add(_ count: String, _ unit: String) { parts.append("\(count) \(unit)\(count == "1" ? "" : "s")") }
    if ms >= 3_600_000 { add("\(ms / 3_600_000)", "hour") }
    if ms % 3_600_000 >= 60_000 { add("\(ms % 3_600_000 / 60_000)", "minute") }
    let rest = ms % 60_000
    if rest > 0 || parts.isEmpty { add(seconds(rest), "second") }
    return parts.joined(separator: " ")
  }

  /// Milliseconds under a minute as seconds, with no more decimals than they need: `30`, `1.5`.
  private static func seconds(_ ms: Milliseconds) -> String {
    var text = "\(ms / 1000)"
    if ms % 1000 > 0 {
      var fraction = String(ms % 1000)
      fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text
  }

  /// A lap's time or split, wherever one is printed: `1:02.4`, the clock with tenths (rounded
  /// down, as a stopwatch reads).
  public static func lapClock(_ span: Milliseconds) -> String {
    clock(seconds: span / 1000) + ".\(max(0, span) % 1000 / 100)"
  }

  /// The time as every small place shows it (the island, the bubble, one-row cards, bars,
  /// tmux): `4:59` under ten minutes, `12m` from ten, `1h05` from an hour, the hours alone from
  /// ten (`20h`, so the bubble's five cells still hold a sign), `+` before overtime. Whole
  /// minutes are rounded down, as a clock hides the seconds it does not show.
  public static func glance(seconds: Int64, overtime: Bool = false) -> String {
    let s = max(0, seconds)
    let text: String
    if s < 600 {
      text = "\(s / 60):" + (s % 60 < 10 ? "0" : "") + "\(s % 60)"
    } else if s < 3600 {
      text = "\(s / 60)m"
    } else if s < 36_000 {
      text = "\(s / 3600)h" + (s % 3600 < 600 ? "0" : "") + "\(s % 3600 / 60)"
    } else {
      text = "\(s / 3600)h"
    }
    return (overtime ? "+" : "") + text
  }

  /// A whole number of seconds as a clock: `M:SS` under an hour, `H:MM:SS` from an hour.
  public static func clock(seconds: Int64) -> String {
    let s = max(0, seconds)
    let hours = s / 3600
    let minutes = (s % 3600) / 60
    let secs = s % 60
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
  }

}

extension String {
  var trimmingSpaces: String {
    var view = Substring(self)
    while view.first?.isWhitespace == true { view.removeFirst() }
    while view.last?.isWhitespace == true { view.removeLast() }
    return String(view)
  }
}
