/// A sequence meant for the terminal emulator itself rather than for the screen a program draws:
/// the progress on its tab (OSC 9;4), its title (OSC 2), a desktop notification (OSC 777, 9,
/// 99). Inside tmux it must be wrapped to reach the outer terminal, and tmux passes it on only
/// with `allow-passthrough on`.
public enum TerminalSequence {
  private static let escape: UInt8 = 0x1B
  private static let bell: UInt8 = 0x07

  /// `ESC ] body BEL`, the body's control characters dropped, so that no text can end the
  /// sequence early or start another.
  public static func osc(_ body: String) -> [UInt8] {
    [escape, UInt8(ascii: "]")] + printable(body) + [bell]
  }

  /// `bytes` wrapped in tmux's passthrough, `ESC P tmux; … ESC \`, every escape inside doubled.
  public static func passedThroughTmux(_ bytes: [UInt8]) -> [UInt8] {
    var wrapped: [UInt8] = [escape] + Array("Ptmux;".utf8)
    for byte in bytes {
      if byte == escape { wrapped.append(escape) }
      wrapped.append(byte)
    }
    return wrapped + [escape, UInt8(ascii: "\\")]
  }

  /// `bytes` as they must be written to reach the terminal: wrapped when `insideTmux`.
  public static func forTerminal(_ bytes: [UInt8], insideTmux: Bool) -> [UInt8] {
    insideTmux ? passedThroughTmux(bytes) : bytes
  }

  /// The text's UTF-8 without C0 controls, DEL or C1 controls.
  private static func printable(_ text: String) -> [UInt8] {
    var kept = String.UnicodeScalarView()
    for scalar in text.unicodeScalars
    where !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) {
      kept.append(scalar)
    }
    return Array(String(kept).utf8)
  }
}
