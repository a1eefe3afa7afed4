/// The user away from the machine (the screen locked, the machine asleep), as an activity keeps
/// it from the moment they went until the question it raised is answered.
public struct Away: Codable, Equatable, Sendable {
  /// When they went.
  public var since: Instant
  /// When they came back, while the question ("away 14m: keep it?") waits for an answer.
  public var back: Instant?
  /// Whether going away paused it, so that coming back resumes it.
  public var paused: Bool

  public init(since: Instant, back: Instant? = nil, paused: Bool) {
    self.since = since
    self.back = back
    self.paused = paused
  }

  /// How long they were away: nil until they are back.
  public var span: Milliseconds? { back.map { max(0, $0 - since) } }

  /// A time away as the question says it, in whole seconds: `14m`, `1h05m`, `40s`.
  public static func said(_ span: Milliseconds) -> String { DurationText.compact(span / 1000 * 1000) }
}

/// What to do with a stopwatch's time away, or a countdown's that going away paused (with
/// `on-unlock = ask`): keep it (it ran), drop it and go on (a pause), drop it and stop.
public enum AwayAnswer: String, CaseIterable, Codable, Sendable {
  case keep, drop, stop

  /// The words a button or a list shows.
  public var label: String {
    switch self {
    case .keep: return "Keep it"
    case .drop: return "Drop it"
    case .stop: return "Drop and stop"
    }
  }
}

/// The steps of `Intent.away`: going away, coming back, answering the question.
public enum AwayStep: Hashable, Sendable {
  /// A running activity marked as left at this instant; paused too when `pausing`.
  case leave(pausing: Bool)
  /// Back: the time away settled by `answer` (for what going away paused, `drop` resumes it),
  /// or asked about when nil.
  case back(AwayAnswer?)
  /// Back, what going away paused left paused (`on-unlock = nothing`).
  case stay
  /// The question answered.
  case answer(AwayAnswer)
}
