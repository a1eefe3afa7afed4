import IsletCore

/// The Dynamic Island's compact presentation on one row (a bar, a pane): a pill between
/// half-block ends whose leading side holds the icon and name and whose trailing side holds
/// the progress pie and the time. A plan shows its segment's icon and label, and its round
/// beside the time. The device view draws it three rows tall (`Island.drawTall`).
///
/// ```
/// ▐ ⏱ Workout            ◔ 12:30 ▌
/// ▐ 🍅 Focus         2/4 ◑ 12:30 ▌
/// ```
public enum Compact {
  public static let minimumWidth = 1

  /// What to leave out, tried in order until the pill fits: detail first (a plan's round),
  /// then text, then the long form of the time.
  struct Variant {
    /// What a program says, the attention, or how a failed run ended, after the name
    /// (`Look.rowDetail`): the first to go.
    var detail = false
    var round = true
    var name = true
    var mark = true
    var padding = true
    var longTime = true
    var icon = true
    var caps = true
  }

  static let variants: [Variant] = [
    Variant(detail: true, round: false),
    Variant(),
    Variant(round: false),
    Variant(round: false, name: false),
    Variant(round: false, name: false, padding: false),
    Variant(round: false, name: false, mark: false, padding: false),
    Variant(round: false, name: false, mark: false, padding: false, longTime: false),
    Variant(round: false, name: false, mark: false, padding: false, longTime: false, icon: false),
    Variant(
      round: false, name: false, mark: false, padding: false, longTime: false, icon: false, caps: false),
  ]

  public static func draw(_ look: Look, width: Int) -> Canvas {
    var canvas = Canvas(width: width, height: width > 0 ? 1 : 0, ascii: look.ascii)
    guard width > 0 else { return canvas }
    let g = look.g
    let mark = self.mark(look)
    let round = look.shortRound
    // A plan's segment goes where the name goes.
    let title = look.heading
    let detail = look.rowDetail
    for variant in variants where (!variant.round || round != nil) && (!variant.detail || detail != nil) {
      let time = variant.longTime ? look.rowTime : look.shortTime
      let capWidth = variant.caps ? DisplayWidth.of(g.leftCap) : 0
      let pad = variant.padding ? 1 : 0
      let iconWidth = variant.icon ? DisplayWidth.of(look.icon) : 0
      let markWidth = variant.mark && !mark.text.isEmpty ? DisplayWidth.of(mark.text) + 1 : 0
      let roundWidth = variant.round ? round.map { DisplayWidth.of($0) + 1 } ?? 0 : 0
      // The camera's gap: at least one cell between the leading and the trailing side.
      let gap = variant.icon ? 1 : 0
      let fixed = 2 * capWidth + 2 * pad + iconWidth + gap + markWidth + roundWidth + DisplayWidth.of(time)
      var name = ""
      // The detail shows whole after the whole name, or not at all.
      let said = variant.detail ? detail.map { $0.joint + $0.text } ?? "" : ""
      if variant.detail, DisplayWidth.of(title + said) + fixed + 1 > width { continue }
      if variant.name {
        let room = width - fixed - 1
        let fitted = DisplayWidth.truncate(title, to: room, ellipsis: g.ellipsis)
        // A name cut to its ellipsis alone says nothing: leave it out instead. A plan's
        // segment label is short and says what is on: it is cut only once the round is gone.
        guard room >= 2, fitted != g.ellipsis, !fitted.isEmpty, !variant.round || fitted == title else {
          continue
        }
        name = fitted
      }
      guard fixed + (name.isEmpty ? 0 : DisplayWidth.of(name + said) + 1) <= width else { continue }
      canvas.fill(canvas.bounds, with: .island)
      var x = 0
      if variant.caps {
        canvas.put(g.leftCap, x: 0, y: 0, role: .islandEdge, fill: nil)
        canvas.put(g.rightCap, x: width - capWidth, y: 0, role: .islandEdge, fill: nil)
        canvas.fill(Rect(x: 0, y: 0, width: capWidth, height: 1), with: nil)
        canvas.fill(Rect(x: width - capWidth, y: 0, width: capWidth, height: 1), with: nil)
        x = capWidth
      }
      x += pad
      if variant.icon { x = canvas.put(look.icon, x: x, y: 0, role: .island) + 1 }
      if variant.name {
        let end = canvas.put(name, x: x, y: 0, role: .island)
        canvas.put(said, x: end, y: 0, role: look.alerts ? .alert : .secondary)
      }
      var right = width - capWidth - pad - DisplayWidth.of(time)
      canvas.put(time, x: right, y: 0, role: look.timeAlerts || look.phase == .failed ? .alert : .island)
      if markWidth > 0 {
        right -= markWidth
        canvas.put(mark.text, x: right, y: 0, role: mark.role)
      }
      if roundWidth > 0, let round {
        right -= roundWidth
        canvas.put(round, x: right, y: 0, role: .island)
      }
      canvas.addButton(.expand, area: canvas.bounds, target: look.activity.id)
      if look.isDimmed { dim(&canvas) }
      return canvas
    }
    // Not even the time fits: the minimal presentation's glyph says a timer is there.
    canvas.draw(Minimal.draw(look, width: width), x: 0, y: 0)
    return canvas
  }

  /// The mark before the time: while running a progress pie (`◔`: a countdown's, a task's
  /// posted or estimated), else a stopwatch's steady dot, both still (a blink pulled the eye
  /// every second); ⏸ while paused; none while ready, when nothing runs, nor once failed, where
  /// the ✕ leads in the icon's place.
  static func mark(_ look: Look) -> (text: String, role: Role) {
    switch look.phase {
    case .active:
      guard let fraction = look.progress else {
        return (look.g.dot, .progress)
      }
      return (look.g.pie(fraction), .progress)
    case .paused: return (look.g.pausedMark, .accent)
    case .completed: return (look.g.doneMark, .buttonComplete)
    case .idle, .finished, .ended, .expired, .failed, .pending: return ("", .island)
    }
  }

  /// The width it is drawn at where the room is its own: its natural width, and room for a
  /// program's words after the name (`Look.rowDetail`).
  public static func wanted(_ look: Look) -> Int {
    Proportions.compact.natural + (look.rowDetail.map { DisplayWidth.of($0.joint + $0.text) } ?? 0)
  }

  static func dim(_ canvas: inout Canvas) {
    for y in 0..<canvas.height {
      for x in 0..<canvas.width where !canvas[x, y].role.isEdge { canvas[x, y].role = .stale }
    }
  }
}

/// The minimal presentation: a tiny oval with the time in five cells at most, as the iOS
/// Timer's minimal view: a countdown's minutes left (`12`, `1:30` under ten minutes), a
/// stopwatch's time, dimmed while paused (a mark glued to digits, `II14`, read as a number),
/// the overtime once a countdown is over; the icon alone while ready or over. A plan shows its
/// segment's icon, which says more at a glance (work or break) than minutes; in a cue, as an
/// alert.
///
/// ```
/// ▐12▌   ▐1:30▌   ▐+0:42▌   ▐⏱▌ (ready)
/// ```
public enum Minimal {
  /// Two ends and five cells: `+9:59`, `+0:42`.
  public static let maximumWidth = Proportions.minimal.columns

  /// What the bubble holds; never wider than its five cells, so `width` measures what is drawn.
  public static func content(_ look: Look) -> (text: String, role: Role) {
    let shown = fullContent(look)
    return DisplayWidth.of(shown.text) > maximumWidth - 2 ? (look.icon, shown.role) : shown
  }

  private static func fullContent(_ look: Look) -> (text: String, role: Role) {
    let phase = look.phase
    if look.activity.isPlan {
      return (look.icon, look.timeAlerts ? .alert : .island)
    }
    // Needing the user, the bubble says so in the alert color.
    if look.attention != nil { return (look.minimalTime, .alert) }
    switch phase {
    case .active: return (look.minimalTime, .island)
    case .paused, .pending: return (look.minimalTime, .secondary)
    case .finished: return (look.minimalTime, .alert)
    case .failed: return (look.icon, .alert)
    case .idle, .completed, .ended, .expired: return (look.icon, .island)
    }
  }

  /// The width it takes when given room.
  public static func width(_ look: Look) -> Int {
    min(maximumWidth, DisplayWidth.of(content(look).text) + 2 * DisplayWidth.of(look.g.leftCap))
  }

  public static func draw(_ look: Look, width: Int) -> Canvas {
    let used = min(width, self.width(look))
    var canvas = Canvas(width: used, height: used > 0 ? 1 : 0, ascii: look.ascii)
    guard used > 0 else { return canvas }
    let g = look.g
    var content = self.content(look)
    if DisplayWidth.of(content.text) > used || DisplayWidth.of(content.text) > maximumWidth - 2 {
      content = (look.icon, content.role)
    }
    // Too narrow even for the icon: a dot still says a timer is there.
    if DisplayWidth.of(content.text) > used { content = (g.dot, content.role) }
    let caps = DisplayWidth.of(content.text) + 2 <= used
    canvas.fill(canvas.bounds, with: .island)
    var x = 0
    if caps {
      canvas.put(g.leftCap, x: 0, y: 0, role: .islandEdge)
      canvas.put(g.rightCap, x: used - 1, y: 0, role: .islandEdge)
      canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), with: nil)
      canvas.fill(Rect(x: used - 1, y: 0, width: 1, height: 1), with: nil)
      x = 1
    }
    canvas.put(
      content.text, x: x, y: 0, role: content.role, clip: Rect(x: x, y: 0, width: used - 2 * x, height: 1))
    canvas.addButton(.expand, area: canvas.bounds, target: look.activity.id)
    if look.isDimmed { Compact.dim(&canvas) }
    return canvas
  }
}
