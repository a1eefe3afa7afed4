/// A mouse event as a terminal reports it in the SGR form (`ESC [ < b ; x ; y M`, `m` for a
/// release), which tmux passes into a popup whose program asked for it: the button, the cell
/// (0-based) and whether it was pressed. For programs that read the terminal themselves (the
/// view leaves this to ncurses).
public struct MouseReport: Equatable, Sendable {
  /// 0 left, 1 middle, 2 right; 32 added for motion, 64 for the wheel.
  public var button: Int
  public var x: Int
  public var y: Int
  public var pressed: Bool

  /// Asks the terminal for SGR reports of presses and releases, and stops asking.
  public static let enable = "\u{1B}[?1000h\u{1B}[?1006h"
  public static let disable = "\u{1B}[?1006l\u{1B}[?1000l"

  public init(button: Int, x: Int, y: Int, pressed: Bool) {
    self.button = button
    self.x = x
    self.y = y
    self.pressed = pressed
  }

  /// The report `bytes` hold, read whole; nil for anything else (a key).
  public init?(_ bytes: some Collection<UInt8>) {
    let text = Array(bytes)
    guard text.count >= 9, text.starts(with: [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]),
      let last = text.last, last == UInt8(ascii: "M") || last == UInt8(ascii: "m")
    else { return nil }
    let fields = text[3..<(text.count - 1)].split(
      separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    let numbers = fields.map { field in
      field.count <= 5 && !field.isEmpty && field.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        ? field.reduce(0) { $0 * 10 + Int($1 - 0x30) } : nil
    }
    guard numbers.count == 3, let button = numbers[0], let column = numbers[1], let row = numbers[2],
      column > 0, row > 0
    else { return nil }
    self.init(button: button, x: column - 1, y: row - 1, pressed: last == UInt8(ascii: "M"))
  }

  /// The reports `bytes` hold one after another (a press and its release may come in one
  /// read); nil when they do not begin with one (a key). A tail that is not a whole report is
  /// dropped.
  public static func reports(in bytes: some Collection<UInt8>) -> [MouseReport]? {
    let text = Array(bytes)
    guard text.starts(with: [0x1B, UInt8(ascii: "["), UInt8(ascii: "<")]) else { return nil }
    var found: [MouseReport] = []
    var start = 0
    while let end = text[start...].firstIndex(where: { $0 == UInt8(ascii: "M") || $0 == UInt8(ascii: "m") }),
      let report = MouseReport(text[start...end])
    {
      found.append(report)
      start = end + 1
    }
    return found
  }

  /// A press of the left button: a click, as the view takes one.
  public var isLeftPress: Bool { pressed && button == 0 }
}
