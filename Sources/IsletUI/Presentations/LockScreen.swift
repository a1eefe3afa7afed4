import IsletCore

/// The Lock Screen banner, a filled card: icon, name and ID leading; the time in big digits
/// trailing; the intent chips under the name; a progress bar for a countdown; when it started
/// and, trailing, when it ends. Everything right-aligned ends at one column, two cells in.
///
/// ```
/// ▗▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▖
///   ⏱  Workout · Paused                        ▀█  ▀▀█   ▀▀█ █▀█
///   ID 1823 · ada                               █  █▀▀ ▀  ▀█ █ █
///    ✓ Done   ▶ Resume   ✕                     ▀▀▀ ▀▀▀ ▀ ▀▀▀ ▀▀▀
///   ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━───────  50%
///   Started 9:05                                       ends 9:53
/// ▝▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▘
/// ```
///
/// A plan's header is its name and segment; its progress row is the segment's, and a row
/// under it says where it is: `Round 2 of 4 · Up next: Break 5:00`, today's goal at its end.
/// Short of rows, the footer goes first, then that row.
public enum LockScreen {
  public static let minimumSize = (width: 24, height: 5)
  /// The least room the name keeps beside the big time; narrower, the time is one row.
  static let nameRoom = 12

  /// The rows it wants: the header and the two rows beside the big time; a countdown has a
  /// progress row, a stopwatch does not; a plan has a row for its round and what comes next;
  /// the footer's row only when it has a fact to say; the card's two edges.
  public static func height(for activity: Activity) -> Int {
    return (activity.isPlan ? 8 : hasProgress(activity) ? 7 : 6) - (Look.hasStart(activity) ? 0 : 1)
  }

  /// Whether it shows a progress row: a countdown, or a task with a posted or expected progress.
  static func hasProgress(_ activity: Activity) -> Bool {
    activity.isCountdown || activity.state.posted.percent != nil || activity.attributes.expected != nil
  }

  public static func draw(_ look: Look, width: Int, height: Int) -> Canvas {
    var memo = DrawingMemo()
    return draw(look, width: width, height: height, memo: &memo)
  }

  /// The same, keeping the card's edges and fill in `memo` for the next frame; `sayingPhase`
  /// false, a single timer's phase is not said, as the expanded island above says it.
  static func draw(
    _ look: Look, width: Int, height: Int, memo: inout DrawingMemo, sayingPhase: Bool = true
  ) -> Canvas {
    guard width >= minimumSize.width, height >= minimumSize.height else {
      return Expanded.draw(look, width: width, height: height)
    }
    // No blank row under what it has to show.
    let fraction = look.progress
    let wanted = min(height, Self.height(for: look.activity))
    let rows = Rows(
      look, inner: Rect(x: 2, y: 1, width: width - 4, height: wanted - 2), progress: fraction != nil)
    let h = rows.count + 2
    var canvas = Canvas(width: width, height: h, ascii: look.ascii)
    let g = look.g
    memo.box.rows(0..<h, of: &canvas, key: BoxKey(width: width, height: h, ascii: look.ascii)) {
      Pieces.card($0.bounds, on: &$0, glyphs: g)
    }
    let inner = canvas.bounds.inset(dx: 2, dy: 1)
    let timeWidth = trailingTime(look, on: &canvas, inner: inner, big: rows.bigTime)
    let beside = inner.width - timeWidth - 2
    header(look, on: &canvas, inner: inner, room: beside, sayingPhase: sayingPhase)
    var y = inner.y + 1
    if rows.bigTime {
      infoRow(look, on: &canvas, x: inner.x, y: y, room: beside, sayingPhase: sayingPhase)
      y += 1
    }
    if rows.chips {
      chips(look, on: &canvas, x: inner.x, y: y, room: rows.bigTime ? beside : inner.width, clip: inner)
      y += 1
    }
    if rows.progress, let fraction {
      Pieces.progress(
        fraction, x: inner.x, y: y, width: inner.width, on: &canvas, glyphs: g, clip: inner,
        role: look.progressRole, label: look.progressLabel)
      y += 1
    }
    if rows.plan {
      Pieces.planRow(look, x: inner.x, y: y, width: inner.width, on: &canvas, clip: inner)
      y += 1
    }
    if rows.footer { footer(look, on: &canvas, inner: inner, row: y, withInfo: !rows.bigTime) }
    if look.isDimmed { Pieces.dim(&canvas) }
    return canvas
  }

  /// Which rows it shows, most needed first: header (with the time trailing), the two rows
  /// beside the big time (ID, chips), progress, the plan's row, footer.
  private struct Rows {
    /// The time in big digits (three rows), or on the header's row.
    var bigTime: Bool
    var chips: Bool
    var progress: Bool
    var plan: Bool
    var footer: Bool

    init(_ look: Look, inner: Rect, progress hasProgress: Bool) {
      var available = inner.height - 1
      bigTime =
        available >= 2 && BigDigits.width(look.time, ascii: look.ascii) + 2 + nameRoom <= inner.width
      let hasChips = !ButtonSpec.lockScreen(look).isEmpty
      chips = bigTime || (hasChips && available >= 1)
      available -= bigTime ? 2 : chips ? 1 : 0
      progress = hasProgress && available >= 1
      if progress { available -= 1 }
      plan = look.activity.isPlan && available >= 1
      if plan { available -= 1 }
      footer = available >= 1
    }

    /// The rows inside the card's edges.
    var count: Int {
      1 + (bigTime ? 2 : chips ? 1 : 0) + (progress ? 1 : 0) + (plan ? 1 : 0) + (footer ? 1 : 0)
    }
  }

  /// The rows it takes at `width`: at most `height(for:)`, fewer where the time is not big.
  static func height(for look: Look, width: Int) -> Int {
    let wanted = height(for: look.activity)
    guard width >= minimumSize.width else { return wanted }
    let inner = Rect(x: 2, y: 1, width: width - 4, height: wanted - 2)
    return Rows(look, inner: inner, progress: look.progress != nil).count + 2
  }

  /// The time ending at the card's one right edge, on the header's row (three rows down when
  /// big); returns its width.
  private static func trailingTime(_ look: Look, on canvas: inout Canvas, inner: Rect, big: Bool) -> Int {
    let width = big ? BigDigits.width(look.time, ascii: look.ascii) : DisplayWidth.of(look.time)
    let x = inner.maxX - width
    if big {
      // A role with a background of its own (high-contrast's and mono's alert) would paint the
      // digits as one solid slab: they take the timer's color, the header says time's up.
      let style = look.theme.style(look.timeRole)
      let role = style.background != nil || style.reverse ? Role.timer : look.timeRole
      Pieces.bigTime(look.time, x: x, y: inner.y, role: role, on: &canvas, ascii: look.ascii, clip: inner)
    } else {
      canvas.put(look.time, x: x, y: inner.y, role: look.timeRole, clip: inner)
    }
    return width
  }

  /// The chips from `x` on row `y`, in `room` cells: with their words where they all fit so,
  /// else only their glyphs; those that do not fit even so give way in turn.
  private static func chips(
    _ look: Look, on canvas: inout Canvas, x: Int, y: Int, room: Int, clip: Rect
  ) {
    let g = look.g
    let all = ButtonSpec.lockScreen(look)
    let buttons = ButtonSpec.shed(all) { ButtonSpec.width($0, long: false, gap: 1, glyphs: g) > room }
    let long = ButtonSpec.width(buttons, long: true, gap: 1, glyphs: g) <= room
    ButtonSpec.draw(
      buttons, on: &canvas, left: x, y: y, long: long, gap: 1, glyphs: g, clip: clip,
      target: look.activity.id, accent: look.accent)
  }

  /// The card's edges and fill, the same every second.
  struct BoxKey: Equatable, Sendable {
    let width: Int
    let height: Int
    let ascii: Bool
  }

  /// Icon, name and phase leading, in `room` cells before the time.
  private static func header(
    _ look: Look, on canvas: inout Canvas, inner: Rect, room: Int, sayingPhase: Bool
  ) {
    let g = look.g
    let y = inner.y
    let nameX = Pieces.icon(
      look, x: inner.x, y: y, gap: 1, role: look.iconRole(.accent), on: &canvas, clip: inner)
    let titleRoom = max(0, room - (nameX - inner.x))
    let clip = Rect(x: inner.x, y: y, width: max(0, room), height: 1)
    if look.activity.isPlan {
      // The segment matters more than the plan's name: the name shortens first.
      let parts = look.titleParts(fitting: titleRoom)
      let x = canvas.put(parts.name, x: nameX, y: y, role: .text, clip: clip)
      goesBack(
        look, from: nameX, to: canvas.put(parts.rest, x: x, y: y, role: look.nameRole, clip: clip), y: y,
        on: &canvas)
      return
    }
    let x = canvas.put(
      DisplayWidth.truncate(look.name, to: titleRoom, ellipsis: g.ellipsis), x: nameX, y: y,
      role: look.nameRole, clip: clip)
    goesBack(look, from: nameX, to: x, y: y, on: &canvas)
    // The phase word, else what a program says it is doing, in the phase word's place.
    let phase = sayingPhase ? look.phaseWord : nil
    let joint = phase == nil ? " \(g.separator) " : look.joint
    guard let word = phase ?? look.stateText else { return }
    let room = clip.maxX - x - DisplayWidth.of(joint)
    // A program's words may shorten (to no fewer than six cells); the phase's own do not.
    let userText = word == look.attention || word == look.stateText
    let shown = userText && room >= 6 ? DisplayWidth.truncate(word, to: room, ellipsis: g.ellipsis) : word
    if DisplayWidth.of(shown) <= room {
      canvas.put(joint + shown, x: x, y: y, role: phase == nil ? .secondary : look.phaseRole, clip: clip)
    }
  }

  /// An activity started in tmux: a click on its name goes back to its pane.
  private static func goesBack(_ look: Look, from x: Int, to end: Int, y: Int, on canvas: inout Canvas) {
    guard look.activity.attributes.origin != nil, end > x else { return }
    canvas.addButton(.goTo, area: Rect(x: x, y: y, width: end - x, height: 1), target: look.activity.id)
  }

  /// The facts that say whose it is: `ID 1823 · ada · work`.
  private static func whose(_ look: Look) -> [(text: String, words: Bool)] {
    var shown: [(text: String, words: Bool)] = []
    if let id = look.activity.attributes.recordID { shown.append(("ID \(id)", false)) }
    if let owner = look.activity.attributes.owner { shown.append((owner, true)) }
    if let category = look.activity.state.category { shown.append((category, true)) }
    return shown
  }

  /// The row under the name, beside the big time: whose it is.
  private static func infoRow(
    _ look: Look, on canvas: inout Canvas, x: Int, y: Int, room: Int, sayingPhase: Bool
  ) {
    // A program's state text, when the header says the phase or the attention instead (as
    // `header` decides: the phase only where it is said).
    let headerSaysPhase = sayingPhase && look.phaseWord != nil
    let state = headerSaysPhase ? look.stateText.map { [(text: $0, words: true)] } ?? [] : []
    let text = Pieces.facts(state + whose(look), room: room, glyphs: look.g)
    canvas.put(text, x: x, y: y, role: .secondary)
  }

  /// "ends 9:53" for a running countdown; nil otherwise.
  static func endFact(_ look: Look) -> String? {
    guard look.phase == .active, let deadline = look.activity.deadline else { return nil }
    return "ends \(look.calendar.clock(deadline))"
  }

  /// The last row: when it started (and its laps) leading, when it ends trailing; whose it is
  /// too when there was no row beside a big time for it.
  private static func footer(_ look: Look, on canvas: inout Canvas, inner: Rect, row: Int, withInfo: Bool) {
    let g = look.g
    var room = inner.width
    if let ends = endFact(look), DisplayWidth.of(ends) + 2 <= room {
      canvas.put(ends, x: inner.maxX - DisplayWidth.of(ends), y: row, role: .secondary, clip: inner)
      room -= DisplayWidth.of(ends) + 2
    }
    var shown: [(text: String, words: Bool)] = look.startedFact.map { [($0, false)] } ?? []
    if let laps = look.lapFact { shown.append((laps, false)) }
    if withInfo { shown += whose(look) }
    let text = Pieces.facts(shown, room: room, glyphs: g)
    canvas.put(text, x: inner.x, y: row, role: .secondary, clip: inner)
  }
}

/// Another activity under the selected one's banner: a card of one row, all alike; its icon,
/// name and phase leading, a countdown's progress, the time trailing at the banner's edge.
///
/// ```
/// ▗▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▖
///   ⏱  Laundry · Paused                  ████████▌████████  50%  35:00
/// ▝▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▘
/// ```
public enum RowCard {
  /// Its rows: the edges and the one between.
  public static let height = 3
  /// The most cells its progress bar takes.
  static let barWidth = 22

  /// `sayingPhase` false: its phase is not said, as the expanded island above says it.
  public static func draw(_ look: Look, width: Int, sayingPhase: Bool = true) -> Canvas {
    var canvas = Canvas(width: width, height: height, ascii: look.ascii)
    let g = look.g
    Pieces.card(canvas.bounds, on: &canvas, glyphs: g)
    let inner = canvas.bounds.inset(dx: 2, dy: 1)
    let timeWidth = DisplayWidth.of(look.time)
    let timeX = inner.maxX - timeWidth
    canvas.put(look.time, x: timeX, y: inner.y, role: look.timeRole, clip: inner)
    let nameX = Pieces.icon(
      look, x: inner.x, y: inner.y, gap: 1, role: look.iconRole(.accent), on: &canvas, clip: inner)
    var title = look.name
    if sayingPhase, let subtitle = look.subtitle {
      title += look.joint + subtitle
    } else if let state = look.stateText {
      title += " \(g.separator) \(state)"
    }
    let titleWidth = min(DisplayWidth.of(title), max(0, timeX - 2 - nameX))
    canvas.put(
      DisplayWidth.truncate(title, to: titleWidth, ellipsis: g.ellipsis), x: nameX, y: inner.y,
      role: look.nameRole, clip: inner)
    // The bar in what is left between the title and the time, when that is enough for one.
    let room = timeX - 2 - (nameX + titleWidth + 2)
    if let fraction = look.progress, room >= 10 {
      let bar = min(barWidth, room)
      Pieces.progress(
        fraction, x: timeX - 2 - bar, y: inner.y, width: bar, on: &canvas, glyphs: g, clip: inner,
        role: look.progressRole, label: look.shortProgressLabel)
    }
    if look.isDimmed { Pieces.dim(&canvas) }
    return canvas
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
