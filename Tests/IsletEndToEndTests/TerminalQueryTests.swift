import Foundation
import IsletCLITestSupport
import Testing

/// The view's question about the terminal's background, on a pseudo-terminal this test plays
/// the terminal of: a slow terminal's answer is never taken for keys.
@Suite struct TerminalQueryTests {
  let islet = Sandbox()

  /// A terminal on the far end of a slow link: it answers the background query (and DA1) late,
  /// within the view's wait (0.4 s) or after it (1.5 s). Read as keys, the answer's ESC would
  /// quit the view and its `c` complete a timer.
  @Test(arguments: [400_000, 1_500_000] as [UInt32])
  func aLateAnswerIsNotReadAsKeys(delay: UInt32) throws {
    let terminal = try PseudoTerminal()
    var environment = islet.environment
    environment["TERM"] = "xterm-256color"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.environment = environment
    let device = FileHandle(fileDescriptor: terminal.device, closeOnDealloc: false)
    (process.standardInput, process.standardOutput, process.standardError) = (device, device, device)
    try process.run()
    defer {
      if process.isRunning { process.terminate() }
      process.waitUntilExit()
    }
    #expect(terminal.waitFor { $0.contains("\u{1B}]11;?") }, "the view asked nothing")
    usleep(delay)
    terminal.write("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c")
    #expect(terminal.waitFor { $0.contains("? help") }, "no frame drawn")
    terminal.write("?")
    #expect(
      terminal.waitFor { $0.contains("Keys") }, "the view did not open its help: it quit on the late answer")
    #expect(
      process.isRunning,
      "it exited: \(process.isRunning ? 0 : process.terminationStatus)\n\(terminal.text.debugDescription)")
  }
}

/// A pseudo-terminal whose device a child reads and writes, and whose other side is this test.
final class PseudoTerminal {
  let controller: Int32
  let device: Int32
  private var output: [UInt8] = []

  struct Failure: Error {}

  init() throws {
    // posix_openpt and its kin, by the ioctls they are made of (Glibc's module lacks them, and
    // Swift imports neither TIOCSPTLCK nor TIOCGPTN, _IOW and _IOR macros: their Linux values).
    let (lockRequest, numberRequest): (UInt, UInt) = (0x4004_5431, 0x8004_5430)
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard controller >= 0, ioctl(controller, lockRequest, &unlock) == 0,
      ioctl(controller, numberRequest, &number) == 0
    else { throw Failure() }
    device = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    guard device >= 0 else { throw Failure() }
    var size = winsize(ws_row: 30, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(device, UInt(TIOCSWINSZ), &size)
  }

  deinit {
    close(device)
    close(controller)
  }

  var text: String { String(decoding: output, as: UTF8.self) }

  func write(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(controller, $0.baseAddress, $0.count) }
  }

  /// Reads what the child wrote until `condition` holds of all of it, for at most `seconds`.
  func waitFor(within seconds: Double = 10, _ condition: (String) -> Bool) -> Bool {
    let end = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while Date() < end {
      if condition(String(decoding: output, as: UTF8.self)) { return true }
      var ready = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 20) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
      if count > 0 { output += buffer[0..<count] }
    }
    return condition(String(decoding: output, as: UTF8.self))
  }
}
