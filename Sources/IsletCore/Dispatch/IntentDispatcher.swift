/// The one entry point for every intent, whatever its source: it loads through the store,
/// asks the engine, and saves the activity and its events in one transaction.
///
/// ```swift
/// let dispatcher = IntentDispatcher(store: store, clock: SystemClock())
/// let outcome = try dispatcher.dispatch(.pause, to: .matching("Workout"), source: .cli)
/// ```
public final class IntentDispatcher {
  /// Which activity an intent is for.
  public enum Target: Equatable, Sendable {
    /// The current activity (ranked first), as a command without ACTIVITY means.
    case current
    /// An ACTIVITY argument: id, reference or name.
    case matching(String)
    /// The activity with this id, as a view that shows it knows it: nothing is matched again.
    case id(String)
  }

  /// What a dispatch did. `events` holds everything recorded, time-caused ones included, even
  /// when the intent itself was refused: the handlers run for exactly these. `live` is the live
  /// set as the transaction left it, so that nobody reads it again to show it. `others` are
  /// the live activities that would have taken the intent too when it was sent to the current
  /// one: the command could have meant them.
  public struct Outcome: Sendable {
    public var activity: Activity?
    public var refusal: Refusal?
    public var events: [Event]
    public var live: [Activity]
    public var others: [Activity]
    /// The running stopwatches a switching start ended, at the instant it started.
    public var stopped: [Activity] = []

    /// The newest event it recorded, if it recorded any.
    public var newestSeq: Int64? { events.compactMap(\.seq).max() }

    public init(
      activity: Activity?, refusal: Refusal?, events: [Event], live: [Activity], others: [Activity] = []
    ) {
      self.activity = activity
      self.refusal = refusal
      self.events = events
      self.live = live
      self.others = others
    }
  }

  /// Another writer changed a row between read and write inside our transaction.
  public struct Conflict: Error {
    public init() {}
  }

  let store: any ActivityStore
  let clock: any WallClock
  let policy: TimePolicy
  let newID: () -> String
  /// What `toggle` starts when nothing is live.
  let defaultStart: StartRequest
  /// The day's work segments to reach, a goal a plan; each `goal-reached` is recorded with
  /// the segment that reaches it.
  let goals: [DailyGoal]

  public init(
    store: any ActivityStore, clock: any WallClock, policy: TimePolicy = .standard,
    defaultStart: StartRequest = StartRequest(name: "Timer"), goals: [DailyGoal] = [],
    newID: @escaping () -> String = ActivityID.random
  ) {
    self.store = store
    self.clock = clock
    self.policy = policy
    self.defaultStart = defaultStart
    self.goals = goals
    self.newID = newID
  }

  /// Applies `intent` to `target`. Throws `ActivityMatcher.Failure` when the target cannot be
  /// found, and the store's errors; a refusal is an outcome, not an error.
  @discardableResult
  public func dispatch(_ intent: Intent, to target: Target = .current, source: Source) throws
    -> Outcome
  {
    try store.transaction {
      let now = clock.now()
      let (live, due) = try settleLive(at: now)

      var subject: Activity?
      var others: [Activity] = []
      var effective = intent
      if case .start(var request) = intent {
        request.id = try freshID()
        effective = .start(request)
      } else if case .id(let id) = target {
        guard let found = live.first(where: { $0.id == id }) else {
          throw live.isEmpty ? ActivityMatcher.Failure.nothingLive : .noMatch(id, live: live)
        }
        subject = found
      } else if target == .current,
        let taken = Self.current(for: intent, among: live, at: now, source: source, policy: policy)
      {
        subject = taken.activity
        others = taken.others
      } else {
        let query: String? = if case .matching(let text) = target { text } else { nil }
        switch ActivityMatcher.match(query, among: live, at: now, policy: policy) {
        case .success(let found):
          subject = found
        case .failure(.nothingLive) where intent == .toggle && query == nil:
          var request = defaultStart
          request.id = try freshID()
          effective = .start(request)
        case .failure(let failure):
          throw failure
        }
      }

      switch TimerEngine.reduce(subject, effective, at: now, source: source, policy: policy) {
      case .failure(let refusal):
        return Outcome(
          activity: subject, refusal: refusal, events: try appendWithGoal(due), live: live, others: others)
      case .success(let transition):
        guard Self.switches(effective, from: subject, to: transition.activity) else {
          return try save(transition, over: subject, due: due, live: live, others: others)
        }
        let switched = try endRunning(live, at: now, source: source)
        var outcome = try save(
          transition, over: subject, due: due + switched.events, live: switched.live, others: others)
        outcome.stopped = switched.ended
        return outcome
      }
    }
  }

  /// Whether what `intent` made of `subject` starts a switch now: a start that switches,
  /// unless it is still ahead; a pending one that switches, started early by hand.
  private static func switches(_ intent: Intent, from subject: Activity?, to next: Activity) -> Bool {
    guard next.state.phase != .pending && next.state.phase.isLive else { return false }
    guard let subject else {
      if case .start(let request) = intent { return request.switching }
      return false
    }
    return subject.state.phase == .pending && subject.attributes.switches
  }

  /// A switch: the running stopwatches (`Activity.isSwitchable`) that no program runs
  /// (`islet run`'s) ended at `now`, the instant the next one starts, in the dispatch's
  /// transaction. The live set left, those ended, and their events.
  private func endRunning(_ live: [Activity], at now: Instant, source: Source) throws
    -> (live: [Activity], ended: [Activity], events: [Event])
  {
    var kept: [Activity] = []
    var ended: [Activity] = []
    var events: [Event] = []
    for activity in live {
      guard activity.isSwitchable, try !store.isProgramRun(activity),
        case .success(let transition) = TimerEngine.reduce(
          activity, .end, at: now, source: source, policy: policy)
      else {
        kept.append(activity)
        continue
      }
      guard try store.save(transition.activity) else { throw Conflict() }
      var saved = transition.activity
      saved.revision += 1
      ended.append(saved)
      events += transition.events
    }
    return (kept, ended, events)
  }

  /// Saves what the engine made of the intent, in the dispatch's transaction, with the events
  /// due before it; the outcome, with the live set as the commit leaves it. A change that
  /// records no event (a posted progress) bumps the store's pulse; none at all writes nothing.
  private func save(
    _ transition: Transition, over subject: Activity?, due: [Event], live: [Activity], others: [Activity]
  ) throws -> Outcome {
    var saved = transition.activity
    if let subject, saved == subject, transition.events.isEmpty {
      return Outcome(
        activity: subject, refusal: nil, events: try appendWithGoal(due), live: live, others: others)
    }
    if subject == nil {
      try store.insert(saved)
    } else if try store.save(saved) {
      saved.revision += 1
    } else {
      throw Conflict()
    }
    let recorded = try appendWithGoal(due + transition.events)
    if recorded.isEmpty { try store.markChanged() }
    // In the store's order, as a fresh read would give it.
    var live = live
    if let index = live.firstIndex(where: { $0.id == saved.id }) {
      if saved.state.phase.isLive { live[index] = saved } else { live.remove(at: index) }
    } else if saved.state.phase.isLive {
      live.append(saved)
    }
    return Outcome(activity: saved, refusal: nil, events: recorded, live: live, others: others)
  }

  /// What a command without ACTIVITY means: the first live activity in the island's order
  /// that takes `intent` (a pause goes to what runs, a snooze to what finished), else the
  /// first, for its refusal; with the others that would have taken it. Nil when nothing is
  /// live.
  public static func current(
    for intent: Intent, among live: [Activity], at now: Instant, source: Source, policy: TimePolicy
  ) -> (activity: Activity, others: [Activity])? {
    let ranked = ActivityMatcher.ranked(live, at: now, policy: policy)
    let taking = ranked.filter { candidate in
      if case .success = TimerEngine.reduce(candidate, intent, at: now, source: source, policy: policy) {
        return true
      }
      return false
    }
    guard let first = taking.first ?? ranked.first else { return nil }
    return (first, Array(taking.dropFirst()))
  }

  /// Records the time-caused events that are due (countdowns finished, activities expired).
  /// Whoever notices first records them; a later caller finds nothing left to do.
  @discardableResult
  public func settle() throws -> [Event] {
    try settleAndRead().events
  }

  /// `settle`, with the live set it leaves.
  public func settleAndRead() throws -> (events: [Event], live: [Activity]) {
    try store.transaction {
      let (live, due) = try settleLive(at: clock.now())
      let events = try appendWithGoal(due)
      return (events, live)
    }
  }

  /// The live activities, each saved with what time has caused, and those events, in the
  /// order they happened, still to append.
  private func settleLive(at now: Instant) throws -> (live: [Activity], events: [Event]) {
    var due: [Event] = []
    var live: [Activity] = []
    let stored = try store.liveActivities()
    let settled = try TimerEngine.settle(live: stored, at: now, policy: policy, keeps: store.isProgramRun)
    for (activity, transition) in zip(stored, settled) {
      guard !transition.events.isEmpty else {
        live.append(activity)
        continue
      }
      // A false save means another process recorded these first: not ours to repeat.
      guard try store.save(transition.activity) else {
        if let current = try store.activity(id: activity.id), current.state.phase.isLive {
          live.append(current)
        }
        continue
      }
      due += transition.events
      var saved = transition.activity
      saved.revision += 1
      if saved.state.phase.isLive { live.append(saved) }
    }
    let ordered = due.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }
    return (live, ordered.map(\.element))
  }

  /// Appends `events`, with the `goal-reached` they bring (`DailyGoal.withReached`, each goal
  /// in turn), read against the history of the days they touch inside the same transaction.
  private func appendWithGoal(_ events: [Event]) throws -> [Event] {
    var batch = events
    for goal in goals where goal.target > 0 {
      let counted = batch.filter(goal.counts).map(\.at)
      guard let first = counted.min(), let last = counted.max() else { continue }
      let recorded = try store.events(from: goal.startOfDay(first), through: goal.endOfDay(last))
      batch = goal.withReached(batch, recorded: recorded)
    }
    return try store.append(batch)
  }

  private func freshID() throws -> String {
    for _ in 0..<64 {
      let id = newID()
      if try store.activity(id: id) == nil { return id }
    }
    throw Conflict()
  }
}

/// Activity ids: four characters, no look-alikes (no 0/o, 1/l/i), easy to type.
public enum ActivityID {
  static let alphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

  public static func random() -> String {
    var generator = SystemRandomNumberGenerator()
    return String((0..<4).map { _ in alphabet.randomElement(using: &generator)! })
  }
}

// MARK: - UserFacingError

extension IntentDispatcher.Conflict: UserFacingError {
  public var message: String {
    "another islet changed the store at the same moment, so nothing was changed; try again"
  }
  public var exitStatus: ExitStatus { .tryAgain }
}
