import CNcursesw
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// What the terminal is sent to draw, read once from its terminfo entry: where the cursor
/// goes, how a style is set, how the screen is cleared.
struct TerminalCodes {
  /// `cup`, its parameters not filled in. Capabilities are kept as bytes: an entry may hold
  /// 8-bit controls, which are not UTF-8.
  let cursorAddress: [UInt8]
  let clear: [UInt8]
  /// `sgr0`: no attributes, and on most terminals the default colors too.
  let reset: [UInt8]
  let bold: [UInt8]
  let dim: [UInt8]
  let reverse: [UInt8]
  /// `op`: the default colors.
  let defaultColors: [UInt8]
  let setForeground: [UInt8]?
  let setBackground: [UInt8]?
  /// Colors the terminal has; an index past them is drawn in the default color.
  let colors: Int
  /// `ncv`: attributes the terminal cannot show with a color (bold 32, dim 16, reverse 4).
  let noColorVideo: Int
  /// Whether a glyph may be printed in the bottom-right cell without scrolling the screen.
  let bottomRightIsSafe: Bool
  /// A capability with its parameters filled in (tiparm).
  let filled: ([UInt8], Int, Int) -> [UInt8]
  /// Whether the cursor is addressed as on every ANSI terminal; moves are then formatted
  /// here, not by tiparm.
  let addressesAsANSI: Bool
  /// Whether the terminal says it takes 24-bit colors (`COLORTERM=truecolor` or `24bit`, a
  /// `-direct` entry): a theme's `#RRGGBB` is then sent as it is, as printed output sends it,
  /// rather than matched to the 256-color palette (#FF9F0A, not #FFAF00).
  let directColor: Bool

  static let ansiCursorAddress = Array("\u{1B}[%i%p1%d;%p2%dH".utf8)

  /// The codes of the terminal ncurses has opened; nil when it cannot position the cursor.
  static func current() -> TerminalCodes? {
    func capability(_ name: String) -> [UInt8]? {
      islet_string_capability(name).map {
        withoutPadding(Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))))
      }
    }
    func bytes(_ name: String) -> [UInt8] { capability(name) ?? [] }
    guard let cursorAddress = capability("cup") else { return nil }
    return TerminalCodes(
      cursorAddress: cursorAddress, clear: bytes("clear"), reset: bytes("sgr0"), bold: bytes("bold"),
      dim: bytes("dim"), reverse: bytes("rev"), defaultColors: bytes("op"),
      setForeground: capability("setaf"),
      setBackground: capability("setab"), colors: max(0, Int(islet_number_capability("colors"))),
      noColorVideo: max(0, Int(islet_number_capability("ncv"))),
      bottomRightIsSafe: islet_flag_capability("am") == 0 || islet_flag_capability("xenl") == 1,
      directColor: directColor(colors: Int(islet_number_capability("colors"))),
      filled: { capability, first, second in
        let text = (capability + [0]).withUnsafeBufferPointer {
          $0.withMemoryRebound(to: CChar.self) {
            islet_with_parameters($0.baseAddress, Int32(first), Int32(second))
          }
        }
        guard let text else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
      })
  }

  init(
    cursorAddress: [UInt8], clear: [UInt8], reset: [UInt8], bold: [UInt8], dim: [UInt8], reverse: [UInt8],
    defaultColors: [UInt8], setForeground: [UInt8]?, setBackground: [UInt8]?, colors: Int, noColorVideo: Int,
    bottomRightIsSafe: Bool, directColor: Bool = false, filled: @escaping ([UInt8], Int, Int) -> [UInt8]
  ) {
    self.cursorAddress = cursorAddress
    self.clear = clear
    self.reset = reset
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.defaultColors = defaultColors
    self.setForeground = setForeground
    self.setBackground = setBackground
    self.colors = colors
    self.noColorVideo = noColorVideo
    self.bottomRightIsSafe = bottomRightIsSafe
    self.directColor = directColor
    self.filled = filled
    addressesAsANSI = cursorAddress == Self.ansiCursorAddress
  }

  /// Whether a terminal of `colors` takes 24-bit colors, as its environment says: the rule
  /// printed output follows (`ColorDepth.of(environment:)`), on a terminal of 256 colors or more.
  static func directColor(colors: Int, environment: [String: String]? = nil) -> Bool {
    let environment =
      environment
      ?? ["TERM", "COLORTERM", "NO_COLOR"].reduce(into: [:]) { found, name in
        if let value = getenv(name) { found[name] = String(cString: value) }
      }
    return colors >= 256 && ColorDepth.of(environment: environment) == .trueColor
  }

  /// A capability's bytes without its `$<…>` delays, which a terminal on a pseudo-terminal
  /// never needs (tputs sends nothing for them at its speed either); left out before the
  /// parameters are filled in, so that vt100's `cup` is the ANSI one.
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
    guard addressesAsANSI else {
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

  /// Whether `color` is drawn: a palette index the terminal has, a 24-bit color where it
  /// takes them.
  func shows(_ color: Color) -> Bool {
    switch color {
    case .indexed(let n): return Int(n) < colors
    case .rgb: return directColor
    }
  }

  /// What sets a style from nothing: the reset, then its attributes and colors.
  func codes(for style: ResolvedStyle) -> [UInt8] {
    let foreground = style.foreground.flatMap { shows($0) ? $0 : nil }
    let background = style.background.flatMap { shows($0) ? $0 : nil }
    let colored = foreground != nil || background != nil
    func shown(_ wanted: Bool, bit: Int) -> Bool { wanted && !(colored && noColorVideo & bit != 0) }
    var out = reset
    if colors > 0 { out += defaultColors }
    if shown(style.bold, bit: 32) { out += bold }
    if shown(style.dim, bit: 16) { out += dim }
    if shown(style.reverse, bit: 4) { out += reverse }
    if let foreground { out += color(foreground, capability: setForeground, base: 38) }
    if let background { out += color(background, capability: setBackground, base: 48) }
    return out
  }

  /// A palette index through the entry's capability; a 24-bit color as ISO 8613-6 says
  /// (`ESC [ 38 ; 2 ; r ; g ; b m`), which every terminal that sets `COLORTERM` reads.
  private func color(_ color: Color, capability: [UInt8]?, base: Int) -> [UInt8] {
    switch color {
    case .indexed(let n): return capability.map { filled($0, Int(n), 0) } ?? []
    case .rgb(let r, let g, let b): return Array("\u{1B}[\(base);2;\(r);\(g);\(b)m".utf8)
    }
  }
}
