/// What happened to an activity: a fact, appended to the history.
public enum EventKind: String, Codable, Sendable, CaseIterable {
  case started, paused, resumed, reset, completed, ended, adjusted, updated, finished, expired

  /// Kinds that close a run of the timer; their elapsed time is the run's length.
  public var closesRun: Bool {
    switch self {
    case .reset, .completed, .ended, .expired: return true
    default: return false
    }
  }
}

/// One entry of the history, and what hooks receive on stdin.
public struct Event: Codable, Equatable, Sendable {
  /// The history's order; nil until the store has appended it.
  public var seq: Int64?
  public var activityID: String
  public var kind: EventKind
  /// The phase the activity is in after the event.
  public var phase: Phase
  public var elapsed: Milliseconds
  public var source: Source
  public var at: Instant
  /// The activity's name when the event happened.
  public var name: String

  public init(
    seq: Int64? = nil, activityID: String, kind: EventKind, phase: Phase, elapsed: Milliseconds,
    source: Source, at: Instant, name: String
  ) {
    self.seq = seq
    self.activityID = activityID
    self.kind = kind
    self.phase = phase
    self.elapsed = elapsed
    self.source = source
    self.at = at
    self.name = name
  }
}
