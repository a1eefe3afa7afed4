import IsletCore
import IsletRuntime
import IsletUI

/// `timew export`'s JSON, written and read: an array of intervals, one a line,
/// `{"id":N,"start":"20261201T080000Z","end":…,"tags":[…],"annotation":…}`, the newest `id` 1;
/// `end` left out while an interval is open, `tags` when there are none, `annotation` when it
/// has none (as timewarrior 1.4 prints them).
enum TimewarriorJSON {
  /// The text `timew export` would print for `intervals`, oldest first.
  static func text(_ intervals: [TimewarriorInterval]) -> String {
    let lines = intervals.enumerated().map { index, interval in
      var members: [(String, JSON)] = [
        ("id", .number(Double(intervals.count - index))),
        ("start", .string(Timewarrior.timestamp(interval.start))),
      ]
      if let end = interval.end { members.append(("end", .string(Timewarrior.timestamp(end)))) }
      if !interval.tags.isEmpty { members.append(("tags", .array(interval.tags.map { .string($0) }))) }
      if let annotation = interval.annotation { members.append(("annotation", .string(annotation))) }
      return JSON.object(members).text
    }
    return "[\n" + lines.joined(separator: ",\n") + (lines.isEmpty ? "" : "\n") + "]\n"
  }

  /// Why a text is not `timew export`'s output, in words that follow "it is not timew export's
  /// output: ".
  struct Failure: Error, Equatable {
    var reason: String
  }

  /// The intervals of `timew export`'s output, or why it is not that.
  static func intervals(_ bytes: [UInt8]) -> Result<[TimewarriorInterval], Failure> {
    guard String(validating: bytes, as: UTF8.self) != nil else {
      return .failure(Failure(reason: "it is not UTF-8 text"))
    }
    guard let document = JSONValue.parse(bytes) else { return .failure(Failure(reason: "it is not JSON")) }
    guard case .array(let items) = document else {
      return .failure(Failure(reason: "it is JSON, but not an array of intervals"))
    }
    var intervals: [TimewarriorInterval] = []
    for (index, item) in items.enumerated() {
      switch interval(item) {
      case .success(let interval): intervals.append(interval)
      case .failure(let failure):
        return .failure(Failure(reason: "interval \(index + 1) of \(items.count) \(failure.reason)"))
      }
    }
    return .success(intervals)
  }

  /// One interval, or what is wrong with it (after "interval N ").
  private static func interval(_ item: JSONValue) -> Result<TimewarriorInterval, Failure> {
    guard case .object(let members) = item else { return .failure(Failure(reason: "is not an object")) }
    guard case .string(let startText)? = members["start"] else {
      return .failure(Failure(reason: "has no \"start\" text"))
    }
    guard let start = Timewarrior.instant(timestamp: startText) else {
      return .failure(
        Failure(reason: "starts at '\(printable(startText, limit: 30))', not a time such as 20261201T083000Z")
      )
    }
    var end: Instant?
    switch members["end"] {
    case nil: break
    case .string(let text)?:
      guard let instant = Timewarrior.instant(timestamp: text) else {
        return .failure(
          Failure(reason: "ends at '\(printable(text, limit: 30))', not a time such as 20261201T093000Z"))
      }
      guard instant >= start else { return .failure(Failure(reason: "ends before it starts")) }
      end = instant
    default: return .failure(Failure(reason: "has an \"end\" that is not text"))
    }
    var tags: [String] = []
    switch members["tags"] {
    case nil: break
    case .array(let values)?:
      for value in values {
        guard case .string(let tag) = value else {
          return .failure(Failure(reason: "has a tag that is not text"))
        }
        tags.append(tag)
      }
    default: return .failure(Failure(reason: "has \"tags\" that are not a list"))
    }
    var annotation: String?
    switch members["annotation"] {
    case nil: break
    case .string(let text)?: annotation = text
    default: return .failure(Failure(reason: "has an \"annotation\" that is not text"))
    }
    return .success(TimewarriorInterval(start: start, end: end, tags: tags, annotation: annotation))
  }
}
