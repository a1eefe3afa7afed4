import IsletCore

/// What an alert says and offers, for every channel alike: the notification's summary, body,
/// urgency and buttons, the tmux message (`line`: the summary and the body), the popup's buttons.
///
/// ```swift
/// let alert = Alert(for: finished, activity: tea, at: now, policy: configuration.alerts)
/// // alert?.summary == "⏰ Tea — time's up", alert?.body == "+0:00 · started 10:05"
/// ```
public struct Alert: Equatable, Sendable {
  public enum Urgency: UInt8, Sendable {
    case low = 0, normal = 1, critical = 2
  }

  /// A button: its key (the notification's action key), its label, and the intents it sends
  /// to the activity, in order.
  public struct Action: Equatable, Sendable {
    public var key: String
    public var label: String
    public var intents: [Intent]

    public init(key: String, label: String, intents: [Intent]) {
      self.key = key
      self.label = label
      self.intents = intents
    }
  }

  public var activityID: String
  /// The activity's icon name (`timer`, `coffee`), or its plan segment's.
  public var icon: String
  /// The event that caused it, as the history numbers it.
  public var seq: Int64?
  public var summary: String
  public var body: String
  public var urgency: Urgency
  public var actions: [Action]
  /// Whether it repeats until someone acts on the activity.
  public var awaitsAcknowledgment: Bool

  public init(
    activityID: String, icon: String = "timer", seq: Int64?, summary: String, body: String, urgency: Urgency,
    actions: [Action], awaitsAcknowledgment: Bool
  ) {
    self.activityID = activityID
    self.icon = icon
    self.seq = seq
    self.summary = summary
    self.body = body
    self.urgency = urgency
    self.actions = actions
    self.awaitsAcknowledgment = awaitsAcknowledgment
  }

  /// Segments shorter than this alert as one normal notification, updated in place.
  public static let shortSegment: Milliseconds = 60_000

  /// What a channel of one line says: the summary, then the body.
  public var line: String { body.isEmpty ? summary : "\(summary) · \(body)" }

  /// The alert for `event` (one of `AlertPolicy.alerts`), with `activity` as it is at `now`;
  /// nil for an event that does not alert. `segmentsEnded` is how many of a plan's segments
  /// ended since the last alert (`AlertPolicy.latest`): more than one is said.
  public init?(
    for event: Event, activity: Activity, at now: Instant, policy: AlertPolicy, zone: LocalZone = .current,
    ascii: Bool = false, segmentsEnded: Int = 1
  ) {
    let dash = ascii ? "-" : "—"
    let bell = ascii ? "!" : "⏰"
    let name = printable(event.name, limit: UserText.Bounds.name.characters)
    let started = Self.timeOfDay(activity.runStart, zone: zone)
    var actions: [Action] = []
    var awaits = false
    var urgency = Urgency.critical
    let summary: String
    let body: String
    switch event.kind {
    case .finished:
      summary = "\(bell) \(name) \(dash) time's up"
      body = "\(activity.displayTime(at: now)) · started \(started)"
      awaits = AlertPolicy.awaits(activity, since: event)
      if awaits {
        actions = [
          Action(key: "complete", label: "Done", intents: [.complete]),
          Action(
            key: "snooze", label: "+\(DurationText.compact(policy.snooze).replacingMinutes)",
            intents: [.snooze(for: policy.snooze)]),
          Action(key: "reset", label: "Reset", intents: [.reset]),
        ]
      }
    case .segmentFinished:
      guard let ended = event.plan else { return nil }
      summary = "\(bell) \(name) \(dash) \(ended.text(after: event.name)) done"
      (body, urgency, actions, awaits) = Self.segmentEnded(
        event, ended, activity: activity, zone: zone, segmentsEnded: segmentsEnded, started: started)
    case .started:
      // A pending activity's time came: said once, normal, with what stops it.
      summary = "\(ascii ? ">" : "▶") \(name) \(dash) started"
      let ends = activity.deadline.map { " · ends \(Self.timeOfDay($0, zone: zone))" } ?? ""
      body = "started \(Self.timeOfDay(event.at, zone: zone))\(ends)"
      urgency = .normal
      if activity.state.phase == .active {
        actions = [
          Action(key: "pause", label: "Pause", intents: [.pause]),
          Action(key: "end", label: "End", intents: [.end]),
        ]
      }
    case .away:
      // Said once, normal: the stopwatch goes on as it is until the question is answered.
      summary = "\(ascii ? "?" : "☾") \(name) \(dash) away \(event.detail ?? "")"
      body =
        activity.state.away?.paused == true
        ? "paused while away: count the time away as run, go on from where it paused, or stop?"
        : "keep the time away, drop it and go on, or drop it and stop?"
      urgency = .normal
      awaits = AlertPolicy.awaits(activity, since: event)
      if awaits {
        actions = AwayAnswer.allCases.map {
          Action(key: "away-\($0.rawValue)", label: $0.label, intents: [.away(.answer($0))])
        }
      }
    case .planCompleted:
      summary = "\(ascii ? "ok" : "✓") \(name) \(dash) done"
      let total = activity.endedAt.map { DurationText.clock(seconds: ($0 - activity.createdAt) / 1000) }
      body =
        (total.map { "the whole plan, \($0) · " } ?? "")
        + "started \(Self.timeOfDay(activity.createdAt, zone: zone))"
    default:
      // What programs post and `islet run` reports: Alert+Programs.swift.
      guard let alert = Self.programs(event, activity: activity, policy: policy, zone: zone, ascii: ascii)
      else { return nil }
      self = alert
      return
    }
    self.init(
      activityID: event.activityID, icon: activity.icon, seq: event.seq, summary: summary, body: body,
      urgency: urgency,
      actions: actions, awaitsAcknowledgment: awaits)
  }

  /// What a plan's segment end says besides its summary: where the run stands (waiting to go
  /// on, or on into the next segment), the buttons for it, and how urgent it is.
  private static func segmentEnded(
    _ event: Event, _ ended: PlanPosition, activity: Activity, zone: LocalZone, segmentsEnded: Int,
    started: String
  ) -> (body: String, urgency: Urgency, actions: [Action], awaits: Bool) {
    let length = activity.attributes.plan?.segments.first { $0.label == ended.segment }?.duration
    let urgency: Urgency = length.map { $0 < shortSegment } == true ? .normal : .critical
    let awaits = AlertPolicy.awaits(activity, since: event)
    let passed = segmentsEnded > 1 ? "\(segmentsEnded) segments ended · " : ""
    if awaits, let next = ended.next {
      let label = printable(next.segment, limit: UserText.Bounds.label.characters)
      let body = passed + "Up next: \(label) \(DurationText.clock(seconds: next.duration / 1000)), waiting"
      let actions = [
        Action(key: "go-on", label: "Start \(label)", intents: [.toggle]),
        Action(key: "skip", label: "Skip \(label)", intents: [.toggle, .skip]),
      ]
      return (body, urgency, actions, awaits)
    }
    if awaits {
      // The last segment of a plan that asks: going on finishes the run.
      let actions = [Action(key: "finish", label: "Finish", intents: [.toggle])]
      return (passed + "the last segment, waiting to finish the run", urgency, actions, awaits)
    }
    guard activity.state.phase.isLive, let current = activity.planPosition else {
      return ("started \(started)", urgency, [], awaits)
    }
    let label = printable(current.segment, limit: UserText.Bounds.label.characters)
    let ends = activity.deadline.map { " · ends \(timeOfDay($0, zone: zone))" } ?? ""
    let body =
      passed + "\(current.text(after: event.name)) started, \(activity.displayTime(at: event.at))\(ends)"
    guard activity.state.phase == .active else { return (body, urgency, [], awaits) }
    let actions = [
      Action(key: "skip", label: "Skip \(label)", intents: [.skip]),
      Action(key: "pause", label: "Pause", intents: [.pause]),
    ]
    return (body, urgency, actions, awaits)
  }

  /// `10:05` in the local zone.
  static func timeOfDay(_ instant: Instant, zone: LocalZone) -> String {
    let seconds = instant.milliseconds / 1000
    let local = seconds + zone.utcOffset(seconds)
    let minutes = ((local / 60) % 1440 + 1440) % 1440
    let minute = minutes % 60
    return "\(minutes / 60):" + (minute < 10 ? "0" : "") + "\(minute)"
  }
}

extension String {
  /// `5m` as a button says it: `5 min`.
  fileprivate var replacingMinutes: String {
    hasSuffix("m") && dropLast().allSatisfy(\.isNumber) ? dropLast() + " min" : self
  }
}
