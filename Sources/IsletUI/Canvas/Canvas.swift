import IsletCore

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
  /// The grapheme, or "" for the second half of a wide glyph.
  public var text: String
  public var role: Role
  /// The background role; nil is the terminal's own background.
  public var fill: Role?

  public static let blank = Cell(text: " ", role: .text, fill: nil)

  public init(text: String, role: Role, fill: Role?) {
    self.text = text
    self.role = role
    self.fill = fill
  }

  public var isContinuation: Bool { text.isEmpty }
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
public enum ButtonAction: String, Equatable, Sendable {
  case pause, resume, toggle, reset, complete, end, expand

  /// The intent a click dispatches; nil for expanding the island, which is the view's own.
  public var intent: Intent? {
    switch self {
    case .pause: return .pause
    case .resume: return .resume
    case .toggle: return .toggle
    case .reset: return .reset
    case .complete: return .complete
    case .end: return .end
    case .expand: return nil
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
    for raw in text {
      let character = neutralised(raw)
      let w = DisplayWidth.of(character)
      if w == 0 {
        // A combining mark joins the glyph before it.
        if column - 1 >= left, column - 1 < right, !self[column - 1, y].isContinuation {
          self[column - 1, y].text.append(character)
        }
        continue
      }
      if column >= left && column + w <= right {
        clearWide(at: column, y: y)
        if w == 2 { clearWide(at: column + 1, y: y) }
        self[column, y] = Cell(text: String(character), role: role, fill: fill ?? self[column, y].fill)
        if w == 2 { self[column + 1, y] = Cell(text: "", role: role, fill: fill ?? self[column + 1, y].fill) }
      } else if column < right && column + w > right && column >= left {
        // A wide glyph that does not fit at the edge leaves a blank, not half a glyph.
        clearWide(at: column, y: y)
        self[column, y] = Cell(text: " ", role: role, fill: fill ?? self[column, y].fill)
      }
      column += w
    }
    return column
  }

  /// Paints the background of `rect` with a role, keeping the glyphs; blanks take the role,
  /// so a filled run prints as one style.
  public mutating func fill(_ rect: Rect, with role: Role?) {
    for y in max(0, rect.y)..<min(height, rect.maxY) {
      for x in max(0, rect.x)..<min(width, rect.maxX) {
        self[x, y].fill = role
        if self[x, y].text == " " { self[x, y].role = role ?? .text }
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
    for row in 0..<other.height {
      for column in 0..<other.width {
        let tx = x + column
        let ty = y + row
        guard tx >= 0, tx < width, ty >= 0, ty < height else { continue }
        let cell = other[column, row]
        // Half of a wide glyph falling off our edge becomes a blank.
        if cell.isContinuation && tx == 0 {
          self[tx, ty] = Cell(text: " ", role: cell.role, fill: cell.fill)
        } else if !cell.isContinuation && DisplayWidth.of(cell.text) == 2 && tx == width - 1 {
          self[tx, ty] = Cell(text: " ", role: cell.role, fill: cell.fill)
        } else {
          self[tx, ty] = cell
        }
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

  /// The rows as text, a wide glyph once; trailing blanks kept, so widths show.
  public var lines: [String] {
    (0..<height).map { y in (0..<width).map { self[$0, y].text }.joined() }
  }

  private mutating func clearWide(at x: Int, y: Int) {
    guard x >= 0, x < width else { return }
    if self[x, y].isContinuation, x > 0 { self[x - 1, y].text = " " }
    if !self[x, y].isContinuation, DisplayWidth.of(self[x, y].text) == 2, x + 1 < width {
      self[x + 1, y].text = " "
    }
  }

  private func neutralised(_ character: Character) -> Character {
    if let ascii = character.asciiValue {
      return ascii < 0x20 || ascii == 0x7F ? (self.ascii ? "?" : "\u{FFFD}") : character
    }
    let isControl = character.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    return isControl ? (ascii ? "?" : "\u{FFFD}") : character
  }
}
