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
  }

  /// What a dispatch did. `events` holds everything recorded, time-caused ones included, even
  /// when the intent itself was refused: the handlers run for exactly these.
  public struct Outcome: Sendable {
    public var activity: Activity?
    public var refusal: Refusal?
    public var events: [Event]
  }

  /// Another writer changed a row between read and write inside our transaction.
  public struct Conflict: Error {}

  let store: any ActivityStore
  let clock: any WallClock
  let policy: TimePolicy
  let newID: () -> String
  /// What `toggle` starts when nothing is live.
  let defaultStart: StartRequest

  public init(
    store: any ActivityStore, clock: any WallClock, policy: TimePolicy = .standard,
    defaultStart: StartRequest = StartRequest(name: "Timer"),
    newID: @escaping () -> String = ActivityID.random
  ) {
    self.store = store
    self.clock = clock
    self.policy = policy
    self.defaultStart = defaultStart
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
      var recorded = try settleLive(at: now)
      let live = try store.liveActivities()

      var subject: Activity?
      var effective = intent
      if case .start(var request) = intent {
        request.id = try freshID()
        effective = .start(request)
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
        return Outcome(activity: subject, refusal: refusal, events: recorded)
      case .success(let transition):
        if subject == nil {
          try store.insert(transition.activity)
        } else if try !store.save(transition.activity) {
          throw Conflict()
        }
        recorded += try store.append(transition.events)
        let saved = try store.activity(id: transition.activity.id) ?? transition.activity
        return Outcome(activity: saved, refusal: nil, events: recorded)
      }
    }
  }

  /// Records the time-caused events that are due (countdowns finished, activities expired).
  /// Whoever notices first records them; a later caller finds nothing left to do.
  @discardableResult
  public func settle() throws -> [Event] {
    try store.transaction { try settleLive(at: clock.now()) }
  }

  private func settleLive(at now: Instant) throws -> [Event] {
    var recorded: [Event] = []
    for activity in try store.liveActivities() {
      let transition = TimerEngine.settle(activity, at: now, policy: policy)
      guard !transition.events.isEmpty else { continue }
      // A false save means another process recorded these first: not ours to repeat.
      if try store.save(transition.activity) {
        recorded += try store.append(transition.events)
      }
    }
    return recorded
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
