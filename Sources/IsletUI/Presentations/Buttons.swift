import IsletCore

/// A drawn intent button, a chip: ` ⏸ Pause ` on a filled background where there is room,
/// ` ⏸ ` (the fill kept, the word lost) where there is not; in ASCII, where a fill may not
/// show, `[|| Pause]` and `[||]`. Keys are taught by the footer and the help, never printed in
/// a chip.
struct ButtonSpec {
  var action: ButtonAction
  var glyph: String
  var asciiGlyph: String
  var word: String
  var role: Role

  static let pause = ButtonSpec(
    action: .pause, glyph: "⏸", asciiGlyph: "||", word: "Pause", role: .buttonPause)
  static let resume = ButtonSpec(
    action: .resume, glyph: "▶", asciiGlyph: ">", word: "Resume", role: .buttonResume)
  static let start = ButtonSpec(
    action: .resume, glyph: "▶", asciiGlyph: ">", word: "Start", role: .buttonResume)
  static let done = ButtonSpec(
    action: .complete, glyph: "✓", asciiGlyph: "ok", word: "Done", role: .buttonComplete)
  static let reset = ButtonSpec(
    action: .reset, glyph: "↺", asciiGlyph: "<-", word: "Reset", role: .buttonReset)
  /// A plan's current segment ended now, the next one running.
  static let skip = ButtonSpec(
    action: .skip, glyph: "⏭", asciiGlyph: ">|", word: "Skip", role: .buttonResume)
  /// A plan's waiting segment: on to the next one (toggle).
  static let next = ButtonSpec(
    action: .toggle, glyph: "▶", asciiGlyph: ">", word: "Next", role: .buttonResume)

  /// The activity ended without completing, as iOS's timer offers beside pause.
  static let end = ButtonSpec(action: .end, glyph: "✕", asciiGlyph: "x", word: "End", role: .buttonReset)

  func label(long: Bool, glyphs: Glyphs) -> String {
    let mark = glyphs.ascii ? asciiGlyph : glyph
    let (open, close) = glyphs.ascii ? ("[", "]") : (" ", " ")
    return long ? "\(open)\(mark) \(word)\(close)" : "\(open)\(mark)\(close)"
  }

  /// The width of `label`, without making it: buttons are measured several times a frame.
  func labelWidth(long: Bool, glyphs: Glyphs) -> Int {
    2 + DisplayWidth.of(glyphs.ascii ? asciiGlyph : glyph) + (long ? 1 + DisplayWidth.of(word) : 0)
  }

  /// The chip's background: the primary actions (pause, resume, start, next) on a tint of their
  /// color, done on green's, the rest on grey. A role of its own, so a theme gives each its fill.
  var fill: Role { role }

  /// A chip asking to undo or end something for good: red on the neutral grey.
  static func destructive(_ button: ButtonSpec) -> ButtonSpec {
    var red = button
    red.role = .alert
    return red
  }

  /// The Lock Screen's buttons for a phase (seed 004: pause while running; done and resume
  /// while paused); a plan's can skip its segment, and a waiting one goes on.
  static func lockScreen(_ phase: Phase, plan: Bool = false) -> [ButtonSpec] {
    if plan {
      switch phase {
      case .idle: return [.start, .skip, .end]
      case .active: return [.pause, .skip, .end]
      case .paused: return [.done, .resume, .skip, .end]
      case .finished: return [.done, .next]
      case .completed, .ended, .expired, .failed: return []
      }
    }
    switch phase {
    case .idle: return [.start, .end]
    case .active: return [.pause, .end]
    case .paused: return [.done, .resume, .end]
    case .finished: return [.done, .reset]
    case .completed, .ended, .expired, .failed: return []
    }
  }

  /// The expanded island's buttons: the lock screen's, and reset while running.
  static func expanded(_ phase: Phase, plan: Bool = false) -> [ButtonSpec] {
    if plan {
      switch phase {
      case .idle: return [.start, .skip, .end]
      case .active: return [.pause, .skip, .reset, .end]
      case .paused: return [.done, .resume, .skip, .end]
      case .finished: return [.done, .next]
      case .completed, .ended, .expired, .failed: return []
      }
    }
    switch phase {
    case .idle: return [.start, .end]
    case .active: return [.pause, .reset, .end]
    case .paused: return [.done, .resume, .end]
    case .finished: return [.done, .reset]
    case .completed, .ended, .expired, .failed: return []
    }
  }

  /// What gives way first when buttons are short of room: reset, then end (the key `x` and a
  /// click elsewhere still end), then skip, then done, so that what space does stays.
  static let givingWay: [ButtonAction] = [.reset, .end, .skip, .complete]

  /// `buttons` less those that give way, in turn, while `tooWide` says they are; what is left
  /// keeps its order.
  static func shed(_ buttons: [ButtonSpec], while tooWide: ([ButtonSpec]) -> Bool) -> [ButtonSpec] {
    var kept = buttons
    for action in givingWay where tooWide(kept) {
      kept.removeAll { $0.action == action }
    }
    return kept
  }

  static func width(_ buttons: [ButtonSpec], long: Bool, gap: Int, glyphs: Glyphs) -> Int {
    guard !buttons.isEmpty else { return 0 }
    var total = gap * (buttons.count - 1)
    for button in buttons { total += button.labelWidth(long: long, glyphs: glyphs) }
    return total
  }

  /// Draws the buttons ending at column `right` (exclusive) on row `y`, and records them as
  /// clickable.
  static func draw(
    _ buttons: [ButtonSpec], on canvas: inout Canvas, right: Int, y: Int, long: Bool, gap: Int,
    glyphs: Glyphs, clip: Rect, target: String
  ) {
    draw(
      buttons, on: &canvas, left: right - width(buttons, long: long, gap: gap, glyphs: glyphs), y: y,
      long: long, gap: gap, glyphs: glyphs, clip: clip, target: target)
  }

  /// The same, starting at column `left`; returns the column after the last chip.
  @discardableResult
  static func draw(
    _ buttons: [ButtonSpec], on canvas: inout Canvas, left: Int, y: Int, long: Bool, gap: Int,
    glyphs: Glyphs, clip: Rect, target: String?
  ) -> Int {
    var x = left
    for button in buttons {
      let label = button.label(long: long, glyphs: glyphs)
      // The grey of the neutral chips under a red word: the fill says chip, the color says what.
      let fill = button.role == .alert ? Role.buttonReset : button.fill
      let end = canvas.put(label, x: x, y: y, role: button.role, fill: fill, clip: clip)
      canvas.addButton(button.action, area: Rect(x: x, y: y, width: end - x, height: 1), target: target)
      x = end + gap
    }
    return x - gap
  }
}
