/// `Intent.away`: the user going away from the machine and coming back (`AwayRule` says which
/// step each activity gets), and the answer to what a stopwatch's time away becomes.
extension TimerEngine {
  static func away(
    _ step: AwayStep, _ activity: Activity, at now: Instant, source: Source, policy: TimePolicy
  ) -> Result<Transition, Refusal> {
    switch step {
    case .leave(let pausing):
      guard activity.state.phase == .active else {
        return .failure(Refusal("\(activity.name) is not running"))
      }
      guard activity.state.away == nil else { return .failure(Refusal("\(activity.name) is away already")) }
      var next = activity
      next.state.away = Away(since: now, paused: pausing)
      guard pausing else { return .success(Transition(activity: next)) }
      next.state.pausedAt = now
      next.state.phase = .paused
      next.state.staleDate = staleDate(of: next, policy: policy)
      return .success(Transition(activity: next, events: [event(.paused, next, at: now, source: source)]))
    case .stay:
      guard activity.state.away?.back == nil else {
        return .failure(Refusal("\(activity.name) was not away"))
      }
      var next = activity
      next.state.away = nil
      return .success(Transition(activity: next))
    case .back(let answer):
      guard let away = activity.state.away, away.back == nil else {
        return .failure(Refusal("\(activity.name) was not away"))
      }
      var next = activity
      next.state.away = nil
      // Paused by going away, then acted on by hand: nothing left to resume or ask about.
      if away.paused, activity.state.phase != .paused { return .success(Transition(activity: next)) }
      next.state.away = Away(since: away.since, back: now, paused: away.paused)
      if let answer {
        return answered(answer, next, at: now, source: source, policy: policy, recording: false)
      }
      // The question: the elapsed time it records is the time before going away, so the
      // history never counts the time away before it is answered.
      var asked = event(.away, next, at: now, source: source)
      asked.elapsed = next.elapsed(at: away.since)
      asked.detail = Away.said(now - away.since)
      return .success(Transition(activity: next, events: [asked]))
    case .answer(let answer):
      guard activity.state.away?.back != nil else {
        return .failure(Refusal("\(activity.name) has no question about time away"))
      }
      // Its past is rewritten only while it is still as it was when the question was asked.
      guard activity.state.phase == (activity.state.away?.paused == true ? .paused : .active) else {
        return .failure(Refusal("\(activity.name) is no longer running; its time away stays as it is"))
      }
      return answered(answer, activity, at: now, source: source, policy: policy, recording: true)
    }
  }

  /// The time away (`since` to `back`) kept, dropped (as a pause then, recorded at its true
  /// times), or dropped with the stopwatch stopped when it went away. `recording`: an
  /// `away-answered` event says which (the question was asked).
  private static func answered(
    _ answer: AwayAnswer, _ activity: Activity, at now: Instant, source: Source, policy: TimePolicy,
    recording: Bool
  ) -> Result<Transition, Refusal> {
    guard let away = activity.state.away, let back = away.back else {
      return .success(Transition(activity: activity))
    }
    if away.paused {
      return resumed(answer, activity, at: now, source: source, policy: policy, recording: recording)
    }
    var next = activity
    next.state.away = nil
    var events: [Event] = []
    let since = max(away.since, activity.state.startedAt)
    switch answer {
    case .keep:
      break
    case .drop:
      var paused = activity
      paused.state.pausedAt = since
      paused.state.phase = .paused
      events.append(event(.paused, paused, at: since, source: source))
      // As a resume moves the start by the pause, whatever happened since stays after it.
      next.state.startedAt = activity.state.startedAt + (back - since)
      var resumed = next
      resumed.state.pausedAt = nil
      resumed.state.phase = .active
      var mark = event(.resumed, resumed, at: back, source: source)
      mark.elapsed = paused.elapsed(at: since)
      events.append(mark)
    case .stop:
      next.state.pausedAt = since
      next.state.phase = .completed
      next.state.staleDate = nil
      next.endedAt = since
      events.append(event(.completed, next, at: since, source: source))
    }
    if recording { events.append(said(answer, next, at: now, source: source)) }
    return .success(Transition(activity: next, events: events))
  }

  /// What going away paused, answered: the time away kept (it ran from the moment it went, as
  /// if never paused: time then causes what it would have), dropped (it goes on now, the time
  /// away a pause), or dropped and stopped (completed, its time the time before it went).
  private static func resumed(
    _ answer: AwayAnswer, _ activity: Activity, at now: Instant, source: Source, policy: TimePolicy,
    recording: Bool
  ) -> Result<Transition, Refusal> {
    guard let away = activity.state.away, let pausedAt = activity.state.pausedAt else {
      return .failure(Refusal("\(activity.name) is not paused by going away"))
    }
    var next = activity
    next.state.away = nil
    var events: [Event] = []
    switch answer {
    case .keep, .drop:
      let from = answer == .keep ? max(away.since, pausedAt) : now
      next.state.startedAt = activity.state.startedAt + (from - pausedAt)
      next.state.pausedAt = nil
      next.state.phase = .active
      next.state.staleDate = staleDate(of: next, policy: policy)
      var mark = event(.resumed, next, at: from, source: source)
      mark.elapsed = activity.elapsed(at: pausedAt)
      events.append(mark)
      // What time has caused since (its end, a plan's next segments) comes before the answer,
      // at its true instants, so the answer's event closes nothing it no longer runs.
      let settled = settle(next, at: now, policy: policy)
      next = settled.activity
      events += settled.events
    case .stop:
      switch apply(.complete, to: next, at: now, source: source, policy: policy) {
      case .success(let completed):
        next = completed.activity
        events = completed.events
      case .failure(let refusal):
        return .failure(refusal)
      }
    }
    if recording { events.append(said(answer, next, at: now, source: source)) }
    return .success(Transition(activity: next, events: events))
  }

  private static func said(_ answer: AwayAnswer, _ activity: Activity, at now: Instant, source: Source)
    -> Event
  {
    var said = event(.awayAnswered, activity, at: now, source: source)
    said.detail = answer.rawValue
    return said
  }
}
