import IsletCore

/// The expanded island (a long-press): a rounded box with leading (icon, name), trailing (the
/// intent buttons, with their words where there is room), center (the time, large) and bottom (started at, ID,
/// owner, progress) regions.
///
/// ```
/// ╭────────────────────────────────────────────────────────╮
/// │ ⏱ Workout                    [⏸ Pause]  [↺ Reset]  [✕ End] │
/// │                   ▀█  ▀▀█   ▀▀█ █▀█                    │
/// │                    █  █▀▀ ▀  ▀█ █ █                    │
/// │                   ▀▀▀ ▀▀▀ ▀ ▀▀▀ ▀▀▀                    │
/// │ Started 9:05 · ID 1823 · ada      ━━━━━━━━──────── 50% │
/// ╰────────────────────────────────────────────────────────╯
/// ```
///
/// A plan's title is its name and segment, its buttons can skip the segment, and a row above
/// the bottom one says where it is: `Round 2 of 4 · Up next: Break 5:00`, today's goal at its
/// end. With a row fewer, those facts take the bottom row's place.
public enum Expanded {
  static let rows = 7
  public static let minimumSize = (width: 20, height: 3)

  /// The rows it wants: a plan has a row for its round and what comes next.
  public static func height(for activity: Activity) -> Int {
    activity.isPlan ? rows + 1 : rows
  }

  public static func draw(_ look: Look, width: Int, height: Int) -> Canvas {
    guard width >= minimumSize.width, height >= minimumSize.height else {
      var canvas = Canvas(width: width, height: height, ascii: look.ascii)
      if height > 0 { canvas.draw(Compact.draw(look, width: width), x: 0, y: 0) }
      return canvas
    }
    let w = min(width, Proportions.expanded.columns)
    let h = min(height, Self.height(for: look.activity))
    var canvas = Canvas(width: w, height: h, ascii: look.ascii)
    let g = look.g
    Pieces.box(canvas.bounds, on: &canvas, role: .keyline, glyphs: g)
    let inner = canvas.bounds.inset(dx: 2, dy: 1)
    let rows = inner.height
    let plan = look.activity.isPlan

    let (buttons, long) = trailingButtons(look, inner: inner)
    let shortWidth = ButtonSpec.width(buttons, long: long, gap: 2, glyphs: g)
    let showButtons = !buttons.isEmpty
    if showButtons {
      ButtonSpec.draw(
        buttons, on: &canvas, right: inner.maxX, y: inner.y, long: long, gap: 2, glyphs: g, clip: inner,
        target: look.activity.id)
    }
    // With a single row, the time goes beside the title, before the buttons.
    let bottomRows = rows >= 3 ? 1 : 0
    let planRow = plan && rows >= 6 ? 1 : 0
    let free = rows - 1 - bottomRows - planRow
    let time = look.time
    let inlineTime = free == 0 ? DisplayWidth.of(time) + 2 : 0
    if inlineTime > 0 {
      canvas.put(
        time, x: inner.maxX - (showButtons ? shortWidth + 2 : 0) - DisplayWidth.of(time), y: inner.y,
        role: look.timeRole, clip: inner)
    }
    // Leading: icon and name, shortened before anything else is.
    let leadRoom = inner.width - (showButtons ? shortWidth + 1 : 0) - inlineTime
    let x = Pieces.icon(look, x: inner.x, y: inner.y, gap: 1, role: .text, on: &canvas, clip: inner)
    canvas.put(
      look.title(fitting: leadRoom - (x - inner.x)), x: x, y: inner.y, role: look.nameRole, clip: inner)
    center(look, on: &canvas, inner: inner, free: free)
    if planRow == 1 {
      Pieces.planRow(look, x: inner.x, y: inner.maxY - 2, width: inner.width, on: &canvas, clip: inner)
    }
    if bottomRows == 1 { bottom(look, on: &canvas, inner: inner, planFacts: plan && planRow == 0) }
    if look.isDimmed { Pieces.dim(&canvas) }
    return canvas
  }

  /// Trailing: the buttons, long words only where there is plenty of room. A plan's give way
  /// one by one, so that its title keeps room for the segment and its phase (a plan) or a few
  /// cells of the name; none when even the fewest leave too little.
  private static func trailingButtons(_ look: Look, inner: Rect) -> (buttons: [ButtonSpec], long: Bool) {
    let g = look.g
    let plan = look.activity.isPlan
    let titleNeeds =
      g.iconSlot + 1
      + (plan ? DisplayWidth.of(look.subtitle ?? "") : min(8, DisplayWidth.of(look.title(fitting: 99))))
    let buttons = ButtonSpec.shed(ButtonSpec.expanded(look.phase, plan: plan)) {
      ButtonSpec.width($0, long: false, gap: 2, glyphs: g) + 1 + titleNeeds > inner.width
    }
    if ButtonSpec.width(buttons, long: false, gap: 2, glyphs: g) + 6 > inner.width { return ([], false) }
    let long =
      !buttons.isEmpty
      && ButtonSpec.width(buttons, long: true, gap: 2, glyphs: g) + 1
        + DisplayWidth.of(look.title(fitting: 99))
        + g.iconSlot + 6 <= inner.width
    return (buttons, long)
  }

  /// Center: big digits when three of the `free` rows under the title are there, else the
  /// time in a row of its own; nothing with none free (it is beside the title then).
  private static func center(_ look: Look, on canvas: inout Canvas, inner: Rect, free: Int) {
    let time = look.time
    if free >= 3 && BigDigits.width(time, ascii: look.ascii) <= inner.width {
      let top = inner.y + 1 + (free - 3) / 2
      Pieces.bigTime(
        time, x: inner.x + (inner.width - BigDigits.width(time, ascii: look.ascii)) / 2, y: top,
        role: look.timeRole,
        on: &canvas, ascii: look.ascii, clip: inner)
    } else if free >= 1 {
      canvas.put(
        time, x: inner.x + (inner.width - DisplayWidth.of(time)) / 2, y: inner.y + 1 + (free - 1) / 2,
        role: look.timeRole, clip: inner)
    }
  }

  /// The bottom row: started at · ID · owner (or a plan's facts, when they have no row of
  /// their own), and the progress of a countdown.
  private static func bottom(_ look: Look, on canvas: inout Canvas, inner: Rect, planFacts: Bool) {
    let g = look.g
    let y = inner.maxY - 1
    var facts: [(text: String, words: Bool)] = look.startedFact.map { [($0, false)] } ?? []
    if let laps = look.lapFact { facts.append((laps, false)) }
    if let id = look.activity.attributes.recordID { facts.append(("ID \(id)", false)) }
    if let owner = look.activity.attributes.owner { facts.append((owner, true)) }
    var detail: String
    if planFacts, let fraction = look.progress {
      // Whole facts before a long bar: the bar takes what they leave, from 10 cells to 22.
      let separator = " \(g.separator) "
      let shown = Pieces.planFacts(look, room: inner.width - 12, gap: DisplayWidth.of(separator))
      detail = shown.place + (shown.goal.map { (shown.place.isEmpty ? "" : separator) + $0 } ?? "")
      let barWidth = min(22, inner.width - DisplayWidth.of(detail) - 2)
      Pieces.progress(
        fraction, x: inner.maxX - barWidth, y: y, width: barWidth, on: &canvas, glyphs: g, clip: inner,
        role: look.progressRole)
      canvas.put(detail, x: inner.x, y: y, role: .text, clip: inner)
      return
    }
    if let fraction = look.progress {
      // The bar gives up to half its cells so that the first fact is shown whole.
      let first = facts.first.map { DisplayWidth.of($0.text) + 2 } ?? 0
      let barWidth = min(22, inner.width / 2, max(10, inner.width - first))
      detail = Pieces.facts(facts, room: inner.width - barWidth - 2, glyphs: g)
      Pieces.progress(
        fraction, x: inner.maxX - barWidth, y: y, width: barWidth, on: &canvas, glyphs: g, clip: inner,
        role: look.progressRole)
    } else {
      detail = Pieces.facts(facts, room: inner.width, glyphs: g)
    }
    canvas.put(detail, x: inner.x, y: y, role: .secondary, clip: inner)
  }
}
