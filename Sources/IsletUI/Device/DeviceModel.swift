import IsletCore

/// The device view as a value, and one `update` for every input: a key, a click, time moving,
/// a read of the store, an intent's report, a theme loaded, a signal. What the view decides —
/// alerts at a deadline or a plan's segment end (the bell, the island expanded by itself, the
/// "time's up" flash, their repeats), a cue's bells, flash expiry, theme cycling, dialogs,
/// which activity stays selected — is decided here, so it is tested without a terminal; the
/// runner only turns file descriptors into messages and carries out the commands.
///
/// ```swift
/// var model = DeviceModel(theme: theme, ascii: false, policy: policy, alerts: configuration.alerts)
/// for command in model.update(.key(.character(" ")), at: clock.now()) { run(command) }
/// ```
public struct DeviceModel: Equatable, Sendable {
  /// What comes in.
  public enum Message: Equatable, Sendable {
    /// A key, or a click on one of `buttons` (those of the canvas on screen).
    case key(Key, buttons: [Button])
    /// Time moved on: a wake with a frame to draw afresh.
    case tick
    /// The live activities as read from the store, the newest event then, and the events
    /// recorded since the last read (by anyone; none before the first look).
    case stored([Activity], seq: Int64, events: [Event] = [])
    /// What an intent did (its report's live set, the newest event it recorded) and the line
    /// that says so, or its refusal; `events`, those recorded since the last read.
    case reported(
      live: [Activity], seq: Int64?, activity: Activity?, started: Bool, line: String, refused: Bool,
      events: [Event] = [])
    /// Today's goals, counted afresh from the history (none without one).
    case counted([GoalTally])
    /// The intent's activity is gone (or nothing is live), by the store's newer knowledge.
    case missed(nothingLive: Bool)
    /// The next theme, loaded, and what saving it in the configuration said.
    case themed(Theme, saved: String, failed: Bool)
    /// Ctrl-C.
    case interrupt
    /// SIGTERM or SIGHUP: leave as asked.
    case terminate
    /// The terminal's size, when it is first known and when it changes.
    case resized(width: Int, height: Int)
    /// A line to flash: what a command the runner carried out said (a pane that is gone).
    case flashed(String, alert: Bool)
  }

  /// What the runner does for it.
  public enum Command: Equatable, Sendable {
    /// Send an intent down the one intent path; `.reported` or `.missed` comes back.
    case send(Intent, target: IntentDispatcher.Target, source: Source)
    /// Start a new activity with the configured attributes (a run of `plan`, a countdown of
    /// `duration`, or a stopwatch); `.reported` comes back.
    case start(name: String, duration: Milliseconds?, plan: Plan? = nil)
    /// Record what time has caused; `.stored` comes back.
    case settle
    /// Read the store; `.stored` comes back.
    case reload
    /// An alert or its repeat: the terminal bell (when the `.bell` channel is on) and a
    /// visible flash.
    case ring
    /// A cue's second: the terminal bell alone (only asked for when the bell is on).
    case cue
    /// Load the theme after `name` and save it; `.themed` comes back.
    case cycleTheme(after: String)
    /// Switch tmux to a pane (an activity's `Origin`); `.flashed` comes back when it cannot.
    case goTo(Origin)
    /// Paint the whole screen again at the next draw.
    case repaint
    case quit(interrupted: Bool)
  }

  public var stored: [Activity] = []
  /// The newest event seen: every change to the store records one, so another newest event
  /// (a later one, or an earlier one when the store was put back from a copy) is news.
  public var seq: Int64 = 0
  public var state = DeviceState()
  /// An alert given: the event that caused it, and how many times it has been given again.
  public typealias Given = AlertTracker.Followed

  /// The alerts given and their repeats, by the rules the deadline watcher follows too; the
  /// view says them with the bell, a flash and the island expanded.
  public var tracker: AlertTracker
  /// The latest alert given, by live activity: each is given once, whoever records it, and
  /// again by the policy while nobody acts on it.
  public var given: [String: Given] {
    get { tracker.followed }
    set { tracker.followed = newValue }
  }
  /// The latest cue second belled, by plan run (the instant the second began).
  public var cued: [String: Instant] = [:]
  /// Until the first look, finished countdowns and ended segments are shown but not rung:
  /// they ended before.
  public var looked: Bool {
    get { tracker.looked }
    set { tracker.looked = newValue }
  }
  /// Today's work segments against each goal, as last counted.
  public var goals: [GoalTally] = []
  public var theme: Theme
  public let ascii: Bool
  public let policy: TimePolicy
  /// The configuration's `alerts`: the bell channel, the repeats, the snooze's length.
  public var alerts: AlertPolicy { tracker.policy }

  /// The terminal's size, by which the banners shown are kept around the selected one (0
  /// until told).
  public var screenWidth = 0
  public var screenHeight = 0

  /// Whether an alert rings the terminal bell, and a cue's seconds bell at all.
  public var bell: Bool { alerts.channels.contains(.bell) }

  /// `plans` are those the new-activity dialog offers, `defaultPlan` (the configuration's
  /// `plan`) first.
  public init(
    theme: Theme, ascii: Bool, policy: TimePolicy, alerts: AlertPolicy, plans: [Plan] = [],
    defaultPlan: String? = nil
  ) {
    self.theme = theme
    self.ascii = ascii
    self.policy = policy
    tracker = AlertTracker(policy: alerts)
    state = DeviceState(plans: plans, defaultPlan: defaultPlan)
  }

  /// When time alone will next record something (a finish, an expiry).
  public var settleAt: Instant? {
    stored.compactMap { TimerEngine.nextSettlement($0, policy: policy) }.min()
  }

  /// When the model must next be told that time moved, not only shown it: time records
  /// something, an alert's expansion ends, an alert nobody acted on is due again, or a cue's
  /// next second rings. Frames drawn ahead stop before it.
  public var tickAt: Instant? {
    var times = [settleAt, state.alerting?.until, tracker.nextWake(live: stored)].compactMap { $0 }
    if bell {
      // The next second of each cue not yet belled.
      for activity in stored {
        let belled = cued[activity.id] ?? .init(milliseconds: .min)
        if let next = activity.cueInstants.first(where: { $0 > belled }) { times.append(next) }
      }
    }
    return times.min()
  }

  /// The live activities in the island's order at `now`.
  public func ranked(at now: Instant) -> [Activity] {
    ActivityMatcher.ranked(stored, at: now, policy: policy)
  }

  /// What to draw at `now`.
  public func frame(at now: Instant) -> DeviceView.Frame {
    DeviceView.Frame(
      live: ranked(at: now), state: state.visible(at: now), now: now, policy: policy, theme: theme,
      ascii: ascii, goals: goals)
  }

  public mutating func update(_ message: Message, at now: Instant) -> [Command] {
    let expanded = isExpanded
    let commands = reduce(message, at: now)
    // The island grows or shrinks over a few frames from here, however it was asked.
    if isExpanded != expanded { state.motion = IslandMotion(since: now, growing: isExpanded) }
    keepSelectionShown(at: now)
    return commands
  }

  /// Whether the island is expanded: on `e`, or by itself for an alert.
  private var isExpanded: Bool { state.expanded || state.alerting != nil }

  /// Where the banners start, as drawn now: the next move of the selection scrolls from there.
  private mutating func keepSelectionShown(at now: Instant) {
    guard screenWidth > 0, screenHeight > 0 else { return }
    let frame = frame(at: now)
    let first = DeviceView.layout(frame, width: screenWidth, height: screenHeight).firstShown ?? 0
    state.firstShownID = first > 0 ? frame.live[first].id : nil
  }

  private mutating func reduce(_ message: Message, at now: Instant) -> [Command] {
    switch message {
    case .key(let key, let buttons):
      if key == .resize { return [.repaint] }
      // A key ends an alert's expansion early, and still does what it does.
      state.alerting = nil
      return state.handle(
        key, live: ranked(at: now), buttons: buttons, now: now, policy: policy, snooze: alerts.snooze
      ).compactMap { effect in
        switch effect {
        case .quit: return .quit(interrupted: false)
        case .goTo(let id): return stored.first { $0.id == id }?.attributes.origin.map { .goTo($0) }
        case .dispatch(let intent, let id, let source):
          return .send(intent, target: id.map { .id($0) } ?? .current, source: source)
        case .start(let name, let duration, let plan):
          return .start(name: name, duration: duration, plan: plan)
        case .nextTheme: return .cycleTheme(after: theme.name)
        }
      }
    case .tick:
      return tick(at: now)
    case .stored(let live, let seq, let events):
      adopt(live, seq: seq, at: now)
      return heard(events, at: now)
    case .reported(let live, let seq, let activity, let started, let line, let refused, let events):
      adopt(live, seq: seq ?? self.seq, at: now)
      if started, let activity { state.selectedID = activity.id }
      state.show(line, alert: refused, at: now)
      return heard(events, at: now)
    case .counted(let tallies):
      goals = tallies
      return []
    case .missed(let nothingLive):
      state.show(
        nothingLive ? DeviceState.nothingLiveText : "That timer is gone", alert: true, at: now)
      return [.reload]
    case .themed(let next, let saved, let failed):
      theme = next
      state.show(saved, alert: failed, at: now)
      return [.repaint]
    case .interrupt:
      return [.quit(interrupted: true)]
    case .terminate:
      return [.quit(interrupted: false)]
    case .resized(let width, let height):
      (screenWidth, screenHeight) = (width, height)
      return []
    case .flashed(let text, let alert):
      state.show(text, alert: alert, at: now)
      return []
    }
  }

  /// Time moved: what it recorded is fetched, a cue's second bells once, an alert nobody has
  /// acted on is given again when the policy says, and a flash or an expansion whose time is
  /// up goes. (Alerts themselves come from the events recorded, `heard`.)
  private mutating func tick(at now: Instant) -> [Command] {
    if let settleAt, now >= settleAt { return [.settle] }
    var commands: [Command] = []
    if bell {
      let live = ranked(at: now)
      for activity in live {
        guard let second = activity.cueSecond(at: now), let deadline = activity.deadline else { continue }
        let begun = deadline - second * 1000
        guard begun > cued[activity.id] ?? .init(milliseconds: .min) else { continue }
        cued[activity.id] = begun
        commands.append(.cue)
      }
      cued = cued.filter { id, _ in live.contains { $0.id == id } }
    }
    if let again = Self.said(tracker.update(events: [], live: stored, now: now)) {
      commands += give(again, at: now)
    }
    looked = true
    state = state.visible(at: now)
    return commands
  }

  /// Events recorded since the last read, by anyone: each alert among them (a countdown's
  /// finish, a plan's segment end or its end) is given once, unless it came before the view
  /// first looked. Several at once (a laptop that slept through them) ring once, for the latest.
  private mutating func heard(_ events: [Event], at now: Instant) -> [Command] {
    let said = Self.said(tracker.update(events: events, live: stored, now: now))
    let commands = said.map { give($0, at: now) } ?? []
    if said == nil { expandForAttention(events, at: now) }
    return commands
  }

  /// A program marking its activity as needing the user expands the island on it, as time's
  /// up does (in the alert color, the attention said by the name); the ring and the other
  /// channels are the alerts' (`AlertPolicy`). Not for what came before the view first looked.
  private mutating func expandForAttention(_ events: [Event], at now: Instant) {
    guard looked, let event = events.last(where: { $0.kind == .attention }),
      let activity = stored.first(where: { $0.id == event.activityID }),
      let attention = activity.state.posted.attention
    else { return }
    state.alerting = DeviceState.Alerting(
      activityID: activity.id, summary: printable(attention, limit: UserText.Bounds.label.characters),
      until: now + DeviceState.alertTime)
  }

  /// The one alert the view says for `actions`: the last given, else the latest event given
  /// again (the first by activity id, for two at once). Nothing is withdrawn here: a flash and
  /// an expansion go by themselves.
  private static func said(_ actions: [AlertAction]) -> Event? {
    var given: Event?
    var again: Event?
    for action in actions {
      switch action {
      case .give(let event, _): given = event
      case .again(let event): if again.map({ event.at > $0.at }) ?? true { again = event }
      case .withdraw: break
      }
    }
    return given ?? again
  }

  /// An alert, or its repeat: the bell, a flash saying what ended ("⏰ Tea — time's up",
  /// "⏰ Tabata — Work is over"), and the island expanded on its activity, while it is live.
  private mutating func give(_ event: Event, at now: Instant) -> [Command] {
    let activity = stored.first { $0.id == event.activityID }
    let alert = activity.flatMap { Alert(for: event, activity: $0, at: now, policy: alerts, ascii: ascii) }
    // The flash says what every channel says; a run already over has only its name to go by.
    let said =
      alert?.summary ?? "\(ascii ? "ok" : "✓") \(printableName(event.name)) \(ascii ? "-" : "—") done"
    state.show(said, alert: true, at: now)
    // Short interval segments ring but do not take the island over every few seconds.
    if let alert, let activity, alert.urgency == .critical {
      state.alerting = DeviceState.Alerting(
        activityID: activity.id, summary: alert.summary, until: now + DeviceState.alertTime)
    }
    return [.ring]
  }

  /// A new read of the store. A selected activity that has gone gives its place to the one
  /// after it in the island's order (or the one before, at the end).
  private mutating func adopt(_ live: [Activity], seq: Int64, at now: Instant) {
    self.seq = seq
    // A question about an activity that is no longer live has nothing left to ask.
    if case .confirm(_, let id, let name) = state.overlay, !live.contains(where: { $0.id == id }) {
      state.overlay = nil
      state.show("'\(name)' is no longer live", at: now)
    }
    guard let selected = state.selectedID, !live.contains(where: { $0.id == selected }) else {
      stored = live
      return
    }
    // Only when the selected one has gone: where it stood, and what is left around it.
    let before = ranked(at: now).map(\.id)
    stored = live
    let after = Set(ranked(at: now).map(\.id))
    let index = before.firstIndex(of: selected) ?? 0
    state.selectedID =
      before[index...].dropFirst().first(where: after.contains)
      ?? before[..<index].last(where: after.contains)
  }
}

extension DeviceState {
  /// As shown at `now`: a flash, or an alert's expansion, whose time is up is gone.
  public func visible(at now: Instant) -> DeviceState {
    let flashGone = flash.map { $0.until <= now } ?? false
    let alertingGone = alerting.map { $0.until <= now } ?? false
    guard flashGone || alertingGone else { return self }
    var shown = self
    if flashGone { shown.flash = nil }
    if alertingGone { shown.alerting = nil }
    return shown
  }
}
