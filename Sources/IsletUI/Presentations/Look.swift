import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// Everything a presentation draws from: one activity at one instant, in one theme, with
/// the glyphs the output can show.
public struct Look: Sendable {
  public let activity: Activity
  public let now: Instant
  public let policy: TimePolicy
  public let theme: Theme
  public let ascii: Bool
  /// The local time zone's offset from UTC in seconds; nil asks the system.
  public let utcOffset: Int?
  /// Worked out once: presentations ask for them several times a frame.
  public let phase: Phase
  /// The time as shown; once over, the total time it ran.
  public let time: String
  /// Today's work segments against the configured goal; nil when there is no goal.
  public let goal: GoalTally?

  /// `activity` is shown as time has left it at `now`: a plan may have gone on into later
  /// segments since it was read.
  public init(
    activity: Activity, now: Instant, policy: TimePolicy = .standard, theme: Theme = ThemeCatalog.fallback,
    ascii: Bool = false, utcOffset: Int? = nil, goal: GoalTally? = nil
  ) {
    let activity = activity.isPlan ? TimerEngine.settle(activity, at: now, policy: policy).activity : activity
    self.activity = activity
    self.goal = goal
    self.now = now
    self.policy = policy
    self.theme = theme
    self.ascii = ascii
    self.utcOffset = utcOffset
    phase = activity.phase(at: now, policy: policy)
    if let wait = activity.startsIn(at: now) {
      // Pending: the time until it starts, as an upcoming event counts down to itself.
      time = DurationText.clock(seconds: (wait + 999) / 1000)
    } else {
      time =
        phase.isLive
        ? activity.displayTime(at: now) : DurationText.clock(seconds: activity.elapsed(at: now) / 1000)
    }
  }

  /// "starts in 12 min" (`starts in 40 s` in its last minute, `starts in 1 h 05 min`): what
  /// every surface says of a pending activity; nil for any other.
  public var startsText: String? {
    guard let wait = activity.startsIn(at: now) else { return nil }
    let seconds = (wait + 999) / 1000
    if seconds < 60 { return "starts in \(seconds) s" }
    return "starts in " + Self.minutesText((wait + 59_999) / 60_000)
  }

  public var isDimmed: Bool { phase == .expired || activity.isStale(at: now) }
  /// The activity's icon, or its plan's segment's; a failed run's ✕, which says it first.
  public var icon: String { phase == .failed ? g.failedMark : theme.icon(activity.icon, ascii: ascii) }
  /// The name as shown: what `UserText` refuses (an old store may hold it) escaped, so that
  /// every output, a bar's too, prints it as text.
  public var name: String { printableName(activity.name) }
  /// What stands for the activity: a plan's segment's label, else its name, escaped likewise.
  public var heading: String {
    activity.segment.map { printable($0.label, limit: UserText.Bounds.label.characters) } ?? name
  }

  /// The time in a row beside the name (the island, a bar): `time`, or a pending one's
  /// `in 12m`, since its bare minutes would read as a countdown's.
  public var rowTime: String { phase == .pending ? shortTime : time }

  /// The time as every small place shows it, in one grammar (`DurationText.glance`): `4:59`,
  /// `12m`, `1h05`, `+0:42`; once over, the time it ran. Paused is the same text, dimmed by
  /// its role.
  public var shortTime: String {
    if let wait = activity.startsIn(at: now) {
      return "in " + DurationText.glance(seconds: (wait + 999) / 1000, overtime: false)
    }
    let shown: (seconds: Int64, overtime: Bool) =
      phase.isLive ? activity.displaySeconds(at: now) : (activity.elapsed(at: now) / 1000, false)
    return DurationText.glance(seconds: shown.seconds, overtime: shown.overtime)
  }

  /// How far it has run, 0…1, as of the second on display: a countdown's, else a task's
  /// (`task`); nil for neither. The bar moves with the time shown (in eighths of a cell, every
  /// few seconds on a long one), so a frame drawn for a second holds all through it and the
  /// view wakes no more often.
  public var progress: Double? {
    guard phase != .pending else { return nil }
    guard let duration = activity.state.duration, duration > 0, activity.progress(at: now) != nil else {
      return task?.fraction
    }
    let shown = activity.displaySeconds(at: now)
    if shown.overtime { return 1 }
    return min(1, max(0, Double(duration - shown.seconds * 1000) / Double(duration)))
  }

  /// A task's progress (posted, or estimated from its expected length) as of the second on
  /// display, so that an estimate moves with the time shown; nil for a countdown.
  public var task: TaskProgress? {
    // A stopwatch shows whole seconds, rounded down: the estimate is the one at that second.
    let elapsed = activity.elapsed(at: now)
    return activity.taskProgress(at: now - elapsed % 1000)
  }

  /// What a progress bar says beside it: a countdown's or a posted progress's `72%`, an
  /// estimate's "about 3 min left", or "3 min over" once past it (never 100 %).
  public var progressLabel: String? {
    guard let fraction = progress else { return nil }
    guard let task, let left = task.left else { return "\(Int((fraction * 100).rounded(.down)))%" }
    let minutes = left >= 0 ? (left + 59_999) / 60_000 : max(1, -left / 60_000)
    return left >= 0 ? "about \(Self.minutesText(minutes)) left" : "\(Self.minutesText(minutes)) over"
  }

  /// `3 min`, `1 h 05 min`, `2 h`: a span of minutes as the estimate's words say it.
  static func minutesText(_ minutes: Int64) -> String {
    guard minutes >= 60 else { return "\(minutes) min" }
    let rest = minutes % 60
    return rest == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h " + (rest < 10 ? "0" : "") + "\(rest) min"
  }

  /// The label of a bar with little room (a one-row card's): a countdown's percent (nil), a
  /// posted `72%`, an estimate's time left `~3:12`, or past it `+1:05`, never 100 %.
  var shortProgressLabel: String? {
    guard let task, progress != nil else { return nil }
    guard let left = task.left else { return postedPercent }
    let seconds = left >= 0 ? (left + 999) / 1000 : -left / 1000
    return (left >= 0 ? "~" : "") + DurationText.glance(seconds: seconds, overtime: left < 0)
  }

  /// A posted progress as the one-row surfaces say it after the state text: `72%`.
  var postedPercent: String? {
    guard !activity.isCountdown, let percent = activity.state.posted.percent else { return nil }
    return "\(percent)%"
  }

  /// What a program says it is doing ("Migrating"), escaped as a name is; nil when nothing.
  public var stateText: String? {
    activity.state.posted.text.map { printable($0, limit: UserText.Bounds.label.characters) }
  }

  /// What needs the user ("Needs your approval") while it is live and does; escaped.
  public var attention: String? {
    guard phase.isLive else { return nil }
    return activity.state.posted.attention.map { printable($0, limit: UserText.Bounds.label.characters) }
  }

  /// Whether it is drawn as an alert, in the alert color: time is up (or a plan's cue), it
  /// needs the user, or its command failed. The island, the name and the phase word follow it.
  public var alerts: Bool { timeAlerts || attention != nil || phase == .failed }

  /// Whether a question about its time away waits: its answers are the chips, keys `1` `2`
  /// `3`, and the tmux menu's first entries.
  public var asksAboutAway: Bool { phase.isLive && activity.state.away?.back != nil }

  /// The buttons a program posted, while it is live: chips, keys `1` `2` `3`.
  var postedButtons: [ActivityButton] { phase.isLive ? activity.state.posted.buttons : [] }

  /// What a one-row surface says after the name, cut before the name is: the attention, how a
  /// failed run ended ("failed · exit 2", after a space), or the state text and a posted
  /// progress ("Migrating 72%"), with what joins it to the name.
  public var rowDetail: (joint: String, text: String)? {
    let dot = " \(g.separator) "
    if let attention { return (dot, attention) }
    if phase == .failed, let word = phaseWord { return (" ", word) }
    let parts = [stateText, postedPercent].compactMap { $0 }
    return parts.isEmpty ? nil : (dot, parts.joined(separator: " "))
  }

  /// Whether the pulsing dot is lit: it flips with each displayed second.
  public var pulseOn: Bool { activity.displaySeconds(at: now).seconds % 2 == 0 }

  /// Whether the time is drawn as an alert: over (a finished countdown, a waiting segment) or
  /// in a plan segment's cue.
  var timeAlerts: Bool { phase == .finished || activity.cueSecond(at: now) != nil }

  /// The activity's own accent, where its icon (or its plan's segment's) brings one in the
  /// theme; nil: the theme's own (`timer`, `progress`, `accent`), Apple's timer orange.
  public var tint: Role? { theme.tint(activity.icon) }
  /// The role for what the activity's accent paints (its selection bar, its primary chip): its
  /// tint, else the theme's accent.
  public var accent: Role { tint ?? .accent }

  /// The role of the time itself for this phase: the activity's accent while it runs.
  var timeRole: Role {
    if timeAlerts || phase == .failed { return .alert }
    switch phase {
    case .paused, .idle, .completed, .ended, .pending: return .secondary
    default: return tint ?? .timer
    }
  }

  /// One rule for every header and bar: once time is up, the name, its phase and the progress
  /// turn to the alert role together.
  var nameRole: Role { phase == .finished || saysAlert ? .alert : .text }
  var phaseRole: Role { phase == .finished || saysAlert ? .alert : .secondary }
  var progressRole: Role { phase == .finished || saysAlert ? .alert : tint ?? .progress }
  /// Needing the user or failed: said in the alert color by the name, as time's up is (a
  /// plan's cue colors its time alone).
  private var saysAlert: Bool { attention != nil || phase == .failed }
  /// The icon's role where it leads a header: a failed run's ✕ in the alert color.
  func iconRole(_ otherwise: Role) -> Role { phase == .failed ? .alert : otherwise }

  /// "Started 9:05" today, "Started 30 Nov, 9:05" another day; nil while ready (a reset
  /// countdown has not started what it shows).
  var startedFact: String? {
    guard Self.hasStart(activity) else { return nil }
    let start = activity.runStart
    let today =
      calendar.local(start).day == calendar.local(now).day
      && now.milliseconds - start.milliseconds < 86_400_000
    return "Started " + (today ? calendar.clock(start) : calendar.dayAndClock(start))
  }

  /// A stopwatch's laps as one fact: `Lap 3 1:02.4`, the count and the last lap's length; nil
  /// before the first.
  var lapFact: String? {
    guard let last = activity.state.laps.last, activity.state.laps.count > 0 else { return nil }
    return "Lap \(activity.state.laps.count) \(DurationText.lapClock(last))"
  }

  /// Whether a start is shown: not while ready, which a reset began anew, nor while pending.
  static func hasStart(_ activity: Activity) -> Bool {
    activity.state.phase != .idle && activity.state.phase != .pending
  }

  /// The time in the minimal bubble: the small places' one grammar, at most five cells below
  /// ten hours of overtime (`9:59`, `12m`, `1h05`, `+20h`).
  var minimalTime: String {
    activity.startsIn(at: now).map { DurationText.glance(seconds: ($0 + 999) / 1000, overtime: false) }
      ?? shortTime
  }

  /// The word for the phase in a header: "Paused", "Time's up" ("Focus is over" for a plan's
  /// waiting segment), …; nil while running.
  var phaseWord: String? {
    if let attention { return attention }
    switch phase {
    case .idle: return "Ready"
    case .pending: return "Starts \(calendar.clock(activity.state.startedAt))"
    case .active: return activity.isStale(at: now) ? "Stale" : nil
    case .paused: return "Paused"
    case .finished: return segmentLabel.map(Self.over) ?? "Time's up"
    case .completed: return "Done"
    case .ended: return "Ended"
    case .expired: return "Expired"
    case .failed: return activity.state.exit.map { "failed \(g.separator) \($0.words)" } ?? "failed"
    }
  }

  /// What the view and the presentations say when a plan's segment has ended: "Focus is over".
  static func over(_ label: String) -> String { "\(label) is over" }

  /// What joins the subtitle to the name: ` · `, or a space before "failed · exit 2", so that
  /// it reads `make failed · exit 2`.
  var joint: String { phase == .failed && attention == nil ? " " : " \(g.separator) " }

  /// What a header says after the name: the phase word, else a program's state text; for a
  /// plan, the segment and the phase word ("Focus", "Focus · Paused"), or only "Focus is over"
  /// while it waits.
  var subtitle: String? {
    guard let label = segmentLabel else { return phaseWord ?? stateText }
    guard phase != .finished, let word = phaseWord else { return phaseWord ?? label }
    return "\(label) \(g.separator) \(word)"
  }

  /// A plan's segment as said after the name (escaped as the name is); nil for a single timer.
  var segmentLabel: String? {
    activity.segment.map {
      printable($0.kind.label($0.label, after: activity.name), limit: UserText.Bounds.label.characters)
    }
  }

  /// The header's text in at most `room` cells: "Pomodoro · Focus · Paused". A plan's name
  /// shortens first and then goes, so that its segment stays; a single timer's title is cut
  /// at its end.
  public func title(fitting room: Int) -> String {
    let parts = titleParts(fitting: room)
    return parts.name + parts.rest
  }

  /// The title in two parts, drawn in their own roles: the name, and what follows it
  /// (" · Focus", or "Focus" alone when the name had to go).
  func titleParts(fitting room: Int) -> (name: String, rest: String) {
    let separator = joint
    guard let subtitle else { return (DisplayWidth.truncate(name, to: room, ellipsis: g.ellipsis), "") }
    let rest = separator + subtitle
    guard activity.isPlan, DisplayWidth.of(name + rest) > room else {
      let whole = DisplayWidth.truncate(name + rest, to: room, ellipsis: g.ellipsis)
      let shown = whole.hasPrefix(name) ? name : whole
      return (shown, String(whole.dropFirst(shown.count)))
    }
    let nameRoom = room - DisplayWidth.of(rest)
    // A name cut to less than two characters and its ellipsis says nothing.
    if nameRoom >= 3 { return (DisplayWidth.truncate(name, to: nameRoom, ellipsis: g.ellipsis), rest) }
    return ("", DisplayWidth.truncate(subtitle, to: room, ellipsis: g.ellipsis))
  }

  // MARK: - Plans

  /// `2/4`: the round of a work segment or its break; nil for a single timer, a plan of one
  /// round, and a warm-up or cool-down.
  var shortRound: String? {
    guard let position = activity.planPosition, let round = position.shownRound else { return nil }
    return "\(round)/\(position.rounds)"
  }

  /// What is shown about a plan's place, most needed first: "Round 2 of 4" (or the warm-up's
  /// or cool-down's label), "Up next: Break 5:00" (nothing after the last segment), and
  /// today's goal "3/8 today". Empty for a single timer.
  var planFacts: (place: [String], goal: String?) {
    guard let position = activity.planPosition else { return ([], nil) }
    var place: [String] = []
    if let round = position.shownRound {
      place.append("Round \(round) of \(position.rounds)")
    } else if position.kind == .warmUp || position.kind == .coolDown {
      place.append(position.segment)
    }
    if let next = position.next {
      place.append("Up next: \(next.segment) \(DurationText.clock(seconds: (next.duration + 999) / 1000))")
    }
    return (place, goal?.text)
  }

  // MARK: - Glyphs

  var g: Glyphs { Glyphs(ascii: ascii, set: theme.glyphs) }

  /// Times of day in the local zone (or the offset given).
  var calendar: LocalCalendar { LocalCalendar(utcOffset: utcOffset) }
}

/// Instants as a wall clock shows them: in the local time zone, or at a fixed offset (tests).
struct LocalCalendar {
  var utcOffset: Int?

  /// `9:05`
  func clock(_ instant: Instant) -> String {
    let t = local(instant)
    return "\(t.hour):" + (t.minute < 10 ? "0" : "") + "\(t.minute)"
  }

  /// `30 Nov, 9:05`
  func dayAndClock(_ instant: Instant) -> String {
    let t = local(instant)
    return "\(t.day) \(Self.months[t.month].prefix(3)), \(clock(instant))"
  }

  static let days = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
  static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December",
  ]

  /// `Monday 30 November`
  func weekdayAndDate(_ instant: Instant) -> String {
    let t = local(instant)
    return "\(Self.days[t.weekday]) \(t.day) \(Self.months[t.month])"
  }

  func local(_ instant: Instant) -> (day: Int, month: Int, hour: Int, minute: Int, weekday: Int) {
    var seconds = time_t(instant.milliseconds / 1000)
    var parts = tm()
    if let utcOffset {
      seconds += time_t(utcOffset)
      gmtime_r(&seconds, &parts)
    } else {
      localtime_r(&seconds, &parts)
    }
    return (Int(parts.tm_mday), Int(parts.tm_mon), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_wday))
  }
}

/// The glyphs of the presentations, Unicode or ASCII.
struct Glyphs {
  var ascii: Bool
  /// The theme's glyph set; the tall island's rims are blocks whatever it says.
  var set = GlyphSet.blocks

  /// A one-row island's ends: half blocks, which terminals draw themselves, flush with the
  /// fill at any font size (`◖ ◗` came out as small nubs in every common font).
  var leftCap: String { ascii ? "(" : set == .powerline ? "\u{E0B6}" : "▐" }
  var rightCap: String { ascii ? ")" : set == .powerline ? "\u{E0B4}" : "▌" }
  var dot: String { ascii ? "*" : "●" }
  /// A tall island's rim: quadrant corners and half-block edges, flush with the fill likewise.
  var rim: (tl: String, tr: String, bl: String, br: String, top: String, bottom: String) {
    ascii ? (",", ".", "`", "'", "-", "-") : ("▗", "▖", "▝", "▘", "▄", "▀")
  }
  /// A countdown's steady mark: a pie filled by the fraction done, to the nearest quarter;
  /// never full before the end.
  func pie(_ fraction: Double) -> String {
    guard !ascii else { return dot }
    let quarters = fraction >= 1 ? 4 : min(3, max(0, Int((fraction * 4).rounded())))
    return ["○", "◔", "◑", "◕", "●"][quarters]
  }
  var pausedMark: String { ascii ? "||" : "⏸" }
  var doneMark: String { ascii ? "ok" : "✓" }
  var failedMark: String { ascii ? "x" : "✕" }
  var separator: String { ascii ? "-" : "·" }
  var ellipsis: String { ascii ? "~" : "…" }
  /// The cells an icon is given before what follows it, whatever its own width (⏱ is one
  /// cell, ☕ two; the ASCII icons three), so that stacked names and times line up.
  var iconSlot: Int { ascii ? 3 : 2 }
  /// A progress bar's cells and its track's: one solid style, told apart by their colors.
  var barFull: String { ascii ? "=" : "█" }
  var barEmpty: String { ascii ? "-" : "█" }
  var box: (tl: String, tr: String, bl: String, br: String, h: String, v: String) {
    ascii ? ("+", "+", "+", "+", "-", "|") : ("╭", "╮", "╰", "╯", "─", "│")
  }
}
