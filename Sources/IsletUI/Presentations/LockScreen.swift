import IsletCore

/// The Lock Screen banner: icon, name and ID; the time in big digits; the intent buttons; a
/// progress bar for a countdown; when it started and whose it is.
///
/// ```
/// ╭──────────────────────────────────────────────────────────────╮
/// │ ⏱  Workout                                           ID 1823 │
/// │    ▀█  ▀▀█   ▀▀█ █▀█                                         │
/// │     █  █▀▀ ▀  ▀█ █ █                            [⏸ Pause]    │
/// │    ▀▀▀ ▀▀▀ ▀ ▀▀▀ ▀▀▀                                         │
/// │ ━━━━━━━━━━━━━━━━━━━━━━━━━━━───────────────────────────  50%  │
/// │ Started 30 Nov, 9:05 · ada                                   │
/// ╰──────────────────────────────────────────────────────────────╯
/// ```
///
/// A plan's header is its name and segment; its progress row is the segment's, and a row
/// under it says where it is: `Round 2 of 4 · Up next: Break 5:00`, today's goal at its end.
/// Short of rows, the footer goes first, then that row.
public enum LockScreen {
  public static let minimumSize = (width: 24, height: 5)
  /// The most cells between the big time and the buttons: the design's, at its natural width.
  static let widestGap = 24

  /// The rows it wants: a countdown has a progress row, a stopwatch does not; a plan has a
  /// row for its round and what comes next; the footer's row only when it has a fact to say.
  public static func height(for activity: Activity) -> Int {
    let facts = Look.hasStart(activity) || activity.attributes.owner != nil || activity.state.category != nil
    return (activity.isPlan ? 9 : activity.isCountdown ? 8 : 7) - (facts ? 0 : 1)
  }

  public static func draw(_ look: Look, width: Int, height: Int) -> Canvas {
    var memo = DrawingMemo()
    return draw(look, width: width, height: height, memo: &memo)
  }

  /// The same, keeping the outline in `memo` for the next frame.
  static func draw(_ look: Look, width: Int, height: Int, memo: inout DrawingMemo) -> Canvas {
    guard width >= minimumSize.width, height >= minimumSize.height else {
      return Expanded.draw(look, width: width, height: height)
    }
    // No blank row under what it has to show.
    let h = min(height, Self.height(for: look.activity))
    var canvas = Canvas(width: width, height: h, ascii: look.ascii)
    let g = look.g
    memo.box.rows(0..<h, of: &canvas, key: BoxKey(width: width, height: h, ascii: look.ascii)) {
      Pieces.box($0.bounds, on: &$0, role: .keyline, glyphs: g)
    }
    let inner = canvas.bounds.inset(dx: 2, dy: 1)
    let fraction = look.progress
    let rows = Rows(look, inner: inner, progress: fraction != nil)
    var y = inner.y
    let timeX = header(look, on: &canvas, inner: inner)
    y += 1
    let left = timeAndButtons(look, on: &canvas, inner: inner, x: timeX, y: y, big: rows.bigTime)
    y += rows.bigTime ? 3 : 1
    if rows.progress, let fraction {
      Pieces.progress(
        fraction, x: inner.x, y: y, width: inner.width - 1, on: &canvas, glyphs: g, clip: inner,
        role: look.progressRole)
      y += 1
    }
    if rows.plan {
      Pieces.planRow(look, x: inner.x, y: y, width: inner.width - 1, on: &canvas, clip: inner)
      y += 1
    }
    if rows.footer || left.width > 0 {
      footer(
        look, on: &canvas, inner: inner, row: rows.footer ? y : inner.maxY - 1, facts: rows.footer,
        buttons: left.width > 0 && left.width <= inner.width ? left.buttons : [])
    }
    if look.isDimmed { Pieces.dim(&canvas) }
    return canvas
  }

  /// Which rows it shows, most needed first: header, time, buttons (beside the time),
  /// progress, the plan's row, footer.
  private struct Rows {
    /// The time in big digits (three rows), or on one row.
    var bigTime: Bool
    var progress: Bool
    var plan: Bool
    var footer: Bool

    init(_ look: Look, inner: Rect, progress hasProgress: Bool) {
      var available = inner.height - 1
      bigTime = available >= 3 && BigDigits.width(look.time, ascii: look.ascii) + 4 <= inner.width
      available -= bigTime ? 3 : 1
      progress = hasProgress && available >= 1
      if progress { available -= 1 }
      plan = look.activity.isPlan && available >= 1
      if plan { available -= 1 }
      footer = available >= 1
    }
  }

  /// The time at `x`, and the buttons beside its middle row; those that do not fit give way in
  /// turn before they leave the time's side. Returns the buttons left for the footer's row
  /// (which shows them only if `width` fits) and their width, 0 when they are beside the time.
  private static func timeAndButtons(
    _ look: Look, on canvas: inout Canvas, inner: Rect, x timeX: Int, y: Int, big bigTime: Bool
  ) -> (buttons: [ButtonSpec], width: Int) {
    let g = look.g
    let all = ButtonSpec.lockScreen(look.phase, plan: look.activity.isPlan)
    let timeWidth = bigTime ? BigDigits.width(look.time, ascii: look.ascii) : DisplayWidth.of(look.time)
    let buttonRoom = inner.maxX - (timeX + timeWidth) - 2
    var buttons = ButtonSpec.shed(all) { ButtonSpec.width($0, long: false, gap: 1, glyphs: g) > buttonRoom }
    if ButtonSpec.width(buttons, long: false, gap: 1, glyphs: g) > buttonRoom {
      // On the footer's row they leave it half.
      buttons = ButtonSpec.shed(all) {
        ButtonSpec.width($0, long: false, gap: 1, glyphs: g) > inner.width / 2
      }
    }
    let long = ButtonSpec.width(buttons, long: true, gap: 1, glyphs: g) + 3 <= buttonRoom
    let fits = ButtonSpec.width(buttons, long: long, gap: 1, glyphs: g) <= buttonRoom
    if bigTime {
      Pieces.bigTime(
        look.time, x: timeX, y: y, role: look.timeRole, on: &canvas, ascii: look.ascii, clip: inner)
    } else {
      canvas.put(look.time, x: timeX, y: y, role: look.timeRole, clip: inner)
    }
    // No room beside the time: the buttons take the end of the last row instead.
    guard fits else { return (buttons, ButtonSpec.width(buttons, long: false, gap: 1, glyphs: g)) }
    // Never further from the time than the design's gap, however wide the banner.
    let drawnWidth = ButtonSpec.width(buttons, long: long, gap: 1, glyphs: g)
    let right = min(inner.maxX - (long ? 3 : 0), timeX + timeWidth + widestGap + drawnWidth)
    ButtonSpec.draw(
      buttons, on: &canvas, right: right, y: y + (bigTime ? 1 : 0), long: long, gap: 1, glyphs: g,
      clip: inner, target: look.activity.id)
    return (buttons, 0)
  }

  /// The banner's outline, the same every second.
  struct BoxKey: Equatable, Sendable {
    let width: Int
    let height: Int
    let ascii: Bool
  }

  /// Icon, name and phase on the left, the user's ID on the right; returns where the name
  /// starts, which the time lines up under.
  private static func header(_ look: Look, on canvas: inout Canvas, inner: Rect) -> Int {
    let g = look.g
    let y = inner.y
    let reference = look.activity.attributes.recordID.map { "ID \($0)" } ?? ""
    if !reference.isEmpty {
      canvas.put(
        DisplayWidth.truncate(reference, to: inner.width / 3, ellipsis: g.ellipsis),
        x: inner.maxX - min(DisplayWidth.of(reference), inner.width / 3), y: y, role: .secondary, clip: inner)
    }
    let titleRoom =
      inner.width - (reference.isEmpty ? 0 : min(DisplayWidth.of(reference), inner.width / 3) + 1)
    let nameX = Pieces.icon(look, x: inner.x, y: y, gap: 1, role: .accent, on: &canvas, clip: inner)
    if look.activity.isPlan {
      // The segment matters more than the plan's name: the name shortens first.
      let parts = look.titleParts(fitting: max(0, titleRoom - (nameX - inner.x)))
      let x = canvas.put(parts.name, x: nameX, y: y, role: .text, clip: inner)
      canvas.put(parts.rest, x: x, y: y, role: look.nameRole, clip: inner)
      return nameX
    }
    let x = canvas.put(
      DisplayWidth.truncate(look.name, to: max(0, titleRoom - (nameX - inner.x)), ellipsis: g.ellipsis),
      x: nameX, y: y, role: look.nameRole, clip: Rect(x: inner.x, y: y, width: titleRoom, height: 1))
    if let word = look.phaseWord, x + DisplayWidth.of(word) + 3 <= inner.x + titleRoom {
      canvas.put(
        " \(g.separator) \(word)", x: x, y: y, role: look.phaseRole, clip: inner)
    }
    return nameX
  }

  /// The last row: when it started, whose it is and its category, after `buttons` at its end
  /// when they found no room beside the time.
  private static func footer(
    _ look: Look, on canvas: inout Canvas, inner: Rect, row: Int, facts: Bool, buttons: [ButtonSpec]
  ) {
    let g = look.g
    var room = inner.width
    if !buttons.isEmpty {
      ButtonSpec.draw(
        buttons, on: &canvas, right: inner.maxX, y: row, long: false, gap: 1, glyphs: g, clip: inner,
        target: look.activity.id)
      room -= ButtonSpec.width(buttons, long: false, gap: 1, glyphs: g) + 1
    }
    guard facts else { return }
    var shown: [(text: String, words: Bool)] = look.startedFact.map { [($0, false)] } ?? []
    if let laps = look.lapFact { shown.append((laps, false)) }
    if let owner = look.activity.attributes.owner { shown.append((owner, true)) }
    if let category = look.activity.state.category { shown.append((category, true)) }
    let text = Pieces.facts(shown, room: room, glyphs: g)
    canvas.put(text, x: inner.x, y: row, role: .secondary, clip: inner)
  }
}

/// The island as the device view and the status line show it: the current activity in
/// compact, and the next one as a minimal bubble beside it, as iOS does.
public enum Island {
  public static func draw(_ current: Look, next: Look?, width: Int) -> Canvas {
    var canvas = Canvas(width: width, height: width > 0 ? 1 : 0, ascii: current.ascii)
    guard width > 0 else { return canvas }
    var bubbleWidth = 0
    if let next {
      let wanted = Minimal.width(next)
      // The bubble only when the pill keeps room for its time.
      if width - wanted - 1 >= 14 { bubbleWidth = wanted }
      if bubbleWidth > 0 {
        canvas.draw(Minimal.draw(next, width: bubbleWidth), x: width - bubbleWidth, y: 0)
      }
    }
    let pillWidth = bubbleWidth > 0 ? width - bubbleWidth - 1 : width
    canvas.draw(Compact.draw(current, width: pillWidth), x: 0, y: 0)
    return canvas
  }
}
