import CNcursesw
import Glibc
import IsletTestSupport
import Testing

@testable import IsletCurses
@testable import IsletUI

/// What the printer sends, played on a model of an xterm-like terminal: after every frame the
/// terminal shows each cell's glyph in its style, whatever the frames before left there.
@Suite(.serialized) struct FramePrinterTests {
  let theme = ThemeCatalog.builtin("default")!

  /// The codes of a terminfo entry, as the view reads them once ncurses has opened it.
  func codes(_ term: String) throws -> TerminalCodes {
    var failure: Int32 = 0
    #expect(setupterm(term, -1, &failure) == OK, "no terminfo entry for \(term)")
    return try #require(TerminalCodes.current())
  }

  /// The same codes on a terminal that says it takes 24-bit colors.
  func direct(_ codes: TerminalCodes) -> TerminalCodes {
    TerminalCodes(
      cursorAddress: codes.cursorAddress, clear: codes.clear, reset: codes.reset, bold: codes.bold,
      dim: codes.dim, reverse: codes.reverse, defaultColors: codes.defaultColors,
      setForeground: codes.setForeground, setBackground: codes.setBackground, colors: codes.colors,
      noColorVideo: codes.noColorVideo, bottomRightIsSafe: codes.bottomRightIsSafe, directColor: true,
      filled: codes.filled)
  }

  @Test(arguments: [
    ("xterm-256color", false), ("xterm-256color", true), ("linux", false), ("vt100", false), ("ansi", false),
  ])
  func everyFrameLeavesTheScreenAsTheCanvasSays(term: String, directColor: Bool) throws {
    let codes = directColor ? direct(try codes(term)) : try codes(term)
    // The view asks for the palette; the printer sends 24-bit colors where the terminal takes them.
    let asked: ColorDepth = codes.colors >= 256 ? .palette256 : codes.colors >= 8 ? .basic8 : .none
    let depth = directColor ? .trueColor : asked
    var printer = FramePrinter(codes: codes, utf8: true)
    var terminal = Terminal(width: 40, height: 8, wrapsAtOnce: !codes.bottomRightIsSafe)
    var random = SeededGenerator(seed: 19)
    var previous: Canvas?
    // A theme's colors are matched to the palette when resolved: once a pair of roles.
    var styles: [FramePrinter.StyleKey: Terminal.Style] = [:]
    func style(_ key: FramePrinter.StyleKey) -> Terminal.Style {
      if let known = styles[key] { return known }
      let cell = Cell(glyph: .space, role: key.role, fill: key.fill)
      let style = Terminal.Style(
        ResolvedStyle(cell: cell, theme: theme, depth: depth, ownBackground: true), codes)
      styles[key] = style
      return style
    }
    for frame in 0..<300 {
      // Mostly small changes, as a ticking view makes; now and then a new size (afresh).
      let afresh = previous == nil || frame % 50 == 0
      var canvas = afresh ? Canvas(width: 40, height: 8) : previous!
      for _ in 0..<(afresh ? 30 : Int.random(in: 1...6, using: &random)) {
        canvas.put(
          Self.pieces.randomElement(using: &random)!, x: Int.random(in: -2..<40, using: &random),
          y: Int.random(in: 0..<8, using: &random), role: Role.allCases.randomElement(using: &random)!,
          fill: [nil, .island, .background].randomElement(using: &random)!)
      }
      var out: [UInt8] = []
      printer.print(
        canvas, changes: afresh ? [] : canvas.changes(from: previous), afresh: afresh, theme: theme,
        depth: asked, into: &out)
      terminal.feed(out)
      #expect(terminal.style == Terminal.Style(), "frame \(frame) left attributes set")
      var wrong: [String] = []
      for y in 0..<8 {
        for x in 0..<40 {
          let cell = canvas[x, y]
          // A glyph in the bottom-right cell would scroll a terminal without `xenl`: not drawn.
          let reachesTheCorner =
            y == 7 && (x == 39 || (x == 38 && canvas[38, 7].glyph.width == 2))
          let shown = terminal.cells[y][x]
          if reachesTheCorner && !codes.bottomRightIsSafe {
            // A wide glyph that would reach it leaves a blank, not what was there before.
            if x == 38 && shown.text != " " { wrong.append("(38, 7) shows '\(shown.text)' for a blank") }
            continue
          }
          // Both halves of a wide glyph show in its style.
          let styled = cell.isContinuation ? canvas[x - 1, y] : cell
          let wanted = style(FramePrinter.StyleKey(role: styled.role, fill: styled.fill))
          let blank = cell.glyph.isSpace && !wanted.paints
          if shown.text != cell.text || (blank ? shown.style.paints : shown.style != wanted) {
            wrong.append(
              "(\(x), \(y)) shows '\(shown.text)' in \(shown.style) for '\(cell.text)' in \(wanted)")
          }
        }
      }
      #expect(wrong.isEmpty, "frame \(frame): \(wrong.prefix(3).joined(separator: "; "))")
      previous = canvas
    }
  }

  @Test func aTickSendsOneMoveAndItsDigits() throws {
    var printer = FramePrinter(codes: try codes("xterm-256color"), utf8: true)
    var before = Canvas(width: 30, height: 3)
    before.put("Focus 12:59 left", x: 2, y: 1, role: .text)
    var after = before
    after.put("Focus 13:00 left", x: 2, y: 1, role: .text)
    var out: [UInt8] = []
    printer.print(
      after, changes: after.changes(from: before), afresh: false, theme: theme, depth: .palette256, into: &out
    )
    let style = printer.codes.codes(
      for: ResolvedStyle(cell: after[2, 1], theme: theme, depth: .palette256, ownBackground: true))
    // One move to the first changed digit; the unchanged ':' after it is sent again rather
    // than a second move.
    #expect(out == Array("\u{1B}[2;10H".utf8) + style + Array("3:00".utf8) + printer.codes.reset)
  }

  /// A terminal that says it takes 24-bit colors is sent the theme's own orange, #FF9F0A; one
  /// that does not, the palette's nearest (214, #FFAF00).
  @Test func truecolorWhereTheTerminalSaysSo() throws {
    let xterm = try codes("xterm-256color")
    var canvas = Canvas(width: 8, height: 1)
    canvas.put("12:30", x: 0, y: 0, role: .timer)
    #expect(theme.style(.timer).foreground == Color(hex: "#FF9F0A"), "the default theme's timer color moved")
    func sent(_ codes: TerminalCodes) -> String {
      var printer = FramePrinter(codes: codes, utf8: true)
      var out: [UInt8] = []
      printer.print(canvas, changes: [], afresh: true, theme: theme, depth: .palette256, into: &out)
      return String(decoding: out, as: UTF8.self)
    }
    let truecolor = sent(direct(xterm))
    #expect(truecolor.contains("\u{1B}[38;2;255;159;10m12:30"), "\(truecolor.debugDescription)")
    #expect(sent(xterm).contains("\u{1B}[38;5;214m12:30"), "\(sent(xterm).debugDescription)")
    let environment = { (colorTerm: String) in ["TERM": "xterm-256color", "COLORTERM": colorTerm] }
    #expect(TerminalCodes.directColor(colors: 256, environment: environment("truecolor")))
    #expect(TerminalCodes.directColor(colors: 256, environment: environment("24bit")))
    #expect(!TerminalCodes.directColor(colors: 256, environment: environment("")))
    #expect(!TerminalCodes.directColor(colors: 8, environment: environment("truecolor")))
  }

  /// Without a UTF-8 locale the glyphs go in the locale's charset, as ncurses sent them: in
  /// the C locale's ASCII, `?` for each cell of a glyph it lacks.
  @Test func outsideUTF8AGlyphTheCharsetLacksIsAQuestionMarkACell() throws {
    // The C locale for this thread alone: other tests run beside it in this process.
    let c = try #require(newlocale(LC_CTYPE_MASK, "C", nil))
    let before = uselocale(c)
    defer {
      uselocale(before)
      freelocale(c)
    }
    var printer = FramePrinter(codes: try codes("xterm-256color"), utf8: false)
    var canvas = Canvas(width: 12, height: 1)
    canvas.put("Fête 世 ok", x: 0, y: 0, role: .text)
    var out: [UInt8] = []
    printer.print(canvas, changes: [], afresh: true, theme: theme, depth: .palette256, into: &out)
    var terminal = Terminal(width: 12, height: 1)
    terminal.feed(out)
    #expect(terminal.cells[0].map(\.text).joined() == "F?te ?? ok  ")
  }

  /// Without `xenl` the bottom-right cell would scroll the screen: a wide glyph that would
  /// reach it is left out, and a blank shows in its place rather than what was there.
  @Test func aWideGlyphIntoTheCornerLeavesABlank() throws {
    let codes = try codes("ansi")
    try #require(!codes.bottomRightIsSafe, "ansi has am without xenl")
    var printer = FramePrinter(codes: codes, utf8: true)
    var terminal = Terminal(width: 4, height: 1, wrapsAtOnce: true)
    var before = Canvas(width: 4, height: 1)
    before.put("abc", x: 0, y: 0, role: .text)
    var out: [UInt8] = []
    printer.print(before, changes: [], afresh: true, theme: theme, depth: .basic8, into: &out)
    var after = before
    after.put("世", x: 2, y: 0, role: .text)
    printer.print(
      after, changes: after.changes(from: before), afresh: false, theme: theme, depth: .basic8, into: &out)
    terminal.feed(out)
    #expect(terminal.cells[0].map(\.text).joined() == "ab  ")
  }

  @Test func vt100KeepsTheANSIMovesOnceItsPaddingIsLeftOut() throws {
    #expect(try codes("vt100").addressesAsANSI)
    #expect(try codes("xterm-256color").addressesAsANSI)
  }

  /// A terminal without `clear` is sent every cell afresh, blanks too, so nothing of what it
  /// showed before is left.
  @Test func withoutClearEveryCellIsSentAfresh() throws {
    let xterm = try codes("xterm-256color")
    let codes = TerminalCodes(
      cursorAddress: xterm.cursorAddress, clear: [], reset: xterm.reset, bold: xterm.bold, dim: xterm.dim,
      reverse: xterm.reverse, defaultColors: xterm.defaultColors, setForeground: xterm.setForeground,
      setBackground: xterm.setBackground, colors: xterm.colors, noColorVideo: xterm.noColorVideo,
      bottomRightIsSafe: xterm.bottomRightIsSafe, filled: xterm.filled)
    var printer = FramePrinter(codes: codes, utf8: true)
    var terminal = Terminal(width: 12, height: 2)
    terminal.feed(Array("old text here and more".utf8))
    var canvas = Canvas(width: 12, height: 2)
    canvas.put("Focus", x: 3, y: 1, role: .text)
    var out: [UInt8] = []
    printer.print(canvas, changes: [], afresh: true, theme: theme, depth: .palette256, into: &out)
    terminal.feed(out)
    #expect(terminal.cells.map { $0.map(\.text).joined() } == ["            ", "   Focus    "])
  }

  @Test func paddingIsLeftOutAndOnlyPadding() {
    #expect(TerminalCodes.withoutPadding(Array("\u{1B}[1m$<2>".utf8)) == Array("\u{1B}[1m".utf8))
    #expect(TerminalCodes.withoutPadding(Array("a$<5.5*/>b$<x>$".utf8)) == Array("ab$<x>$".utf8))
  }

  /// Text of every width: ASCII, box drawing, wide CJK, a combining mark, blanks.
  static let pieces = ["12:59", "─────", "世界", " ", "   ", "e\u{301}", "⏱ ◖", "█▉▊", "ab世c", "·", "日"]
}

/// The part of an xterm a frame uses: cursor addressing, SGR, clearing, wide glyphs, the wrap
/// at the right margin (deferred, or at once on a terminal without `xenl`), and no scrolling:
/// a frame that would scroll the screen fails the test.
struct Terminal {
  struct Style: Equatable, CustomStringConvertible {
    var bold = false
    var dim = false
    var reverse = false
    var foreground: Int?
    var background: Int?

    /// Whether a blank in it shows (a background, reverse video).
    var paints: Bool { reverse || background != nil }

    var description: String {
      "bold \(bold) dim \(dim) reverse \(reverse) fg \(foreground.map(String.init) ?? "-") bg \(background.map(String.init) ?? "-")"
    }

    init() {}

    /// A resolved style as the terminal can show it: its colors, and no attribute `ncv` drops.
    init(_ style: ResolvedStyle, _ codes: TerminalCodes) {
      func index(_ color: Color?) -> Int? {
        switch color {
        case .indexed(let n)? where Int(n) < codes.colors: return Int(n)
        case .rgb(let r, let g, let b)? where codes.directColor: return Terminal.rgb(Int(r), Int(g), Int(b))
        default: return nil
        }
      }
      foreground = index(style.foreground)
      background = index(style.background)
      let colored = foreground != nil || background != nil
      func shown(_ wanted: Bool, _ bit: Int, _ capability: [UInt8]) -> Bool {
        wanted && !capability.isEmpty && !(colored && codes.noColorVideo & bit != 0)
      }
      bold = shown(style.bold, 32, codes.bold)
      dim = shown(style.dim, 16, codes.dim)
      reverse = shown(style.reverse, 4, codes.reverse)
    }
  }

  /// A 24-bit color as a style holds it: past every palette index.
  static func rgb(_ r: Int, _ g: Int, _ b: Int) -> Int { 1 << 24 | r << 16 | g << 8 | b }

  struct Cell {
    var text = " "
    var style = Style()
  }

  let width: Int
  let height: Int
  let wrapsAtOnce: Bool
  var cells: [[Cell]]
  var row = 0
  var column = 0
  var style = Style()
  var printedLast: (Int, Int)?

  init(width: Int, height: Int, wrapsAtOnce: Bool = false) {
    self.width = width
    self.height = height
    self.wrapsAtOnce = wrapsAtOnce
    cells = Array(repeating: Array(repeating: Cell(), count: width), count: height)
  }

  mutating func feed(_ bytes: [UInt8]) {
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "(") {
        index += 3
      } else if byte == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self).split(
          separator: ";", omittingEmptySubsequences: false
        ).map { Int($0) ?? 0 }
        control(bytes[end], parameters)
        index = end + 1
      } else if byte < 0x20 {
        index += 1
      } else {
        var decoder = UTF8()
        var iterator = bytes[index...].makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
          Issue.record("bad UTF-8"); return
        }
        print(scalar)
        index += String(scalar).utf8.count
      }
    }
  }

  private mutating func control(_ final: UInt8, _ parameters: [Int]) {
    switch final {
    case UInt8(ascii: "H"):
      printedLast = nil
      row = min(height, max(1, parameters.first ?? 1)) - 1
      column = min(width, max(1, parameters.count > 1 ? parameters[1] : 1)) - 1
    case UInt8(ascii: "J"):
      for y in 0..<height {
        for x in 0..<width where y > row || (y == row && x >= column) { cells[y][x] = Cell() }
      }
    case UInt8(ascii: "m"):
      var i = 0
      while i < parameters.count {
        switch parameters[i] {
        case 0: style = Style()
        case 10: break  // the primary font
        case 1: style.bold = true
        case 2: style.dim = true
        case 7: style.reverse = true
        case 30...37: style.foreground = parameters[i] - 30
        case 40...47: style.background = parameters[i] - 40
        case 90...97: style.foreground = parameters[i] - 90 + 8
        case 100...107: style.background = parameters[i] - 100 + 8
        case 39: style.foreground = nil
        case 49: style.background = nil
        case 38, 48:
          let value = { (k: Int) in parameters.count > i + k ? parameters[i + k] : 0 }
          // `38;5;n` a palette index, `38;2;r;g;b` a 24-bit color.
          let rgb = value(1) == 2
          let color = rgb ? Self.rgb(value(2), value(3), value(4)) : value(2)
          if parameters[i] == 38 { style.foreground = color } else { style.background = color }
          i += rgb ? 4 : 2
        default: Issue.record("an SGR the view should not send: \(parameters)")
        }
        i += 1
      }
    default: Issue.record("a control the view should not send: \(Character(Unicode.Scalar(final)))")
    }
  }

  private mutating func print(_ scalar: Unicode.Scalar) {
    let w = DisplayWidth.of(scalar)
    if w == 0 {
      // A mark joins the glyph printed last.
      if let (y, x) = printedLast { cells[y][x].text.unicodeScalars.append(scalar) }
      return
    }
    if column + w > width { wrap() }
    // Writing over half of a wide glyph blanks its other half.
    for k in column..<min(width, column + w) {
      let here = cells[row][k].text
      if here.isEmpty, k - 1 >= 0, k - 1 < column { cells[row][k - 1] = Cell(text: " ", style: style) }
      if !here.isEmpty, k + 1 < width, k + 1 >= column + w, DisplayWidth.of(Character(here)) == 2 {
        cells[row][k + 1] = Cell(text: " ", style: style)
      }
    }
    cells[row][column] = Cell(text: String(scalar), style: style)
    printedLast = (row, column)
    if w == 2 { cells[row][column + 1] = Cell(text: "", style: style) }
    column += w
    if column == width && wrapsAtOnce { wrap() }
  }

  private mutating func wrap() {
    if row == height - 1 { Issue.record("the screen scrolled") }
    column = 0
    row = min(height - 1, row + 1)
  }
}
