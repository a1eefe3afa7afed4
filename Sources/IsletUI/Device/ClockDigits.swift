/// The wall clock's own digits: thin strokes, taller than the timers' block digits, so the
/// clock reads as the Lock Screen's and the timers stay the heavy, bold figures.
///
/// ```
/// ╶┐  ┌──┐   ┌──┐ ╶──┐
///  │  │  │ · │  │    │
///  │  ├──┤   └──┤    │
///  │  │  │ ·    │    │
/// ╶┴╴ └──┘   ╶──┘    ╵
/// ```
enum ClockDigits {
  /// Five rows where there is room, three where there is not.
  enum Size: Int, CaseIterable {
    case large = 5
    case small = 3

    var rows: Int { rawValue }
  }

  /// `0`…`9` then `:`; a digit is four cells wide (three when small), the colon one.
  static let large: [[String]] = [
    ["┌──┐", "│  │", "│  │", "│  │", "└──┘"], [" ╶┐ ", "  │ ", "  │ ", "  │ ", " ╶┴╴"],
    ["╶──┐", "   │", "┌──┘", "│   ", "└──╴"], ["╶──┐", "   │", " ╶─┤", "   │", "╶──┘"],
    ["╷  ╷", "│  │", "└──┤", "   │", "   ╵"], ["┌──╴", "│   ", "└──┐", "   │", "╶──┘"],
    ["┌──╴", "│   ", "├──┐", "│  │", "└──┘"], ["╶──┐", "   │", "   │", "   │", "   ╵"],
    ["┌──┐", "│  │", "├──┤", "│  │", "└──┘"], ["┌──┐", "│  │", "└──┤", "   │", "╶──┘"],
    [" ", "·", " ", "·", " "],
  ]
  static let small: [[String]] = [
    ["┌─┐", "│ │", "└─┘"], ["╶┐ ", " │ ", "╶┴╴"], ["╶─┐", "┌─┘", "└─╴"], ["╶─┐", " ─┤", "╶─┘"],
    ["╷ ╷", "└─┤", "  ╵"], ["┌─╴", "└─┐", "╶─┘"], ["┌─╴", "├─┐", "└─┘"], ["╶─┐", "  │", "  ╵"],
    ["┌─┐", "├─┤", "└─┘"], ["┌─┐", "└─┤", "╶─┘"], [" ", ":", " "],
  ]
  static let largeASCII: [[String]] = [
    ["+--+", "|  |", "|  |", "|  |", "+--+"], ["  + ", "  | ", "  | ", "  | ", " -+-"],
    ["---+", "   |", "+--+", "|   ", "+---"], ["---+", "   |", " --|", "   |", "---+"],
    ["+  +", "|  |", "+--|", "   |", "   +"], ["+---", "|   ", "+--+", "   |", "---+"],
    ["+---", "|   ", "|--+", "|  |", "+--+"], ["---+", "   |", "   |", "   |", "   +"],
    ["+--+", "|  |", "|--|", "|  |", "+--+"], ["+--+", "|  |", "+--|", "   |", "---+"],
    [" ", ".", " ", ".", " "],
  ]
  static let smallASCII: [[String]] = [
    ["+-+", "| |", "+-+"], [" + ", " | ", "-+-"], ["--+", "+-+", "+--"], ["--+", " -|", "--+"],
    ["+ +", "+-|", "  +"], ["+--", "+-+", "--+"], ["+--", "|-+", "+-+"], ["--+", "  |", "  +"],
    ["+-+", "|-|", "+-+"], ["+-+", "+-|", "--+"], [" ", ":", " "],
  ]

  static func font(_ size: Size, ascii: Bool) -> [[String]] {
    switch size {
    case .large: return ascii ? largeASCII : large
    case .small: return ascii ? smallASCII : small
    }
  }

  private static func index(_ scalar: Unicode.Scalar) -> Int? {
    switch scalar {
    case "0"..."9": return Int(scalar.value - 0x30)
    case ":": return 10
    default: return nil
    }
  }

  /// Cells across: each glyph, one apart.
  static func width(_ text: String, size: Size) -> Int {
    let glyphs = text.unicodeScalars.compactMap(index)
    let digit = size == .large ? 4 : 3
    return glyphs.reduce(0) { $0 + ($1 == 10 ? 1 : digit) } + max(0, glyphs.count - 1)
  }

  /// Puts the rows of `text` at (x, y).
  static func draw(
    _ text: String, size: Size, x: Int, y: Int, role: Role, on canvas: inout Canvas, ascii: Bool
  ) {
    let font = font(size, ascii: ascii)
    var column = x
    for glyph in text.unicodeScalars.compactMap(index) {
      for row in 0..<size.rows { canvas.put(font[glyph][row], x: column, y: y + row, role: role) }
      column += DisplayWidth.of(font[glyph][0]) + 1
    }
  }
}
