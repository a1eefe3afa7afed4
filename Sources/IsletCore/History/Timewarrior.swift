/// One interval as timewarrior keeps it and `timew export` prints it: whole seconds in UTC, a
/// set of tags (printed sorted, as timewarrior keeps them) and an optional annotation; no end
/// while it is still being tracked.
public struct TimewarriorInterval: Equatable, Sendable {
  public var start: Instant
  public var end: Instant?
  public var tags: [String]
  public var annotation: String?

  public init(start: Instant, end: Instant?, tags: [String], annotation: String? = nil) {
    self.start = start
    self.end = end
    self.tags = tags
    self.annotation = annotation
  }
}

/// How Islet's history and timewarrior's intervals map onto each other: `log --format
/// timewarrior` and `import timewarrior` both go through here, so a round trip keeps the name
/// and the category.
public enum Timewarrior {
  /// The tags a session is exported with: its name, its category, then its own tags. The one place that
  /// says what becomes a tag.
  public static func tags(of session: Session) -> [String] {
    [session.name] + (session.category.map { [$0] } ?? []) + session.tags
  }

  /// The intervals `timew export` would print for `sessions`: one for each stretch a session
  /// that counts ran (a pause is a gap between two intervals), whole seconds, oldest first.
  /// Only the last stretch of a session still counting is open: one running, or a countdown
  /// finished and counting its overtime until it is answered (closed at "now", it would end
  /// elsewhere in each export, and importing two would count it twice). The annotation is the
  /// name, so that the name is still known once timewarrior has sorted the tags.
  public static func intervals(of sessions: [Session]) -> [TimewarriorInterval] {
    var intervals: [TimewarriorInterval] = []
    for session in sessions where session.counts {
      let tags = Set(tags(of: session)).sorted(by: bytewise)
      // A live session's outcome is its phase, `running` while it runs (`SessionLog`).
      let running =
        session.endedAt == nil && (session.outcome == "running" || session.outcome == Phase.finished.rawValue)
      for (index, stretch) in session.stretches.enumerated() {
        let start = wholeSecond(stretch.from)
        let open = running && index == session.stretches.count - 1
        let end = open ? nil : wholeSecond(stretch.to)
        if let end, end <= start { continue }
        intervals.append(TimewarriorInterval(start: start, end: end, tags: tags, annotation: session.name))
      }
    }
    return intervals.sorted { $0.start < $1.start }
  }

  /// The name, category and tags an imported interval is kept under: named by its annotation
  /// when it has one, else by its first tag (in timewarrior's order); one tag left is its
  /// category, several are its tags (the first `ActivityAttributes.maximumTags`). An interval
  /// with neither is `Untitled`. So one or two tags, and what `intervals(of:)` made of a
  /// session without tags of its own, come back as they were.
  public static func naming(_ interval: TimewarriorInterval) -> (
    name: String, category: String?, tags: [String]
  ) {
    var tags = interval.tags.sorted(by: bytewise)
    let name: String
    if let annotation = interval.annotation, !annotation.isEmpty {
      name = annotation
      tags.removeAll { $0 == annotation }
    } else {
      name = tags.isEmpty ? "Untitled" : tags.removeFirst()
    }
    if tags.count == 1 { return (name, tags[0], []) }
    return (name, nil, Array(tags.prefix(ActivityAttributes.maximumTags)))
  }

  /// The activity an imported interval becomes, by an id derived from the interval alone, so
  /// that importing it again finds it there: eight letters and digits (a fresh activity's id
  /// has four, so the two never meet).
  public static func activityID(of interval: TimewarriorInterval) -> String {
    var key = "\(interval.start.milliseconds)/\(interval.end?.milliseconds ?? -1)"
    for tag in interval.tags.sorted(by: bytewise) { key += "\u{1F}" + tag }
    key += "\u{1E}" + (interval.annotation ?? "")
    // FNV-1a, 64 bits: the same on every machine and run (Swift's Hasher is seeded anew).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let alphabet = ActivityID.alphabet
    return String(
      (0..<8).map { _ in
        defer { hash /= UInt64(alphabet.count) }
        return alphabet[Int(hash % UInt64(alphabet.count))]
      })
  }

  /// A finished interval as a past stopwatch run: its activity, ended, and its `started` and
  /// `ended` events, made by the engine as if it had been started and ended then.
  public static func pastRun(
    _ interval: TimewarriorInterval, name: String, category: String?, tags: [String] = [], icon: String,
    policy: TimePolicy
  ) -> (activity: Activity, events: [Event])? {
    guard let end = interval.end, end > interval.start else { return nil }
    let request = StartRequest(
      id: activityID(of: interval), name: name, attributes: ActivityAttributes(icon: icon, tags: tags),
      category: category,
      startedAt: interval.start)
    guard
      case .success(let started) = TimerEngine.reduce(
        nil, .start(request), at: end, source: .cli, policy: policy),
      case .success(let ended) = TimerEngine.reduce(
        started.activity, .end, at: end, source: .cli, policy: policy)
    else { return nil }
    return (ended.activity, started.events + ended.events)
  }

  /// `20261201T083000Z`: an instant as timewarrior writes it, in UTC, to the second.
  public static func timestamp(_ instant: Instant) -> String {
    let seconds = wholeSecond(instant).milliseconds / 1000
    let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let second = seconds - day * 86_400
    let (year, month, dayOfMonth) = LocalZone.civil(day: day)
    func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let yearText = String(year)
    return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + two(Int64(month))
      + two(Int64(dayOfMonth)) + "T" + two(second / 3600) + two(second % 3600 / 60) + two(second % 60) + "Z"
  }

  /// Reads `timestamp`'s form back; nil for anything else (a date that does not exist too).
  public static func instant(timestamp text: String) -> Instant? {
    let bytes = Array(text.utf8)
    guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      guard bytes[range].allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      return bytes[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
    guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
      let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
      let days = LocalZone.day(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
    else { return nil }
    return Instant(seconds: days * 86_400 + Int64(hour * 3600 + minute * 60 + second))
  }

  /// Timewarrior's order of tags: by their bytes.
  static func bytewise(_ a: String, _ b: String) -> Bool { Array(a.utf8).lexicographicallyPrecedes(b.utf8) }

  private static func wholeSecond(_ instant: Instant) -> Instant {
    let ms = instant.milliseconds
    return Instant(milliseconds: ms - ((ms % 1000) + 1000) % 1000)
  }
}
