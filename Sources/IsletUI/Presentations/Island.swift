import IsletCore

/// The island as the device view draws it: three rows, black-filled between quadrant-block
/// rims, around a camera gap fixed at the screen's middle column, so that it never moves
/// sideways when a second activity starts or the bubble's width changes. The leading side
/// (icon, name) and the trailing side (progress pie, time) are of like width, content snug
/// against the ends; the next activity's bubble is an oval of the same make to its right.
///
/// ```
///              ▗▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▖ ▗▄▄▄▄▖
///              ▐ ⏱ Workout        ◔ 12:30 ▌ ▐ 13 ▌
///              ▝▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▘ ▝▀▀▀▀▘
/// ```
extension Island {
  /// The rows the tall island takes.
  public static let rows = 3
  /// The camera's cells, at the middle of the screen: nothing is ever drawn there.
  public static let cameraColumns = 6
  /// Cells each side holds at most, so that the island stays within compact's 40 columns.
  static let maximumSide = (Proportions.compact.columns - cameraColumns - 4) / 2

  /// The first column of the camera in a screen `width` wide.
  public static func cameraX(width: Int) -> Int { (width - cameraColumns) / 2 }

  /// Where the tall island's parts go in a screen `width` wide: its rim's first and last
  /// columns, its two sides' text, and the bubble's when it has room.
  struct Shape {
    var left: Int
    var right: Int
    var lead: String
    var time: Trailing?
    var bubble: String?
  }

  /// The shape for `current` and `next`; nil where the camera leaves no room for a side.
  static func shape(_ current: Look, next: Look?, width: Int) -> Shape? {
    let camera = cameraX(width: width)
    // The bubble goes only where the trailing side keeps room for its time.
    let trailing = trailingParts(current)
    let leftRoom = camera - 2
    let rightRoom = width - camera - cameraColumns - 2
    let bubble = next.map { Minimal.content($0).text }
    let bubbleWidth = bubble.map { DisplayWidth.of($0) + 4 } ?? 0
    let fitsBubble = bubbleWidth > 0 && rightRoom - bubbleWidth - 1 >= (trailing.last?.width ?? 0)
    let room = min(maximumSide, leftRoom, fitsBubble ? rightRoom - bubbleWidth - 1 : rightRoom)
    guard room >= 3 else { return nil }
    let time = trailing.first { $0.width <= room }
    let lead = leading(current, room: room)
    let side = min(room, max(DisplayWidth.of(lead), time?.width ?? 0))
    return Shape(
      left: camera - side - 2, right: camera + cameraColumns + side + 1, lead: lead, time: time,
      bubble: fitsBubble ? bubble : nil)
  }

  /// The island three rows tall across a canvas `width` wide, its camera at `cameraX`;
  /// nothing live (`current` nil): an empty island of the same make.
  public static func drawTall(_ current: Look?, next: Look?, width: Int, ascii: Bool) -> Canvas {
    var canvas = Canvas(width: width, height: rows, ascii: ascii)
    let camera = cameraX(width: width)
    let g = Glyphs(ascii: ascii)
    guard let current else {
      if camera >= 4 { rim(&canvas, from: camera - 4, to: camera + cameraColumns + 3, g: g) }
      return canvas
    }
    guard let shape = shape(current, next: next, width: width) else {
      // Too narrow for the camera: the one-row island on the middle row.
      canvas.draw(Island.draw(current, next: next, width: width), x: 0, y: 1)
      return canvas
    }
    let (left, right) = (shape.left, shape.right)
    rim(&canvas, from: left, to: right, g: g)
    drawSides(&canvas, current, lead: shape.lead, time: shape.time, x: left + 2, right: right - 1)
    canvas.addButton(
      .expand, area: Rect(x: left, y: 0, width: right - left + 1, height: rows), target: current.activity.id)
    if let next, let bubble = shape.bubble {
      drawBubble(&canvas, next, text: bubble, x: right + 2, g: g)
    }
    return canvas
  }

  /// The leading side: the icon, and the name where at least two of its cells fit; the
  /// name's detail (`Look.rowDetail`) too where all of it fits.
  static func leading(_ look: Look, room: Int) -> String {
    let icon = look.icon
    if let detail = look.rowDetail {
      let whole = icon + " " + look.heading + detail.joint + detail.text
      if DisplayWidth.of(whole) <= room { return whole }
    }
    let nameRoom = room - DisplayWidth.of(icon) - 1
    let name = DisplayWidth.truncate(look.heading, to: nameRoom, ellipsis: look.g.ellipsis)
    guard nameRoom >= 2, !name.isEmpty, name != look.g.ellipsis else { return icon }
    return icon + " " + name
  }

  /// The trailing side, in the forms tried longest first: a plan's round, the mark and the
  /// time; without the round; the short time; the short time alone.
  struct Trailing {
    var round: String?
    var mark: String
    var clock: String

    var width: Int {
      (round.map { DisplayWidth.of($0) + 1 } ?? 0) + (mark.isEmpty ? 0 : DisplayWidth.of(mark) + 1)
        + DisplayWidth.of(clock)
    }
  }

  static func trailingParts(_ look: Look) -> [Trailing] {
    let mark = Compact.mark(look).text
    var forms = look.shortRound.map { [Trailing(round: $0, mark: mark, clock: look.rowTime)] } ?? []
    forms += [
      Trailing(mark: mark, clock: look.rowTime), Trailing(mark: mark, clock: look.shortTime),
      Trailing(mark: "", clock: look.shortTime),
    ]
    return forms
  }

  /// The middle row's text in its roles: leading from `x`, trailing ending at `right`.
  private static func drawSides(
    _ canvas: inout Canvas, _ look: Look, lead: String, time: Trailing?, x: Int, right: Int
  ) {
    let iconEnd = canvas.put(look.icon, x: x, y: 1, role: .island, fill: .island)
    if lead != look.icon {
      let role: Role = look.nameRole == .alert ? .alert : .island
      let said = look.rowDetail.map { $0.joint + $0.text } ?? ""
      let rest = String(lead.dropFirst(look.icon.count))
      let name = !said.isEmpty && rest.hasSuffix(said) ? String(rest.dropLast(said.count)) : rest
      let end = canvas.put(name, x: iconEnd, y: 1, role: role, fill: .island)
      if name != rest {
        canvas.put(said, x: end, y: 1, role: look.alerts ? .alert : .secondary, fill: .island)
      }
    }
    if let time {
      var column = right - time.width
      if let round = time.round { column = canvas.put(round, x: column, y: 1, role: .island) + 1 }
      if !time.mark.isEmpty {
        column = canvas.put(time.mark, x: column, y: 1, role: Compact.mark(look).role) + 1
      }
      canvas.put(
        time.clock, x: column, y: 1, role: look.timeAlerts || look.phase == .failed ? .alert : .island)
    }
    if look.isDimmed { Compact.dim(&canvas) }
  }

  /// The next activity's bubble: an oval of the island's make with its minimal content.
  private static func drawBubble(_ canvas: inout Canvas, _ look: Look, text: String, x: Int, g: Glyphs) {
    let right = x + DisplayWidth.of(text) + 3
    rim(&canvas, from: x, to: right, g: g)
    var bubble = Canvas(width: right - x - 1, height: 1, ascii: look.ascii)
    bubble.fill(bubble.bounds, with: .island)
    bubble.put(text, x: 1, y: 0, role: Minimal.content(look).role, fill: .island)
    if look.isDimmed { Compact.dim(&bubble) }
    canvas.draw(bubble, x: x + 1, y: 1)
    canvas.addButton(
      .expand, area: Rect(x: x, y: 0, width: right - x + 1, height: rows), target: look.activity.id)
  }

  /// The rim from column `left` to `right` (both ends included), three rows: the corners and
  /// edges above and below, the half-block ends on the middle row, black between.
  static func rim(_ canvas: inout Canvas, from left: Int, to right: Int, g: Glyphs) {
    let inner = right - left - 1
    guard inner > 0 else { return }
    let rim = g.rim
    canvas.put(rim.tl, x: left, y: 0, role: .islandEdge)
    canvas.put(rim.top, repeated: inner, x: left + 1, y: 0, role: .islandEdge)
    canvas.put(rim.tr, x: right, y: 0, role: .islandEdge)
    canvas.put(g.leftCap, x: left, y: 1, role: .islandEdge)
    canvas.put(" ", repeated: inner, x: left + 1, y: 1, role: .island, fill: .island)
    canvas.put(g.rightCap, x: right, y: 1, role: .islandEdge)
    canvas.put(rim.bl, x: left, y: 2, role: .islandEdge)
    canvas.put(rim.bottom, repeated: inner, x: left + 1, y: 2, role: .islandEdge)
    canvas.put(rim.br, x: right, y: 2, role: .islandEdge)
  }
}
