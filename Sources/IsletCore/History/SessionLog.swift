/// One run of a timer, from its start to what closed it (completed, ended, expired, reset),
/// or still going. Each segment of a plan is a session of its own.
public struct Session: Equatable, Sendable {
  public var activityID: String
  public var name: String
  public var startedAt: Instant
  /// Nil while the run goes on.
  public var endedAt: Instant?
  /// How it closed, or the phase it is in while it goes on. A plan's segment that ran to its
  /// end is `finished`; one cut short is `skipped`.
  public var outcome: String
  public var elapsed: Milliseconds
  /// The plan's segment this run was (its plan, label, kind and round); nil for a single timer.
  public var plan: PlanPosition?

  public init(
    activityID: String, name: String, startedAt: Instant, endedAt: Instant?, outcome: String,
    elapsed: Milliseconds, plan: PlanPosition? = nil
  ) {
    self.activityID = activityID
    self.name = name
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.outcome = outcome
    self.elapsed = elapsed
    self.plan = plan
  }

  /// Whether the totals count it: a timer's run, or a plan's work segment not skipped (as the
  /// goal counts work: not a break, a warm-up or a cool-down).
  public var counts: Bool {
    plan.map { $0.kind == .work && outcome != EventKind.skipped.rawValue } ?? true
  }
}

/// The time spent under one name.
public struct NameTotal: Equatable, Sendable {
  public var name: String
  public var sessions: Int
  public var elapsed: Milliseconds
}

/// Sessions and totals, read from the history: the facts `islet log` prints.
public enum SessionLog {
  /// The sessions in `history` (oldest first), plus the runs of `live` activities still going.
  ///
  /// A timer's run opens at `started`; a plan's at each `segment-started` (its `started` only
  /// makes the activity). A plan's run closes at its segment's end (finished, skipped, reset) or
  /// the run's (completed, ended, expired); once it is closed, a later close (completing a plan
  /// that waits between segments) opens no session of its own.
  public static func sessions(
    from history: [Event], live: [Activity], at now: Instant, policy: TimePolicy = .standard
  ) -> [Session] {
    var open: [String: Event] = [:]
    var sessions: [Session] = []
    for event in history {
      let isPlan = event.plan != nil
      if event.kind == .segmentStarted || (event.kind == .started && !isPlan) {
        open[event.activityID] = event
      } else if event.kind.closesRun {
        let opening = open.removeValue(forKey: event.activityID)
        // A timer's run whose start is not in the history is known by its length.
        guard opening != nil || !isPlan else { continue }
        sessions.append(
          Session(
            activityID: event.activityID, name: event.name,
            startedAt: opening?.at ?? event.at - event.elapsed, endedAt: event.at,
            outcome: event.kind == .segmentFinished ? EventKind.finished.rawValue : event.kind.rawValue,
            elapsed: event.elapsed, plan: opening?.plan ?? event.plan))
      }
    }
    for activity in live {
      let phase = activity.phase(at: now, policy: policy)
      guard phase != .idle, phase.isLive, let opening = open[activity.id] else { continue }
      sessions.append(
        Session(
          activityID: activity.id, name: activity.name, startedAt: opening.at, endedAt: nil,
          outcome: phase == .active ? "running" : phase.rawValue, elapsed: activity.elapsed(at: now),
          plan: opening.plan))
    }
    return sessions.sorted { ($0.startedAt, $0.activityID) < ($1.startedAt, $1.activityID) }
  }

  /// Time per name (names compared ignoring case), the most time first. Only the sessions that
  /// count are added up (see `Session.counts`): a plan's total is its work.
  public static func totals(_ sessions: [Session]) -> [NameTotal] {
    var order: [String] = []
    var totals: [String: NameTotal] = [:]
    for session in sessions where session.counts {
      let key = session.name.lowercased()
      if totals[key] == nil {
        order.append(key)
        totals[key] = NameTotal(name: session.name, sessions: 0, elapsed: 0)
      }
      totals[key]!.sessions += 1
      totals[key]!.elapsed += session.elapsed
    }
    return order.compactMap { totals[$0] }.enumerated()
      .sorted { ($1.element.elapsed, $0.offset) < ($0.element.elapsed, $1.offset) }
      .map(\.element)
  }
}
