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

  /// `3/8 today`
  public func text(done: Int) -> String { "\(done)/\(target) today" }
}
