/// Which activity a command means: the current one, or the one an ACTIVITY argument names.
public enum ActivityMatcher {
  public enum Failure: Error, Equatable, Sendable {
    /// Nothing is live at all.
    case nothingLive
    /// The query matched none of the live activities (listed).
    case noMatch(String, live: [Activity])
    /// The query matched several (listed).
    case ambiguous(String, candidates: [Activity])
  }

  /// Live activities in the island's order. One that needs the user (posted attention) leads
  /// until answered; then a finished one while its alert waits for an answer: nobody has
  /// touched it since, nothing else was touched after it finished, and it is not stale. Then
  /// the running and paused ones, then finished ones nobody answered, then those that are
  /// ready; within each, higher relevance, then the most recently started.
  public static func ranked(_ live: [Activity], at now: Instant, policy: TimePolicy = .standard)
    -> [Activity]
  {
    let phased = live.map { ($0, $0.phase(at: now, policy: policy)) }.filter { $0.1.isLive }
    let lastTouch = phased.filter { $0.1 == .active || $0.1 == .paused }.map(\.0.state.touchedAt).max()
    func standing(_ activity: Activity, _ phase: Phase) -> Int {
      if activity.state.posted.attention != nil { return -1 }
      switch phase {
      case .finished:
        return callsForAnswer(activity, at: now, touchedElsewhere: lastTouch) ? 0 : 2
      case .active, .paused: return 1
      default: return 3
      }
    }
    return phased.map { ($0.0, standing($0.0, $0.1)) }.sorted { first, second in
      let (a, b) = (first.0, second.0)
      if first.1 != second.1 { return first.1 < second.1 }
      if a.state.relevance != b.state.relevance { return a.state.relevance > b.state.relevance }
      if a.createdAt != b.createdAt { return a.createdAt > b.createdAt }
      return a.id < b.id
    }.map(\.0)
  }

  /// Whether a finished activity's alert still waits for an answer, so that it leads: it
  /// finished after the last touch of any other (starting or acting on another is moving on),
  /// nobody has touched it since, and it is not stale yet.
  static func callsForAnswer(_ activity: Activity, at now: Instant, touchedElsewhere: Instant?)
    -> Bool
  {
    guard let finished = activity.deadline, activity.state.touchedAt < finished,
      !activity.isStale(at: now)
    else { return false }
    return touchedElsewhere.map { finished >= $0 } ?? true
  }

  /// The activity `query` names among `live`, matched in order as its id, its `--id`
  /// reference, then its name (exact, case-insensitive); without a query, the current one.
  public static func match(
    _ query: String?, among live: [Activity], at now: Instant, policy: TimePolicy = .standard
  ) -> Result<Activity, Failure> {
    let candidates = ranked(live, at: now, policy: policy)
    guard let query else {
      return candidates.first.map { .success($0) } ?? .failure(.nothingLive)
    }
    let folded = query.lowercased()
    let tiers: [(Activity) -> Bool] = [
      { $0.id == query },
      { $0.attributes.recordID == query },
      { $0.name.lowercased() == folded },
    ]
    for tier in tiers {
      let found = candidates.filter(tier)
      if found.count == 1 { return .success(found[0]) }
      if found.count > 1 { return .failure(.ambiguous(query, candidates: found)) }
    }
    if candidates.isEmpty { return .failure(.nothingLive) }
    return .failure(.noMatch(query, live: candidates))
  }

  /// The most recently started live activity: what `wait` waits on by default.
  public static func mostRecent(_ live: [Activity], at now: Instant, policy: TimePolicy = .standard)
    -> Activity?
  {
    live.filter { $0.phase(at: now, policy: policy).isLive }
      .max { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
  }
}

// MARK: - UserFacingError

extension ActivityMatcher.Failure: UserFacingError {
  public var message: String {
    func describe(_ list: [Activity]) -> String {
      list.map { "\($0.id) (\(printable($0.name)))" }.joined(separator: ", ")
    }
    switch self {
    case .nothingLive:
      return "nothing is live; start one with: islet start 25m"
    case .noMatch(let query, let live):
      return "no live activity matches '\(printable(query))'; live: \(describe(live))"
    case .ambiguous(let query, let candidates):
      return
        "'\(printable(query))' matches \(candidates.count) live activities: \(describe(candidates)); use an id"
    }
  }

  /// Nothing live is a refusal (1); a query that names none or several, bad usage (64).
  public var exitStatus: ExitStatus { self == .nothingLive ? .refused : .usage }
}
