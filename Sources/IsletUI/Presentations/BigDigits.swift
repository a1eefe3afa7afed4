/// The time in three rows of block digits (or seven-segment ASCII).
enum BigDigits {
  static let blocks: [Character: [String]] = [
    "0": ["█▀█", "█ █", "▀▀▀"], "1": ["▀█ ", " █ ", "▀▀▀"], "2": ["▀▀█", "█▀▀", "▀▀▀"],
    "3": ["▀▀█", " ▀█", "▀▀▀"], "4": ["█ █", "▀▀█", "  ▀"], "5": ["█▀▀", "▀▀█", "▀▀▀"],
    "6": ["█▀▀", "█▀█", "▀▀▀"], "7": ["▀▀█", "  █", "  ▀"], "8": ["█▀█", "█▀█", "▀▀▀"],
    "9": ["█▀█", "▀▀█", "▀▀▀"], ":": [" ", "▀", "▀"], "+": [" ▄ ", "▀█▀", "   "],
  ]

  static let segments: [Character: [String]] = [
    "0": [" _ ", "| |", "|_|"], "1": ["   ", "  |", "  |"], "2": [" _ ", " _|", "|_ "],
    "3": [" _ ", " _|", " _|"], "4": ["   ", "|_|", "  |"], "5": [" _ ", "|_ ", " _|"],
    "6": [" _ ", "|_ ", "|_|"], "7": [" _ ", "  |", "  |"], "8": [" _ ", "|_|", "|_|"],
    "9": [" _ ", "|_|", " _|"], ":": [" ", ".", "."], "+": ["   ", "_|_", " | "],
  ]

  /// Three rows for `text` (digits, `:` and `+`), characters one cell apart.
  static func rows(_ text: String, ascii: Bool) -> [String] {
    let font = ascii ? segments : blocks
    var rows = ["", "", ""]
    for (index, character) in text.enumerated() {
      guard let glyph = font[character] else { continue }
      for row in 0..<3 { rows[row] += (index > 0 ? " " : "") + glyph[row] }
    }
    return rows
  }

  static func width(_ text: String, ascii: Bool) -> Int { DisplayWidth.of(rows(text, ascii: ascii)[0]) }
}
