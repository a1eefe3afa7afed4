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
    time =
      phase.isLive
      ? activity.displayTime(at: now) : DurationText.clock(seconds: activity.elapsed(at: now) / 1000)
  }

  public var isDimmed: Bool { phase == .expired || activity.isStale(at: now) }
  /// The activity's icon, or its plan's segment's.
  public var icon: String { theme.icon(activity.icon, ascii: ascii) }
  /// The name as shown: what `UserText` refuses (an old store may hold it) escaped, so that
  /// every output, a bar's too, prints it as text.
  public var name: String { printableName(activity.name) }
  /// What stands for the activity: a plan's segment's label, else its name, escaped likewise.
  public var heading: String {
    activity.segment.map { printable($0.label, limit: UserText.Bounds.label.characters) } ?? name
  }

  /// The time as every small place shows it, in one grammar (`DurationText.glance`): `4:59`,
  /// `12m`, `1h05`, `+0:42`; once over, the time it ran. Paused is the same text, dimmed by
  /// its role.
  public var shortTime: String {
    let shown: (seconds: Int64, overtime: Bool) =
      phase.isLive ? activity.displaySeconds(at: now) : (activity.elapsed(at: now) / 1000, false)
    return DurationText.glance(seconds: shown.seconds, overtime: shown.overtime)
  }

  /// How far a countdown has run, 0…1, as of the second on display; nil for a stopwatch. The
  /// bar moves with the time shown (in eighths of a cell, every few seconds on a long one), so
  /// a frame drawn for a second holds all through it and the view wakes no more often.
  public var progress: Double? {
    guard let duration = activity.state.duration, duration > 0, activity.progress(at: now) != nil else {
      return nil
    }
    let shown = activity.displaySeconds(at: now)
    if shown.overtime { return 1 }
    return min(1, max(0, Double(duration - shown.seconds * 1000) / Double(duration)))
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
    if timeAlerts { return .alert }
    switch phase {
    case .paused, .idle, .completed, .ended: return .secondary
    default: return tint ?? .timer
    }
  }

  /// One rule for every header and bar: once time is up, the name, its phase and the progress
  /// turn to the alert role together.
  var nameRole: Role { phase == .finished ? .alert : .text }
  var phaseRole: Role { phase == .finished ? .alert : .secondary }
  var progressRole: Role { phase == .finished ? .alert : tint ?? .progress }

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

  /// Whether a start is shown: not while ready, which a reset began anew.
  static func hasStart(_ activity: Activity) -> Bool { activity.state.phase != .idle }

  /// The time in the minimal bubble: the small places' one grammar, at most five cells below
  /// ten hours of overtime (`9:59`, `12m`, `1h05`, `+20h`).
  var minimalTime: String { shortTime }

  /// The word for the phase in a header: "Paused", "Time's up" ("Focus is over" for a plan's
  /// waiting segment), …; nil while running.
  var phaseWord: String? {
    switch phase {
    case .idle: return "Ready"
    case .active: return activity.isStale(at: now) ? "Stale" : nil
    case .paused: return "Paused"
    case .finished: return segmentLabel.map(Self.over) ?? "Time's up"
    case .completed: return "Done"
    case .ended: return "Ended"
    case .expired: return "Expired"
    case .failed: return activity.state.exit.map { "Failed · \($0.words)" } ?? "Failed"
    }
  }

  /// What the view and the presentations say when a plan's segment has ended: "Focus is over".
  static func over(_ label: String) -> String { "\(label) is over" }

  /// What a header says after the name: the phase word; for a plan, the segment and the
  /// phase word ("Focus", "Focus · Paused"), or only "Focus is over" while it waits.
  var subtitle: String? {
    guard let label = segmentLabel else { return phaseWord }
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
    let separator = " \(g.separator) "
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
  var barFull: String { ascii ? "=" : "━" }
  var barEmpty: String { ascii ? "-" : "─" }
  var box: (tl: String, tr: String, bl: String, br: String, h: String, v: String) {
    ascii ? ("+", "+", "+", "+", "-", "|") : ("╭", "╮", "╰", "╯", "─", "│")
  }
}
