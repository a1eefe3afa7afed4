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
  /// The action the activity is mostly asked for (pause, resume, start, next): drawn in its
  /// accent on a tint of it, whatever `role` says.
  var primary = false
  /// A program's button: its label alone where there is room, its first character where not.
  var posted = false

  static let pause = ButtonSpec(
    action: .pause, glyph: "⏸", asciiGlyph: "||", word: "Pause", role: .buttonPause, primary: true)
  static let resume = ButtonSpec(
    action: .resume, glyph: "▶", asciiGlyph: ">", word: "Resume", role: .buttonResume, primary: true)
  static let start = ButtonSpec(
    action: .resume, glyph: "▶", asciiGlyph: ">", word: "Start", role: .buttonResume, primary: true)
  static let done = ButtonSpec(
    action: .complete, glyph: "✓", asciiGlyph: "ok", word: "Done", role: .buttonComplete)
  static let reset = ButtonSpec(
    action: .reset, glyph: "↺", asciiGlyph: "<-", word: "Reset", role: .buttonReset)
  /// A plan's current segment ended now, the next one running.
  static let skip = ButtonSpec(
    action: .skip, glyph: "⏭", asciiGlyph: ">|", word: "Skip", role: .buttonReset)
  /// A plan's waiting segment: on to the next one (toggle).
  static let next = ButtonSpec(
    action: .toggle, glyph: "▶", asciiGlyph: ">", word: "Next", role: .buttonResume, primary: true)

  /// The activity ended without completing, as iOS's timer offers beside pause.
  static let end = ButtonSpec(action: .end, glyph: "✕", asciiGlyph: "x", word: "End", role: .buttonReset)

  /// A program's button (`Posted.buttons`), pressed by `label`: its word is the label cut to
  /// `postedWord` cells; narrow, its first character keeps the chip.
  static func posted(_ button: ActivityButton, primary: Bool) -> ButtonSpec {
    let label = printable(button.label, limit: UserText.Bounds.label.characters)
    let word = DisplayWidth.truncate(label, to: postedWord, ellipsis: "…")
    let first = label.first.map(String.init) ?? "?"
    return ButtonSpec(
      action: .press(button.label), glyph: first, asciiGlyph: label.first?.isASCII == true ? first : "?",
      word: word, role: .buttonReset, primary: primary, posted: true)
  }

  /// An answer to the question about time away: its word alone where there is room.
  static func away(_ answer: AwayAnswer) -> ButtonSpec {
    let word = answer.label
    let first = String(word.prefix(1))
    return ButtonSpec(
      action: .away(answer), glyph: first, asciiGlyph: first, word: word, role: .buttonReset,
      primary: answer == .keep, posted: true)
  }

  /// The most cells a program's button's word takes in a chip.
  static let postedWord = 16

  func label(long: Bool, glyphs: Glyphs) -> String {
    let mark = glyphs.ascii ? asciiGlyph : glyph
    let (open, close) = glyphs.ascii ? ("[", "]") : (" ", " ")
    if posted && long { return "\(open)\(glyphs.ascii ? asciiWord : word)\(close)" }
    return long ? "\(open)\(mark) \(word)\(close)" : "\(open)\(mark)\(close)"
  }

  /// The word in ASCII output: what is not ASCII of a program's label as `?`.
  private var asciiWord: String { String(word.map { $0.isASCII ? $0 : "?" }) }

  /// The width of `label`, without making it: buttons are measured several times a frame.
  func labelWidth(long: Bool, glyphs: Glyphs) -> Int {
    if posted && long { return 2 + DisplayWidth.of(glyphs.ascii ? asciiWord : word) }
    return 2 + DisplayWidth.of(glyphs.ascii ? asciiGlyph : glyph) + (long ? 1 + DisplayWidth.of(word) : 0)
  }

  /// The chips of a program's buttons, the first one primary; none when it posted none. A
  /// question about time away takes their place while it waits.
  static func posted(_ look: Look) -> [ButtonSpec] {
    if look.asksAboutAway { return AwayAnswer.allCases.map(away) }
    return look.postedButtons.enumerated().map { posted($0.element, primary: $0.offset == 0) }
  }

  /// The banner's chips for `look`: a program's buttons where it posted some (its keys still
  /// pause and end it), else the phase's.
  static func lockScreen(_ look: Look) -> [ButtonSpec] {
    let posted = posted(look)
    return posted.isEmpty ? lockScreen(look.phase, plan: look.activity.isPlan) : posted
  }

  /// The expanded island's chips for `look`, likewise.
  static func expanded(_ look: Look) -> [ButtonSpec] {
    let posted = posted(look)
    return posted.isEmpty ? expanded(look.phase, plan: look.activity.isPlan) : posted
  }

  /// The roles of the chip's word and fill: a primary one in the activity's accent (`accent`)
  /// on a tint of it, done green on a tint of green, the rest on the neutral grey (a
  /// destructive one's word red on it).
  func roles(accent: Role) -> (word: Role, fill: Role) {
    if primary {
      let chip = Role.chip(of: accent)
      return (chip, chip)
    }
    return (role, role == .alert ? .buttonReset : role)
  }

  /// A chip asking to undo or end something for good: red on the neutral grey.
  static func destructive(_ button: ButtonSpec) -> ButtonSpec {
    var red = button
    red.role = .alert
    red.primary = false
    return red
  }

  /// The Lock Screen's buttons for a phase (seed 004: pause while running; done and resume
  /// while paused); a plan's can skip its segment, and a waiting one goes on.
  static func lockScreen(_ phase: Phase, plan: Bool = false) -> [ButtonSpec] {
    if plan {
      switch phase {
      case .pending: return [.start, .end]
      case .idle: return [.start, .skip, .end]
      case .active: return [.pause, .skip, .end]
      case .paused: return [.done, .resume, .skip, .end]
      case .finished: return [.done, .next]
      case .completed, .ended, .expired, .failed: return []
      }
    }
    switch phase {
    case .idle, .pending: return [.start, .end]
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
      case .pending: return [.start, .end]
      case .idle: return [.start, .skip, .end]
      case .active: return [.pause, .skip, .reset, .end]
      case .paused: return [.done, .resume, .skip, .end]
      case .finished: return [.done, .next]
      case .completed, .ended, .expired, .failed: return []
      }
    }
    switch phase {
    case .idle, .pending: return [.start, .end]
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
  /// clickable; a primary one in `accent`, the accent of the activity they act on.
  static func draw(
    _ buttons: [ButtonSpec], on canvas: inout Canvas, right: Int, y: Int, long: Bool, gap: Int,
    glyphs: Glyphs, clip: Rect, target: String, accent: Role = .accent
  ) {
    draw(
      buttons, on: &canvas, left: right - width(buttons, long: long, gap: gap, glyphs: glyphs), y: y,
      long: long, gap: gap, glyphs: glyphs, clip: clip, target: target, accent: accent)
  }

  /// The same, starting at column `left`; returns the column after the last chip.
  @discardableResult
  static func draw(
    _ buttons: [ButtonSpec], on canvas: inout Canvas, left: Int, y: Int, long: Bool, gap: Int,
    glyphs: Glyphs, clip: Rect, target: String?, accent: Role = .accent
  ) -> Int {
    var x = left
    for button in buttons {
      let label = button.label(long: long, glyphs: glyphs)
      // The fill says chip, the word's color says what.
      let roles = button.roles(accent: accent)
      let end = canvas.put(label, x: x, y: y, role: roles.word, fill: roles.fill, clip: clip)
      canvas.addButton(button.action, area: Rect(x: x, y: y, width: end - x, height: 1), target: target)
      x = end + gap
    }
    return x - gap
  }
}
