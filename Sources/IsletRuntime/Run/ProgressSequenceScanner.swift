import IsletUI

/// Finds the terminal progress sequences (OSC 9;4, `TerminalProgress`) in a program's output
/// as it comes, in pieces of any size: a sequence split across reads is found once whole. It
/// only reads: the bytes go on to the terminal as they were.
///
/// ```swift
/// var scanner = ProgressSequenceScanner()
/// scanner.scan(Array("\u{1B}]9;4;1;40\u{1B}".utf8))  // []
/// scanner.scan(Array("\\".utf8))  // [.value(40)]
/// ```
package struct ProgressSequenceScanner: Sendable {
  private enum State: Sendable {
    case text
    /// After an ESC outside an OSC.
    case escape
    /// In an OSC's body.
    case osc
    /// After an ESC in an OSC's body: `\` ends it.
    case oscEscape
  }

  /// The longest OSC body kept: a progress sequence is far shorter, and a longer OSC (a title,
  /// a hyperlink, a clipboard) is only skipped.
  static let longestBody = 16

  private var state = State.text
  private var body: [UInt8] = []
  /// Whether the OSC read now has outgrown `longestBody`.
  private var overlong = false

  package init() {}

  /// The progress sequences that end in `bytes`, in order.
  package mutating func scan(_ bytes: some Sequence<UInt8>) -> [TerminalProgress] {
    var found: [TerminalProgress] = []
    for byte in bytes {
      if let progress = step(byte) { found.append(progress) }
    }
    return found
  }

  private static let escape: UInt8 = 0x1B
  private static let bell: UInt8 = 0x07

  private mutating func step(_ byte: UInt8) -> TerminalProgress? {
    switch state {
    case .text:
      if byte == Self.escape { state = .escape }
    case .escape:
      if byte == UInt8(ascii: "]") {
        state = .osc
        body.removeAll(keepingCapacity: true)
        overlong = false
      } else {
        state = byte == Self.escape ? .escape : .text
      }
    case .osc:
      switch byte {
      case Self.bell: return finish()
      case Self.escape: state = .oscEscape
      // CAN and SUB cancel a sequence, as terminals do.
      case 0x18, 0x1A: state = .text
      default:
        if body.count < Self.longestBody { body.append(byte) } else { overlong = true }
      }
    case .oscEscape:
      if byte == UInt8(ascii: "\\") { return finish() }
      // Any other byte cut the OSC short: the ESC begins what comes next.
      state = .escape
      return step(byte)
    }
    return nil
  }

  private mutating func finish() -> TerminalProgress? {
    state = .text
    return overlong ? nil : TerminalProgress(oscBody: body)
  }
}
