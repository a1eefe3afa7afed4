/// What the words given for a new timer ask for: one duration, or a plan's work and its break.
/// `islet start`, a tmux prompt's buffer and the view's duration field read them here alone.
///
/// ```
/// DurationReading.of(["1h", "30m"])     // .one(5_400_000): descending units are one duration
/// DurationReading.of(["50m/10m"])       // .workAndBreak(3_000_000, 600_000)
/// DurationReading.of(["50m", "10m"])    // .workAndBreak: two that cannot be one duration
/// DurationReading.of(["1h", "30"])      // .failure(.ambiguous): 1h30m, or 1h/30s?
/// ```
public enum DurationReading: Equatable, Sendable {
  case one(Milliseconds)
  case workAndBreak(work: Milliseconds, rest: Milliseconds)

  /// What goes between a plan's work and its break: `50m/10m`.
  public static let separator: Character = "/"

  public enum Failure: UserFacingError, Equatable, Sendable {
    case duration(DurationText.Failure)
    /// Words that read as one duration and, apart, as a work and a break.
    case ambiguous(String, one: Milliseconds, work: Milliseconds, rest: Milliseconds)
    /// More than one `/`, or nothing on a side of it.
    case notWorkAndBreak(String)

    public var message: String {
      switch self {
      case .duration(let failure):
        return failure.message
      case .ambiguous(let text, let one, let work, let rest):
        let (one, work, rest) = (
          DurationText.compact(one), DurationText.compact(work), DurationText.compact(rest)
        )
        return
          "'\(printable(text, limit: 40))' is ambiguous: write \(one) for one countdown, "
          + "or \(work)/\(rest) for \(work) of work and a \(rest) break"
      case .notWorkAndBreak(let text):
        return
          "'\(printable(text, limit: 40))' is not a work and a break; write one duration on each side of one /, such as 50m/10m"
      }
    }

    public var exitStatus: ExitStatus { .usage }
  }

  /// The words as typed, a shell's split or a field's text split at its spaces.
  ///
  /// - A `/` makes a work and a break, each side one duration: `50m/10m`, `50 min / 10 min`.
  /// - Otherwise words that read as one duration are one: `1h 30m`, `1 hour 30 min`. Two words,
  ///   the second a number without its unit (`1h 30`), read as one duration and as a work and a
  ///   break of seconds alike, and are refused, naming both.
  /// - Two words that cannot be one duration (`50m 10m`, `10m 50m`) are a work and a break, as
  ///   they always were.
  public static func of(_ words: [String]) -> Result<DurationReading, Failure> {
    let words = DurationText.joiningUnitWords(words.filter { !$0.trimmingSpaces.isEmpty })
    let text = words.joined(separator: " ")
    if text.contains(separator) {
      let sides = text.split(separator: separator, omittingEmptySubsequences: false).map(String.init)
      guard sides.count == 2, sides.allSatisfy({ !$0.trimmingSpaces.isEmpty }) else {
        return .failure(.notWorkAndBreak(text))
      }
      return duration(sides[0]).flatMap { work in
        duration(sides[1]).map { .workAndBreak(work: work, rest: $0) }
      }
    }
    guard words.count > 1 else { return duration(text).map(DurationReading.one) }
    let one = DurationText.parse(text)
    guard words.count == 2 else { return one.map(DurationReading.one).mapError(Failure.duration) }
    let apart = (DurationText.parse(words[0]), DurationText.parse(words[1]))
    switch (one, apart) {
    case (.success(let one), (.success(let work), .success(let rest)))
    where DurationText.isBareNumber(words[1]):
      return .failure(.ambiguous(text, one: one, work: work, rest: rest))
    case (.success, (_, .failure(let failure))) where DurationText.isBareNumber(words[1]):
      // `25m 0`: no break either way, and not 25m0s.
      return .failure(.duration(failure))
    case (.success(let one), _):
      return .success(.one(one))
    case (_, (.success(let work), .success(let rest))):
      return .success(.workAndBreak(work: work, rest: rest))
    // Neither one duration nor two: the whole text is named (`5m Tea`), unless a word is only
    // out of bounds (`25m 101h`).
    case (_, (.failure(.malformed), _)), (_, (_, .failure(.malformed))):
      return .failure(.duration(.malformed(text)))
    case (_, (.failure(let failure), _)), (_, (_, .failure(let failure))):
      return .failure(.duration(failure))
    }
  }

  private static func duration(_ text: String) -> Result<Milliseconds, Failure> {
    DurationText.parse(text.trimmingSpaces).mapError(Failure.duration)
  }
}
