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
    /// Today's goals, each shown on its plan's runs in the expanded island and the banners.
    public var goals: [GoalTally]

    public init(
      live: [Activity], state: DeviceState, now: Instant, policy: TimePolicy, theme: Theme, ascii: Bool,
      utcOffset: Int? = nil, goals: [GoalTally] = []
    ) {
      self.live = live
      self.state = state
      self.now = now
      self.policy = policy
      self.theme = theme
      self.ascii = ascii
      self.utcOffset = utcOffset
      self.goals = goals
    }

    func look(_ activity: Activity) -> Look {
      Look(
        activity: activity, now: now, policy: policy, theme: theme, ascii: ascii, utcOffset: utcOffset,
        goal: goals.tally(for: activity))
    }
  }

  public static func draw(_ frame: Frame, width: Int, height: Int) -> Canvas {
    var memo = DrawingMemo()
    return draw(frame, width: width, height: height, memo: &memo)
  }

  /// The same, keeping in `memo` the pieces that seldom change for the next frame.
  public static func draw(_ frame: Frame, width: Int, height: Int, memo: inout DrawingMemo) -> Canvas {
    var canvas = Canvas(width: width, height: height, ascii: frame.ascii)
    guard width > 0, height > 0 else { return canvas }
    let g = Glyphs(ascii: frame.ascii)
    let layout = layout(frame, width: width, height: height)
    drawIsland(&canvas, frame: frame, layout: layout, g: g)
    if height == 1 {
      if frame.live.isEmpty {
        canvas.put(DisplayWidth.truncate("too small", to: width, ellipsis: ""), x: 0, y: 0, role: .secondary)
      }
      return overlaid(canvas, frame, layout, g)
    }
    drawBody(&canvas, frame: frame, layout: layout, g: g, memo: &memo)
    drawExpanded(&canvas, frame: frame, layout: layout)
    return overlaid(canvas, frame, layout, g)
  }

  /// The key hints for what can be done now, or for the box open over them.
  private static func drawFooter(
    _ canvas: inout Canvas, frame: Frame, layout: Layout, g: Glyphs, memo: inout DrawingMemo
  ) {
    guard let row = layout.footerRow else { return }
    let width = canvas.width
    func draw(_ hints: String, on canvas: inout Canvas) {
      canvas.put(" ", repeated: width, x: 0, y: row, role: .text)
      canvas.put(hints, x: max(0, (width - DisplayWidth.of(hints)) / 2), y: row, role: .secondary)
    }
    if let overlay = frame.state.overlay {
      draw(hintText(for: overlay, in: frame.state, g: g, width: width), on: &canvas)
      return
    }
    let selected = frame.state.selected(in: frame.live)
    let phase = selected.map { $0.phase(at: frame.now, policy: frame.policy) }
    let plan = selected?.isPlan ?? false
    let offer = HintOffer(selected, at: frame.now, policy: frame.policy)
    // The footer is the last row, under the island even when expanded: blank until drawn.
    let key = FooterKey(phase: phase, plan: plan, offer: offer, width: width, ascii: g.ascii)
    memo.footer.rows(row..<row + 1, of: &canvas, key: key) {
      draw(hintText(phase, plan: plan, offer: offer, g: g, width: width), on: &$0)
    }
  }

  /// What the key hints are drawn from, when no box is open.
  struct FooterKey: Equatable, Sendable {
    let phase: Phase?
    let plan: Bool
    let offer: HintOffer
    let width: Int
    let ascii: Bool
  }

  /// The island: compact, with the next activity as a bubble, three rows tall around the
  /// camera at the screen's middle where there is room (one row where there is not); empty
  /// when nothing is live. Compact shows the current activity, or the selected one when no
  /// banner shows it.
  private static func drawIsland(_ canvas: inout Canvas, frame: Frame, layout: Layout, g: Glyphs) {
    let width = canvas.width
    guard layout.islandRows > 0 else { return }
    guard let current = frame.live.first else {
      // An empty island, as the phone shows when nothing is live; on one row, its middle row.
      let empty = Island.drawTall(nil, next: nil, width: width, ascii: g.ascii)
      var rows = Canvas(width: width, height: layout.islandRows, ascii: g.ascii)
      rows.draw(empty, x: 0, y: layout.islandRows == 1 ? -1 : 0)
      canvas.draw(rows, x: 0, y: 0)
      return
    }
    let (first, next) = compactShown(frame, layout: layout, current: current)
    if layout.islandRows == Island.rows {
      canvas.draw(Island.drawTall(frame.look(first), next: next, width: width, ascii: g.ascii), x: 0, y: 0)
      return
    }
    let wanted = Compact.wanted(frame.look(first)) + (next.map { Minimal.width($0) + 1 } ?? 0)
    let island = Island.draw(frame.look(first), next: next, width: min(width, wanted))
    canvas.draw(island, x: (width - island.width) / 2, y: 0)
  }

  /// What the compact island shows: the current activity, or the selected one when no banner
  /// shows it; the next one in the bubble.
  private static func compactShown(_ frame: Frame, layout: Layout, current: Activity) -> (Activity, Look?) {
    let selected = frame.state.selected(in: frame.live) ?? current
    let hidden = !layout.banners.contains { frame.live[$0.index].id == selected.id }
    let first = hidden ? selected : current
    return (first, frame.live.first { $0.id != first.id }.map(frame.look))
  }

  /// The expanded island (on `e`, or by itself on an alert's activity), floating over the top
  /// of the screen, centered on the camera as the compact island is.
  private static func drawExpanded(_ canvas: inout Canvas, frame: Frame, layout: Layout) {
    if let growth = frame.state.motion?.growth(at: frame.now), layout.islandRows == Island.rows,
      let shown = islandActivity(frame)
    {
      drawGrowing(&canvas, growth: growth, shown: shown, frame: frame, layout: layout)
      return
    }
    guard layout.expandedRows > 0, let shown = islandActivity(frame) else { return }
    let width = canvas.width
    let grown = Expanded.draw(
      frame.look(shown), width: min(width - 2, Proportions.expanded.natural), height: layout.expandedRows)
    // Grown from the compact island: none of that is left beside it.
    for row in 0..<min(layout.islandRows, grown.height) {
      canvas.put(" ", repeated: width, x: 0, y: row, role: .text, fill: nil)
      canvas.fill(Rect(x: 0, y: row, width: width, height: 1), with: nil)
    }
    // Its camera's cells over the screen's.
    canvas.draw(grown, x: Island.cameraX(width: width) - Island.cameraX(width: grown.width), y: 0)
  }

  /// The island on its way between compact and expanded, `growth` of the way grown: its rim
  /// alone, black inside, centered on the camera.
  private static func drawGrowing(
    _ canvas: inout Canvas, growth: Double, shown: Activity, frame: Frame, layout: Layout
  ) {
    let width = canvas.width
    let full = (width: min(width - 2, Proportions.expanded.natural), height: Expanded.height(for: shown))
    guard canvas.height >= full.height + 2, full.width >= Expanded.minimumSize.width else { return }
    let small = Island.rows
    let rows = small + Int((Double(full.height - small) * growth).rounded())
    let camera = Island.cameraX(width: width)
    // From the compact island's width to the full one.
    let (first, next) = compactShown(frame, layout: layout, current: frame.live.first ?? shown)
    let start = Island.shape(frame.look(first), next: next, width: width).map { $0.right - $0.left + 1 } ?? 16
    let across = start + Int((Double(full.width - start) * growth).rounded())
    var grown = Canvas(width: across, height: rows, ascii: frame.ascii)
    Expanded.rim(&grown, alert: frame.look(shown).alerts, g: Glyphs(ascii: frame.ascii))
    for row in 0..<min(layout.islandRows, rows) {
      canvas.put(" ", repeated: width, x: 0, y: row, role: .text)
      canvas.fill(Rect(x: 0, y: row, width: width, height: 1), with: nil)
    }
    canvas.draw(grown, x: camera - Island.cameraX(width: across), y: 0)
  }

  /// Between the island and the footer: the clock when there is room for it too, the banners
  /// the layout placed (the selected one outlined) and how many it left out, or how to start one.
  private static func drawBody(
    _ canvas: inout Canvas, frame: Frame, layout: Layout, g: Glyphs, memo: inout DrawingMemo
  ) {
    let width = canvas.width
    drawFooter(&canvas, frame: frame, layout: layout, g: g, memo: &memo)
    if let size = layout.clock {
      drawClock(&canvas, frame: frame, size: size, y: layout.clockY, width: width, memo: &memo)
    }
    if frame.live.isEmpty {
      let y = layout.clockY + (layout.clock.map(clockBlock) ?? 0)
      let message = DisplayWidth.truncate("No timers. Press n to start one.", to: width, ellipsis: g.ellipsis)
      if layout.body.contains(y) || (layout.body.isEmpty && y < (layout.footerRow ?? 0)) {
        canvas.put(message, x: max(0, (width - DisplayWidth.of(message)) / 2), y: y, role: .text)
      }
      return
    }
    let selected = frame.state.selected(in: frame.live)
    // What the expanded island says ("Time's up") is said there once, not again in a row.
    let expanded = layout.expandedRows > 0 ? islandActivity(frame)?.id : nil
    for placed in layout.banners {
      let activity = frame.live[placed.index]
      if placed.oneRow {
        let row = RowCard.draw(
          frame.look(activity), width: placed.rect.width, sayingPhase: activity.id != expanded)
        canvas.draw(row, x: placed.rect.x, y: placed.rect.y)
        continue
      }
      var banner = LockScreen.draw(
        frame.look(activity), width: placed.rect.width, height: placed.rect.height, memo: &memo,
        sayingPhase: activity.id != expanded)
      if activity.id == selected?.id && frame.live.count > 1 {
        Pieces.selectionBar(banner.bounds, on: &banner, glyphs: g, role: frame.look(activity).accent)
      }
      canvas.draw(banner, x: placed.rect.x, y: placed.rect.y)
    }
    if let more = layout.more {
      let text = moreText(above: more.above, below: more.below, g: g)
      canvas.put(text, x: max(0, (width - DisplayWidth.of(text)) / 2), y: more.y, role: .secondary)
    }
  }

  /// The wall clock as on the Lock Screen since iOS 16: the date, and under it the time in
  /// thin digits of its own.
  ///
  /// Its rows (the date's and the digits') are the body's first, blank until it is drawn.
  static func drawClock(
    _ canvas: inout Canvas, frame: Frame, size: ClockDigits.Size, y: Int, width: Int, memo: inout DrawingMemo
  ) {
    let calendar = LocalCalendar(utcOffset: frame.utcOffset)
    let date = calendar.weekdayAndDate(frame.now)
    let time = calendar.clock(frame.now)
    let key = ClockKey(date: date, time: time, size: size, width: width, ascii: frame.ascii)
    memo.clock.rows(y..<y + 1 + size.rows, of: &canvas, key: key) { canvas in
      canvas.put(date, x: (width - DisplayWidth.of(date)) / 2, y: y, role: .secondary)
      let x = (width - ClockDigits.width(time, size: size)) / 2
      ClockDigits.draw(time, size: size, x: x, y: y + 1, role: .text, on: &canvas, ascii: frame.ascii)
    }
  }

  /// What the wall clock is drawn from.
  struct ClockKey: Equatable, Sendable {
    let date: String
    let time: String
    let size: ClockDigits.Size
    let width: Int
    let ascii: Bool
  }

  /// What a key hint needs to be offered: nothing, a live activity, or the intent its key
  /// sends the selected one taken by the engine (`TimerEngine.accepts`), so that a hint is
  /// never refused.
  enum HintNeed { case nothing, live, intent(Character) }

  /// The hints after space's, in the order shown, each with its rank (the lower, the longer it
  /// stays when the row is short) and what it needs to act on: the key table's hints.
  static let otherHints: [(text: String, rank: Int, needs: HintNeed)] = KeyBindings.table.compactMap {
    binding in
    guard let hint = binding.hint else { return nil }
    let needs: HintNeed
    switch binding.action {
    case .expand, .next, .previous: needs = .live
    case .new, .theme, .help, .quit: needs = .nothing
    default: needs = binding.character.map { .intent($0) } ?? .live
    }
    return (hint.text, hint.rank, needs)
  }

  /// What `+` and `-` do, and what `+` does once a countdown's time is up.
  static let minuteHint = KeyBindings.table.first { $0.action == .more }!.hint!.text
  static let snoozeHint = "+ snooze"

  /// What the hints are offered for: whether something is live, which hints' intents the
  /// engine takes (bit i for `otherHints[i]`), and whether `+` snoozes.
  struct HintOffer: Equatable, Sendable {
    var live = false
    var accepted: UInt32 = 0
    var snoozes = false
    /// The selected activity's program's buttons, as their hints name them (`1 approve`).
    var buttons: [String] = []

    /// The offer for `selected` (nil: nothing live) at `now`.
    init(_ selected: Activity?, at now: Instant, policy: TimePolicy) {
      guard let selected else { return }
      live = true
      buttons =
        selected.state.away?.back != nil
        ? AwayAnswer.allCases.map(\.rawValue)
        : selected.state.posted.buttons.map {
          DisplayWidth.truncate(printable($0.label, limit: 40).lowercased(), to: 12, ellipsis: "~")
        }
      if case .snooze = DeviceState.intent(ofKey: "+", for: selected, at: now, policy: policy) {
        snoozes = true
      }
      for (index, hint) in otherHints.enumerated() {
        guard case .intent(let key) = hint.needs,
          let intent = DeviceState.intent(ofKey: key, for: selected, at: now, policy: policy),
          TimerEngine.accepts(intent, by: selected, at: now, policy: policy)
        else { continue }
        accepted |= 1 << index
      }
    }
  }

  /// `space pause · r reset · c done · …` for `selected` at `now`: what its keys would do.
  static func hintText(
    for selected: Activity?, at now: Instant, policy: TimePolicy = .standard, g: Glyphs, width: Int
  ) -> String {
    hintText(
      selected.map { $0.phase(at: now, policy: policy) }, plan: selected?.isPlan ?? false,
      offer: HintOffer(selected, at: now, policy: policy), g: g, width: width)
  }

  /// `space pause · r reset · c done · …`, the first hint saying what space does now (on a
  /// plan's waiting segment, `space next`; once a countdown's time is up, `+ snooze` too); the
  /// least needed hints go first when the row is short.
  static func hintText(_ phase: Phase?, plan: Bool, offer: HintOffer, g: Glyphs, width: Int) -> String {
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
    func offered(_ index: Int, within limit: Int) -> Bool {
      let hint = otherHints[index]
      guard hint.rank <= limit else { return false }
      switch hint.needs {
      case .nothing: return true
      case .live: return offer.live
      // Once time's up, space is what completes: `c done` would say it twice.
      case .intent(let key): return offer.accepted & (1 << index) != 0 && !(offer.snoozes && key == "c")
      }
    }
    func shown(_ index: Int) -> String {
      let text = otherHints[index].text
      // A program's button's key, `1`, is hinted with its label: `1 approve`.
      if let place = Int(text), place >= 1, place <= offer.buttons.count {
        let label = offer.buttons[place - 1]
        return text + " " + (g.ascii ? String(label.map { $0.isASCII ? $0 : "?" }) : label)
      }
      return offer.snoozes && text == minuteHint ? snoozeHint : text
    }
    // Drawn every frame: counted and joined without building arrays.
    for limit in stride(from: 9, through: 0, by: -1) {
      // Hints are ASCII, a byte a cell, but for a program's button's label.
      var used = first.utf8.count
      for index in otherHints.indices where offered(index, within: limit) {
        let hint = shown(index)
        used += (hint.utf8.count == hint.count ? hint.utf8.count : DisplayWidth.of(hint)) + gap
      }
      // The last column stays empty: writing there scrolls some terminals.
      if used < width {
        var text = first
        for index in otherHints.indices where offered(index, within: limit) {
          text += separator + shown(index)
        }
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
    case .help: hints = [g.ascii ? "Up/Down scroll" : "↑↓ scroll", "any other key closes"]
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

  /// Overlays and the flash message, over the frame. A box dims what is behind it, and is
  /// placed so that no banner shows cut: the y/n question over the banner it asks about,
  /// any other box over whole banners.
  static func overlaid(_ base: Canvas, _ frame: Frame, _ layout: Layout, _ g: Glyphs) -> Canvas {
    var canvas = boxed(base, frame, layout, g)
    drawPressed(&canvas, frame: frame)
    drawFlash(&canvas, frame: frame, layout: layout, g: g)
    return canvas
  }

  /// The open box, if any, over the frame dimmed: a confirmation as an action card in its
  /// banner's place, any other in a box.
  private static func boxed(_ base: Canvas, _ frame: Frame, _ layout: Layout, _ g: Glyphs) -> Canvas {
    var canvas = base
    let width = canvas.width
    let height = canvas.height
    guard let overlay = frame.state.overlay else { return canvas }
    // Above the flash's row: what a dialog says back (a bad duration) shows beside it.
    let room = height > 2 ? layout.flashRow : height
    if case .confirm(let intent, let asked, let name) = overlay, width >= LockScreen.minimumSize.width,
      room >= 3
    {
      dim(&canvas, above: layout.footerRow ?? height)
      let rect = confirmPlace(asked, frame, layout, width: width, room: room)
      confirmCard(intent, name: name, activityID: asked, frame: frame, in: rect, on: &canvas, g: g)
      return canvas
    }
    let lines = boxLines(overlay, frame, width: width, room: room, g)
    let inner = min(width - 4, boxInnerWidth(overlay, lines, width: width))
    let boxWidth = inner + 4
    let boxHeight = min(room, lines.count + 2)
    guard boxWidth >= 6, boxHeight >= 3 else {
      canvas.put(DisplayWidth.truncate(lines[0], to: width, ellipsis: g.ellipsis), x: 0, y: 0, role: .accent)
      return canvas
    }
    let centered = Rect(
      x: (width - boxWidth) / 2, y: (room - boxHeight) / 2, width: boxWidth, height: boxHeight)
    let rect = placed(centered, overlay, frame, layout)
    dim(&canvas, above: layout.footerRow ?? height)
    for row in rect.y..<rect.maxY {
      canvas.put(" ", repeated: rect.width, x: rect.x, y: row, role: .text)
    }
    Pieces.box(rect, on: &canvas, role: .accent, glyphs: g)
    let shown = Array(lines.prefix(rect.height - 2))
    let top = rect.y + 1 + (rect.height - 2 - shown.count) / 2
    let textInner = rect.width - 4
    for (index, line) in shown.enumerated() {
      canvas.put(
        DisplayWidth.truncate(line, to: textInner, ellipsis: g.ellipsis),
        x: rect.x + 2 + (rect.width - boxWidth) / 2, y: top + index, role: index == 0 ? .timer : .text)
    }
    return canvas
  }

  /// The box's inner width: the new-activity dialog's is fixed (it must not move as the name
  /// is typed), any other box's is its longest line's.
  private static func boxInnerWidth(_ overlay: DeviceState.Overlay, _ lines: [String], width: Int) -> Int {
    switch overlay {
    case .name, .duration: return min(Proportions.banner.natural - 4, width - 8)
    default: return lines.map { DisplayWidth.of($0) }.max() ?? 0
    }
  }

  /// Where the confirmation goes: in the place of the banner it asks about, as tall; else where
  /// the first banner would be, or the middle.
  private static func confirmPlace(
    _ asked: String, _ frame: Frame, _ layout: Layout, width: Int, room: Int
  ) -> Rect {
    if let banner = layout.banners.first(where: { frame.live[$0.index].id == asked })?.rect {
      return banner
    }
    let cardWidth = min(width - 2, Proportions.banner.natural)
    let cardHeight = min(room, 5)
    let y = layout.banners.first?.rect.y ?? (room - cardHeight) / 2
    return Rect(
      x: (width - cardWidth) / 2, y: min(y, room - cardHeight), width: cardWidth, height: cardHeight)
  }

  /// "Reset Tea?", what it does, then a grey Cancel chip and the red one that does it, at the
  /// card's right edge. The red chip is the last button drawn: a click on it says yes.
  private static func confirmCard(
    _ intent: Intent, name: String, activityID: String, frame: Frame, in rect: Rect, on canvas: inout Canvas,
    g: Glyphs
  ) {
    var card = Canvas(width: rect.width, height: rect.height, ascii: g.ascii)
    Pieces.card(card.bounds, on: &card, glyphs: g)
    let inner = card.bounds.inset(dx: 2, dy: card.height >= 3 ? 1 : 0)
    // The chips first, on the last row: on a card of one row, the question has what is left.
    let chip = ButtonSpec.destructive(intent == .reset ? .reset : .end)
    let cancel = g.ascii ? "[Cancel]" : " Cancel "
    let question = "\(intent == .reset ? "Reset" : "End") \(name)?"
    let shared = inner.height == 1
    let wanted = DisplayWidth.of(cancel) + 1 + chip.labelWidth(long: true, glyphs: g)
    let long = wanted + (shared ? DisplayWidth.of(question) + 2 : 0) <= inner.width
    let chipWidth = chip.labelWidth(long: long, glyphs: g)
    let cancelX = inner.maxX - chipWidth - 1 - DisplayWidth.of(cancel)
    // Cancel goes before the question is cut: any other key or click says no as well.
    let withCancel = cancelX > inner.x + (shared ? DisplayWidth.of(question) + 1 : 0)
    let chipsX = withCancel ? cancelX : inner.maxX - chipWidth
    let row = inner.maxY - 1
    if withCancel { card.put(cancel, x: cancelX, y: row, role: .text, fill: .buttonReset) }
    ButtonSpec.draw(
      [chip], on: &card, right: inner.maxX, y: row, long: long, gap: 1, glyphs: g, clip: inner,
      target: activityID)
    let questionRoom = shared ? max(0, chipsX - 1 - inner.x) : inner.width
    card.put(
      DisplayWidth.truncate(question, to: questionRoom, ellipsis: g.ellipsis), x: inner.x, y: inner.y,
      role: .text)
    let explanation =
      intent == .reset
      ? "Back to the start, ready to go again."
      : "It stops here, not done; the log keeps it."
    if inner.height >= 3 {
      card.put(
        DisplayWidth.truncate(explanation, to: inner.width, ellipsis: g.ellipsis), x: inner.x, y: inner.y + 1,
        role: .secondary)
    }
    canvas.draw(card, x: rect.x, y: rect.y)
  }

  /// What the box says, its title first, for a terminal `width` wide.
  private static func boxLines(
    _ overlay: DeviceState.Overlay, _ frame: Frame, width: Int, room: Int, _ g: Glyphs
  ) -> [String] {
    switch overlay {
    case .help:
      return helpLines(ascii: frame.ascii, offset: frame.state.helpOffset, rows: room - 2, g: g)
    case .confirm(let intent, _, let name):
      return ["\(intent == .reset ? "Reset" : "End") '\(name)'? y/n"]
    case .name(let text):
      var lines = [
        "New activity", field("Name: ", text, width: min(Proportions.banner.natural - 4, width - 8), g: g),
      ]
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
      return lines
    case .duration(let name, let text):
      return [
        "New activity: \(name)",
        field(
          "Duration (empty for a stopwatch): ", text, width: min(Proportions.banner.natural - 4, width - 8),
          g: g),
        "e.g. 25m, 1h 30m, 90s; 50m/10m: work and a break",
      ]
    }
  }

  /// The help box in `rows` rows: every key with help, in a column, then how to close it; when
  /// they do not all fit, those from `offset` on, and how many more there are each way (the
  /// footer says how to scroll and close).
  static func helpLines(ascii: Bool, offset: Int = 0, rows: Int = .max, g: Glyphs) -> [String] {
    let keys = KeyBindings.table.compactMap { binding in
      binding.help.map { help in
        (ascii ? binding.names.replacing("↓", with: "Down").replacing("↑", with: "Up") : binding.names, help)
      }
    }
    let column = (keys.map { DisplayWidth.of($0.0) }.max() ?? 0) + 2
    let lines = keys.map { key, what in
      key + String(repeating: " ", count: column - DisplayWidth.of(key)) + what
    }
    if lines.count + 4 <= rows { return ["Keys", ""] + lines + ["", "Press a key to close"] }
    // The title and the line of what is left take two rows; the keys the rest.
    let shown = max(1, rows - 2)
    let first = max(0, min(offset, lines.count - shown))
    let above = first
    let below = max(0, lines.count - first - shown)
    let (up, down) = ascii ? ("Up", "Down") : ("↑", "↓")
    var more: [String] = []
    if above > 0 { more.append("\(up) \(above) above") }
    if below > 0 { more.append("\(down) \(below) more") }
    return ["Keys"] + lines[first..<min(lines.count, first + shown)] + [
      more.joined(separator: " \(g.separator) ")
    ]
  }

  /// Where the box goes, from `centered`, so that no banner shows cut.
  private static func placed(
    _ centered: Rect, _ overlay: DeviceState.Overlay, _ frame: Frame, _ layout: Layout
  ) -> Rect {
    if case .confirm(_, let asked, _) = overlay,
      let banner = layout.banners.first(where: { frame.live[$0.index].id == asked })?.rect,
      banner.width >= centered.width + 4
    {
      // Across the banner it asks about, clear of its border.
      return Rect(x: banner.x + 2, y: banner.y + (banner.height - 3) / 2, width: banner.width - 4, height: 3)
    }
    // Any banner (or the clock) it would cut, it covers whole.
    var rect = centered
    let whole = layout.banners.map(\.rect) + [layout.clockRect].compactMap { $0 }
    var grown = true
    while grown {
      grown = false
      for banner in whole where banner.intersects(rect) && !rect.covers(banner) {
        rect = rect.union(banner)
        grown = true
      }
    }
    return rect
  }

  /// Overlays and the flash over one presentation alone in the terminal.
  static func overlaid(_ base: Canvas, _ frame: Frame, _ g: Glyphs) -> Canvas {
    var layout = Layout()
    layout.flashRow = max(0, base.height - 2)
    return overlaid(base, frame, layout, g)
  }

  /// A chip just clicked, its word dimmed on its fill for a frame, as a pressed button dims.
  static func drawPressed(_ canvas: inout Canvas, frame: Frame) {
    guard let pressed = frame.state.pressed, pressed.until > frame.now, frame.state.overlay == nil else {
      return
    }
    let area = pressed.area
    for y in max(0, area.y)..<min(canvas.height, area.maxY) {
      for x in max(0, area.x)..<min(canvas.width, area.maxX) { canvas[x, y].role = .stale }
    }
  }

  /// The flash, on its own row above the footer.
  static func drawFlash(_ canvas: inout Canvas, frame: Frame, layout: Layout, g: Glyphs) {
    guard let flash = frame.state.flash, flash.until > frame.now else { return }
    let width = canvas.width
    let text = DisplayWidth.truncate(flash.text, to: width, ellipsis: g.ellipsis)
    let x = max(0, (width - DisplayWidth.of(text)) / 2)
    canvas.put(" ", repeated: width, x: 0, y: layout.flashRow, role: .text)
    canvas.put(text, x: x, y: layout.flashRow, role: flash.alert ? .alert : .accent)
  }

  /// What is behind a box, in the stale role; the footer, which says the box's keys, stays.
  static func dim(_ canvas: inout Canvas, above footer: Int) {
    for y in 0..<min(footer, canvas.height) {
      for x in 0..<canvas.width
      where !canvas[x, y].role.isEdge && !canvas[x, y].glyph.isSpace {
        canvas[x, y].role = .stale
      }
    }
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
      // A pending one counts down to its start, a second at a time.
      if phase == .active || phase == .finished || phase == .pending {
        let anchor = activity.deadline ?? activity.state.startedAt
        let offset = ((now - anchor) % 1000 + 1000) % 1000
        times.append(now + (1000 - offset))
      }
      if let deadline = activity.deadline, deadline > now { times.append(deadline) }
      if let start = activity.startsAt, start > now { times.append(start) }
      if let stale = activity.state.staleDate, stale > now { times.append(stale) }
      if let expiry = activity.expiresAt(policy: frame.policy), expiry > now { times.append(expiry) }
    }
    if clockShown { times.append(Instant(milliseconds: (now.milliseconds / 60_000 + 1) * 60_000)) }
    if let flash = frame.state.flash, flash.until > now { times.append(flash.until) }
    if let pressed = frame.state.pressed, pressed.until > now { times.append(pressed.until) }
    if let alerting = frame.state.alerting, alerting.until > now { times.append(alerting.until) }
    // Only while it moves: once over, a motion left in the state costs nothing.
    if let motion = frame.state.motion, now < motion.since + IslandMotion.duration {
      times += motion.frames(after: now)
    }
    return times.min()
  }
}

extension Rect {
  fileprivate func intersects(_ other: Rect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  fileprivate func covers(_ other: Rect) -> Bool {
    x <= other.x && y <= other.y && maxX >= other.maxX && maxY >= other.maxY
  }

  fileprivate func union(_ other: Rect) -> Rect {
    let left = min(x, other.x)
    let top = min(y, other.y)
    return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
  }
}
