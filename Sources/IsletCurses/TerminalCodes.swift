import CNcursesw
import IsletUI

/// What the terminal is sent to draw, read once from its terminfo entry: where the cursor
/// goes, how a style is set, how the screen is cleared.
struct TerminalCodes {
  /// `cup`, its parameters not filled in.
  var cursorAddress: String
  var clear: [UInt8]
  /// `sgr0`: no attributes, and on most terminals the default colors too.
  var reset: [UInt8]
  var bold: [UInt8]
  var dim: [UInt8]
  var reverse: [UInt8]
  /// `op`: the default colors.
  var defaultColors: [UInt8]
  var setForeground: String?
  var setBackground: String?
  /// Colors the terminal has; an index past them is drawn in the default color.
  var colors: Int
  /// `ncv`: attributes the terminal cannot show with a color (bold 32, dim 16, reverse 4).
  var noColorVideo: Int
  /// Whether a glyph may be printed in the bottom-right cell without scrolling the screen.
  var bottomRightIsSafe: Bool
  /// A capability with its parameters filled in (tiparm), padding left out.
  var filled: (String, Int, Int) -> [UInt8]

  /// The cursor address every ANSI terminal has; moves to it are formatted here, not by tiparm.
  static let ansiCursorAddress = "\u{1B}[%i%p1%d;%p2%dH"

  /// The codes of the terminal ncurses has opened; nil when it cannot position the cursor.
  static func current() -> TerminalCodes? {
    func string(_ name: String) -> String? { islet_string_capability(name).map { String(cString: $0) } }
    func bytes(_ name: String) -> [UInt8] { string(name).map { withoutPadding(Array($0.utf8)) } ?? [] }
    guard let cursorAddress = string("cup") else { return nil }
    return TerminalCodes(
      cursorAddress: cursorAddress, clear: bytes("clear"), reset: bytes("sgr0"), bold: bytes("bold"),
      dim: bytes("dim"), reverse: bytes("rev"), defaultColors: bytes("op"), setForeground: string("setaf"),
      setBackground: string("setab"), colors: max(0, Int(islet_number_capability("colors"))),
      noColorVideo: max(0, Int(islet_number_capability("ncv"))),
      bottomRightIsSafe: islet_flag_capability("am") == 0 || islet_flag_capability("xenl") == 1,
      filled: { capability, first, second in
        guard let text = islet_with_parameters(capability, Int32(first), Int32(second)) else { return [] }
        return withoutPadding(Array(String(cString: text).utf8))
      })
  }

  /// A capability's bytes without its `$<…>` delays, which a terminal on a pseudo-terminal
  /// never needs (tputs sends nothing for them at its speed either).
  static func withoutPadding(_ bytes: [UInt8]) -> [UInt8] {
    var kept: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "<"),
        let end = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: ">")),
        bytes[(index + 2)..<end].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || "./*".utf8.contains($0) })
      {
        index = end + 1
        continue
      }
      kept.append(bytes[index])
      index += 1
    }
    return kept
  }

  /// Moves the cursor to a row and a column (from 0).
  func move(toRow row: Int, column: Int, into out: inout [UInt8]) {
    guard cursorAddress == Self.ansiCursorAddress else {
      out.append(contentsOf: filled(cursorAddress, row, column))
      return
    }
    out.append(0x1B)
    out.append(UInt8(ascii: "["))
    Self.appendDecimal(row + 1, to: &out)
    out.append(UInt8(ascii: ";"))
    Self.appendDecimal(column + 1, to: &out)
    out.append(UInt8(ascii: "H"))
  }

  private static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  /// What sets a style from nothing: the reset, then its attributes and colors.
  func codes(for style: ResolvedStyle) -> [UInt8] {
    func index(_ color: Color?) -> Int? {
      guard case .indexed(let n)? = color, Int(n) < colors else { return nil }
      return Int(n)
    }
    let foreground = index(style.foreground)
    let background = index(style.background)
    let colored = foreground != nil || background != nil
    func shown(_ wanted: Bool, bit: Int) -> Bool { wanted && !(colored && noColorVideo & bit != 0) }
    var out = reset
    if colors > 0 { out += defaultColors }
    if shown(style.bold, bit: 32) { out += bold }
    if shown(style.dim, bit: 16) { out += dim }
    if shown(style.reverse, bit: 4) { out += reverse }
    if let foreground, let setForeground { out += filled(setForeground, foreground, 0) }
    if let background, let setBackground { out += filled(setBackground, background, 0) }
    return out
  }
}
