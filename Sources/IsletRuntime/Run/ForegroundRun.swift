import CSystem
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// A command run in the foreground as a shell runs it (`islet run`), with islet beside it.
///
/// On a terminal (stdin and stdout both), the command gets a pseudo-terminal of its own, as
/// `script` gives one: the outer terminal is raw while it runs, every byte is copied both ways
/// unchanged, the window size follows, and its output is read for progress sequences
/// (`ProgressSequenceScanner`). Ctrl-C and Ctrl-Z reach it through its own terminal; when it
/// stops, islet gives the terminal back and stops too, and `fg` continues both. Elsewhere (a
/// pipe, CI) it inherits islet's descriptors, and islet ignores Ctrl-C as `time` does.
/// SIGTERM and SIGHUP sent to islet are passed on to it.
///
/// ```swift
/// let run = try ForegroundRun.start(["make", "test"])
/// let ending = run.wait { progress in … }  // .exited(0), .killed(SIGINT)
/// exit(ending.status)
/// ```
package final class ForegroundRun {
  /// How the command ended.
  package enum Ending: Equatable, Sendable {
    case exited(Int32)
    case killed(signal: Int32)

    /// The status a shell gives it: the exit status, or 128+N for signal N.
    package var status: Int32 {
      switch self {
      case .exited(let code): return code
      case .killed(let signal): return 128 + signal
      }
    }
  }

  /// Why the command did not start, with the status a shell gives then.
  package struct StartFailure: Error, Equatable {
    /// The errno the exec (or the fork, or the pty) met.
    package let errno: Int32
    /// No such command: 127, as a shell says; anything else that kept it from running: 126.
    package var status: Int32 { errno == ENOENT || errno == ENOTDIR ? 127 : 126 }
  }

  package let pid: pid_t
  /// The pty's other end, or -1 without one.
  private let master: Int32
  private let signals: Int32
  /// Bytes typed, not yet taken by the pty.
  private var typed: [UInt8] = []
  private var typingOpen: Bool
  private var outputOpen: Bool
  private var scanner = ProgressSequenceScanner()
  private var throttle = ProgressThrottle()
  /// Told when the command stops and continues, for as long as `wait` runs.
  private var onStop: (Bool) -> Void = { _ in }

  private init(pid: pid_t, master: Int32, signals: Int32) {
    self.pid = pid
    self.master = master
    self.signals = signals
    typingOpen = master >= 0
    outputOpen = master >= 0
  }

  /// Starts `arguments` (the first found on PATH as a shell finds it): on a pty when stdin and
  /// stdout are terminals (or `pty` says otherwise).
  package static func start(_ arguments: [String], pty: Bool? = nil) throws(StartFailure) -> ForegroundRun {
    let withPty = pty ?? (isatty(0) == 1 && isatty(1) == 1)
    // Blocked before the child exists, so that none of its news is lost.
    let signals = islet_run_signals_fd()
    guard signals >= 0 else { throw StartFailure(errno: errno) }
    var master: Int32 = -1
    var pid: pid_t = 0
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    let error = islet_run_spawn(&argv, withPty ? 1 : 0, &master, &pid)
    guard error == 0 else {
      close(signals)
      throw StartFailure(errno: error)
    }
    let run = ForegroundRun(pid: pid, master: master, signals: signals)
    if master >= 0 {
      _ = islet_set_nonblocking(master)
      // Should islet crash, the terminal gets its modes back first.
      islet_restore_terminal_on_crash("")
      _ = islet_terminal_raw(0)
    }
    return run
  }

  /// Copies bytes and follows signals until the command ends; calls `progress` with what its
  /// progress sequences say, at most once a change and ten times a second, and `stopped` with
  /// true when it stops (Ctrl-Z), before islet stops with it, and with false once continued.
  package func wait(progress: (TerminalProgress) -> Void, stopped: @escaping (Bool) -> Void = { _ in })
    -> Ending
  {
    onStop = stopped
    defer { onStop = { _ in } }
    defer { finish() }
    while true {
      var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
      if outputOpen { fds.append(pollfd(fd: master, events: Int16(POLLIN), revents: 0)) }
      if !typed.isEmpty { fds.append(pollfd(fd: master, events: Int16(POLLOUT), revents: 0)) }
      if typingOpen, typed.isEmpty { fds.append(pollfd(fd: 0, events: Int16(POLLIN), revents: 0)) }
      let timeout = throttle.nextDue.map { Int32(clamping: max(0, $0 - islet_monotonic_ms())) } ?? -1
      if poll(&fds, nfds_t(fds.count), timeout) < 0, errno != EINTR { return waitBlocking() }
      for fd in fds where fd.revents != 0 {
        if fd.fd == 0 { readTyped() }
        if fd.fd == master, fd.events == Int16(POLLOUT) { writeTyped() }
        if fd.fd == master, fd.events == Int16(POLLIN) { copyOutput(progress) }
      }
      if let due = throttle.due(at: islet_monotonic_ms()) { progress(due) }
      if let ending = followSignals() {
        drainOutput(progress)
        if let last = throttle.flush(at: islet_monotonic_ms()) { progress(last) }
        return ending
      }
    }
  }

  /// The signals that came: the command's news, a new window size, and those passed on.
  private func followSignals() -> Ending? {
    var ending: Ending?
    while true {
      let signal = islet_run_next_signal(signals)
      if signal == 0 { break }
      switch signal {
      case SIGCHLD: ending = ending ?? childNews()
      case SIGWINCH: if master >= 0 { _ = islet_copy_window_size(0, master) }
      // From the terminal they reached the command too; sent to islet alone, they are passed on.
      case SIGINT, SIGQUIT, SIGTSTP: if master >= 0 { pass(signal) }
      case SIGTERM, SIGHUP: pass(signal)
      default: break
      }
    }
    return ending
  }

  /// To its terminal's foreground process group, as the terminal sends it; to the command
  /// alone without one.
  private func pass(_ signal: Int32) {
    let group = master >= 0 ? islet_foreground_group(master) : -1
    kill(group > 0 ? -group : pid, signal)
  }

  /// How the command ended, if it has; when it has stopped, islet stops too until continued.
  private func childNews() -> Ending? {
    var code: Int32 = 0
    switch islet_run_child_state(pid, &code) {
    case 1: return .exited(code)
    case 3: return .killed(signal: code)
    case 2:
      suspend()
      return childNews()
    default: return nil
    }
  }

  /// Gives the terminal back as it was, stops as the command did, and on `fg` takes it again
  /// and continues the command, which redraws itself if it wants to.
  private func suspend() {
    onStop(true)
    defer { onStop(false) }
    if master >= 0 { islet_terminal_restore(0) }
    islet_stop_self()
    if master >= 0 {
      _ = islet_terminal_raw(0)
      _ = islet_copy_window_size(0, master)
    }
    // The session leader on the pty continues the command.
    kill(pid, SIGCONT)
  }

  private func readTyped() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(0, &buffer, buffer.count)
    if count > 0 {
      typed += buffer[..<count]
    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
      // The terminal hung up: nothing more will be typed.
      typingOpen = false
    }
  }

  private func writeTyped() {
    let count = write(master, typed, typed.count)
    if count > 0 {
      typed.removeFirst(count)
    } else if count < 0, errno != EAGAIN, errno != EINTR {
      typed.removeAll()
      typingOpen = false
    }
  }

  /// Copies what the command printed to the terminal unchanged, and reads its progress.
  private func copyOutput(_ progress: (TerminalProgress) -> Void) {
    var buffer = [UInt8](repeating: 0, count: 16384)
    let count = read(master, &buffer, buffer.count)
    guard count > 0 else {
      // EIO: every process that had the terminal has closed it.
      if count == 0 || (errno != EAGAIN && errno != EINTR) { outputOpen = false }
      return
    }
    writeAll(buffer[..<count])
    let now = islet_monotonic_ms()
    for found in scanner.scan(buffer[..<count]) {
      if let written = throttle.offer(found, at: now) { progress(written) }
    }
  }

  /// Writes to stdout; a terminal gone takes what is left.
  private func writeAll(_ bytes: ArraySlice<UInt8>) {
    var rest = bytes
    while !rest.isEmpty {
      let count = rest.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
      if count > 0 {
        rest = rest.dropFirst(count)
      } else if errno != EINTR && errno != EAGAIN {
        return
      }
    }
  }

  /// What the command printed before it ended reaches the terminal after it: read until its
  /// terminal is closed, or nothing more comes for a moment (something it left behind holds it).
  private func drainOutput(_ progress: (TerminalProgress) -> Void) {
    while outputOpen {
      var fd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&fd, 1, 100) > 0 else { return }
      copyOutput(progress)
    }
  }

  /// When poll itself fails (it should not): wait for the command without copying.
  private func waitBlocking() -> Ending {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
  }

  private func finish() {
    if master >= 0 {
      islet_terminal_restore(0)
      close(master)
    }
    close(signals)
  }
}
