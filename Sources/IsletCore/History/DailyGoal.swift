/// The work segments of one plan to finish in a local day (`goal = 8` for the plan `plan`
/// names, `goal.NAME = 4` for another): counted from the history, so every view and every
/// process counts the same, and another plan's work never counts toward it.
public struct DailyGoal: Sendable {
  public var target: Int
  /// The plan whose work counts, by its name (as `Plan.name`, matched without regard to case).
  public var plan: String
  public var zone: LocalZone

  public init(target: Int, plan: String, zone: LocalZone = .current) {
    self.target = target
    self.plan = plan.lowercased()
    self.zone = zone
  }

  /// An event some goal may count: a plan's work segment run to its end.
  public static func isWork(_ event: Event) -> Bool {
    event.kind == .segmentFinished && event.plan?.kind == .work
  }

  /// Whether `event` is this goal's plan's: a work segment it counts, or its `goal-reached`.
  public func isOwn(_ event: Event) -> Bool {
    event.plan.map { $0.name.lowercased() == plan } ?? false
  }

  /// An event this goal counts: its plan's work segment run to its end.
  public func counts(_ event: Event) -> Bool {
    Self.isWork(event) && isOwn(event)
  }

  /// When the local day that holds `instant` began.
  public func startOfDay(_ instant: Instant) -> Instant {
    zone.instant(day: zone.day(of: instant), hour: 0, minute: 0)
  }

  /// The counted events among `events` that fall on the local day of `instant`, up to it.
  public func done(in events: [Event], on instant: Instant) -> Int {
    let start = startOfDay(instant)
    return events.filter { counts($0) && $0.at >= start && $0.at <= instant }.count
  }

  /// When the local day that holds `instant` ends: its last millisecond.
  public func endOfDay(_ instant: Instant) -> Instant {
    zone.instant(day: zone.day(of: instant) + 1, hour: 0, minute: 0) - 1
  }

  /// `batch` with the `goal-reached` events it brings, each right after the segment that
  /// reached the goal (or, when that one was recorded before, after the batch's last counted
  /// segment of its day). `recorded` is the history already kept for the days the batch
  /// touches. A day gets one when its count is at or above the target and it has none yet, so
  /// segments recorded out of order, by several processes or late, reach it once, and a goal
  /// lowered during the day is reached at the next segment.
  public func withReached(_ batch: [Event], recorded: [Event]) -> [Event] {
    guard target > 0 else { return batch }
    var out = batch
    let days = Set(batch.filter(counts).map { zone.day(of: $0.at) })
    for day in days.sorted() {
      let onDay = { (event: Event) in self.zone.day(of: event.at) == day }
      if (recorded + out).contains(where: { $0.kind == .goalReached && onDay($0) && isOwn($0) }) { continue }
      let counted = (recorded + out).enumerated().filter { counts($0.element) && onDay($0.element) }
        .sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
      guard counted.count >= target else { continue }
      let reacher = counted[target - 1]
      let same = { (event: Event) in
        self.counts(event) && event.activityID == reacher.activityID && event.at == reacher.at
      }
      guard let index = out.firstIndex(where: same) ?? out.lastIndex(where: { counts($0) && onDay($0) })
      else { continue }
      var reached = reacher
      reached.seq = nil
      reached.kind = .goalReached
      out.insert(reached, at: index + 1)
    }
    return out
  }

  /// Today's count at `now`, from the day's history.
  public func tally(_ events: [Event], at now: Instant) -> GoalTally {
    GoalTally(done: done(in: events, on: now), target: target, plan: plan)
  }
}

/// How far today's goal of a plan is: `3/8 today`.
public struct GoalTally: Equatable, Sendable {
  public var done: Int
  public var target: Int
  /// The plan it is for, shown only on that plan's runs.
  public var plan: String

  public init(done: Int, target: Int, plan: String) {
    self.done = done
    self.target = target
    self.plan = plan.lowercased()
  }

  public var text: String { "\(done)/\(target) today" }
}

extension [GoalTally] {
  /// The tally `activity` shows: its plan's goal; nil for a single timer or a plan without one.
  public func tally(for activity: Activity) -> GoalTally? {
    guard let plan = activity.attributes.plan?.name.lowercased() else { return nil }
    return first { $0.plan == plan }
  }
}

extension [DailyGoal] {
  /// When the earliest of their days that hold `instant` began: what counting them all reads
  /// the history from. Nil without a goal.
  public func startOfDay(_ instant: Instant) -> Instant? { map { $0.startOfDay(instant) }.min() }

  /// Each goal's count at `now` from the day's history.
  public func tallies(_ events: [Event], at now: Instant) -> [GoalTally] { map { $0.tally(events, at: now) } }
}
