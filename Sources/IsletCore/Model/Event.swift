/// What happened to an activity: a fact, appended to the history.
public enum EventKind: String, Codable, Sendable, CaseIterable {
  case started, paused, resumed, reset, completed, ended, adjusted, updated, finished, expired
  /// A plan's segment ended early by `skip`.
  case skipped
  /// A finished countdown given more time by `snooze`.
  case snoozed
  /// A plan's segment began: its first, or the next at the previous one's end.
  case segmentStarted = "segment-started"
  /// A plan's segment ran to its end (the plan's `finished`).
  case segmentFinished = "segment-finished"
  /// A plan run is done: its last segment over, or completed by the user.
  case planCompleted = "plan-completed"
  /// The day's work segments reached the configured goal.
  case goalReached = "goal-reached"
  /// A lap marked on a stopwatch; its `elapsed` is the split, the running time at the mark.
  case lapped
  /// A past session corrected (`islet edit`); `detail` says what changed.
  case edited
  /// Past sessions removed (`islet forget`); `detail` says which.
  case forgotten
  /// A command's run ended with a failure; `detail` says how (`exit 2`, `SIGINT`).
  case failed
  /// A program marked the activity as needing the user; `detail` is what it said.
  case attention
  /// One of a posted activity's buttons was pressed; `detail` is its label.
  case pressed
  /// A start still ahead was made (`start --in`, `--at`): the activity is pending, and time
  /// records its `started` at that instant.
  case scheduled
  /// The user came back to a stopwatch that ran while they were away longer than `away-after`;
  /// `detail` is how long (`14m`), and the question waits for `away-answered`.
  case away
  /// The time away kept, dropped, or dropped with the stopwatch stopped; `detail` says which.
  case awayAnswered = "away-answered"

  /// Kinds that record a correction of the history, not something the timer did.
  public var isCorrection: Bool { self == .edited || self == .forgotten }

  /// Kinds that close a run of the timer (a plan's segment); their elapsed time is its length.
  public var closesRun: Bool {
    switch self {
    case .reset, .completed, .ended, .expired, .skipped, .segmentFinished, .failed: return true
    default: return false
    }
  }

  /// Kinds that open a run: a timer's start, a plan's segment beginning.
  public var opensRun: Bool { self == .started || self == .segmentStarted }
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
  /// Its category then; nil when it had none.
  public var category: String?
  /// A plan run's place then (for a segment's end, the segment that ended); nil for a timer.
  public var plan: PlanPosition?
  /// Changed afterwards by `islet edit`: a report says so.
  public var edited: Bool
  /// What a correction changed (`edited`, `forgotten`), how a command failed (`failed`), what
  /// needs the user (`attention`), the button pressed (`pressed`); nil for the others.
  public var detail: String?

  public init(
    seq: Int64? = nil, activityID: String, kind: EventKind, phase: Phase, elapsed: Milliseconds,
    source: Source, at: Instant, name: String, category: String? = nil, plan: PlanPosition? = nil,
    edited: Bool = false, detail: String? = nil
  ) {
    self.seq = seq
    self.activityID = activityID
    self.kind = kind
    self.phase = phase
    self.elapsed = elapsed
    self.source = source
    self.at = at
    self.name = name
    self.category = category
    self.plan = plan
    self.edited = edited
    self.detail = detail
  }
}
