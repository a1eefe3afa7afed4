import CNcursesw
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// Turns a frame into what the terminal is sent: for each run of changed cells one cursor
/// move, a style where it changes, and the glyphs. The canvas diff already knows each
/// changed cell, so ncurses' refresh (its own copy of the screen compared again, scroll
/// hashing, two signal-handler swaps a frame: a third of the ticking view's time) is not used.
struct FramePrinter {
  let codes: TerminalCodes
  /// Whether the terminal takes UTF-8; otherwise glyphs go in the locale's charset, `?` where
  /// it has none (as ncurses sent them).
  let utf8: Bool

  /// A cell's look depends only on its roles: resolved once per pair of roles, not per cell.
  struct StyleKey: Hashable {
    var role: Role
    var fill: Role?
  }

  struct Look {
    var codes: [UInt8]
    /// Whether a blank in it differs from a cleared cell (a background, reverse video).
    var blankShows: Bool
  }

  private var looks: [StyleKey: Look] = [:]

  init(codes: TerminalCodes, utf8: Bool) {
    self.codes = codes
    self.utf8 = utf8
  }

  /// Forgets the looks worked out (the theme may have changed).
  mutating func forgetLooks() { looks.removeAll() }

  /// Appends to `out` what brings the screen from the last canvas printed to this one, given
  /// the cells that differ; `afresh`, it clears the screen and prints everything instead
  /// (every blank too, on a terminal that cannot clear).
  /// The terminal is left with no attributes set.
  mutating func print(
    _ canvas: Canvas, changes: [Int], afresh: Bool, theme: Theme, depth: ColorDepth, into out: inout [UInt8]
  ) {
    // A terminal that says it takes 24-bit colors gets the theme's own, as printed output does.
    let depth = codes.directColor && depth >= .palette256 ? .trueColor : depth
    var pass = Pass(canvas: canvas, theme: theme, depth: depth, skipsBlanks: afresh && !codes.clear.isEmpty)
    if afresh {
      out.append(contentsOf: codes.reset)
      out.append(contentsOf: codes.clear)
      // A terminal that cannot clear gets every cell, from the top.
      for index in canvas.cells.indices { put(index, &pass, into: &out) }
    } else {
      for index in changes { put(index, &pass, into: &out) }
    }
    if pass.printed != nil { out.append(contentsOf: codes.reset) }
  }

  /// One `print`: the frame, and where the terminal stands as the bytes so far leave it.
  private struct Pass {
    let canvas: Canvas
    let theme: Theme
    let depth: ColorDepth
    /// A blank that looks like a cleared cell is left unprinted (the screen was just cleared).
    let skipsBlanks: Bool
    /// Where the terminal's cursor is, as a cell index; -1 when unknown.
    var cursor = -1
    /// The style the terminal is in (nil: none, as every frame leaves it) and its look.
    var printed: StyleKey?
    var printedLook = Look(codes: [], blankShows: false)
    /// The style of the last cell put, and its look.
    var key: StyleKey?
    var look = Look(codes: [], blankShows: false)

    init(canvas: Canvas, theme: Theme, depth: ColorDepth, skipsBlanks: Bool) {
      self.canvas = canvas
      self.theme = theme
      self.depth = depth
      self.skipsBlanks = skipsBlanks
    }
  }

  /// Prints the cell at `index`, moving the cursor and changing the style only where needed.
  private mutating func put(_ index: Int, _ pass: inout Pass, into out: inout [UInt8]) {
    let canvas = pass.canvas
    let cell = canvas.cells[index]
    var glyph = cell.glyph
    if cell.isContinuation { return }
    if index + Int(glyph.width) == canvas.width * canvas.height && !codes.bottomRightIsSafe {
      // The bottom-right cell would scroll the screen: left unprinted, and a wide glyph
      // reaching it leaves a blank in its first cell rather than what was there before.
      guard glyph.width > 1 else { return }
      glyph = .space
    }
    let width = Int(glyph.width)
    let wanted = StyleKey(role: cell.role, fill: cell.fill)
    if wanted != pass.key {
      pass.key = wanted
      pass.look = look(wanted, theme: pass.theme, depth: pass.depth)
    }
    if pass.skipsBlanks && glyph.isSpace && !pass.look.blankShows { return }
    if index != pass.cursor && !bridges(pass, to: index, into: &out) {
      codes.move(toRow: index / canvas.width, column: index % canvas.width, into: &out)
    }
    if wanted != pass.printed {
      out.append(contentsOf: pass.look.codes)
      (pass.printed, pass.printedLook) = (wanted, pass.look)
    }
    append(glyph, to: &out)
    let plain = width == 1 && glyph.withUTF8(Self.isOneScalar)
    // After a row's last cell, a wide glyph or a cluster of several scalars (which a
    // terminal may measure otherwise), the next cell is addressed anew.
    pass.cursor = plain && (index + 1) % canvas.width != 0 ? index + 1 : -1
  }

  /// Whether the cells from the cursor up to `index` can be printed again, as they are on
  /// screen, in fewer bytes than a cursor move: a few plain cells of the style the terminal
  /// is in, or blanks that look the same in it. If so, they are printed.
  private mutating func bridges(_ pass: Pass, to index: Int, into out: inout [UInt8]) -> Bool {
    let (canvas, cursor) = (pass.canvas, pass.cursor)
    guard cursor >= 0, index > cursor, index - cursor <= Self.bridgeBytes,
      cursor / canvas.width == index / canvas.width
    else { return false }
    var bytes = 0
    for between in cursor..<index {
      let cell = canvas.cells[between]
      guard cell.glyph.width == 1, cell.glyph.withUTF8(Self.isOneScalar) else { return false }
      bytes += cell.glyph.withUTF8 { $0.count }
      let its = StyleKey(role: cell.role, fill: cell.fill)
      let same =
        its == pass.printed
        || (cell.glyph.isSpace && !pass.printedLook.blankShows
          && !look(its, theme: pass.theme, depth: pass.depth).blankShows)
      if !same || bytes > Self.bridgeBytes { return false }
    }
    for between in cursor..<index { append(canvas.cells[between].glyph, to: &out) }
    return true
  }

  /// A glyph's bytes: its UTF-8, or in the locale's charset (ASCII as it is).
  private func append(_ glyph: Glyph, to out: inout [UInt8]) {
    glyph.withUTF8 { bytes in
      guard !utf8, !bytes.allSatisfy({ $0 < 0x80 }) else { return out.append(contentsOf: bytes) }
      let start = out.count
      withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
          let length = Int(islet_in_locale(scalar.value, buffer.baseAddress))
          guard length >= 0 else {
            out.removeSubrange(start...)
            out.append(contentsOf: repeatElement(UInt8(ascii: "?"), count: Int(glyph.width)))
            return
          }
          out.append(contentsOf: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length))
        }
      }
    }
  }

  /// The most bytes of cells printed again instead of a cursor move (which takes 6 to 8).
  static let bridgeBytes = 6

  private mutating func look(_ key: StyleKey, theme: Theme, depth: ColorDepth) -> Look {
    if let known = looks[key] { return known }
    let style = ResolvedStyle(
      cell: Cell(glyph: .space, role: key.role, fill: key.fill), theme: theme, depth: depth,
      ownBackground: true)
    let look = Look(
      codes: codes.codes(for: style),
      blankShows: style.reverse || style.background.map(codes.shows) == true)
    looks[key] = look
    return look
  }

  /// Whether UTF-8 bytes hold a single scalar.
  static func isOneScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let lead = bytes.first else { return false }
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    return length == bytes.count
  }
}
