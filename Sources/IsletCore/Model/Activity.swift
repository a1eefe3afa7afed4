/// What is fixed for an activity's life (ActivityKit's `ActivityAttributes`).
public struct ActivityAttributes: Codable, Hashable, Sendable {
  /// A symbolic icon name (timer, run, focus, book, coffee, code, …); themes map it to a glyph.
  public var icon: String
  /// The user's own reference, shown as "ID 1823".
  public var recordID: String?
  public var owner: String?
  public var mode: Mode
  /// The countdown's duration as started, restored by `reset`.
  public var fullDuration: Milliseconds?
  /// How long after its deadline a countdown turns stale; nil takes the configuration's.
  public var staleAfter: Milliseconds?
  /// The plan a run follows; nil for a single timer. Its segments are countdowns.
  public var plan: Plan?
  /// How long a stopwatch's task is expected to take (`run`'s estimate, `--expect`): it then
  /// shows progress and the time left, as a delivery shows its arrival.
  public var expected: Milliseconds?
  /// Where it was started, for "go to": the tmux pane; nil outside tmux.
  public var origin: Origin?
  /// The remote host it lives on (`remote.NAME`), whose Islet alone changes it; nil for this
  /// machine's. Never stored here: it is what the host last said.
  public var host: String?
  /// The terminal it was started from, for the terminal alert channel; nil when it was not
  /// started from one (a script through pipes, a tmux key).
  public var terminal: Terminal?
  /// The user's tags beside the one category (`--tag`), in the order given; `update` may
  /// replace them. `report` and `log` match them as they match the category.
  public var tags: [String]
  /// A pending start that switches (`start --switch --in`, or `stopwatch-switch = on`): when
  /// it starts, by time or by hand, it ends the running stopwatches at that instant.
  public var switches: Bool

  public init(
    icon: String = "timer", recordID: String? = nil, owner: String? = nil, mode: Mode = .stopwatch,
    fullDuration: Milliseconds? = nil, staleAfter: Milliseconds? = nil, plan: Plan? = nil,
    expected: Milliseconds? = nil, origin: Origin? = nil, host: String? = nil,
    terminal: Terminal? = nil, tags: [String] = [], switches: Bool = false
  ) {
    self.icon = icon
    self.recordID = recordID
    self.owner = owner
    self.mode = mode
    self.fullDuration = fullDuration
    self.staleAfter = staleAfter
    self.plan = plan
    self.expected = expected
    self.origin = origin
    self.host = host
    self.terminal = terminal
    self.tags = tags
    self.switches = switches
  }
}

extension ActivityAttributes {
  /// How many tags an activity may have.
  public static let maximumTags = 16
}

/// The tmux pane an activity was started in: its server's socket and the pane's id (`%3`).
public struct Origin: Codable, Hashable, Sendable {
  public var tmuxSocket: String
  public var tmuxPane: String

  public init(tmuxSocket: String, tmuxPane: String) {
    self.tmuxSocket = tmuxSocket
    self.tmuxPane = tmuxPane
  }
}

/// What a program posts on its activity (`start`/`update` `--state`, `--progress`,
/// `--attention`, `--button`), shown beside the time on every surface.
public struct Posted: Codable, Hashable, Sendable {
  /// What it is doing now: "Uploading".
  public var text: String?
  /// How far it is, in whole percent 0…100: kept whole, so that a script reporting twenty
  /// times a second writes only when what is shown changes.
  public var percent: Int?
  /// Set when it needs the user ("Needs your approval"); any intent answers it.
  public var attention: String?
  /// At most `Posted.maximumButtons`, each running its command when pressed.
  public var buttons: [ActivityButton]

  public static let maximumButtons = 3

  public init(
    text: String? = nil, percent: Int? = nil, attention: String? = nil, buttons: [ActivityButton] = []
  ) {
    self.text = text
    self.percent = percent
    self.attention = attention
    self.buttons = buttons
  }

  public var isEmpty: Bool { text == nil && percent == nil && attention == nil && buttons.isEmpty }

  /// The button labelled `label`, told apart without regard to case.
  public func button(_ label: String) -> ActivityButton? {
    buttons.first { $0.label.lowercased() == label.lowercased() }
  }
}

/// A labelled action of a posted activity: pressing it runs `command` with `sh -c`.
public struct ActivityButton: Codable, Hashable, Sendable {
  public var label: String
  public var command: String

  public init(label: String, command: String) {
    self.label = label
    self.command = command
  }
}

/// How a command that failed ended: its exit status, or the signal that killed it.
public enum CommandExit: Codable, Hashable, Sendable {
  case status(Int32)
  case signal(Int32)

  /// The status a shell reports for it: the exit status, or 128 + the signal.
  public var shellStatus: Int32 {
    switch self {
    case .status(let status): return status
    case .signal(let signal): return 128 + signal
    }
  }

  /// As `log` and the banner say it: `exit 2`, `SIGINT`.
  public var words: String {
    switch self {
    case .status(let status): return "exit \(status)"
    case .signal(let signal): return Self.signalNames[signal].map { "SIG" + $0 } ?? "signal \(signal)"
    }
  }

  /// Reads `words` back (the event's detail).
  public init?(words: String) {
    if words.hasPrefix("exit "), let status = Int32(words.dropFirst(5)) {
      self = .status(status)
    } else if words.hasPrefix("signal "), let signal = Int32(words.dropFirst(7)) {
      self = .signal(signal)
    } else if words.hasPrefix("SIG"),
      let signal = Self.signalNames.first(where: { $0.value == words.dropFirst(3) })?.key
    {
      self = .signal(signal)
    } else {
      return nil
    }
  }

  static let signalNames: [Int32: String] = [
    1: "HUP", 2: "INT", 3: "QUIT", 4: "ILL", 6: "ABRT", 8: "FPE", 9: "KILL", 11: "SEGV", 13: "PIPE",
    14: "ALRM", 15: "TERM",
  ]
}

/// A task's progress: posted, or estimated from its expected length.
public struct TaskProgress: Equatable, Sendable {
  /// 0…1; an estimate stays at 1 once past it.
  public var fraction: Double
  /// The expected time left, negative once past it; nil for a posted progress.
  public var left: Milliseconds?

  public var isEstimate: Bool { left != nil }
  /// Past its estimate: said so, rather than shown as done.
  public var isOverEstimate: Bool { (left ?? 0) < 0 }
}

/// What changes (ActivityKit's `ContentState`). Time is kept as instants, never as a count.
public struct ContentState: Codable, Equatable, Sendable {
  public var name: String
  public var category: String?
  /// Shifted forward by each pause on resume, so elapsed is `(pausedAt ?? now) − startedAt`.
  public var startedAt: Instant
  public var pausedAt: Instant?
  /// The countdown's current duration, changed by `adjust`.
  public var duration: Milliseconds?
  /// The phase the last intent or recorded time-caused event set.
  public var phase: Phase
  public var staleDate: Instant?
  public var relevance: Double
  /// When an intent last touched the activity; expiry counts from here.
  public var touchedAt: Instant
  /// The `max-idle` in force at that touch (0: never), so that the moment it expires is fixed
  /// then, whatever the configuration says later. Nil for activities stored before it was kept.
  public var idleLimit: Milliseconds?
  /// A plan run's segment and round; nil for a single timer. `startedAt`, `duration` and
  /// `phase` are then the current segment's.
  public var progress: PlanProgress?
  /// The laps marked on a stopwatch's run so far; none after a reset.
  public var laps: LapMarks
  /// When the run began (`startedAt` moves with each pause): nil until it is started from
  /// ready, and again after a single timer's reset, which discards its run. Nil in a row kept
  /// before it was, where the creation stands for it (`Activity.runStart`).
  public var runStartedAt: Instant?
  /// What a program posted on it: state text, progress, attention, buttons.
  public var posted: Posted
  /// How a failed command ended; nil unless the phase is `failed`.
  public var exit: CommandExit?
  /// The user away (screen locked, asleep) while it ran; nil otherwise.
  public var away: Away?

  public init(
    name: String, category: String? = nil, startedAt: Instant, pausedAt: Instant? = nil,
    duration: Milliseconds? = nil, phase: Phase, staleDate: Instant? = nil, relevance: Double = 0,
    touchedAt: Instant, idleLimit: Milliseconds? = nil, progress: PlanProgress? = nil,
    laps: LapMarks = LapMarks(), runStartedAt: Instant? = nil, posted: Posted = Posted(),
    exit: CommandExit? = nil, away: Away? = nil
  ) {
    self.name = name
    self.category = category
    self.startedAt = startedAt
    self.pausedAt = pausedAt
    self.duration = duration
    self.phase = phase
    self.staleDate = staleDate
    self.relevance = relevance
    self.touchedAt = touchedAt
    self.idleLimit = idleLimit
    self.progress = progress
    self.laps = laps
    self.runStartedAt = runStartedAt
    self.posted = posted
    self.exit = exit
    self.away = away
  }
}

/// A stopwatch's laps as the state keeps them: enough for the presentations, while the
/// `lapped` events keep each one for `islet laps`.
public struct LapMarks: Codable, Equatable, Sendable {
  public var count: Int
  /// The running time at the last mark (its split); 0 before the first.
  public var lastSplit: Milliseconds
  /// The last lap's length; nil before the first.
  public var last: Milliseconds?

  public init(count: Int = 0, lastSplit: Milliseconds = 0, last: Milliseconds? = nil) {
    self.count = count
    self.lastSplit = lastSplit
    self.last = last
  }
}

/// A timer: a stopwatch or a countdown, living in the store rather than in a window.
public struct Activity: Codable, Equatable, Sendable, Identifiable {
  /// Short and stable, printed by `start` and shown by `list`.
  public var id: String
  public var attributes: ActivityAttributes
  public var state: ContentState
  public var createdAt: Instant
  public var endedAt: Instant?
  /// Bumped on every save, so a write made on a stale read is refused by the store.
  public var revision: Int64

  public init(
    id: String, attributes: ActivityAttributes, state: ContentState, createdAt: Instant,
    endedAt: Instant? = nil, revision: Int64 = 0
  ) {
    self.id = id
    self.attributes = attributes
    self.state = state
    self.createdAt = createdAt
    self.endedAt = endedAt
    self.revision = revision
  }
}

/// Settings the engine takes from the configuration.
public struct TimePolicy: Equatable, Sendable {
  /// An untouched activity with no deadline ahead expires after this long; 0 never.
  public var maxIdle: Milliseconds
  /// A countdown turns stale this long after its deadline, unless it says otherwise.
  public var staleAfter: Milliseconds

  public static let standard = TimePolicy(maxIdle: 8 * 3_600_000, staleAfter: 5 * 60_000)

  public init(maxIdle: Milliseconds, staleAfter: Milliseconds) {
    self.maxIdle = maxIdle
    self.staleAfter = staleAfter
  }
}

// MARK: - Computed when read

extension Activity {
  public var name: String { state.name }
  /// What a switch ends (`StartRequest.switching`): a stopwatch running on its own, not a
  /// plan's segment nor a countdown, and not paused (a paused one is not running); not a
  /// program's either, which posts what it does (a script's or an agent's `--state`).
  public var isSwitchable: Bool {
    attributes.mode == .stopwatch && !isPlan && state.phase == .active && state.posted == Posted()
  }
  /// When the run shown began, as "Started 9:05" says it: after a reset, its new start.
  public var runStart: Instant { state.runStartedAt ?? createdAt }
  public var isCountdown: Bool { attributes.mode == .countdown }
  /// Tested by pattern, not `!= nil`: that compared whole `Plan?` copies (Plan is Equatable).
  public var isPlan: Bool {
    guard case .some = attributes.plan else { return false }
    return state.progress != nil
  }

  /// The segment a plan run is in; nil for a single timer.
  public var segment: Segment? {
    guard let plan = attributes.plan, let progress = state.progress else { return nil }
    return plan.segment(at: progress)
  }

  /// A plan run's place (segment, round, what comes next); nil for a single timer.
  public var planPosition: PlanPosition? {
    guard let plan = attributes.plan, let progress = state.progress else { return nil }
    return plan.position(at: progress)
  }

  /// The icon shown: a plan's segment's, else the activity's.
  public var icon: String { segment?.icon ?? attributes.icon }

  /// Time run so far; never negative, even when the clock has stepped back.
  public func elapsed(at now: Instant) -> Milliseconds {
    max(0, (state.pausedAt ?? now) - state.startedAt)
  }

  /// The lap going on: the running time since the last mark (or the start).
  public func currentLap(at now: Instant) -> Milliseconds {
    max(0, elapsed(at: now) - state.laps.lastSplit)
  }

  /// A countdown's time left; negative in overtime. Nil for a stopwatch.
  public func remaining(at now: Instant) -> Milliseconds? {
    state.duration.map { $0 - elapsed(at: now) }
  }

  /// When a running countdown reaches zero; nil while paused, idle, over or for a stopwatch.
  public var deadline: Instant? {
    guard isCountdown, state.pausedAt == nil, let duration = state.duration,
      state.phase == .active || state.phase == .finished
    else { return nil }
    return state.startedAt + duration
  }

  /// When a pending activity starts; nil for any other.
  public var startsAt: Instant? { state.phase == .pending ? state.startedAt : nil }

  /// How long until a pending activity starts (0 once due); nil for any other.
  public func startsIn(at now: Instant) -> Milliseconds? {
    startsAt.map { max(0, $0 - now) }
  }

  /// When the activity expires if nothing touches it: `max-idle` (as it was at the last touch)
  /// after the later of its last intent and its deadline (a pending one's start).
  public func expiresAt(policy: TimePolicy) -> Instant? {
    let limit = state.idleLimit ?? policy.maxIdle
    guard limit > 0, state.phase.isLive else { return nil }
    return max(state.touchedAt, deadline ?? startsAt ?? state.touchedAt) + limit
  }

  /// The phase at `now`: the stored one, or the one time has brought (started, finished,
  /// expired).
  public func phase(at now: Instant, policy: TimePolicy = .standard) -> Phase {
    // A plan may have gone on into its next segments since it was saved, and a pending
    // activity may have started (and run out) since.
    if isPlan, state.phase == .active, let deadline, now >= deadline {
      return TimerEngine.settle(self, at: now, policy: policy).activity.state.phase
    }
    if let startsAt, now >= startsAt {
      return TimerEngine.settle(self, at: now, policy: policy).activity.state.phase
    }
    if let expiry = expiresAt(policy: policy), now >= expiry { return .expired }
    if state.phase == .active, let deadline, now >= deadline { return .finished }
    return state.phase
  }

  /// A countdown past its deadline by more than its stale time is shown dimmed.
  public func isStale(at now: Instant) -> Bool {
    guard state.phase.isLive, let staleDate = state.staleDate else { return false }
    return now >= staleDate
  }

  /// The whole seconds on display: a stopwatch rounds down, a countdown rounds up (25:00 right
  /// after its start, 0:01 in its last second); overtime counts up from zero.
  public func displaySeconds(at now: Instant) -> (seconds: Int64, overtime: Bool) {
    guard let remaining = remaining(at: now) else { return (elapsed(at: now) / 1000, false) }
    if remaining > 0 { return ((remaining + 999) / 1000, false) }
    return (-remaining / 1000, true)
  }

  /// The time as shown: `12:34`, `1:02:03`, or `+0:42` in overtime.
  public func displayTime(at now: Instant) -> String {
    let shown = displaySeconds(at: now)
    return (shown.overtime ? "+" : "") + DurationText.clock(seconds: shown.seconds)
  }

  /// How far a countdown has run, 0…1; nil for a stopwatch.
  public func progress(at now: Instant) -> Double? {
    guard let duration = state.duration, duration > 0 else { return nil }
    return min(1, Double(elapsed(at: now)) / Double(duration))
  }

  /// How far a task that counts up has gone: as its program posted it (`--progress`), else as
  /// its expected length says (`run`'s estimate, `--expect`). Nil for a countdown, which has
  /// its own, and for a stopwatch with neither.
  public func taskProgress(at now: Instant) -> TaskProgress? {
    guard !isCountdown else { return nil }
    if let percent = state.posted.percent {
      return TaskProgress(fraction: Double(percent) / 100, left: nil)
    }
    guard let expected = attributes.expected, expected > 0 else { return nil }
    let elapsed = elapsed(at: now)
    return TaskProgress(fraction: min(1, Double(elapsed) / Double(expected)), left: expected - elapsed)
  }

  /// The progress a bar shows, 0…1: a countdown's, else a task's; nil for neither.
  public func shownProgress(at now: Instant) -> Double? {
    progress(at: now) ?? taskProgress(at: now)?.fraction
  }

  /// The second of a plan segment's cue on display at `now` (3, 2, 1 with `cue 3`), or nil
  /// outside one: the last `cueSeconds` seconds of a running segment. The one rule for the
  /// alert-colored time and the view's bell each second.
  public func cueSecond(at now: Instant) -> Int64? {
    // Drawn every frame: worked out without building `cueInstants`.
    guard let plan = attributes.plan, plan.cueSeconds > 0, isPlan, state.phase == .active, let deadline,
      now >= deadline - Int64(plan.cueSeconds) * 1000, let remaining = remaining(at: now), remaining > 0
    else { return nil }
    return (remaining + 999) / 1000
  }

  /// When the running segment's cue seconds begin, earliest first (`deadline − 3 s`, `− 2 s`,
  /// `− 1 s` with `cue 3`); empty outside a running plan segment with a cue.
  public var cueInstants: [Instant] {
    guard let plan = attributes.plan, plan.cueSeconds > 0, isPlan, state.phase == .active,
      let deadline
    else { return [] }
    return (1...Int64(plan.cueSeconds)).reversed().map { deadline - $0 * 1000 }
  }
}
