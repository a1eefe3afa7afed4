/// What the user going away from the machine (the screen locked, the machine asleep) and
/// coming back does to the live activities: the configuration's `on-lock`, `on-unlock`,
/// `away-after` and `away-default`.
public struct AwaySettings: Equatable, Sendable {
  /// What locking pauses (`on-lock`): the running countdowns, plans' work segments, or both.
  public var pauses = Pausing.all

  /// `on-lock`: the kinds of timer going away pauses. A countdown alone (tea steeping) may be
  /// meant to run on while a plan's work stops.
  public struct Pausing: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let countdowns = Pausing(rawValue: 1)
    public static let work = Pausing(rawValue: 2)
    public static let all: Pausing = [.countdowns, .work]
  }
  /// What unlocking does to what locking paused.
  public var unlock = Unlock.resume
  /// A running stopwatch away this long or longer raises the question; 0: never.
  public var askAfter: Milliseconds = 600_000
  /// The answer given without asking; nil: ask.
  public var answer: AwayAnswer?

  public init() {}

  /// `on-unlock`: resume what locking paused, ask (as a stopwatch asks, after `away-after`),
  /// or leave it paused.
  public enum Unlock: String, CaseIterable, Sendable {
    case resume, ask, nothing
  }
}

/// The pure rule: given the live set, whether the user goes or comes back, and the settings,
/// the intents to send, each through the one intent path (`Intent.away`).
///
/// ```swift
/// for (id, intent) in AwayRule.intents(.leaving, live: live, at: now, settings: settings) {
///   _ = try? intents.send(intent, to: .id(id), source: .session)
/// }
/// ```
public enum AwayRule {
  public enum Moment: Sendable {
    case leaving, back
  }

  /// `isProgramRun` tells a program's run (`ActivityStore.isProgramRun`), whose time is the
  /// program's: going away never marks it.
  public static func intents(
    _ moment: Moment, live: [Activity], at now: Instant, settings: AwaySettings,
    isProgramRun: (Activity) -> Bool
  ) -> [(activityID: String, intent: Intent)] {
    live.compactMap { activity in
      guard activity.attributes.host == nil,
        let step = step(moment, for: activity, at: now, settings: settings),
        step != .leave(pausing: false) || !isProgramRun(activity)
      else { return nil }
      return (activity.id, .away(step))
    }
  }

  /// What going or coming back does to one activity, as time leaves it at `now`; nil: nothing.
  static func step(_ moment: Moment, for activity: Activity, at now: Instant, settings: AwaySettings)
    -> AwayStep?
  {
    switch moment {
    case .leaving:
      guard activity.state.phase == .active, activity.state.away == nil else { return nil }
      if pausable(activity) {
        return settings.pauses.contains(activity.isPlan ? .work : .countdowns) ? .leave(pausing: true) : nil
      }
      return watched(activity) && settings.askAfter > 0 ? .leave(pausing: false) : nil
    case .back:
      guard let away = activity.state.away, away.back == nil else { return nil }
      let long = settings.askAfter > 0 && now - away.since >= settings.askAfter
      guard away.paused else { return .back(long ? settings.answer : .keep) }
      switch settings.unlock {
      case .resume: return .back(.drop)
      case .ask: return .back(long ? settings.answer : .drop)
      case .nothing: return .stay
      }
    }
  }

  /// A countdown, or a plan's work segment (a break goes on: it is time away anyway).
  static func pausable(_ activity: Activity) -> Bool {
    guard activity.isCountdown else { return false }
    guard let segment = activity.segment else { return true }
    return segment.kind == .work
  }

  /// A stopwatch the user times, not a task with an expected length or what a program posts.
  static func watched(_ activity: Activity) -> Bool {
    activity.attributes.mode == .stopwatch && !activity.isPlan && activity.attributes.expected == nil
      && activity.state.posted == Posted()
  }

  /// The stopwatches whose question waits for an answer, oldest first.
  public static func asking(_ live: [Activity]) -> [Activity] {
    live.compactMap { activity in activity.state.away?.back.map { (activity, $0) } }
      .sorted { $0.1 < $1.1 }.map(\.0)
  }

  /// Whether anything live would be touched by going away or coming back: what the deadline
  /// watcher stays for, listening to the session.
  public static func wants(_ live: [Activity], settings: AwaySettings) -> Bool {
    live.contains { activity in
      activity.attributes.host == nil
        && (activity.state.away != nil
          || step(.leaving, for: activity, at: activity.state.touchedAt, settings: settings) != nil)
    }
  }
}
