import IsletCore

/// A drawn intent button: `[⏸ Pause]` where there is room, `[⏸ ␣]` (its key) where there is not.
struct ButtonSpec {
  var action: ButtonAction
  var glyph: String
  var asciiGlyph: String
  var word: String
  var key: String
  var role: Role

  static let pause = ButtonSpec(
    action: .pause, glyph: "⏸", asciiGlyph: "||", word: "Pause", key: " ", role: .buttonPause)
  static let resume = ButtonSpec(
    action: .resume, glyph: "▶", asciiGlyph: ">", word: "Resume", key: " ", role: .buttonResume)
  static let start = ButtonSpec(
    action: .resume, glyph: "▶", asciiGlyph: ">", word: "Start", key: " ", role: .buttonResume)
  static let done = ButtonSpec(
    action: .complete, glyph: "✓", asciiGlyph: "ok", word: "Done", key: "c", role: .buttonComplete)
  static let reset = ButtonSpec(
    action: .reset, glyph: "↺", asciiGlyph: "<-", word: "Reset", key: "r", role: .buttonReset)

  func label(long: Bool, glyphs: Glyphs) -> String {
    let mark = glyphs.ascii ? asciiGlyph : glyph
    let shown = key == " " ? glyphs.spaceKey : key
    return "[\(mark) \(long ? word : shown)]"
  }

  /// The Lock Screen's buttons for a phase (seed 004: pause while running; done and resume
  /// while paused).
  static func lockScreen(_ phase: Phase) -> [ButtonSpec] {
    switch phase {
    case .idle: return [.start]
    case .active: return [.pause]
    case .paused: return [.done, .resume]
    case .finished: return [.done, .reset]
    case .completed, .ended, .expired: return []
    }
  }

  /// The expanded island's buttons, with their keys.
  static func expanded(_ phase: Phase) -> [ButtonSpec] {
    switch phase {
    case .idle: return [.start]
    case .active: return [.pause, .reset]
    case .paused: return [.done, .resume]
    case .finished: return [.done, .reset]
    case .completed, .ended, .expired: return []
    }
  }

  static func width(_ buttons: [ButtonSpec], long: Bool, gap: Int, glyphs: Glyphs) -> Int {
    guard !buttons.isEmpty else { return 0 }
    return buttons.map { DisplayWidth.of($0.label(long: long, glyphs: glyphs)) }.reduce(0, +) + gap
      * (buttons.count - 1)
  }

  /// Draws the buttons ending at column `right` (exclusive) on row `y`, and records them as
  /// clickable.
  static func draw(
    _ buttons: [ButtonSpec], on canvas: inout Canvas, right: Int, y: Int, long: Bool, gap: Int,
    glyphs: Glyphs, clip: Rect, target: String
  ) {
    var x = right - width(buttons, long: long, gap: gap, glyphs: glyphs)
    for button in buttons {
      let label = button.label(long: long, glyphs: glyphs)
      let end = canvas.put(label, x: x, y: y, role: button.role, clip: clip)
      canvas.addButton(button.action, area: Rect(x: x, y: y, width: end - x, height: 1), target: target)
      x = end + gap
    }
  }
}
