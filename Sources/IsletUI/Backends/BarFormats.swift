import IsletCore

/// What a desktop bar shows at one instant: the live activities, ranked as `status` has them
/// (the first is the island's pill, the second its bubble), and how to draw them.
public struct BarScene: Sendable {
  public var live: [Activity]
  public var now: Instant
  public var policy: TimePolicy
  public var theme: Theme
  public var ascii: Bool
  /// Today's goals; each plan's pill shows its own.
  public var goals: [GoalTally]
  /// The islet binary's path, for polybar's click actions.
  public var binary: String
  /// The local time zone's offset from UTC in seconds; nil asks the system.
  public var utcOffset: Int?
  /// Which part of the island the line shows.
  public var part: BarPart

  public init(
    live: [Activity], now: Instant, policy: TimePolicy = .standard, theme: Theme = ThemeCatalog.fallback,
    ascii: Bool = false, goals: [GoalTally] = [], binary: String = "islet", utcOffset: Int? = nil,
    part: BarPart = .island
  ) {
    self.part = part
    self.live = live
    self.now = now
    self.policy = policy
    self.theme = theme
    self.ascii = ascii
    self.goals = goals
    self.binary = binary
    self.utcOffset = utcOffset
  }

  /// The activity the line's pill (or, for `.bubble`, its bubble) stands for, which a click on
  /// it acts on: the current one, or the next for the bubble alone.
  public var shown: Activity? {
    part == .bubble ? (live.count > 1 ? live[1] : nil) : live.first
  }

  var current: Look? {
    shown.map {
      Look(
        activity: $0, now: now, policy: policy, theme: theme, ascii: ascii, utcOffset: utcOffset,
        goal: part == .bubble ? nil : goals.tally(for: $0))
    }
  }

  var next: Look? {
    part == .island && live.count > 1
      ? Look(activity: live[1], now: now, policy: policy, theme: theme, ascii: ascii, utcOffset: utcOffset)
      : nil
  }
}

/// Which part of the island a bar's module shows: all of it (the current activity and the next
/// one's bubble beside it), the pill alone, or the bubble alone, a module of its own whose
/// clicks act on the next activity (waybar's `custom/islet-next`).
public enum BarPart: String, CaseIterable, Sendable {
  case island, pill, bubble
}

/// The output conventions of the desktop bars (`status --format waybar` …): each turns a scene
/// into one line, the same island as the tmux status line shows, with text the bar would
/// interpret escaped. Pure: the one-shot status and the follow loop both print its lines.
///
/// ```swift
/// for line in BarFormat.i3bar.prologue { print(line) }
/// print(BarFormat.i3bar.line(BarScene(live: live, now: now)))
/// ```
public enum BarFormat: String, CaseIterable, Sendable {
  case waybar, polybar, i3blocks, i3bar
  case i3statusRs = "i3status-rs"

  public static var names: [String] { allCases.map(\.rawValue) }

  /// Lines printed once, before the first update: i3bar's header and the opening of its
  /// endless array of updates.
  public var prologue: [String] {
    self == .i3bar ? [#"{"version":1,"click_events":true}"#, "["] : []
  }

  /// When the follower reads clicks from its stdin (`BarClick.parse`), which is never unless
  /// they are Islet's alone.
  public enum StdinClicks: Sendable {
    /// i3bar writes them there: its header asks for them, and the stream's stdin is its own.
    case always
    /// i3blocks 1.5 and later write them to a persistent block's stdin; 1.4 writes none, and
    /// its block inherits i3blocks' own stdin, i3bar's clicks for the whole bar. So its snippet
    /// says so (`--read-clicks`) only for 1.5 and later; 1.4 runs the block again on a click,
    /// the button in `BLOCK_BUTTON` (`status --click`).
    case whenAsked
    /// The bar runs a click's command itself.
    case never
  }

  /// Whether an i3blocks of this version writes clicks to a persistent block: from 1.5 on.
  public static func i3blocksClicksPersistentBlocks(major: Int, minor: Int) -> Bool {
    (major, minor) >= (1, 5)
  }

  public var stdinClicks: StdinClicks {
    switch self {
    case .i3bar: return .always
    case .i3blocks: return .whenAsked
    case .waybar, .polybar, .i3statusRs: return .never
    }
  }

  /// Whether the follower reads clicks from stdin, `asked` by `--read-clicks` or not.
  public func readsClicks(asked: Bool) -> Bool {
    stdinClicks == .always || (stdinClicks == .whenAsked && asked)
  }

  /// Whether a module may show a part of the island (`BarPart`): waybar's, where the bubble
  /// needs a module of its own for clicks of its own. (polybar's line carries a click per
  /// part; i3bar's blocks are one per activity.)
  public var hasParts: Bool { self == .waybar }

  /// waybar's classes (`#custom-islet.paused`) and the role whose color each stands for, in the
  /// order the style sheet lists them: a later rule wins, so stale and alert come last.
  public static let waybarClassRoles: [(String, Role)] = [
    (Phase.idle.rawValue, .secondary), (Phase.active.rawValue, .timer), (Phase.paused.rawValue, .accent),
    (Phase.finished.rawValue, .alert), ("stale", .stale), ("alert", .alert),
  ]

  /// One update, without its line break. With nothing live, the form that clears the bar.
  public func line(_ scene: BarScene) -> String {
    let island = scene.current.map { BarIsland(look: $0, next: scene.next) }
    switch self {
    case .waybar:
      return island?.waybar(alone: scene.part == .bubble)
        ?? BarJSON.object([("text", .string("")), ("class", .string("none"))])
    case .polybar: return island?.polybar(binary: scene.binary) ?? ""
    case .i3blocks: return island?.i3blocks ?? BarJSON.object([("full_text", .string(""))])
    case .i3bar: return (island?.i3bar ?? "[]") + ","
    case .i3statusRs:
      return island?.i3statusRs ?? BarJSON.object([("text", .string("")), ("state", .string("Idle"))])
    }
  }

  /// A line of plain text in the island's place, marked urgent where the bar has a mark for
  /// it: why Islet cannot draw (`islet: config:3 unknown theme 'ocean'`).
  public func message(_ text: String) -> String {
    switch self {
    case .waybar:
      return BarJSON.object([
        ("text", .string(Pango.escaped(text))), ("tooltip", .string(Pango.escaped(text))),
        ("class", .string("error")),
      ])
    case .polybar: return Polybar.escaped(text)
    case .i3blocks: return BarJSON.object([("full_text", .string(text)), ("urgent", .bool(true))])
    case .i3bar:
      let block = BarJSON.object([
        ("name", .string("islet")), ("full_text", .string(text)), ("markup", .string("none")),
        ("urgent", .bool(true)),
      ])
      return "[" + block + "],"
    case .i3statusRs:
      return BarJSON.object([("text", .string(Pango.escaped(text))), ("state", .string("Critical"))])
    }
  }
}

/// The island as text: the pill's pieces (icon, title, round, mark, time) and the next
/// activity's bubble, with the roles the theme colors them by.
struct BarIsland {
  let look: Look
  let next: Look?

  var g: Glyphs { look.g }
  var activity: Activity { look.activity }

  /// `⏱ Workout`, a plan's `🍅 Focus 2/4`, a program's `⏱ Deploy api · Migrating 72%`, a
  /// failed run's `✕ make failed · exit 2`.
  var title: String {
    var parts = [look.icon, look.heading + (look.rowDetail.map { $0.joint + $0.text } ?? "")]
    if let round = look.shortRound { parts.append(round) }
    return parts.joined(separator: " ")
  }

  /// `● 12:30`, `⏸ 12:30`, or the time alone once it is over.
  var clock: String {
    let mark = Compact.mark(look).text
    return mark.isEmpty ? look.rowTime : mark + " " + look.rowTime
  }

  /// The next activity's bubble, `◖4◗`, as the island draws it beside the pill.
  var bubble: String? { next.map { g.leftCap + Minimal.content($0).text + g.rightCap } }

  /// What the bar shows: `⏱ Workout ● 12:30 ◖4◗`.
  var text: String { [title, clock, bubble].compactMap { $0 }.joined(separator: " ") }

  /// What a narrow bar shows: `⏱ 12m`.
  var shortText: String { look.icon + " " + look.shortTime }

  /// The role that says the phase: an alert once over (or in a plan's cue), dimmed when
  /// stale, the timer's while running, the accent while paused.
  var role: Role {
    if look.alerts { return .alert }
    if look.isDimmed { return .stale }
    switch look.phase {
    case .active: return .timer
    case .paused: return .accent
    default: return .secondary
    }
  }

  var phase: String { look.phase.rawValue }

  /// A countdown's progress, 0 to 100, or a program's posted one; nil for a stopwatch (an
  /// estimate is no percentage: past it, it is not done).
  var percentage: Int? {
    if !activity.isCountdown, let percent = activity.state.posted.percent { return percent }
    guard activity.isCountdown, let fraction = activity.progress(at: look.now) else { return nil }
    return min(100, max(0, Int((fraction * 100).rounded(.down))))
  }

  /// The lock screen's details, a line each: title and phase, time and progress, a plan's
  /// place and goal, when it started and whose it is, the next activity.
  var details: [String] {
    let dot = " \(g.separator) "
    var lines = [look.icon + " " + look.name + (look.subtitle.map { look.joint + $0 } ?? "")]
    if look.phaseWord != nil, let state = look.stateText { lines.append(state) }
    let progress = look.task == nil ? percentage.map { "\($0)%" } : look.progressLabel
    lines.append(look.startsText ?? look.time + (progress.map { dot + $0 } ?? ""))
    let facts = look.planFacts
    let place = facts.place + (facts.goal.map { [$0] } ?? [])
    if !place.isEmpty { lines.append(place.joined(separator: dot)) }
    var footer = look.startedFact.map { [$0] } ?? []
    let label = { (text: String) in printable(text, limit: UserText.Bounds.label.characters) }
    if let id = activity.attributes.recordID { footer.append("ID \(label(id))") }
    if let owner = activity.attributes.owner { footer.append(label(owner)) }
    if let category = activity.state.category { footer.append(label(category)) }
    lines.append(footer.joined(separator: dot))
    if let next {
      lines.append("Next: \(next.icon) \(next.heading) \(next.rowTime)")
    }
    return lines
  }

  /// The theme's color for `role`, `#rrggbb`; nil when the theme gives none (mono).
  func color(_ role: Role) -> String? { BarFormat.color(role, in: look.theme) }

  /// waybar's classes: the phase, then `stale` when dimmed and `alert` when the look alerts
  /// (time's up in a cue, a call for attention, a failed run; `finished` is its own class)
  /// (`BarFormat.waybarClassRoles` colors them).
  var classes: [String] {
    [phase] + (look.isDimmed ? ["stale"] : []) + (look.alerts && look.phase != .finished ? ["alert"] : [])
  }

  // MARK: - The formats

  /// waybar's custom module with `return-type: json`; text and tooltip are Pango markup. The
  /// bubble alone (`alone`) is the next activity's module.
  func waybar(alone: Bool) -> String {
    let shown = alone ? g.leftCap + Minimal.content(look).text + g.rightCap : text
    let classes = self.classes
    var members: [(String, BarJSON)] = [
      ("text", .string(Pango.escaped(shown))), ("alt", .string(phase)),
      ("tooltip", .string(Pango.escaped(details.joined(separator: "\n")))),
      ("class", classes.count == 1 ? .string(phase) : .array(classes)),
    ]
    if let percentage { members.append(("percentage", .number(percentage))) }
    return BarJSON.object(members)
  }

  /// i3bar's blocks: the pill, then the bubble, each named by its activity's id for clicks.
  /// `markup: none` keeps every character of a name as text.
  var i3bar: String {
    // With a bubble of its own beside it, the pill's text leaves it out.
    let full = next == nil ? text : title + " " + clock
    var pill: [(String, BarJSON)] = [
      ("name", .string("islet")), ("instance", .string(activity.id)), ("full_text", .string(full)),
      ("short_text", .string(shortText)), ("markup", .string("none")),
    ]
    if let color = color(role) { pill.append(("color", .string(color))) }
    if look.phase == .finished { pill.append(("urgent", .bool(true))) }
    var blocks = [BarJSON.object(pill)]
    if let next {
      let content = Minimal.content(next).text
      var bubble: [(String, BarJSON)] = [
        ("name", .string("islet")), ("instance", .string(next.activity.id)),
        ("full_text", .string(g.leftCap + content + g.rightCap)), ("short_text", .string(content)),
        ("markup", .string("none")),
      ]
      if let color = color(.secondary) { bubble.append(("color", .string(color))) }
      blocks.append(BarJSON.object(bubble))
    }
    return "[" + blocks.joined(separator: ",") + "]"
  }

  /// i3blocks' `format=json`: one object a line, the keys of an i3bar block. `markup: none`
  /// keeps every character of a name as text under a global `markup=pango`.
  var i3blocks: String {
    var members: [(String, BarJSON)] = [
      ("full_text", .string(text)), ("short_text", .string(shortText)), ("markup", .string("none")),
    ]
    if let color = color(role) { members.append(("color", .string(color))) }
    if look.phase == .finished { members.append(("urgent", .bool(true))) }
    return BarJSON.object(members)
  }

  /// i3status-rust's custom block with `json = true`: its text is Pango markup.
  var i3statusRs: String {
    BarJSON.object([
      ("text", .string(Pango.escaped(text))), ("short_text", .string(Pango.escaped(shortText))),
      ("state", .string(state)), ("icon", .string(icon)),
    ])
  }

  /// i3status-rust's states: Critical once over, Warning in the last minute (or a plan's cue),
  /// Good during a plan's break, Info while running, Idle otherwise.
  var state: String {
    switch look.phase {
    case .finished: return "Critical"
    case .active:
      if activity.cueSecond(at: look.now) != nil { return "Warning" }
      if let remaining = activity.remaining(at: look.now), remaining <= 60_000 { return "Warning" }
      return activity.planPosition?.kind == .break ? "Good" : "Info"
    default: return "Idle"
    }
  }

  /// An icon name every i3status-rust icon set has (`files/icons/*.toml`).
  var icon: String {
    switch look.phase {
    case .finished: return "bell"
    case .paused: return activity.isPlan ? "pomodoro_paused" : "time"
    default:
      guard let kind = activity.planPosition?.kind else { return "time" }
      return kind == .break ? "pomodoro_break" : "pomodoro"
    }
  }

  /// polybar's tags: the title in the name's color (the alert's once time is up, as the
  /// presentations draw it), the clock in the phase's, the whole pill a
  /// button (left toggles, middle resets, right completes) and the bubble one for its own
  /// activity.
  func polybar(binary: String) -> String {
    var out = Polybar.actions(binary: binary, id: activity.id) {
      Polybar.colored(title, color(look.nameRole)) + " " + Polybar.colored(clock, color(role))
    }
    if let next, let bubble {
      out +=
        " "
        + Polybar.actions(binary: binary, id: next.activity.id) { Polybar.colored(bubble, color(.secondary)) }
    }
    return out
  }
}

/// Pango markup's text: `&`, `<` and `>` as entities, so a name is shown and never styles.
public enum Pango {
  public static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.append(character)
      }
    }
    return out
  }
}

/// polybar's formatting tags.
enum Polybar {
  /// Text that polybar shows as typed. polybar has no escape for `%{` (lemonbar's `%%` is not
  /// implemented, polybar PR #2748), so a zero-width space follows every `%`: no tag can begin
  /// inside a name, nor a name's last `%` join the tag after it.
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      out.append(character)
      if character == "%" { out += "\u{200B}" }
    }
    return out
  }

  static func colored(_ text: String, _ color: String?) -> String {
    guard let color else { return escaped(text) }
    return "%{F\(color)}" + escaped(text) + "%{F-}"
  }

  /// `%{A1:…:}%{A2:…:}%{A3:…:}content%{A}%{A}%{A}`: the intents on the activity `id`, the
  /// binary single-quoted for the shell polybar runs them with, and every `:` of the
  /// command written `\:`, as polybar reads an action.
  static func actions(binary: String, id: String, _ content: () -> String) -> String {
    let run = "'" + binary.replacingAll("'", with: "'\\''") + "'"
    var out = ""
    for (button, intent) in [(1, "toggle"), (2, "reset"), (3, "complete")] {
      let command = "\(run) \(intent) \(id) >/dev/null 2>&1"
      out += "%{A\(button):" + command.replacingAll(":", with: "\\:") + ":}"
    }
    return out + content() + "%{A}%{A}%{A}"
  }
}

extension BarFormat {
  /// The theme's color for `role`, `#rrggbb`, as the bars write it; nil when the theme gives
  /// none (mono).
  public static func color(_ role: Role, in theme: Theme) -> String? {
    theme.style(role).foreground.map { color in
      let c = color.components
      return "#" + [c.r, c.g, c.b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
  }
}

/// Just enough JSON to write a bar's line: keys in the order given.
enum BarJSON {
  case string(String)
  case number(Int)
  case bool(Bool)
  case array([String])

  static func object(_ members: [(String, BarJSON)]) -> String {
    "{" + members.map { quoted($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
  }

  var text: String {
    switch self {
    case .string(let value): return Self.quoted(value)
    case .number(let value): return String(value)
    case .bool(let value): return value ? "true" : "false"
    case .array(let values): return "[" + values.map(Self.quoted).joined(separator: ",") + "]"
    }
  }

  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case _
      where scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}":
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension String {
  fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
    var out = ""
    for character in self {
      if character == target { out += replacement } else { out.append(character) }
    }
    return out
  }
}
