import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// A rectangle of cells.
public struct Rect: Equatable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public var maxX: Int { x + width }
  public var maxY: Int { y + height }
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The rectangle shrunk by `dx` on the left and right and `dy` at the top and bottom.
  public func inset(dx: Int, dy: Int) -> Rect {
    Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}

/// One terminal cell: a glyph drawn in a role's color, on an optional fill.
public struct Cell: Equatable, Sendable {
  public var glyph: Glyph
  public var role: Role
  /// The background role; nil is the terminal's own background.
  public var fill: Role?

  public static let blank = Cell(glyph: .space, role: .text, fill: nil)

  public init(glyph: Glyph, role: Role, fill: Role?) {
    self.glyph = glyph
    self.role = role
    self.fill = fill
  }

  public init(text: String, role: Role, fill: Role?) {
    self.init(glyph: Glyph(text), role: role, fill: fill)
  }

  /// The grapheme, or "" for the second half of a wide glyph.
  public var text: String {
    get { glyph.string }
    set { glyph = Glyph(newValue) }
  }

  public var isContinuation: Bool { glyph.isContinuation }

  /// Whether cells may be compared as bytes, two 8-byte words each: true when the layout is
  /// 16 bytes without padding (a glyph's 14, a role and a fill).
  static let isPacked = MemoryLayout<Cell>.size == 16 && MemoryLayout<Cell>.stride == 16
}

/// A clickable button drawn on a canvas: where it is and what it does.
public struct Button: Equatable, Sendable {
  public var area: Rect
  public var action: ButtonAction
  /// The activity it acts on; nil for the selected one.
  public var target: String?

  public init(area: Rect, action: ButtonAction, target: String? = nil) {
    self.area = area
    self.action = action
    self.target = target
  }
}

/// What a drawn button or region asks for when clicked.
public enum ButtonAction: Equatable, Sendable {
  case pause, resume, toggle, reset, complete, end, skip, expand
  /// A program's button, by its label.
  case press(String)
  /// Its name: switch tmux to the pane it was started in.
  case goTo
  /// An answer to a stopwatch's question about its time away.
  case away(AwayAnswer)

  /// How an alert's key names it: `pause`, `press`.
  public var name: String {
    switch self {
    case .expand: return "expand"
    case .goTo: return "go to"
    // An intent's verb, as typed on the command line.
    default: return intent?.verb ?? ""
    }
  }

  /// The intent a click dispatches; nil for expanding the island, which is the view's own.
  public var intent: Intent? {
    switch self {
    case .pause: return .pause
    case .resume: return .resume
    case .toggle: return .toggle
    case .reset: return .reset
    case .complete: return .complete
    case .end: return .end
    case .skip: return .skip
    case .expand, .goTo: return nil
    case .press(let label): return .press(label)
    case .away(let answer): return .away(.answer(answer))
    }
  }
}

/// A grid of cells that presentations draw into, as pure functions; backends print it.
/// Writing outside the grid is clipped, and a wide glyph is never drawn half.
public struct Canvas: Equatable, Sendable {
  public let width: Int
  public let height: Int
  public private(set) var cells: [Cell]
  public private(set) var buttons: [Button] = []
  /// Use ASCII stand-ins for anything else.
  public var ascii: Bool

  public init(width: Int, height: Int, ascii: Bool = false) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.ascii = ascii
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  public subscript(x: Int, y: Int) -> Cell {
    get { cells[y * width + x] }
    set { cells[y * width + x] = newValue }
  }

  /// Writes `text` from (x, y), clipped to `clip` (default the whole canvas). Control
  /// characters become `�` (`?` in ASCII), so no escape sequence ever reaches a terminal.
  /// Returns the column after the text.
  @discardableResult
  public mutating func put(
    _ text: String, x: Int, y: Int, role: Role, fill: Role? = nil, clip: Rect? = nil
  ) -> Int {
    let area = clip ?? bounds
    var column = x
    guard y >= max(0, area.y), y < min(height, area.maxY) else {
      return x + DisplayWidth.of(text)
    }
    let left = max(0, area.x)
    let right = min(width, area.maxX)
    // Scalars that stand alone are a cell each, placed straight from the UTF-8 without
    // grapheme breaking; from the first that does not, the general path below takes the rest.
    var text = text
    let row = y * width
    let (done, rest) = text.withUTF8 { utf8 in
      cells.withUnsafeMutableBufferPointer { cells in
        var offset = 0
        var previous = 0
        while offset < utf8.count, let (glyph, length) = Glyph.standingAlone(utf8, at: offset) {
          if column >= left && column < right {
            Self.store(glyph, at: column, row: row, width: width, in: cells, role: role, fill: fill)
          }
          column += 1
          previous = offset
          offset += length
        }
        if offset == utf8.count { return (true, "") }
        // The scalar before may take a mark or a selector: it is drawn again with what follows.
        if offset > 0 { column -= 1 }
        return (
          false,
          String(decoding: UnsafeBufferPointer(rebasing: utf8[(offset > 0 ? previous : 0)...]), as: UTF8.self)
        )
      }
    }
    if done { return column }
    for raw in rest {
      let character = neutralised(raw)
      let w = DisplayWidth.of(character)
      if w == 0 {
        // A combining mark joins the glyph before it.
        if column - 1 >= left, column - 1 < right, !self[column - 1, y].isContinuation {
          self[column - 1, y].glyph.append(character)
        }
        continue
      }
      if column >= left && column + w <= right {
        if w == 2 { clearWide(at: column + 1, y: y) }
        place(Glyph(character, width: w), x: column, y: y, role: role, fill: fill)
        if w == 2 {
          self[column + 1, y] = Cell(glyph: .continuation, role: role, fill: fill ?? self[column + 1, y].fill)
        }
      } else if column < right && column + w > right && column >= left {
        // A wide glyph that does not fit at the edge leaves a blank, not half a glyph.
        place(.space, x: column, y: y, role: role, fill: fill)
      }
      column += w
    }
    return column
  }

  /// Writes `text` `count` times from (x, y): a line or a bar, without building its text.
  @discardableResult
  public mutating func put(
    _ text: String, repeated count: Int, x: Int, y: Int, role: Role, fill: Role? = nil, clip: Rect? = nil
  ) -> Int {
    var text = text
    let single = text.withUTF8 { utf8 in
      utf8.isEmpty ? nil : Glyph.standingAlone(utf8, at: 0).flatMap { $0.1 == utf8.count ? $0.0 : nil }
    }
    guard let glyph = single else {
      var column = x
      for _ in 0..<max(0, count) { column = put(text, x: column, y: y, role: role, fill: fill, clip: clip) }
      return column
    }
    // One glyph of one cell: stored across the run directly.
    let area = clip ?? bounds
    if y >= max(0, area.y), y < min(height, area.maxY) {
      let columns = max(x, area.x, 0)..<max(x, min(x + count, area.maxX, width))
      let (row, width) = (y * self.width, self.width)
      cells.withUnsafeMutableBufferPointer { cells in
        for column in columns {
          Self.store(glyph, at: column, row: row, width: width, in: cells, role: role, fill: fill)
        }
      }
    }
    return x + max(0, count)
  }

  /// Stores a one-cell glyph at a column of a row (`row` is its first index).
  @inline(__always)
  private static func store(
    _ glyph: Glyph, at column: Int, row: Int, width: Int, in cells: UnsafeMutableBufferPointer<Cell>,
    role: Role,
    fill: Role?
  ) {
    let old = cells[row + column]
    if old.glyph.width != 1 {
      // Overwriting half of a wide glyph blanks its other half.
      if old.isContinuation, column > 0 { cells[row + column - 1].glyph = .space }
      if old.glyph.width == 2, column + 1 < width { cells[row + column + 1].glyph = .space }
    }
    cells[row + column] = Cell(glyph: glyph, role: role, fill: fill ?? old.fill)
  }

  private mutating func place(_ glyph: Glyph, x: Int, y: Int, role: Role, fill: Role?) {
    if self[x, y].glyph.width != 1 { clearWide(at: x, y: y) }
    self[x, y] = Cell(glyph: glyph, role: role, fill: fill ?? self[x, y].fill)
  }

  /// Paints the background of `rect` with a role, keeping the glyphs; blanks take the role,
  /// so a filled run prints as one style.
  public mutating func fill(_ rect: Rect, with role: Role?) {
    for y in max(0, rect.y)..<min(height, rect.maxY) {
      for x in max(0, rect.x)..<min(width, rect.maxX) {
        self[x, y].fill = role
        if self[x, y].glyph.isSpace { self[x, y].role = role ?? .text }
      }
    }
  }

  public mutating func addButton(_ action: ButtonAction, area: Rect, target: String? = nil) {
    let clipped = Rect(
      x: max(area.x, 0), y: area.y, width: min(area.maxX, width) - max(area.x, 0), height: area.height)
    if !clipped.isEmpty && area.y >= 0 && area.maxY <= height {
      buttons.append(Button(area: clipped, action: action, target: target))
    }
  }

  /// Copies another canvas in at (x, y), clipped.
  public mutating func draw(_ other: Canvas, x: Int, y: Int) {
    let columns = max(0, -x)..<min(other.width, width - x)
    for row in max(0, -y)..<min(other.height, height - y) where !columns.isEmpty {
      let from = row * other.width
      let to = (y + row) * width + x
      cells.replaceSubrange(
        to + columns.lowerBound..<to + columns.upperBound,
        with: other.cells[from + columns.lowerBound..<from + columns.upperBound])
      // Half of a wide glyph falling off our edge becomes a blank.
      if x + columns.lowerBound == 0, self[0, y + row].isContinuation { self[0, y + row].glyph = .space }
      if x + columns.upperBound == width, self[width - 1, y + row].glyph.width == 2 {
        self[width - 1, y + row].glyph = .space
      }
    }
    for button in other.buttons {
      addButton(
        button.action,
        area: Rect(
          x: button.area.x + x, y: button.area.y + y, width: button.area.width, height: button.area.height),
        target: button.target)
    }
  }

  /// The cells of `rows`, row after row.
  func cells(inRows rows: Range<Int>) -> [Cell] {
    Array(cells[max(0, rows.lowerBound) * width..<min(height, rows.upperBound) * width])
  }

  /// Puts `rows` (whole rows, as `cells(inRows:)` gives them) from row `y` down.
  mutating func replaceRows(from y: Int, with rows: [Cell]) {
    cells.replaceSubrange(y * width..<y * width + rows.count, with: rows)
  }

  /// Whether the two hold the very same cells in memory (one is a copy of the other, neither
  /// changed since): the cheap way to know which canvas a list of changes starts from.
  public func sharesStorage(with other: Canvas) -> Bool {
    cells.withUnsafeBufferPointer { mine in
      other.cells.withUnsafeBufferPointer { theirs in
        mine.count == theirs.count && mine.count > 0 && mine.baseAddress == theirs.baseAddress
      }
    }
  }

  /// The cells to print to turn `previous` into this canvas, as indices into `cells`: those
  /// that differ, and a wide glyph whose second half changed under it. All of them when the
  /// size differs.
  public func changes(from previous: Canvas?) -> [Int] {
    guard let previous, previous.width == width, previous.height == height else {
      return cells.indices.filter { !cells[$0].isContinuation }
    }
    var changed: [Int] = []
    for row in 0..<height {
      let start = row * width
      if Cell.isPacked, rowBytesEqual(previous, from: start, count: width) { continue }
      for index in start..<start + width where !sameCell(previous, index) {
        if cells[index].isContinuation {
          // Reprint the wide glyph that this half belongs to, once.
          if index % width > 0, changed.last != index - 1 { changed.append(index - 1) }
        } else {
          changed.append(index)
        }
      }
    }
    return changed
  }

  private func sameCell(_ other: Canvas, _ index: Int) -> Bool {
    guard Cell.isPacked else { return cells[index] == other.cells[index] }
    return cells.withUnsafeBytes { mine in
      other.cells.withUnsafeBytes { theirs in
        let offset = index * MemoryLayout<Cell>.stride
        return mine.loadUnaligned(fromByteOffset: offset, as: (UInt64, UInt64).self)
          == theirs.loadUnaligned(fromByteOffset: offset, as: (UInt64, UInt64).self)
      }
    }
  }

  /// Most rows are the same as a second ago: compared as bytes, which cells are (no padding).
  private func rowBytesEqual(_ other: Canvas, from start: Int, count: Int) -> Bool {
    cells.withUnsafeBytes { mine in
      other.cells.withUnsafeBytes { theirs in
        let stride = MemoryLayout<Cell>.stride
        return memcmp(
          mine.baseAddress! + start * stride, theirs.baseAddress! + start * stride, count * stride) == 0
      }
    }
  }

  /// The rows as text, a wide glyph once; trailing blanks kept, so widths show.
  public var lines: [String] { (0..<height).map(line) }

  /// One row as text.
  public func line(_ y: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width)
    for x in 0..<width { self[x, y].glyph.appendUTF8(to: &bytes) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// One row as text without colors shows it: a progress track's solid cells, which only
  /// their color tells from the bar's, as a line (`─`).
  public func plainLine(_ y: Int) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width)
    for x in 0..<width {
      let cell = self[x, y]
      if cell.role == .progressTrack && cell.glyph == Self.solid {
        bytes += Self.trackLine
      } else {
        cell.glyph.appendUTF8(to: &bytes)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static let solid = Glyph("█")
  private static let trackLine = Array("─".utf8)

  private mutating func clearWide(at x: Int, y: Int) {
    guard x >= 0, x < width else { return }
    if self[x, y].isContinuation, x > 0 { self[x - 1, y].glyph = .space }
    if self[x, y].glyph.width == 2, x + 1 < width { self[x + 1, y].glyph = .space }
  }

  private func neutralised(_ character: Character) -> Character {
    if let ascii = character.asciiValue {
      return ascii < 0x20 || ascii == 0x7F ? (self.ascii ? "?" : "\u{FFFD}") : character
    }
    let isControl = character.unicodeScalars.contains { !UserText.isPrintable($0) }
    return isControl ? (ascii ? "?" : "\u{FFFD}") : character
  }
}
