/// One run of a timer, from its start to what closed it (completed, ended, expired, reset),
/// or still going.
public struct Session: Equatable, Sendable {
  public var activityID: String
  public var name: String
  public var startedAt: Instant
  /// Nil while the run goes on.
  public var endedAt: Instant?
  /// How it closed, or the phase it is in while it goes on.
  public var outcome: String
  public var elapsed: Milliseconds
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
  public static func sessions(
    from history: [Event], live: [Activity], at now: Instant, policy: TimePolicy = .standard
  ) -> [Session] {
    var runStart: [String: Instant] = [:]
    var sessions: [Session] = []
    for event in history {
      switch event.kind {
      case .started:
        runStart[event.activityID] = event.at
      case let kind where kind.closesRun:
        let start = runStart.removeValue(forKey: event.activityID) ?? event.at - event.elapsed
        sessions.append(
          Session(
            activityID: event.activityID, name: event.name, startedAt: start, endedAt: event.at,
            outcome: kind.rawValue, elapsed: event.elapsed))
      default:
        break
      }
    }
    for activity in live {
      let phase = activity.phase(at: now, policy: policy)
      guard phase != .idle, phase.isLive, let start = runStart[activity.id] else { continue }
      sessions.append(
        Session(
          activityID: activity.id, name: activity.name, startedAt: start, endedAt: nil,
          outcome: phase == .active ? "running" : phase.rawValue, elapsed: activity.elapsed(at: now)))
    }
    return sessions.sorted { ($0.startedAt, $0.activityID) < ($1.startedAt, $1.activityID) }
  }

  /// Time per name (names compared ignoring case), the most time first.
  public static func totals(_ sessions: [Session]) -> [NameTotal] {
    var order: [String] = []
    var totals: [String: NameTotal] = [:]
    for session in sessions {
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
