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
  /// Ends a command's run as failed, with how it ended.
  case fail(CommandExit)
  /// Presses a posted activity's button, by its label.
  case press(String)
  /// The user going away from the machine, coming back, or answering what their time away
  /// does to a stopwatch.
  case away(AwayStep)

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
    case .fail: return "fail"
    case .press: return "press"
    case .away: return "away"
    }
  }

  /// An update leaves a posted activity's attention as it is (or sets it), and so does the
  /// user going away or coming back; every other intent is the user's answer, and clears it.
  var answersAttention: Bool {
    switch self {
    case .update, .away(.leave), .away(.back): return false
    default: return true
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
  /// What a program posts on it from the start.
  public var posted: Posted
  /// Ends the running stopwatches (`Activity.isSwitchedFrom`) in the same transaction, at the
  /// instant this one starts: `islet switch`, `start --switch`, `stopwatch-switch = on`.
  public var switching: Bool

  public init(
    id: String = "", name: String, attributes: ActivityAttributes = ActivityAttributes(),
    category: String? = nil, relevance: Double = 0, paused: Bool = false, startedAt: Instant? = nil,
    posted: Posted = Posted(), switching: Bool = false
  ) {
    self.id = id
    self.name = name
    self.attributes = attributes
    self.category = category
    self.relevance = relevance
    self.paused = paused
    self.startedAt = startedAt
    self.posted = posted
    self.switching = switching
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
  /// The posted state text; an empty one clears it.
  public var text: String?
  /// The posted progress in whole percent; `.some(nil)` clears it.
  public var percent: Int??
  /// Marks the activity as needing the user; an empty one clears the mark.
  public var attention: String?
  /// Replaces the posted buttons (an empty list removes them).
  public var buttons: [ActivityButton]?
  /// Replaces the tags (an empty list removes them).
  public var tags: [String]?

  public init(
    name: String? = nil, category: String? = nil, relevance: Double? = nil, icon: String? = nil,
    text: String? = nil, percent: Int?? = nil, attention: String? = nil, buttons: [ActivityButton]? = nil,
    tags: [String]? = nil
  ) {
    self.name = name
    self.category = category
    self.relevance = relevance
    self.icon = icon
    self.text = text
    self.percent = percent
    self.attention = attention
    self.buttons = buttons
    self.tags = tags
  }

  public var isEmpty: Bool {
    name == nil && category == nil && relevance == nil && icon == nil && text == nil && percent == nil
      && attention == nil && buttons == nil && tags == nil
  }
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
