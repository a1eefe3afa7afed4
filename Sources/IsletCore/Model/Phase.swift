/// Where an activity is in its life. `finished` and `expired` are caused by time, not intents,
/// and so is the start of a `pending` one.
public enum Phase: String, Codable, Sendable, CaseIterable {
  case idle, active, paused, finished, completed, ended, expired
  /// A command's run that ended with a failure (`run`, `fail`).
  case failed
  /// A start still ahead (`start --in`, `--at` a later time): `startedAt` is when it starts.
  case pending

  /// Live activities are shown and acted on; the others are history.
  public var isLive: Bool {
    switch self {
    case .pending, .idle, .active, .paused, .finished: return true
    case .completed, .ended, .expired, .failed: return false
    }
  }

  /// The phase in a sentence: `ready`, `running`, `paused`, `finished`, ….
  public var word: String {
    switch self {
    case .idle: return "ready"
    case .active: return "running"
    default: return rawValue
    }
  }
}

/// A stopwatch counts up; a countdown counts down from its duration, then into overtime.
public enum Mode: String, Codable, Sendable {
  case stopwatch, countdown
}

/// Who asked for an intent, kept with every event.
public enum Source: String, Codable, Sendable {
  case cli, key, mouse, tmux, time
  /// A command's end reported by `islet run`.
  case run
  /// A button of a desktop notification.
  case notification
  /// The desktop's media controls (MPRIS): a media key, a player's button, `playerctl`.
  case media
  /// The desktop session: the screen locked or unlocked, the machine asleep or awake (logind).
  case session
}
