/// What happened to a remote host's activities between two looks, as the events this machine's
/// alert channels need (`AlertTracker`): the host's history stays there, and only what it shows
/// now comes over. A countdown's end is the `finished` its settle records at the deadline, the
/// same whichever side noticed first, so it is said once.
public enum RemoteChanges {
  /// The events that take `old` (as last looked at, time's ends settled) to `new` at `now`.
  public static func events(from old: [Activity], to new: [Activity], at now: Instant) -> [Event] {
    var events: [Event] = []
    for activity in new {
      guard let before = old.first(where: { $0.id == activity.id }) else {
        events += asks(activity, before: nil, at: now)
        continue
      }
      events += ended(before, activity)
      events += asks(activity, before: before, at: now)
      if acted(before, activity) { events.append(event(activity, .updated, source: .cli, at: now)) }
    }
    for before in old where !new.contains(where: { $0.id == before.id }) {
      events.append(event(before, .ended, source: .cli, at: now))
    }
    return events
  }

  /// Time's ends the host recorded before this machine's settle did.
  private static func ended(_ before: Activity, _ activity: Activity) -> [Event] {
    if before.state.phase == .active, activity.state.phase == .finished, let deadline = activity.deadline {
      return [event(activity, .finished, source: .time, at: deadline)]
    }
    if activity.attributes.plan != nil, before.state.progress != activity.state.progress,
      before.state.phase == .active, before.deadline.map({ $0 <= activity.state.startedAt }) == true
    {
      var finished = event(
        before, .segmentFinished, source: .time, at: before.deadline ?? activity.state.startedAt)
      finished.phase = .finished
      return [finished]
    }
    return []
  }

  /// A call for attention new since `before`, and a failure.
  private static func asks(_ activity: Activity, before: Activity?, at now: Instant) -> [Event] {
    var events: [Event] = []
    if let text = activity.state.posted.attention, text != before?.state.posted.attention {
      var asked = event(activity, .attention, source: .cli, at: now)
      asked.detail = text
      events.append(asked)
    }
    if activity.state.phase == .failed, before?.state.phase != .failed {
      var failed = event(activity, .failed, source: .run, at: now)
      failed.detail = activity.state.exit?.words
      events.append(failed)
    }
    return events
  }

  /// Whether someone acted on it there: its phase or deadline changed other than by time, or
  /// its call for attention was answered.
  private static func acted(_ before: Activity, _ activity: Activity) -> Bool {
    let byTime = before.state.phase == .active && [.finished, .expired].contains(activity.state.phase)
    let phase = before.state.phase != activity.state.phase && !byTime
    let moved = before.state.phase == .finished && before.deadline != activity.deadline
    let answered = before.state.posted.attention != nil && activity.state.posted.attention == nil
    return phase || moved || answered
  }

  private static func event(_ activity: Activity, _ kind: EventKind, source: Source, at: Instant) -> Event {
    Event(
      activityID: activity.id, kind: kind, phase: activity.state.phase, elapsed: activity.elapsed(at: at),
      source: source, at: at, name: activity.name, category: activity.state.category,
      plan: activity.planPosition)
  }
}
