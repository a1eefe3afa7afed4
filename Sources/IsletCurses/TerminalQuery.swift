import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// Asks the terminal on stdin/stdout what its background color is (OSC 11), before the screen
/// is opened. The question is followed by a device-attributes request (DA1), which every
/// terminal answers, and in order: its answer ends the wait at once on a terminal that keeps
/// quiet about its colors, so only a terminal that answers nothing waits out `timeout` (long
/// enough for a slow ssh link). What has come in by then is thrown away unread, and an answer
/// later still is dropped from the keys (`Key.withoutTerminalReplies`): its ESC would quit the
/// view.
public enum TerminalQuery {
  /// The background's shade, `any` when the terminal did not say within `timeout` ms.
  public static func backgroundShade(timeoutMilliseconds timeout: Int32 = 1000) -> TerminalShade {
    TerminalShade.of(background: background(timeoutMilliseconds: timeout))
  }

  /// The background's color, nil when the terminal did not say within `timeout` ms.
  public static func background(timeoutMilliseconds timeout: Int32 = 1000) -> Color? {
    guard isatty(0) == 1, isatty(1) == 1 else { return nil }
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else { return nil }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ICANON | ECHO)
    guard tcsetattr(0, TCSANOW, &quiet) == 0 else { return nil }
    defer { _ = tcsetattr(0, TCSANOW, &saved) }

    let question = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)
    guard question.withUnsafeBytes({ write(1, $0.baseAddress, $0.count) }) == question.count else {
      return nil
    }
    var reply: [UInt8] = []
    var left = timeout
    var buffer = [UInt8](repeating: 0, count: 256)
    while left > 0, !answeredAttributes(reply), reply.count < 4096 {
      var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      let began = monotonicMilliseconds()
      guard poll(&ready, 1, left) > 0 else { break }
      let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      reply += buffer[0..<count]
      left -= Int32(clamping: monotonicMilliseconds() - began)
    }
    if !answeredAttributes(reply) {
      // A last moment for what is on its way, then nothing of it is left to read.
      var ready = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, 50)
      _ = tcflush(0, TCIFLUSH)
    }
    return Color(backgroundReply: reply)
  }

  /// Whether `reply` holds the DA1 answer, `ESC [ ? … c`, which comes after any color answer.
  static func answeredAttributes(_ reply: [UInt8]) -> Bool {
    let opening = Array("\u{1B}[?".utf8)
    guard let start = reply.indices.last(where: { reply[$0...].starts(with: opening) }) else {
      return false
    }
    return reply[(start + opening.count)...].contains(UInt8(ascii: "c"))
  }

  private static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}
