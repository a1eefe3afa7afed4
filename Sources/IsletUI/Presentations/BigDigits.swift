/// The time in three rows of block digits (or seven-segment ASCII).
enum BigDigits {
  /// Glyphs for `0`…`9`, `:` and `+`, three rows each; `:` is one cell wide, the rest three.
  static let blocks: [[String]] = [
    ["█▀█", "█ █", "▀▀▀"], ["▀█ ", " █ ", "▀▀▀"], ["▀▀█", "█▀▀", "▀▀▀"], ["▀▀█", " ▀█", "▀▀▀"],
    ["█ █", "▀▀█", "  ▀"], ["█▀▀", "▀▀█", "▀▀▀"], ["█▀▀", "█▀█", "▀▀▀"], ["▀▀█", "  █", "  ▀"],
    ["█▀█", "█▀█", "▀▀▀"], ["█▀█", "▀▀█", "▀▀▀"], [" ", "▀", "▀"], [" ▄ ", "▀█▀", "   "],
  ]

  static let segments: [[String]] = [
    [" _ ", "| |", "|_|"], ["   ", "  |", "  |"], [" _ ", " _|", "|_ "], [" _ ", " _|", " _|"],
    ["   ", "|_|", "  |"], [" _ ", "|_ ", " _|"], [" _ ", "|_ ", "|_|"], [" _ ", "  |", "  |"],
    [" _ ", "|_|", "|_|"], [" _ ", "|_|", " _|"], [" ", ".", "."], ["   ", "_|_", " | "],
  ]

  /// Where a character's glyph is in the fonts; nil for characters they do not have.
  private static func index(_ scalar: Unicode.Scalar) -> Int? {
    switch scalar {
    case "0"..."9": return Int(scalar.value - 0x30)
    case ":": return 10
    case "+": return 11
    default: return nil
    }
  }

  private static func width(ofGlyph index: Int) -> Int { index == 10 ? 1 : 3 }

  /// Cells across: each character's glyph, one apart.
  static func width(_ text: String, ascii: Bool) -> Int {
    let widths = text.unicodeScalars.compactMap(index).map { width(ofGlyph: $0) }
    return widths.reduce(0, +) + max(0, widths.count - 1)
  }

  /// Puts the three rows at (x, y), a glyph at a time (no rows of text built).
  static func draw(
    _ text: String, x: Int, y: Int, role: Role, on canvas: inout Canvas, ascii: Bool, clip: Rect? = nil
  ) {
    let font = ascii ? segments : blocks
    var column = x
    for (n, glyph) in text.unicodeScalars.compactMap(index).enumerated() {
      for row in 0..<3 {
        // The gap before a digit is in the digits' style too: a second that changes two digits
        // is then one run to print, not three with the attributes switched between them.
        if n > 0 { canvas.put(" ", x: column - 1, y: y + row, role: role, clip: clip) }
        canvas.put(font[glyph][row], x: column, y: y + row, role: role, clip: clip)
      }
      column += width(ofGlyph: glyph) + 1
    }
  }
}
