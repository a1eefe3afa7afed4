/// The result of applying an intent or the passing of time: the new activity and its events.
public struct Transition: Equatable, Sendable {
  public var activity: Activity
  public var events: [Event]

  public init(activity: Activity, events: [Event] = []) {
    self.activity = activity
    self.events = events
  }
}

/// The one timer engine: a pure reducer `(activity, intent, now) -> transition | refusal`.
///
/// ```swift
/// let step = TimerEngine.reduce(workout, .pause, at: clock.now(), source: .cli)
/// ```
public enum TimerEngine {
  /// Applies an intent. Time-caused events that are due (finished, expired) come first, so
  /// the intent sees the phase a user sees.
  public static func reduce(
    _ activity: Activity?, _ intent: Intent, at now: Instant, source: Source,
    policy: TimePolicy = .standard
  ) -> Result<Transition, Refusal> {
    guard let activity else {
      guard case .start(var request) = intent else {
        return .failure(Refusal("there is no activity to \(intent.verb)"))
      }
      // A switch ahead that the clock overtook on its way here (the command read it a moment
      // before the dispatch, which may have waited for the store) starts now.
      if request.switching, let ahead = request.startedAt, ahead < now, now - ahead <= switchSlip {
        request.startedAt = nil
      }
      // A switch ends the running ones as it starts, running, with no gap: now, or when a
      // pending start comes (`attributes.switches`).
      if request.switching && (request.paused || request.startedAt.map { $0 < now } == true) {
        return .failure(
          Refusal("a switch starts \(request.name) running, now or ahead, not ready or in the past"))
      }
      if let plan = request.attributes.plan, !plan.isKeepable {
        return .failure(
          Refusal("the plan \(plan.name) cannot be kept as '\(printable(plan.definition, limit: 80))'"))
      }
      if let ahead = request.startedAt, ahead > now, !request.paused {
        return .success(schedule(request, startingAt: ahead, at: now, source: source, policy: policy))
      }
      guard let past = request.startedAt, past < now, !request.paused else {
        return .success(start(request, at: now, source: source, policy: policy))
      }
      // Started then, touched now: what time has caused since is recorded at its true time,
      // and the idle limit counts from now.
      var started = start(request, at: past, source: source, policy: policy)
      started.activity.state.touchedAt = now
      let after = settle(started.activity, at: now, policy: policy)
      return .success(Transition(activity: after.activity, events: started.events + after.events))
    }
    let settled = settle(activity, at: now, policy: policy)
    switch apply(intent, to: settled.activity, at: now, source: source, policy: policy) {
    case .failure(let refusal):
      return .failure(refusal)
    case .success(var next):
      // An update that changes nothing is no write at all.
      if next.events.isEmpty && next.activity == settled.activity { return .success(settled) }
      if intent.answersAttention { next.activity.state.posted.attention = nil }
      // Acted on by hand after going away (a stopwatch stopped or paused; what going away
      // paused, asking, resumed or ended): the question about its time away no longer stands
      // (the time stays as the history has it).
      if case .away = intent {
      } else if let away = next.activity.state.away {
        let phase = next.activity.state.phase
        if away.paused ? phase != .paused : phase != .active {
          next.activity.state.away = nil
        }
      }
      next.activity.state.touchedAt = now
      next.activity.state.idleLimit = policy.maxIdle
      let after = settle(next.activity, at: now, policy: policy)
      return .success(
        Transition(activity: after.activity, events: settled.events + next.events + after.events))
    }
  }

  /// How far behind the dispatch's clock a switch meant to start now or ahead may fall and still
  /// start (now): the time a command takes to reach the store, waits for its lock included.
  public static let switchSlip: Milliseconds = 10_000

  /// The first instant at which `settle` has events for the activity (its deadline, or its
  /// expiry), or nil when time alone will never change it. Earlier, `settle` has none.
  public static func nextSettlement(_ activity: Activity, policy: TimePolicy = .standard) -> Instant? {
    let deadline = activity.state.phase == .active ? activity.deadline : activity.startsAt
    let expiry = activity.expiresAt(policy: policy)
    guard let deadline, let expiry else { return deadline ?? expiry }
    return min(deadline, expiry)
  }

  /// Records what time has caused since the activity was last saved: a pending activity's
  /// start (`started`, at its instant), a countdown reaching zero (`finished`, at its
  /// deadline), a plan going on from segment to segment (each at the previous one's deadline,
  /// however many have passed), and an activity left alone too long (`expired`).
  public static func settle(_ activity: Activity, at now: Instant, policy: TimePolicy = .standard)
    -> Transition
  {
    var current = activity
    var events: [Event] = []
    if let start = current.startsAt, now >= start {
      // Its start counts as a touch: the idle limit runs from then, not from when it was made.
      let begun = begin(current, at: start, source: .time, policy: policy)
      current = begun.activity
      current.state.touchedAt = max(current.state.touchedAt, start)
      events = begun.events
    }
    while current.state.phase == .active, let deadline = current.deadline, now >= deadline {
      if current.isPlan {
        events += segmentEnded(&current, at: deadline, policy: policy)
      } else {
        current.state.phase = .finished
        events.append(event(.finished, current, at: deadline, source: .time))
      }
    }
    if let expiry = current.expiresAt(policy: policy), now >= expiry {
      // A countdown finished and never answered stops counting at its end: overtime nobody
      // came back to is not time tracked.
      let stop = current.state.phase == .finished ? current.deadline ?? expiry : expiry
      if current.state.pausedAt == nil { current.state.pausedAt = max(stop, current.state.startedAt) }
      current.state.phase = .expired
      current.state.staleDate = nil
      current.endedAt = expiry
      events.append(event(.expired, current, at: expiry, source: .time))
    }
    return Transition(activity: current, events: events)
  }

  /// The live set settled at `now`, each as `settle` leaves it, in the order given; and what a
  /// pending start that switches (`attributes.switches`) does when time starts it: every other
  /// stopwatch running then (`Activity.isSwitchable`, untouched since, and not one `keeps`
  /// holds: `ActivityStore.isProgramRun`) ended at that instant, by `time`, so that one task
  /// runs at a time however late anyone looks.
  public static func settle(
    live: [Activity], at now: Instant, policy: TimePolicy = .standard, keeps: (Activity) throws -> Bool
  ) rethrows -> [Transition] {
    var transitions = live.map { settle($0, at: now, policy: policy) }
    let begun = live.indices.compactMap { index -> (index: Int, at: Instant)? in
      guard live[index].attributes.switches, let start = live[index].startsAt, start <= now else {
        return nil
      }
      return (index, start)
    }
    var ended = Set<Int>()
    for (begins, at) in begun.sorted(by: { ($0.at, $0.index) < ($1.at, $1.index) })
    where !ended.contains(begins) {
      for index in live.indices where index != begins && !ended.contains(index) {
        let other = live[index]
        // One that starts at the same instant runs beside it: it was not running then.
        guard other.state.touchedAt <= at, other.startsAt != at,
          settle(other, at: at, policy: policy).activity.isSwitchable,
          try !keeps(other),
          case .success(let stop) = reduce(other, .end, at: at, source: .time, policy: policy)
        else { continue }
        transitions[index] = stop
        ended.insert(index)
      }
    }
    return transitions
  }

  /// What readers show, who record nothing: each activity as `settle` would leave it at `now`,
  /// and the events a writer would record. A reader then shows an expired activity frozen at
  /// its expiry, and its run closed, before any writer has looked. A reader that can tell a
  /// program's run (`keeps`) shows what a pending switch ended too; by default it is left to
  /// the writer (another host's activities: that host's own).
  public static func settled(
    _ activities: [Activity], at now: Instant, policy: TimePolicy = .standard,
    keeps: (Activity) throws -> Bool
  ) rethrows -> (activities: [Activity], events: [Event]) {
    let transitions = try settle(live: activities, at: now, policy: policy, keeps: keeps)
    return (transitions.map(\.activity), transitions.flatMap(\.events))
  }

  public static func settled(_ activities: [Activity], at now: Instant, policy: TimePolicy = .standard)
    -> (activities: [Activity], events: [Event])
  {
    settled(activities, at: now, policy: policy) { _ in true }
  }

  // MARK: - Intents

  static func start(_ request: StartRequest, at now: Instant, source: Source, policy: TimePolicy)
    -> Transition
  {
    var attributes = request.attributes
    let progress = attributes.plan?.first
    if let plan = attributes.plan, let progress {
      attributes.mode = .countdown
      attributes.fullDuration = plan.segment(at: progress).duration
    }
    let duration = attributes.mode == .countdown ? attributes.fullDuration : nil
    var activity = Activity(
      id: request.id, attributes: attributes,
      state: ContentState(
        name: request.name, category: request.category, startedAt: now,
        pausedAt: request.paused ? now : nil, duration: duration,
        phase: request.paused ? .idle : .active, relevance: request.relevance, touchedAt: now,
        idleLimit: policy.maxIdle, progress: progress, runStartedAt: request.paused ? nil : now,
        posted: request.posted),
      createdAt: now)
    activity.state.staleDate = staleDate(of: activity, policy: policy)
    var events = [event(.started, activity, at: now, source: source)]
    if activity.isPlan && !request.paused {
      events.append(event(.segmentStarted, activity, at: now, source: source))
    }
    return Transition(activity: activity, events: events)
  }

  /// A start still ahead: made now, pending until `start`, when `settle` starts it.
  static func schedule(
    _ request: StartRequest, startingAt start: Instant, at now: Instant, source: Source, policy: TimePolicy
  ) -> Transition {
    var activity = self.start(request, at: now, source: source, policy: policy).activity
    activity.attributes.switches = request.switching
    activity.state.startedAt = start
    activity.state.phase = .pending
    activity.state.runStartedAt = nil
    activity.state.staleDate = nil
    return Transition(activity: activity, events: [event(.scheduled, activity, at: now, source: source)])
  }

  /// A pending activity started at `now` (its time come, or started early by resume or toggle):
  /// `started`, and a plan's first `segment-started`, at that instant.
  static func begin(_ activity: Activity, at now: Instant, source: Source, policy: TimePolicy) -> Transition {
    var next = activity
    next.state.startedAt = now
    next.state.pausedAt = nil
    next.state.phase = .active
    next.state.runStartedAt = now
    next.state.staleDate = staleDate(of: next, policy: policy)
    var events = [event(.started, next, at: now, source: source)]
    if next.isPlan { events.append(event(.segmentStarted, next, at: now, source: source)) }
    return Transition(activity: next, events: events)
  }

  static func apply(
    _ intent: Intent, to activity: Activity, at now: Instant, source: Source, policy: TimePolicy
  ) -> Result<Transition, Refusal> {
    if let refusal = refusal(of: intent, by: activity) { return .failure(refusal) }
    switch (intent, activity.state.phase) {
    case (.resume, .pending), (.toggle, .pending):
      return .success(begin(activity, at: now, source: source, policy: policy))
    case (.toggle, .idle), (.toggle, .paused):
      return apply(.resume, to: activity, at: now, source: source, policy: policy)
    case (.toggle, .active):
      return apply(.pause, to: activity, at: now, source: source, policy: policy)
    case (.toggle, .finished) where activity.isPlan, (.skip, .finished):
      return .success(goOn(activity, counted: true, at: now, source: source, policy: policy))
    case (.toggle, _):
      return apply(.complete, to: activity, at: now, source: source, policy: policy)
    case (.skip, _):
      var skipped = activity
      skipped.state.pausedAt = activity.state.pausedAt ?? now
      let mark = event(.skipped, skipped, at: now, source: source)
      var next = goOn(skipped, counted: false, at: now, source: source, policy: policy)
      next.events.insert(mark, at: 0)
      return .success(next)
    case (.reset, _):
      var next = activity
      next.state.startedAt = now
      next.state.pausedAt = now
      next.state.duration =
        activity.segment?.duration ?? activity.attributes.fullDuration ?? activity.state.duration
      next.state.phase = .idle
      next.state.staleDate = nil
      next.state.laps = LapMarks()
      if !activity.isPlan { next.state.runStartedAt = nil }
      // The event keeps the discarded run's length, so the history can log it.
      var reset = event(.reset, activity, at: now, source: source)
      reset.phase = .idle
      return .success(Transition(activity: next, events: [reset]))
    case (.away(let step), _):
      return away(step, activity, at: now, source: source, policy: policy)
    case (.update(let update), _):
      return .success(updated(activity, by: update, at: now, source: source))
    case (.press(let label), _):
      guard let button = activity.state.posted.button(label) else { preconditionFailure("refused above") }
      var pressed = event(.pressed, activity, at: now, source: source)
      pressed.detail = button.label
      return .success(Transition(activity: activity, events: [pressed]))
    default:
      return changed(activity, by: intent, at: now).map { next, kind in
        var next = next
        next.state.staleDate = next.state.phase.isLive ? staleDate(of: next, policy: policy) : nil
        var events = [event(kind, next, at: now, source: source)]
        events[0].detail = next.state.exit?.words
        // Completing a plan's segment completes the run.
        if kind == .completed && next.isPlan {
          events.append(event(.planCompleted, next, at: now, source: source))
        }
        return Transition(activity: next, events: events)
      }
    }
  }

  /// Whether the intent table takes `intent` for the activity as time leaves it at `now`, as
  /// `reduce` would: what the view's key hints offer, so that a hint is never refused for its
  /// phase or kind. Asked every frame, so it decides without making the refusal's text.
  public static func accepts(
    _ intent: Intent, by activity: Activity, at now: Instant, policy: TimePolicy = .standard
  ) -> Bool {
    refusalReason(of: intent, by: settle(activity, at: now, policy: policy).activity) == nil
  }

  /// The intent table's refusals: why `intent` cannot apply to `activity` in its phase, or nil.
  static func refusal(of intent: Intent, by activity: Activity) -> Refusal? {
    refusalReason(of: intent, by: activity).map { Refusal($0.text(for: activity)) }
  }

  /// The intent table: which rule refuses `intent` for `activity` in its phase, or nil.
  private static func refusalReason(of intent: Intent, by activity: Activity) -> RefusalReason? {
    switch (intent, activity.state.phase) {
    case (.start, _): return .exists
    case (_, let phase) where !phase.isLive: return .over
    case (.pause, .pending), (.reset, .pending), (.complete, .pending), (.skip, .pending), (.lap, .pending),
      (.snooze, .pending), (.fail, .pending):
      return .pending
    case (.pause, .paused): return .alreadyPaused
    case (.pause, .idle): return .notStarted
    case (.snooze, _) where activity.isPlan: return .snoozeOnPlan
    case (.snooze(let span), .finished): return span >= AlertPolicy.shortestSnooze ? nil : .snoozeTooShort
    case (.snooze, _): return .snoozeUnfinished
    case (.lap, _) where activity.isPlan: return .lapOnPlan
    case (.lap, _) where activity.isCountdown: return .lapOnCountdown
    case (.lap, .idle): return .notStarted
    // A lap counts running time only: marked while paused, it would only repeat the last.
    case (.lap, .paused): return .lapWhilePaused
    case (.update(let change), _) where change.icon != nil && activity.isPlan: return .iconOnPlan
    case (.press(let label), _) where activity.state.posted.button(label) == nil: return .noButton(label)
    case (.skip, _) where !activity.isPlan: return .skipOnSingle
    case (.pause, .finished), (.resume, .finished),
      (.adjust, .finished) where activity.isPlan,
      (.reset, .finished) where activity.isPlan:
      // A plan's segment ends once: run again, it would be counted twice.
      return .finished
    case (.resume, .active): return .alreadyRunning
    case (.reset, .idle): return .alreadyReset
    case (.complete, .idle) where activity.state.progress == activity.attributes.plan?.first:
      return .nothingToComplete
    case (.adjust, _) where !activity.isCountdown || activity.state.duration == nil: return .notCountdown
    default: return nil
    }
  }

  /// A rule of the intent table that refuses; its text is made only when a refusal is reported.
  private enum RefusalReason {
    case exists, over, alreadyPaused, notStarted, snoozeOnPlan, snoozeTooShort, snoozeUnfinished
    case lapOnPlan, lapOnCountdown, lapWhilePaused, iconOnPlan, skipOnSingle, finished
    case alreadyRunning, alreadyReset, nothingToComplete, notCountdown, pending
    case noButton(String)

    /// What the user reads: `Tea is already paused`.
    func text(for activity: Activity) -> String {
      let name = activity.name
      switch self {
      case .exists: return "\(name) exists already; start makes a new activity"
      case .over: return "\(name) is \(activity.state.phase.rawValue); start a new one with islet start"
      case .alreadyPaused: return "\(name) is already paused"
      case .notStarted: return "\(name) has not started; resume or toggle starts it"
      case .snoozeOnPlan:
        return "\(name) is a plan; toggle or skip goes on, and snooze is for a finished countdown"
      case .snoozeTooShort: return "snooze needs a duration of a second or more"
      case .snoozeUnfinished: return "\(name) has not finished; snooze gives a finished countdown more time"
      case .lapOnPlan: return "\(name) is a plan; laps are marked on a stopwatch"
      case .lapOnCountdown: return "\(name) is a countdown; laps are marked on a stopwatch"
      case .lapWhilePaused: return "\(name) is paused; resume it to mark a lap"
      case .iconOnPlan:
        return "\(name) is a plan; its segments have their own icons, set where the plan is defined"
      case .skipOnSingle: return "\(name) is a single timer; skip moves a plan on to its next segment"
      case .finished:
        if let segment = activity.segment {
          return "\(name)'s \(segment.label) is over; toggle or skip goes on"
        }
        return "\(name) has finished; complete or reset it"
      case .alreadyRunning: return "\(name) is already running"
      case .alreadyReset: return "\(name) is already reset"
      case .nothingToComplete: return "\(name) has not started; there is nothing to complete"
      case .notCountdown: return "\(name) is a stopwatch; only a countdown can be adjusted"
      case .pending: return "\(name) has not started yet; resume starts it now, end cancels it"
      case .noButton(let label):
        let buttons = activity.state.posted.buttons.map(\.label)
        guard !buttons.isEmpty else { return "\(name) has no buttons to press" }
        return "\(name) has no button '\(printable(label, limit: 40))'; its buttons: "
          + buttons.joined(separator: ", ")
      }
    }
  }

  /// An intent the table allows (no refusal, not toggle or reset): the activity after it, and
  /// the event it records.
  private static func changed(_ activity: Activity, by intent: Intent, at now: Instant)
    -> Result<(Activity, EventKind), Refusal>
  {
    var next = activity
    switch intent {
    case .pause:
      next.state.pausedAt = now
      next.state.phase = .paused
      return .success((next, .paused))
    case .resume:
      // Resumed with the time it was paused at, whatever the clock did meanwhile (set back
      // or forward): startedAt moves by exactly the pause.
      let pausedAt = activity.state.pausedAt ?? now
      next.state.startedAt = activity.state.startedAt + (now - pausedAt)
      next.state.pausedAt = nil
      next.state.phase = .active
      guard activity.state.phase == .idle else { return .success((next, .resumed)) }
      // A plan's run goes on through a segment's reset; a single timer's begins again.
      next.state.runStartedAt = activity.state.runStartedAt ?? now
      return .success((next, activity.isPlan ? .segmentStarted : .started))
    case .complete, .end:
      next.state.pausedAt = activity.state.pausedAt ?? now
      next.state.phase = intent == .complete ? .completed : .ended
      next.endedAt = now
      return .success((next, intent == .complete ? .completed : .ended))
    case .fail(let exit):
      next.state.pausedAt = activity.state.pausedAt ?? now
      next.state.phase = .failed
      next.state.exit = exit
      next.endedAt = now
      return .success((next, .failed))
    case .adjust(let change):
      return adjusted(activity, by: change, at: now).map { ($0, .adjusted) }
    case .snooze(let span):
      // The time run so far (over time included) stays: the countdown is longer by it.
      let length = activity.elapsed(at: now) + span
      guard length <= DurationText.maximum else {
        return .failure(Refusal("\(activity.name) cannot run longer than 100 hours"))
      }
      next.state.duration = length
      next.state.phase = .active
      return .success((next, .snoozed))
    case .lap:
      let split = activity.elapsed(at: now)
      let lap = split - activity.state.laps.lastSplit
      guard lap > 0 else { return .failure(Refusal("\(activity.name)'s lap has run no time yet")) }
      next.state.laps = LapMarks(count: activity.state.laps.count + 1, lastSplit: split, last: lap)
      return .success((next, .lapped))
    case .start, .toggle, .reset, .skip, .update, .press, .away:
      preconditionFailure("\(intent) is applied by apply itself")
    }
  }

  /// An update: recorded as `attention` when it marks the activity as needing the user, as
  /// `updated` when anything but the progress changed, and not at all for the progress alone
  /// (a script may report it many times a second; the history keeps what it said).
  private static func updated(
    _ activity: Activity, by update: ActivityUpdate, at now: Instant, source: Source
  )
    -> Transition
  {
    var next = activity
    if let newName = update.name { next.state.name = newName }
    if let category = update.category { next.state.category = category.isEmpty ? nil : category }
    if let relevance = update.relevance { next.state.relevance = relevance }
    if let icon = update.icon { next.attributes.icon = icon }
    if let text = update.text { next.state.posted.text = text.isEmpty ? nil : text }
    if let percent = update.percent { next.state.posted.percent = percent }
    if let attention = update.attention { next.state.posted.attention = attention.isEmpty ? nil : attention }
    if let buttons = update.buttons { next.state.posted.buttons = buttons }
    if let tags = update.tags { next.attributes.tags = tags }
    var unprogressed = next
    unprogressed.state.posted.percent = activity.state.posted.percent
    guard unprogressed != activity else { return Transition(activity: next) }
    let raised =
      next.state.posted.attention != nil && next.state.posted.attention != activity.state.posted.attention
    var recorded = event(raised ? .attention : .updated, next, at: now, source: source)
    if raised { recorded.detail = next.state.posted.attention }
    return Transition(activity: next, events: [recorded])
  }

  /// A countdown lengthened or shortened, never below the time it has run (nor under a second).
  private static func adjusted(_ activity: Activity, by change: Milliseconds, at now: Instant)
    -> Result<Activity, Refusal>
  {
    let duration = activity.state.duration ?? 0
    let floor = min(duration, max(activity.elapsed(at: now), 1000))
    let adjusted = change < 0 ? max(floor, duration + change) : duration + change
    guard adjusted <= DurationText.maximum else {
      return .failure(Refusal("\(activity.name) cannot run longer than 100 hours"))
    }
    guard adjusted != duration else {
      return .failure(Refusal("\(activity.name) cannot be shortened below the time it has run"))
    }
    var next = activity
    next.state.duration = adjusted
    if activity.state.phase == .finished, activity.elapsed(at: now) < adjusted { next.state.phase = .active }
    return .success(next)
  }

  // MARK: - Plans

  /// A plan's running segment reached its deadline: recorded as finished, then the next one
  /// starts at that very deadline (or the run waits, or completes), as its advance policy says.
  private static func segmentEnded(_ activity: inout Activity, at deadline: Instant, policy: TimePolicy)
    -> [Event]
  {
    guard let plan = activity.attributes.plan, let progress = activity.state.progress else { return [] }
    var finished = event(.segmentFinished, activity, at: deadline, source: .time)
    let next = plan.after(progress, counted: true)
    guard plan.advance.goesOn(into: next.map { plan.segment(at: $0).kind }) else {
      activity.state.phase = .finished
      finished.phase = .finished
      return [finished]
    }
    let step = goOn(activity, counted: true, at: deadline, source: .time, policy: policy)
    activity = step.activity
    finished.phase = activity.state.phase
    return [finished] + step.events
  }

  /// The next segment of a plan, started running at `now`; after the last, the run completed.
  /// `counted`: the segment left ran to its end (a skipped one is not counted).
  private static func goOn(
    _ activity: Activity, counted: Bool, at now: Instant, source: Source, policy: TimePolicy
  ) -> Transition {
    guard let plan = activity.attributes.plan, let progress = activity.state.progress else {
      return Transition(activity: activity)
    }
    var next = activity
    guard let following = plan.after(progress, counted: counted) else {
      next.state.pausedAt = activity.state.pausedAt ?? now
      next.state.phase = .completed
      next.state.staleDate = nil
      next.endedAt = now
      return Transition(activity: next, events: [event(.planCompleted, next, at: now, source: source)])
    }
    let segment = plan.segment(at: following)
    next.state.progress = following
    next.state.startedAt = now
    next.state.pausedAt = nil
    next.state.duration = segment.duration
    next.attributes.fullDuration = segment.duration
    next.state.phase = .active
    next.state.staleDate = staleDate(of: next, policy: policy)
    return Transition(activity: next, events: [event(.segmentStarted, next, at: now, source: source)])
  }

  // MARK: - Helpers

  static func staleDate(of activity: Activity, policy: TimePolicy) -> Instant? {
    activity.deadline.map { $0 + (activity.attributes.staleAfter ?? policy.staleAfter) }
  }

  static func event(_ kind: EventKind, _ activity: Activity, at time: Instant, source: Source)
    -> Event
  {
    Event(
      activityID: activity.id, kind: kind, phase: activity.state.phase,
      elapsed: activity.elapsed(at: time), source: source, at: time, name: activity.name,
      category: activity.state.category, plan: activity.planPosition)
  }
}
