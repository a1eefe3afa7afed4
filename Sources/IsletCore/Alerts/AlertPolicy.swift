/// A way an alert reaches the user.
public enum AlertChannel: String, CaseIterable, Codable, Sendable {
  /// A desktop notification over D-Bus, with buttons.
  case desktop
  /// A message on every attached client of the tmux servers Islet was used from.
  case tmux
  /// The expanded presentation in a tmux popup, with its buttons.
  case popup
  /// The terminal bell: the open view's, and each tmux client's.
  case bell
  /// A sound played by a configured command or the first player found.
  case sound
}

/// How alerts are delivered and repeated: the configuration's `alerts`, `alert-repeat`,
/// `alert-every`, `snooze` and `sound`.
public struct AlertPolicy: Codable, Equatable, Sendable {
  public var channels: Set<AlertChannel> = [.desktop, .tmux, .bell]
  /// How many times an alert nobody acknowledged is given again.
  public var repeatCount: Int = 3
  public var repeatEvery: Milliseconds = 60_000
  /// What the notification's `+5 min`, the popup's and the view's `+` give a finished countdown.
  public var snooze: Milliseconds = 300_000
  /// The command that plays the sound; nil for the first player found.
  public var sound: String?

  public init() {}

  /// The events that alert: the ends that time causes. A plan's end alerts in place of the
  /// last segment's end that caused it.
  public static func alerts(_ events: [Event]) -> [Event] {
    events.enumerated().compactMap { index, event in
      guard event.source == .time else { return nil }
      switch event.kind {
      case .finished, .planCompleted: return event
      case .segmentFinished:
        let ended = events[(index + 1)...].prefix { $0.activityID == event.activityID && $0.at == event.at }
        return ended.contains { $0.kind == .planCompleted } ? nil : event
      default: return nil
      }
    }
  }

  /// One alert an activity among `events`: its latest (as `alerts` says), with how many of its
  /// plan's segments ended in them, so a plan started in the past or a machine that slept
  /// through several deadlines says where the clock is now, once.
  public static func latest(_ events: [Event]) -> [(event: Event, segmentsEnded: Int)] {
    let alerting = alerts(events)
    return alerting.enumerated().compactMap { index, event in
      guard !alerting[(index + 1)...].contains(where: { $0.activityID == event.activityID }) else {
        return nil
      }
      let ended = events.count {
        $0.activityID == event.activityID && $0.kind == .segmentFinished && $0.source == .time
      }
      return (event, ended)
    }
  }

  /// The shortest snooze: `snooze`, `islet snooze` and the engine all take a second or more.
  public static let shortestSnooze: Milliseconds = 1000

  /// Whether one of `events` is someone acting on the alert's activity after it (any intent,
  /// a rename too, as opposed to time going on): that acknowledges the alert. A correction
  /// of the history (`edited`, `forgotten`) is not an answer to it.
  public static func acknowledges(_ events: [Event], _ alert: Event) -> Bool {
    events.contains { event in
      guard event.activityID == alert.activityID, event.source != .time, !event.kind.isCorrection else {
        return false
      }
      if let seq = event.seq, let alertSeq = alert.seq { return seq > alertSeq }
      return event.at >= alert.at
    }
  }

  /// Whether `activity` still waits on the alert `event` gave: nobody has acted on it since,
  /// so the alert repeats (a countdown that is over, a plan's segment waiting to go on).
  public static func awaits(_ activity: Activity, since event: Event) -> Bool {
    activity.id == event.activityID && activity.state.phase == .finished
      && activity.deadline == event.at
  }

  /// How many repeats are due by `now` for an alert first given at `first` (at most
  /// `repeatCount`).
  public func repeatsDue(since first: Instant, at now: Instant) -> Int {
    guard repeatCount > 0, repeatEvery > 0, now > first else { return 0 }
    return Int(min(Int64(repeatCount), (now - first) / repeatEvery))
  }

  /// When the repeat after `given` repeats falls, or nil when none is left.
  public func nextRepeat(since first: Instant, given: Int) -> Instant? {
    guard given < repeatCount, repeatEvery > 0 else { return nil }
    return first + repeatEvery * Milliseconds(given + 1)
  }
}
