import IsletCore

/// The expanded island (a long-press): a rounded box with leading (icon, name), trailing (the
/// intent buttons with their keys), center (the time, large) and bottom (started at, ID,
/// owner, progress) regions.
///
/// ```
/// ╭────────────────────────────────────────────────────────╮
/// │ ⏱ Workout                                 [⏸ ␣]  [↺ r] │
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
  public static let targetSize = (width: 58, height: 7)
  public static let minimumSize = (width: 20, height: 3)

  /// The rows it wants: a plan has a row for its round and what comes next.
  public static func height(for activity: Activity) -> Int {
    activity.isPlan ? targetSize.height + 1 : targetSize.height
  }

  public static func draw(_ look: Look, width: Int, height: Int) -> Canvas {
    guard width >= minimumSize.width, height >= minimumSize.height else {
      var canvas = Canvas(width: width, height: height, ascii: look.ascii)
      if height > 0 { canvas.draw(Compact.draw(look, width: width), x: 0, y: 0) }
      return canvas
    }
    let w = min(width, 72)
    let h = min(height, 9)
    var canvas = Canvas(width: w, height: h, ascii: look.ascii)
    let g = look.g
    Pieces.box(canvas.bounds, on: &canvas, role: .keyline, glyphs: g)
    let inner = canvas.bounds.inset(dx: 2, dy: 1)
    let rows = inner.height
    let plan = look.activity.isPlan

    // Trailing: the buttons, long words only where there is plenty of room. A plan's give way
    // one by one, so that its title keeps room for the segment and its phase.
    var buttons = ButtonSpec.expanded(look.phase, plan: plan)
    if plan {
      let titleNeeds = DisplayWidth.of(look.icon) + 1 + DisplayWidth.of(look.subtitle ?? "")
      buttons = ButtonSpec.shed(buttons) {
        ButtonSpec.width($0, long: false, gap: 2, glyphs: g) + 1 + titleNeeds > inner.width
      }
    }
    let shortWidth = ButtonSpec.width(buttons, long: false, gap: 2, glyphs: g)
    let showButtons = shortWidth + 6 <= inner.width
    if showButtons {
      ButtonSpec.draw(
        buttons, on: &canvas, right: inner.maxX, y: inner.y, long: false, gap: 2, glyphs: g, clip: inner,
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
    let x = canvas.put(look.icon, x: inner.x, y: inner.y, role: .text, clip: inner) + 1
    canvas.put(
      look.title(fitting: leadRoom - (x - inner.x)), x: x, y: inner.y,
      role: look.phase == .finished ? .alert : .text, clip: inner)

    // Center: big digits when three rows are free, else the time in a row of its own.
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

    if planRow == 1 {
      Pieces.planRow(look, x: inner.x, y: inner.maxY - 2, width: inner.width, on: &canvas, clip: inner)
    }
    if bottomRows == 1 { bottom(look, on: &canvas, inner: inner, planFacts: plan && planRow == 0) }
    if look.isDimmed { Pieces.dim(&canvas) }
    return canvas
  }

  /// The bottom row: started at · ID · owner (or a plan's facts, when they have no row of
  /// their own), and the progress of a countdown.
  private static func bottom(_ look: Look, on canvas: inout Canvas, inner: Rect, planFacts: Bool) {
    let g = look.g
    let y = inner.maxY - 1
    var facts = ["Started \(look.calendar.clock(look.activity.createdAt))"]
    if let id = look.activity.attributes.recordID { facts.append("ID \(id)") }
    if let owner = look.activity.attributes.owner { facts.append(owner) }
    var detail = facts.joined(separator: " \(g.separator) ")
    if planFacts, let fraction = look.activity.progress(at: look.now) {
      // Whole facts before a long bar: the bar takes what they leave, from 10 cells to 22.
      let separator = " \(g.separator) "
      let shown = Pieces.planFacts(look, room: inner.width - 12, gap: DisplayWidth.of(separator))
      detail = shown.place + (shown.goal.map { (shown.place.isEmpty ? "" : separator) + $0 } ?? "")
      let barWidth = min(22, inner.width - DisplayWidth.of(detail) - 2)
      Pieces.progress(
        fraction, x: inner.maxX - barWidth, y: y, width: barWidth, on: &canvas, glyphs: g, clip: inner)
      canvas.put(detail, x: inner.x, y: y, role: .text, clip: inner)
      return
    }
    if let fraction = look.activity.progress(at: look.now) {
      let barWidth = min(22, inner.width / 2)
      detail = DisplayWidth.truncate(detail, to: inner.width - barWidth - 2, ellipsis: g.ellipsis)
      Pieces.progress(
        fraction, x: inner.maxX - barWidth, y: y, width: barWidth, on: &canvas, glyphs: g, clip: inner)
    } else {
      detail = DisplayWidth.truncate(detail, to: inner.width, ellipsis: g.ellipsis)
    }
    canvas.put(detail, x: inner.x, y: y, role: .secondary, clip: inner)
  }
}
