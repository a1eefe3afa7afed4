import IsletCore

/// The interactive screen, drawn as a pure function: the island on top, the wall clock, the
/// Lock Screen banners of the live activities, the key hints; overlays over it all.
public enum DeviceView {
  /// Everything one frame is drawn from.
  public struct Frame: Sendable {
    public var live: [Activity]
    public var state: DeviceState
    public var now: Instant
    public var policy: TimePolicy
    public var theme: Theme
    public var ascii: Bool
    public var utcOffset: Int?
    /// Today's goal, shown in the expanded island and the banners.
    public var goal: GoalTally?

    public init(
      live: [Activity], state: DeviceState, now: Instant, policy: TimePolicy, theme: Theme, ascii: Bool,
      utcOffset: Int? = nil, goal: GoalTally? = nil
    ) {
      self.live = live
      self.state = state
      self.now = now
      self.policy = policy
      self.theme = theme
      self.ascii = ascii
      self.utcOffset = utcOffset
      self.goal = goal
    }

    func look(_ activity: Activity) -> Look {
      Look(
        activity: activity, now: now, policy: policy, theme: theme, ascii: ascii, utcOffset: utcOffset,
        goal: goal)
    }
  }

  public static func draw(_ frame: Frame, width: Int, height: Int) -> Canvas {
    var canvas = Canvas(width: width, height: height, ascii: frame.ascii)
    guard width > 0, height > 0 else { return canvas }
    let g = Glyphs(ascii: frame.ascii)
    let selected = frame.state.selected(in: frame.live)
    let top = drawIsland(&canvas, frame: frame, selected: selected, g: g)
    if height == 1 {
      if frame.live.isEmpty {
        canvas.put(DisplayWidth.truncate("too small", to: width, ellipsis: ""), x: 0, y: 0, role: .secondary)
      }
      return overlaid(canvas, frame, g)
    }

    // The footer: key hints for what can be done now, or for the box open over it.
    let footerRow = height - 1
    let shownHints =
      frame.state.overlay.map { hintText(for: $0, in: frame.state, g: g, width: width) }
      ?? hintText(
        selected.map { $0.phase(at: frame.now, policy: frame.policy) }, plan: selected?.isPlan ?? false,
        g: g, width: width)
    canvas.put(
      shownHints, x: max(0, (width - DisplayWidth.of(shownHints)) / 2), y: footerRow, role: .secondary)
    drawBody(&canvas, frame: frame, selected: selected, top: top, footerRow: footerRow, g: g)
    return overlaid(canvas, frame, g)
  }

  /// The island: compact (with the next activity as a bubble), or expanded on `e`, or by
  /// itself on an alert's activity with what the alert says on its edge; empty when nothing
  /// is live. Returns the rows it took.
  private static func drawIsland(_ canvas: inout Canvas, frame: Frame, selected: Activity?, g: Glyphs) -> Int
  {
    let (width, height) = (canvas.width, canvas.height)
    if let current = frame.live.first {
      let next = frame.live.count > 1 ? frame.look(frame.live[1]) : nil
      let alerting = frame.state.alerting.flatMap { alerting in
        frame.live.first { $0.id == alerting.activityID }.map { (alerting.summary, $0) }
      }
      let shown = alerting?.1 ?? selected ?? current
      if frame.state.expanded || alerting != nil, height >= Expanded.height(for: shown) + 2,
        width >= Expanded.minimumSize.width
      {
        let box = Expanded.draw(
          frame.look(shown), width: min(width - 2, 58), height: Expanded.height(for: shown))
        let x = (width - box.width) / 2
        canvas.draw(box, x: x, y: 0)
        // On the top edge, as a box's title: `╭─ ⏰ Tea — time's up ───╮`.
        if let summary = alerting?.0, DisplayWidth.of(summary) + 2 <= box.width - 4 {
          canvas.put(" \(summary) ", x: x + 2, y: 0, role: .alert)
        }
        return box.height
      }
      let wanted = Compact.targetWidth + (next.map { Minimal.width($0) + 1 } ?? 0)
      let island = Island.draw(frame.look(current), next: next, width: min(width, wanted))
      canvas.draw(island, x: (width - island.width) / 2, y: 0)
      return 1
    }
    guard width >= 12 else { return 0 }
    // An empty island, as the phone shows when nothing is live.
    let pill = g.leftCap + String(repeating: " ", count: 10) + g.rightCap
    let x = (width - 12) / 2
    canvas.put(pill, x: x, y: 0, role: .islandEdge)
    canvas.fill(Rect(x: x + 1, y: 0, width: 10, height: 1), with: .island)
    return 1
  }

  /// Between the island and the footer: the clock when there is room for it too, and a banner
  /// for each live activity (the selected one outlined), or how to start one.
  private static func drawBody(
    _ canvas: inout Canvas, frame: Frame, selected: Activity?, top: Int, footerRow: Int, g: Glyphs
  ) {
    let width = canvas.width
    let free = footerRow - 1 - top
    let bannerWidth = min(width - 2, LockScreen.targetSize.width)
    let bannerHeights = frame.live.map { LockScreen.height(for: $0) }
    let clockRows = 5
    let showClock =
      free >= clockRows + (bannerHeights.first ?? 0) || (frame.live.isEmpty && free >= clockRows + 2)
    var y = top + 1
    if showClock {
      drawClock(&canvas, frame: frame, y: y, width: width)
      y += clockRows
    }
    if frame.live.isEmpty {
      let message = DisplayWidth.truncate("No timers. Press n to start one.", to: width, ellipsis: g.ellipsis)
      if y < footerRow {
        canvas.put(message, x: max(0, (width - DisplayWidth.of(message)) / 2), y: y, role: .text)
      }
      return
    }
    guard bannerWidth >= LockScreen.minimumSize.width else { return }
    for (activity, bannerHeight) in zip(frame.live, bannerHeights) {
      let rows = min(bannerHeight, footerRow - y)
      // A banner is shown whole, or as much as fits when it is the only one.
      guard
        rows >= bannerHeight
          || (y == top + 1 + (showClock ? clockRows : 0) && rows >= LockScreen.minimumSize.height)
      else { break }
      var banner = LockScreen.draw(frame.look(activity), width: bannerWidth, height: rows)
      if activity.id == selected?.id && frame.live.count > 1 {
        for by in 0..<banner.height {
          for bx in 0..<banner.width where banner[bx, by].role == .keyline { banner[bx, by].role = .accent }
        }
      }
      canvas.draw(banner, x: (width - banner.width) / 2, y: y)
      y += banner.height
    }
  }

  /// The big wall clock and the date.
  static func drawClock(_ canvas: inout Canvas, frame: Frame, y: Int, width: Int) {
    let calendar = LocalCalendar(utcOffset: frame.utcOffset)
    let time = calendar.clock(frame.now)
    let x = (width - BigDigits.width(time, ascii: frame.ascii)) / 2
    BigDigits.draw(time, x: x, y: y, role: .text, on: &canvas, ascii: frame.ascii)
    let date = calendar.weekdayAndDate(frame.now)
    canvas.put(date, x: (width - DisplayWidth.of(date)) / 2, y: y + 3, role: .secondary)
  }

  /// What a key hint needs to be offered: nothing, a live activity, or a plan selected.
  enum HintNeed { case nothing, live, plan }

  /// The hints after space's, in the order shown, each with its rank (the lower, the longer it
  /// stays when the row is short) and what it needs to act on.
  static let otherHints: [(text: String, rank: Int, needs: HintNeed)] = [
    ("s skip", 2, .plan), ("r reset", 4, .live), ("c done", 3, .live), ("x end", 5, .live),
    ("e expand", 7, .live), ("tab next", 6, .live), ("n new", 2, .nothing), (minuteHint, 8, .live),
    ("t theme", 9, .nothing), ("? help", 1, .nothing), ("q quit", 0, .nothing),
  ]

  /// What `+` and `-` do, and what `+` does once a countdown's time is up.
  static let minuteHint = "+/- 1 min"
  static let snoozeHint = "+ snooze"

  /// `space pause · r reset · c done · …`, the first hint saying what space does now (on a
  /// plan's waiting segment, `space next`; once a countdown's time is up, `+ snooze` too); the
  /// least needed hints go first when the row is short.
  static func hintText(_ phase: Phase?, plan: Bool = false, g: Glyphs, width: Int) -> String {
    let space: String
    switch phase {
    case .active: space = "pause"
    case .paused: space = "resume"
    case .finished: space = plan ? "next" : "done"
    default: space = "start"
    }
    let first = "space \(space)"
    let separator = " \(g.separator) "
    let gap = DisplayWidth.of(separator)
    // With nothing live, only what starts one, or needs none, is offered.
    let live = phase != nil
    func offered(_ hint: (text: String, rank: Int, needs: HintNeed), within limit: Int) -> Bool {
      guard hint.rank <= limit else { return false }
      switch hint.needs {
      case .nothing: return true
      case .live: return live
      case .plan: return live && plan
      }
    }
    let snoozes = phase == .finished && !plan
    func shown(_ hint: (text: String, rank: Int, needs: HintNeed)) -> String {
      snoozes && hint.text == minuteHint ? snoozeHint : hint.text
    }
    // Drawn every frame: counted and joined without building arrays.
    for limit in stride(from: 9, through: 0, by: -1) {
      // Hints are ASCII: a byte is a cell.
      var used = first.utf8.count
      for hint in otherHints where offered(hint, within: limit) { used += shown(hint).utf8.count + gap }
      // The last column stays empty: writing there scrolls some terminals.
      if used < width {
        var text = first
        for hint in otherHints where offered(hint, within: limit) { text += separator + shown(hint) }
        return text
      }
    }
    return DisplayWidth.truncate("? help", to: max(0, width - 1), ellipsis: "")
  }

  /// The keys a box takes while it is open: what the keys under it would do does not apply.
  static func hintText(for overlay: DeviceState.Overlay, in state: DeviceState, g: Glyphs, width: Int)
    -> String
  {
    let hints: [String]
    switch overlay {
    case .help: hints = ["any key closes"]
    case .confirm: hints = ["y yes", "n no"]
    case .name(let text):
      let plan = state.plan(named: text) != nil
      hints =
        [plan ? "enter start" : "enter go on"] + (state.plans.isEmpty ? [] : ["tab plans"]) + ["esc cancel"]
    case .duration: hints = ["enter start", "esc cancel"]
    }
    // The last column stays empty, as for the other hints.
    return DisplayWidth.truncate(
      hints.joined(separator: " \(g.separator) "), to: max(0, width - 1), ellipsis: "")
  }

  /// A text field's line with its cursor, in `width` cells: a text too long shows its end,
  /// where the cursor is, after an ellipsis.
  static func field(_ label: String, _ text: String, width: Int, g: Glyphs) -> String {
    let room = width - DisplayWidth.of(label) - 1
    guard DisplayWidth.of(text) > room, room > 1 else { return label + text + "_" }
    var tail = ""
    for character in text.reversed() {
      if DisplayWidth.of(String(character) + tail) > room - 1 { break }
      tail = String(character) + tail
    }
    return label + g.ellipsis + tail + "_"
  }

  /// Overlays and the flash message, over the frame.
  static func overlaid(_ base: Canvas, _ frame: Frame, _ g: Glyphs) -> Canvas {
    var canvas = base
    let width = canvas.width
    let height = canvas.height
    if let flash = frame.state.flash, flash.until > frame.now {
      let text = DisplayWidth.truncate(flash.text, to: width, ellipsis: g.ellipsis)
      let y = max(0, height - 2)
      let x = max(0, (width - DisplayWidth.of(text)) / 2)
      canvas.put(" ", repeated: width, x: 0, y: y, role: .text)
      canvas.put(text, x: x, y: y, role: flash.alert ? .alert : .accent)
    }
    guard let overlay = frame.state.overlay else { return canvas }
    var lines: [String]
    switch overlay {
    case .help:
      lines = [
        "Keys", "",
        "space, p   start, pause or resume; a waiting plan goes on",
        "s          skip a plan's segment",
        "r          reset (asks first)", "x          end (asks first)",
        "c, Enter   complete", "e          expand the island", "Tab        next activity",
        "n          new activity, or a plan",
        "+ / -      a minute more or less; once time's up, + snoozes", "t          next theme",
        "?          this help",
        "q, Esc     quit (timers keep running)",
        "", "Press any key",
      ]
    case .confirm(let intent, _, let name):
      lines = ["\(intent == .reset ? "Reset" : "End") '\(name)'? y/n"]
    case .name(let text):
      lines = ["New activity", field("Name: ", text, width: width - 8, g: g)]
      if let plan = frame.state.plan(named: text) {
        // As `islet plans` shows it.
        lines += [
          "Enter starts the plan, Esc cancels", plan.shape(unicode: !frame.ascii), "\(plan.totalText) in all",
        ]
      } else {
        lines += ["Enter to go on, Esc to cancel"]
        let names = frame.state.plans.map(\.name)
        if !names.isEmpty { lines += ["Tab: a plan (\(names.joined(separator: ", ")))"] }
      }
    case .duration(let name, let text):
      lines = [
        "New activity: \(name)", field("Duration (empty for a stopwatch): ", text, width: width - 8, g: g),
        "e.g. 25m, 1h30m, 90s",
      ]
    }
    let inner = min(width - 4, (lines.map { DisplayWidth.of($0) }.max() ?? 0))
    let boxWidth = inner + 4
    let boxHeight = min(height, lines.count + 2)
    guard boxWidth >= 6, boxHeight >= 3 else {
      canvas.put(DisplayWidth.truncate(lines[0], to: width, ellipsis: g.ellipsis), x: 0, y: 0, role: .accent)
      return canvas
    }
    let rect = Rect(
      x: (width - boxWidth) / 2, y: (height - boxHeight) / 2, width: boxWidth, height: boxHeight)
    for row in rect.y..<rect.maxY {
      canvas.put(" ", repeated: boxWidth, x: rect.x, y: row, role: .text)
    }
    Pieces.box(rect, on: &canvas, role: .accent, glyphs: g)
    for (index, line) in lines.prefix(boxHeight - 2).enumerated() {
      canvas.put(
        DisplayWidth.truncate(line, to: inner, ellipsis: g.ellipsis), x: rect.x + 2, y: rect.y + 1 + index,
        role: index == 0 ? .timer : .text)
    }
    return canvas
  }

  /// When what is drawn next changes: the next displayed second of a ticking activity, the
  /// next minute of the clock, a deadline, a stale date, a flash or an alert's expansion
  /// ending. Nil when nothing
  /// on screen will change by itself.
  public static func nextChange(_ frame: Frame, clockShown: Bool = true) -> Instant? {
    let now = frame.now
    var times: [Instant] = []
    for activity in frame.live {
      let phase = activity.phase(at: now, policy: frame.policy)
      if phase == .active || phase == .finished {
        let anchor = activity.deadline ?? activity.state.startedAt
        let offset = ((now - anchor) % 1000 + 1000) % 1000
        times.append(now + (1000 - offset))
      }
      if let deadline = activity.deadline, deadline > now { times.append(deadline) }
      if let stale = activity.state.staleDate, stale > now { times.append(stale) }
      if let expiry = activity.expiresAt(policy: frame.policy), expiry > now { times.append(expiry) }
    }
    if clockShown { times.append(Instant(milliseconds: (now.milliseconds / 60_000 + 1) * 60_000)) }
    if let flash = frame.state.flash, flash.until > now { times.append(flash.until) }
    if let alerting = frame.state.alerting, alerting.until > now { times.append(alerting.until) }
    return times.min()
  }
}
