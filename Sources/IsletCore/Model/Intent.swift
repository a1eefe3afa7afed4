/// What a user asks of a timer, from any source: a key, a click, a command, a tmux binding.
public enum Intent: Hashable, Sendable {
  case start(StartRequest)
  case pause, resume, toggle, reset, complete, end
  /// Ends a plan's current segment now and starts the next (or completes the run after the last).
  case skip
  /// Lengthens (positive) or shortens (negative) a countdown.
  case adjust(by: Milliseconds)
  /// Lets a finished countdown go on running with this much left from now.
  case snooze(for: Milliseconds)
  case update(ActivityUpdate)
  /// Marks a lap on a running stopwatch: the running time since the last mark (or the start).
  case lap

  /// The verb, as typed on the command line.
  public var verb: String {
    switch self {
    case .start: return "start"
    case .pause: return "pause"
    case .resume: return "resume"
    case .toggle: return "toggle"
    case .reset: return "reset"
    case .complete: return "complete"
    case .end: return "end"
    case .skip: return "skip"
    case .adjust: return "adjust"
    case .snooze: return "snooze"
    case .update: return "update"
    case .lap: return "lap"
    }
  }
}

/// Everything `start` needs to make a new activity.
public struct StartRequest: Hashable, Sendable {
  /// Filled in by the dispatcher, which knows which ids are taken.
  public var id: String
  public var name: String
  public var attributes: ActivityAttributes
  public var category: String?
  public var relevance: Double
  /// Start idle (ready) instead of running.
  public var paused: Bool
  /// Started as if at this earlier instant (`start --ago`, `--at`); nil for now. What time
  /// has caused since (a countdown finished, a plan's segments) is recorded at its true time.
  public var startedAt: Instant?

  public init(
    id: String = "", name: String, attributes: ActivityAttributes = ActivityAttributes(),
    category: String? = nil, relevance: Double = 0, paused: Bool = false, startedAt: Instant? = nil
  ) {
    self.id = id
    self.name = name
    self.attributes = attributes
    self.category = category
    self.relevance = relevance
    self.paused = paused
    self.startedAt = startedAt
  }
}

/// The content an `update` changes; nil leaves a field as it is.
public struct ActivityUpdate: Hashable, Sendable {
  public var name: String?
  /// An empty category clears it.
  public var category: String?
  public var relevance: Double?
  /// A single timer's icon; a plan's segments have their own.
  public var icon: String?

  public init(name: String? = nil, category: String? = nil, relevance: Double? = nil, icon: String? = nil) {
    self.name = name
    self.category = category
    self.relevance = relevance
    self.icon = icon
  }

  public var isEmpty: Bool { name == nil && category == nil && relevance == nil && icon == nil }
}

/// Why an intent was not applied; shown as one line, exit status 1.
public struct Refusal: Error, Equatable, Sendable {
  public var reason: String
  public init(_ reason: String) { self.reason = reason }
}

// MARK: - UserFacingError

extension Refusal: UserFacingError {
  /// The reason, as `islet: Workout is already paused` says it.
  public var message: String { reason }
  public var exitStatus: ExitStatus { .refused }
}
