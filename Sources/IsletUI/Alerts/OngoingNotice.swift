import IsletCore

/// The quiet notification a running countdown or task keeps on the desktop (`desktop-progress`):
/// its progress as the freedesktop `value` hint, which dunst and mako draw as a bar, where it is,
/// and the buttons that fit a running one. Pure: which activity has one, what it says, and when
/// it must next be replaced; the deadline watcher only sends it.
///
/// ```swift
/// let notice = OngoingNotice(tea, at: now)  // value 40, "Tea", "40% · 15 min left · ends 10:30"
/// let due = OngoingNotice.due(tea, shownAt: now, after: now)  // the next whole percent or minute
/// ```
public struct OngoingNotice: Equatable, Sendable {
  /// Summary, body, buttons and a low urgency, as every channel reads an alert.
  public var alert: Alert
  /// How far it is, in whole percent 0…100.
  public var value: Int

  /// Never replaced sooner than this after the last, however fast its percents go by.
  public static let minimumSpacing: Milliseconds = 1000

  /// Whether `activity` has an ongoing notice: a countdown, or a task with a posted or
  /// estimated progress, running or paused. Ready, over or a bare stopwatch: none.
  public static func shows(_ activity: Activity) -> Bool {
    let phase = activity.state.phase
    // Whether it has a progress at all does not hang on the instant asked.
    return (phase == .active || phase == .paused)
      && activity.shownProgress(at: activity.state.startedAt) != nil
  }

  /// What `activity` shows at `now`; nil when it has no ongoing notice (`shows`).
  public init?(_ activity: Activity, at now: Instant, zone: LocalZone = .current, ascii: Bool = false) {
    guard Self.shows(activity), let value = Self.percent(activity, at: now) else { return nil }
    let name = printable(activity.name, limit: UserText.Bounds.name.characters)
    let summary = activity.planPosition.map { "\(name) \(ascii ? "-" : "—") \($0.text())" } ?? name
    let paused = activity.state.phase == .paused
    var said = [paused ? "paused" : nil, activity.state.posted.text.map { printable($0, limit: 80) }]
    said.append("\(value)%")
    if let left = activity.remaining(at: now) {
      said.append("\(Self.minutes(left)) left")
      if let deadline = activity.deadline { said.append("ends \(Alert.timeOfDay(deadline, zone: zone))") }
    } else if let estimate = activity.taskProgress(at: now), let left = estimate.left {
      said.append(estimate.isOverEstimate ? "longer than usual" : "about \(Self.minutes(left)) left")
    }
    alert = Alert(
      activityID: activity.id, icon: activity.icon, seq: nil, summary: summary,
      body: said.compactMap { $0 }.joined(separator: " · "), urgency: .low, actions: Self.actions(activity),
      awaitsAcknowledgment: false)
    self.value = value
  }

  /// When the notice of `activity`, last shown at `shownAt`, is next to be replaced: at its next
  /// whole percent or minute after `now`, never sooner than `minimumSpacing` after the last; nil
  /// while nothing it shows moves with time (paused, or a posted progress alone).
  public static func due(_ activity: Activity, shownAt: Instant, after now: Instant) -> Instant? {
    nextChange(activity, after: now).map { max($0, shownAt + minimumSpacing) }
  }

  /// The first instant after `now` at which what the notice says changes by time alone: its
  /// whole percent, or the minutes it says are left.
  public static func nextChange(_ activity: Activity, after now: Instant) -> Instant? {
    guard shows(activity), activity.state.phase == .active, activity.state.pausedAt == nil else {
      return nil
    }
    let start = activity.state.startedAt
    let elapsed = activity.elapsed(at: now)
    let span: Milliseconds
    if activity.isCountdown, let duration = activity.state.duration, duration > 0 {
      span = duration
    } else if activity.state.posted.percent == nil, let expected = activity.attributes.expected, expected > 0
    {
      span = expected
    } else {
      return nil
    }
    guard elapsed < span else { return nil }
    // The whole percent: the least elapsed time at which 100 × elapsed / span reaches the next.
    let percent = 100 * elapsed / span
    let nextPercent = start + ceilingDivision((percent + 1) * span, 100)
    // The minutes left, rounded up: they drop when what is left reaches the next whole minute.
    let left = span - elapsed
    let nextMinute = start + span - (ceilingDivision(left, 60_000) - 1) * 60_000
    return [nextPercent, nextMinute].filter { $0 > now }.min()
  }

  /// Whole percent, 0…100: a countdown's or an estimate's by its elapsed time, a posted one as
  /// posted. The same arithmetic as `nextChange`, so a notice changes exactly when it says.
  static func percent(_ activity: Activity, at now: Instant) -> Int? {
    let elapsed = activity.elapsed(at: now)
    if activity.isCountdown {
      guard let duration = activity.state.duration, duration > 0 else { return nil }
      return Int(min(100, 100 * elapsed / duration))
    }
    if let posted = activity.state.posted.percent { return max(0, min(100, posted)) }
    guard let expected = activity.attributes.expected, expected > 0 else { return nil }
    return Int(min(100, 100 * elapsed / expected))
  }

  /// The buttons: a program's own, then what fits a running timer (pause or resume; a plan's
  /// skip, a single countdown's done), as far as a notification has room.
  static func actions(_ activity: Activity) -> [Alert.Action] {
    let posted = activity.state.posted.buttons.enumerated().map { index, button in
      Alert.Action(
        key: Alert.pressKey(index), label: printable(button.label, limit: UserText.Bounds.label.characters),
        intents: [.press(button.label)])
    }
    guard activity.isCountdown else { return posted }
    var timer =
      activity.state.phase == .paused
      ? [Alert.Action(key: "resume", label: "Resume", intents: [.resume])]
      : [Alert.Action(key: "pause", label: "Pause", intents: [.pause])]
    if activity.isPlan, let position = activity.planPosition {
      let label = printable(position.segment, limit: UserText.Bounds.label.characters)
      timer.append(Alert.Action(key: "skip", label: "Skip \(label)", intents: [.skip]))
    } else {
      timer.append(Alert.Action(key: "complete", label: "Done", intents: [.complete]))
    }
    return posted + timer.prefix(max(0, Posted.maximumButtons - posted.count))
  }

  /// `25 min`, `1 h 05 min`: whole minutes, rounded up, as a countdown's clock rounds.
  static func minutes(_ span: Milliseconds) -> String {
    let minutes = ceilingDivision(max(0, span), 60_000)
    guard minutes >= 60 else { return "\(minutes) min" }
    return "\(minutes / 60) h " + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60) min"
  }
}

/// `a / b` rounded up, for a non-negative `a` and a positive `b`.
private func ceilingDivision(_ a: Int64, _ b: Int64) -> Int64 { (a + b - 1) / b }
