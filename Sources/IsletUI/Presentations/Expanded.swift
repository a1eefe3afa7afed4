import IsletCore

/// The expanded island (a long-press, `e`, an alert): the compact island grown, black-filled
/// between quadrant-block rims. The name leads and the time trails, in big digits, as compact
/// has them; the controls go under the name and the progress along the bottom; nothing goes
/// under the camera in the middle. The alert is the same island in the alert color.
///
/// ```
/// ▗▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▖
/// ▐  ⏱ Workout                         ▀█  ▀▀█   ▀▀█ █▀█   ▌
/// ▐  Started 9:05 · ID 1823             █  █▀▀ ▀  ▀█ █ █   ▌
/// ▐   ⏸ Pause    ↺ Reset    ✕ End      ▀▀▀ ▀▀▀ ▀ ▀▀▀ ▀▀▀   ▌
/// ▐  ██████████████████████████████▌█████████████████████ 50% ▌
/// ▝▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▘
/// ```
///
/// A plan's title is its name and segment, its buttons can skip the segment, and a row above
/// the progress says where it is: `Round 2 of 4 · Up next: Break 5:00`, today's goal at its
/// end. With fewer rows, the facts go first, then the progress, then the big digits.
public enum Expanded {
  static let rows = 6
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
    // Rows of the island's make: blocks, whatever a theme draws one row's ends with.
    rim(&canvas, alert: look.alerts, g: Glyphs(ascii: look.ascii))
    let inner = Rect(x: 3, y: 1, width: w - 6, height: h - 2)
    // The camera's cells, in the middle as the island is centered on it: left free.
    let camera = Island.cameraX(width: w)
    let lead = Rect(x: inner.x, y: inner.y, width: max(0, camera - inner.x - 1), height: inner.height)
    let trail = Rect(
      x: camera + Island.cameraColumns + 1, y: inner.y, width: inner.maxX - camera - Island.cameraColumns - 1,
      height: inner.height)
    let rows = inner.height
    let plan = look.activity.isPlan
    let big = rows >= 3 && BigDigits.width(look.time, ascii: look.ascii) <= trail.width
    let progressRow = rows >= 4 && look.progress != nil
    let planRow = plan && rows >= 5
    let factsRow = rows >= 3
    // Leading: icon and name on the first row, shortened before anything else is.
    let time = look.time
    let timeWidth = big ? 0 : DisplayWidth.of(look.rowTime) + 1
    let x = Pieces.icon(
      look, x: lead.x, y: inner.y, gap: 1, role: look.iconRole(.text), on: &canvas, clip: inner)
    let titleRoom = (big ? lead.maxX : inner.maxX - timeWidth) - x
    // A program's words (its attention, state, how it failed) that the title would cut lead the
    // facts' row instead, where there is one; so does a pending one's "Starts 9:17".
    let programs =
      look.attention != nil || look.phase == .failed || look.phaseWord == nil || look.phase == .pending
    let said =
      factsRow && !plan && programs
      ? look.subtitle.flatMap { DisplayWidth.of(look.title(fitting: .max)) > titleRoom ? $0 : nil } : nil
    let title =
      said == nil
      ? look.title(fitting: titleRoom) : DisplayWidth.truncate(look.name, to: titleRoom, ellipsis: g.ellipsis)
    canvas.put(title, x: x, y: inner.y, role: look.nameRole, clip: inner)
    drawTime(look, on: &canvas, big: big, trail: trail, inner: inner)
    // Under the first row the camera is no longer beside them: facts and controls may go on
    // to the big digits.
    let underRoom = big ? trail.maxX - BigDigits.width(time, ascii: look.ascii) - 2 - inner.x : inner.width
    if factsRow { facts(look, said: said, on: &canvas, x: lead.x, y: inner.y + 1, room: underRoom) }
    if rows >= 2 {
      let controlsY = inner.y + (rows >= 3 ? 2 : rows - 1)
      controls(
        look, on: &canvas, x: lead.x, y: controlsY, room: underRoom, clip: inner)
    }
    if planRow {
      Pieces.planRow(
        look, x: inner.x, y: inner.maxY - (progressRow ? 2 : 1), width: inner.width, on: &canvas, clip: inner)
    }
    if progressRow, let fraction = look.progress {
      Pieces.progress(
        fraction, x: inner.x, y: inner.maxY - 1, width: inner.width, on: &canvas, glyphs: g, clip: inner,
        role: look.progressRole, label: look.progressLabel)
    }
    if look.isDimmed { Compact.dim(&canvas) }
    return canvas
  }

  /// The time, trailing: in big digits beside the camera where they fit, else on the title's row.
  private static func drawTime(_ look: Look, on canvas: inout Canvas, big: Bool, trail: Rect, inner: Rect) {
    let time = big ? look.time : look.rowTime
    if big {
      let digits = BigDigits.width(time, ascii: look.ascii)
      Pieces.bigTime(
        time, x: trail.maxX - digits, y: inner.y, role: look.timeRole, on: &canvas, ascii: look.ascii,
        clip: trail)
    } else {
      canvas.put(time, x: inner.maxX - DisplayWidth.of(time), y: inner.y, role: look.timeRole, clip: inner)
    }
  }

  /// The rim around the whole canvas and the black between: the island's make. Once time is
  /// up, the same island in the alert color: rim and fill one deep red shape, as the black
  /// one is one black shape.
  static func rim(_ canvas: inout Canvas, alert: Bool, g: Glyphs) {
    let right = canvas.width - 1
    let bottom = canvas.height - 1
    let role: Role = alert ? .alertIslandEdge : .islandEdge
    let r = g.rim
    canvas.fill(Rect(x: 1, y: 1, width: right - 1, height: bottom - 1), with: alert ? .alertIsland : .island)
    canvas.put(r.tl, x: 0, y: 0, role: role)
    canvas.put(r.top, repeated: right - 1, x: 1, y: 0, role: role)
    canvas.put(r.tr, x: right, y: 0, role: role)
    for y in 1..<bottom {
      canvas.put(g.leftCap, x: 0, y: y, role: role)
      canvas.put(g.rightCap, x: right, y: y, role: role)
    }
    canvas.put(r.bl, x: 0, y: bottom, role: role)
    canvas.put(r.bottom, repeated: right - 1, x: 1, y: bottom, role: role)
    canvas.put(r.br, x: right, y: bottom, role: role)
  }

  /// Under the name: when it started, its ID and owner, as much as fits in `room`.
  private static func facts(_ look: Look, said: String?, on canvas: inout Canvas, x: Int, y: Int, room: Int) {
    var facts: [(text: String, words: Bool)] = look.startedFact.map { [($0, false)] } ?? []
    if let laps = look.lapFact { facts.append((laps, false)) }
    if let id = look.activity.attributes.recordID { facts.append(("ID \(id)", false)) }
    if let owner = look.activity.attributes.owner { facts.append((owner, true)) }
    var x = x
    var room = room
    if let said {
      // Before the facts, in the phase word's role, shortened rather than left out.
      let shown = DisplayWidth.truncate(said, to: room, ellipsis: look.g.ellipsis)
      x = canvas.put(shown, x: x, y: y, role: look.phaseRole, clip: Rect(x: x, y: y, width: room, height: 1))
      room -= DisplayWidth.of(shown) + 3
      let text = Pieces.facts(facts, room: room, glyphs: look.g)
      guard room > 0, !text.isEmpty else { return }
      x = canvas.put(" \(look.g.separator) ", x: x, y: y, role: .secondary)
    }
    let text = Pieces.facts(facts, room: room, glyphs: look.g)
    canvas.put(text, x: x, y: y, role: .secondary, clip: Rect(x: x, y: y, width: room, height: 1))
  }

  /// The controls from `x`, with their words where there is room; fewer where there is less.
  private static func controls(
    _ look: Look, on canvas: inout Canvas, x: Int, y: Int, room: Int, clip: Rect
  ) {
    let g = look.g
    let buttons = ButtonSpec.shed(ButtonSpec.expanded(look)) {
      ButtonSpec.width($0, long: false, gap: 2, glyphs: g) > room
    }
    guard !buttons.isEmpty, ButtonSpec.width(buttons, long: false, gap: 2, glyphs: g) <= room else { return }
    let long = ButtonSpec.width(buttons, long: true, gap: 2, glyphs: g) <= room
    let width = ButtonSpec.width(buttons, long: long, gap: 2, glyphs: g)
    ButtonSpec.draw(
      buttons, on: &canvas, right: x + width, y: y, long: long, gap: 2, glyphs: g, clip: clip,
      target: look.activity.id, accent: look.accent)
  }
}
