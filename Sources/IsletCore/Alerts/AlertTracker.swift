/// What a channel is asked to do with an alert (`AlertTracker.update`).
public enum AlertAction: Equatable, Sendable {
  /// Say the alert for `event`, a new end of its activity, in place of whatever an earlier alert
  /// of that activity still shows (a notification is replaced, not added). `segmentsEnded` is
  /// how many of its plan's segments ended since the last look (`AlertPolicy.latest`).
  case give(Event, segmentsEnded: Int)
  /// Say the alert for `event` again: nobody has acted on its activity, which still waits, and
  /// the policy's next repeat is due.
  case again(Event)
  /// Take back what is shown for the activity: someone acted on it, here or elsewhere, or it
  /// went on by itself.
  case withdraw(activityID: String)
}

/// The alerts followed, and what each new look at the store asks of the channels: one alert an
/// activity for the ends time causes, given again by the policy while nobody acts on it,
/// withdrawn when someone does; and, said once, a program's call for attention (withdrawn when
/// answered: any intent, or an update that clears it) and a long run's end. Pure, so the view (its bell, flash and expansion) and the
/// deadline watcher (desktop, tmux, sound) give, repeat and withdraw alike, each doing the
/// actions its own way; and a value, so a watcher that is killed leaves it to the next.
///
/// ```swift
/// var tracker = AlertTracker(policy: configuration.alerts, looked: true)
/// for action in tracker.update(events: recorded, live: live, now: clock.now()) { run(action) }
/// let wake = tracker.nextWake(live: live)
/// ```
public struct AlertTracker: Codable, Equatable, Sendable {
  /// An alert given: the event that caused it, and how many times it has been given again (all
  /// of them once someone acted on it, or when it was heard too late to be said).
  public struct Followed: Codable, Equatable, Sendable {
    public var event: Event
    public var repeats: Int

    public init(event: Event, repeats: Int) {
      self.event = event
      self.repeats = repeats
    }
  }

  public var policy: AlertPolicy
  /// The latest alert of each live activity.
  public var followed: [String: Followed] = [:]
  /// Until the first look, alerts heard are followed but not said: they ended before (a view
  /// opening on a countdown long over).
  public var looked: Bool
  /// How old an alert may be and still be said when first heard; an older one is history (a
  /// watcher started late). Nil: any age.
  public var sayableFor: Milliseconds?

  public init(policy: AlertPolicy, looked: Bool = false, sayableFor: Milliseconds? = nil) {
    self.policy = policy
    self.looked = looked
    self.sayableFor = sayableFor
  }

  /// Takes the events recorded since the last look (by anyone; an event heard twice is said
  /// once), the live activities after them and the instant: withdraws the alerts acted on or
  /// gone on, gives those the events hold (one an activity, its latest), forgets the activities
  /// no longer live, and gives again those whose repeat is due (by activity id).
  public mutating func update(events: [Event], live: [Activity], now: Instant) -> [AlertAction] {
    let alerting = AlertPolicy.latest(events, runAlertAfter: policy.runAlertAfter).filter { event, _ in
      event.at > followed[event.activityID]?.event.at ?? Instant(milliseconds: .min)
    }
    var actions = withdrawals(events, live: live, keeping: Set(alerting.map(\.event.activityID)))
    for (event, segmentsEnded) in alerting {
      let earlier = followed[event.activityID] != nil
      let activity = live.first { $0.id == event.activityID }
      let actedOn = AlertPolicy.acknowledges(events, event, activity: activity)
      let history = sayableFor.map { now - event.at > $0 } ?? false
      guard looked, !actedOn, !history else {
        // Followed as said in full: it is not said, nor repeated.
        followed[event.activityID] = Followed(event: event, repeats: policy.repeatCount)
        if actedOn && earlier { actions.append(.withdraw(activityID: event.activityID)) }
        continue
      }
      // Repeats count from the event: those missed by a late look are not given in a burst.
      followed[event.activityID] = Followed(
        event: event, repeats: policy.repeatsDue(since: event.at, at: now))
      actions.append(.give(event, segmentsEnded: segmentsEnded))
    }
    followed = followed.filter { id, _ in live.contains { $0.id == id } }
    return actions + repeatsDue(live: live, now: now)
  }

  /// When the next repeat falls, or nil when none is left.
  public func nextWake(live: [Activity]) -> Instant? {
    followed.compactMap { id, entry in
      guard AlertPolicy.repeats(entry.event), let activity = live.first(where: { $0.id == id }),
        AlertPolicy.awaits(activity, since: entry.event)
      else { return nil }
      return policy.nextRepeat(since: entry.event.at, given: entry.repeats)
    }.min()
  }

  /// Whether the alert of `activityID` still has a repeat to come.
  public func hasRepeatLeft(_ activityID: String, live: [Activity]) -> Bool {
    guard let entry = followed[activityID], let activity = live.first(where: { $0.id == activityID }) else {
      return false
    }
    return AlertPolicy.repeats(entry.event) && AlertPolicy.awaits(activity, since: entry.event)
      && policy.nextRepeat(since: entry.event.at, given: entry.repeats) != nil
  }

  /// The alerts followed that `events` end, except those of `keeping` (a new alert takes their
  /// place): acted on (any intent, a rename too), they are not given again; gone on without an
  /// intent (a countdown expired, a run forgotten), they no longer wait.
  private mutating func withdrawals(_ events: [Event], live: [Activity], keeping: Set<String>)
    -> [AlertAction]
  {
    var actions: [AlertAction] = []
    for id in followed.keys.sorted() where !keeping.contains(id) {
      guard let entry = followed[id] else { continue }
      let activity = live.first { $0.id == id }
      if AlertPolicy.acknowledges(events, entry.event, activity: activity) {
        followed[id]?.repeats = policy.repeatCount
        actions.append(.withdraw(activityID: id))
        continue
      }
      let waits = activity.map { AlertPolicy.awaits($0, since: entry.event) } ?? false
      if !waits && events.contains(where: { $0.activityID == id && Self.isAfter($0, entry.event) }) {
        actions.append(.withdraw(activityID: id))
      }
    }
    return actions
  }

  /// The repeats due by `now`, one an alert however many a late wake missed.
  private mutating func repeatsDue(live: [Activity], now: Instant) -> [AlertAction] {
    var actions: [AlertAction] = []
    for id in followed.keys.sorted() {
      guard let entry = followed[id], AlertPolicy.repeats(entry.event),
        let activity = live.first(where: { $0.id == id }), AlertPolicy.awaits(activity, since: entry.event)
      else { continue }
      let due = policy.repeatsDue(since: entry.event.at, at: now)
      guard due > entry.repeats else { continue }
      followed[id]?.repeats = due
      actions.append(.again(entry.event))
    }
    return actions
  }

  /// Whether `event` came after `alert` in the history.
  private static func isAfter(_ event: Event, _ alert: Event) -> Bool {
    if let seq = event.seq, let alertSeq = alert.seq { return seq > alertSeq }
    return event.at > alert.at
  }
}
