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
  /// The bell and a notification sequence written to the terminal an activity was started
  /// from, and to those an open view, `wait` or `status --follow` runs on.
  case terminal
}

/// How alerts are delivered and repeated: the configuration's `alerts`, `alert-repeat`,
/// `alert-every`, `alert-after-run`, `snooze` and `sound`.
public struct AlertPolicy: Codable, Equatable, Sendable {
  public var channels: Set<AlertChannel> = [.desktop, .tmux, .bell, .terminal]
  /// How many times an alert nobody acknowledged is given again.
  public var repeatCount: Int = 3
  public var repeatEvery: Milliseconds = 60_000
  /// What the notification's `+5 min`, the popup's and the view's `+` give a finished countdown.
  public var snooze: Milliseconds = 300_000
  /// The command that plays the sound; nil for the first player found.
  public var sound: String?
  /// A command's run that ended (failed, or done as `islet run` reports it) alerts when it
  /// ran at least this long; nil: never (`alert-after-run = off`).
  public var runAlertAfter: Milliseconds? = Self.standardRunAlertAfter

  public static let standardRunAlertAfter: Milliseconds = 30_000

  public init() {}

  /// The events that alert: the ends that time causes, a pending activity's start (`started`
  /// by time), a program asking for the user (`attention`), the question about a stopwatch's
  /// time away (`away`), and a run's end (`failed`, or
  /// `completed` by `islet run`) that took at least `runAlertAfter`. A plan's end alerts in
  /// place of the last segment's end that caused it.
  public static func alerts(_ events: [Event], runAlertAfter: Milliseconds? = nil) -> [Event] {
    events.enumerated().compactMap { index, event in
      if let runAlertAfter, endsLongRun(event, after: runAlertAfter) { return event }
      if event.kind == .attention || event.kind == .away { return event }
      guard event.source == .time else { return nil }
      switch event.kind {
      case .finished, .planCompleted, .started: return event
      case .segmentFinished:
        let ended = events[(index + 1)...].prefix { $0.activityID == event.activityID && $0.at == event.at }
        return ended.contains { $0.kind == .planCompleted } ? nil : event
      default: return nil
      }
    }
  }

  /// Whether `event` ends a command's run of at least `after`: a failure, whoever reports it,
  /// or a success that `islet run` reports.
  static func endsLongRun(_ event: Event, after: Milliseconds) -> Bool {
    let ended = event.kind == .failed || (event.kind == .completed && event.source == .run)
    return ended && event.elapsed >= after
  }

  /// Whether the alert for `event` repeats while its activity waits: only the ends that time
  /// causes do; a pending activity's start, a program's call for attention and a run's end
  /// are said once.
  public static func repeats(_ event: Event) -> Bool { event.source == .time && event.kind != .started }

  /// One alert an activity among `events`: its latest (as `alerts` says), with how many of its
  /// plan's segments ended in them, so a plan started in the past or a machine that slept
  /// through several deadlines says where the clock is now, once.
  public static func latest(_ events: [Event], runAlertAfter: Milliseconds? = nil)
    -> [(event: Event, segmentsEnded: Int)]
  {
    let alerting = alerts(events, runAlertAfter: runAlertAfter)
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
  /// of the history (`edited`, `forgotten`) is not an answer to it; nor, to a call for
  /// attention, an update that leaves `activity` (as it is now) still asking.
  public static func acknowledges(_ events: [Event], _ alert: Event, activity: Activity? = nil) -> Bool {
    let stillAsks = alert.kind == .attention && activity?.state.posted.attention != nil
    return events.contains { event in
      guard event.activityID == alert.activityID, event.source != .time, !event.kind.isCorrection,
        !(stillAsks && event.kind == .updated)
      else {
        return false
      }
      if let seq = event.seq, let alertSeq = alert.seq { return seq > alertSeq }
      return event.at >= alert.at
    }
  }

  /// Whether `activity` still waits on the alert `event` gave: nobody has acted on it since
  /// (a countdown that is over, a plan's segment waiting to go on, a call for attention not
  /// answered), so the alert stays, and one of time's ends repeats.
  public static func awaits(_ activity: Activity, since event: Event) -> Bool {
    guard activity.id == event.activityID else { return false }
    if event.kind == .attention { return activity.state.posted.attention != nil }
    if event.kind == .away { return activity.state.away?.back != nil }
    return activity.state.phase == .finished && activity.deadline == event.at
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
