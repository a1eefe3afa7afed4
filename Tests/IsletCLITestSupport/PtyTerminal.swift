import Foundation

/// A terminal of 100×30 that records every byte a command prints on it
/// (`Support/pty-terminal.py`): for what a screen does not show, such as the sequences meant
/// for the terminal emulator itself (its tab's progress, its title). Keys are typed into it.
///
/// ```swift
/// let terminal = try PtyTerminal(["/bin/bash", "--norc", "-i"], environment: env, folder: dir)
/// terminal.type("islet\n")
/// #expect(eventually { terminal.sequences.contains(.progress("1;3")) })
/// ```
package final class PtyTerminal {
  package static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Support/pty-terminal.py").path

  /// A sequence for the terminal itself, as read from the bytes: an OSC 9;4 progress (its
  /// `STATE;PERCENT`), an OSC 2 title, or xterm's title stack pushed or popped (`CSI 22;2 t`,
  /// `CSI 23;2 t`).
  package enum Sequence: Equatable, CustomStringConvertible {
    case progress(String)
    case title(String)
    case pushTitle, popTitle

    package var description: String {
      switch self {
      case .progress(let body): return "progress \(body)"
      case .title(let text): return "title \(text)"
      case .pushTitle: return "push"
      case .popTitle: return "pop"
      }
    }
  }

  private let child: Child
  private let output: String
  private let keys: String

  /// Runs `command` on the terminal, in `folder`, with nothing but `environment`.
  package init(_ command: [String], environment: [String: String], folder: String) throws {
    output = folder + "/terminal-\(UUID().uuidString.prefix(8)).out"
    keys = output + ".keys"
    child = try SessionBus.start(
      SessionBus.pythonPath, [Self.script, output, keys] + command, environment: environment,
      output: output + ".stdout", errors: output + ".stderr")
    guard eventually(within: 10, { FileManager.default.fileExists(atPath: keys) }) else {
      throw TmuxSession.Failure(message: "the terminal did not start: \(SessionBus.text(output + ".stderr"))")
    }
  }

  deinit { child.stop() }

  /// Every byte printed so far.
  package var bytes: [UInt8] { Array((try? Data(contentsOf: URL(fileURLWithPath: output))) ?? Data()) }

  /// What was printed, as text (for a failure message).
  package var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether the command has closed the terminal.
  package var isRunning: Bool { child.isRunning }

  /// Types `text` into the terminal, as a person would.
  package func type(_ text: String) {
    let fd = open(keys, O_WRONLY | O_NONBLOCK)
    guard fd >= 0 else { return }
    defer { close(fd) }
    _ = text.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
  }

  /// The sequences for the terminal itself found in what was printed, in order.
  package var sequences: [Sequence] { Self.sequences(in: bytes) }

  package static func sequences(in bytes: [UInt8]) -> [Sequence] {
    var found: [Sequence] = []
    var index = 0
    while index + 1 < bytes.count {
      defer { index += 1 }
      guard bytes[index] == 0x1B else { continue }
      if bytes[index + 1] == UInt8(ascii: "]") {
        // An OSC ends at BEL or at ST (ESC \).
        var end = index + 2
        while end < bytes.count, bytes[end] != 0x07, bytes[end] != 0x1B { end += 1 }
        guard end < bytes.count else { break }
        let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        if body.hasPrefix("9;4;") { found.append(.progress(String(body.dropFirst(4)))) }
        if body.hasPrefix("2;") { found.append(.title(String(body.dropFirst(2)))) }
        index = end
      } else if bytes[index + 1] == UInt8(ascii: "[") {
        let rest = String(decoding: bytes[(index + 2)..<min(bytes.count, index + 8)], as: UTF8.self)
        if rest.hasPrefix("22;2t") { found.append(.pushTitle) }
        if rest.hasPrefix("23;2t") { found.append(.popTitle) }
      }
    }
    return found
  }
}
