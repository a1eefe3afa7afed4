/// The work segments to finish in a local day (`goal = 8` in the configuration): counted from
/// the history, so every view and every process counts the same.
public struct DailyGoal: Sendable {
  public var target: Int
  public var zone: LocalZone

  public init(target: Int, zone: LocalZone = .current) {
    self.target = target
    self.zone = zone
  }

  /// An event the goal counts: a plan's work segment run to its end.
  public static func counts(_ event: Event) -> Bool {
    event.kind == .segmentFinished && event.plan?.kind == .work
  }

  /// When the local day that holds `instant` began.
  public func startOfDay(_ instant: Instant) -> Instant {
    zone.instant(day: zone.day(of: instant), hour: 0, minute: 0)
  }

  /// The counted events among `events` that fall on the local day of `instant`, up to it.
  public func done(in events: [Event], on instant: Instant) -> Int {
    let start = startOfDay(instant)
    return events.filter { Self.counts($0) && $0.at >= start && $0.at <= instant }.count
  }

  /// Today's count at `now`, from the day's history.
  public func tally(_ events: [Event], at now: Instant) -> GoalTally {
    GoalTally(done: done(in: events, on: now), target: target)
  }
}

/// How far today's goal is: `3/8 today`.
public struct GoalTally: Equatable, Sendable {
  public var done: Int
  public var target: Int

  public init(done: Int, target: Int) {
    self.done = done
    self.target = target
  }

  public var text: String { "\(done)/\(target) today" }
}
