import Foundation
import Testing

/// A private tmux server running one command in a pane of a known size: keys in, screen out.
package final class TmuxSession {
  package let socket = "islet-test-\(UUID().uuidString.prefix(8))"
  package let statusFile: String

  /// Starts `command` (arguments, run through `env` with `environment`) in a W×H pane that
  /// stays after the command exits, so its exit and the terminal's state can be read.
  /// `serverCommands` run on the new server before the pane is made (`["set", "-g", …]`).
  package init(
    width: Int, height: Int, environment: [String: String], command: [String], folder: String,
    serverCommands: [[String]] = []
  ) throws {
    let assignments = environment.map { "\($0.key)=\($0.value)" }
    // A shell that ignores the terminal's signals runs the command, writes down its exit
    // status, and keeps the pane a little longer so the terminal's state can be read; then the
    // server ends by itself. The command sets its own signal handling.
    let wrapper = #"trap '' INT TERM HUP; "$@"; echo $? > "$ISLET_TEST_STATUS"; sleep 15"#
    statusFile = folder + "/\(socket).status"
    let line =
      (["env", "ISLET_TEST_STATUS=\(statusFile)", "/bin/sh", "-c", wrapper, "sh", "env", "-i"] + assignments
      + command)
      .map(Self.quoted).joined(separator: " ")
    // The server this starts outlives the call and keeps what it inherited open: it gets
    // /dev/null, and the call is waited on directly.
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    let status = spawnAndWait(
      ["/usr/bin/tmux", "-L", socket, "-f", "/dev/null", "start-server", ";"]
        + serverCommands.flatMap { $0 + [";"] }
        + ["new-session", "-d", "-x", "\(width)", "-y", "\(height)", line], environment: environment)
    guard status == 0 else { throw Failure(message: "tmux did not start") }
  }

  deinit {
    // The wrapper ignores HUP for what it runs, so an interactive shell in the pane would
    // outlive the server's end and keep the server waiting on it: what the pane runs goes first.
    let pane = Int32(value("#{pane_pid}")) ?? 0
    _ = try? tmux(["kill-server"])
    killSession(of: pane)
    // A test that ended the server or the pane itself left no pane to ask for: its wrapper,
    // which ignores HUP and sleeps after the command, is found by the status file it was given.
    let marker = "ISLET_TEST_STATUS=" + statusFile
    for wrapper in processes(where: { _, environment in environment.contains(marker) }) {
      killSession(of: wrapper)
      kill(wrapper, SIGKILL)
    }
    unlink(statusFile)
  }

  package struct Failure: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
  }

  /// The pane's text, a line a row.
  package func screen() -> [String] {
    ((try? tmux(["capture-pane", "-p"]))?.stdout ?? "").split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .map(String.init)
  }

  package var text: String { screen().joined(separator: "\n") }

  package func send(_ keys: String...) { _ = try? tmux(["send-keys"] + keys) }

  /// Sends raw bytes, as a terminal would (mouse reports).
  package func sendBytes(_ bytes: [UInt8]) {
    _ = try? tmux(["send-keys", "-H"] + bytes.map { String($0, radix: 16) })
  }

  /// A left click at a cell (0-based), in the SGR form xterm-256color announces.
  package func click(x: Int, y: Int) {
    sendBytes(Array("\u{1B}[<0;\(x + 1);\(y + 1)M".utf8))
    sendBytes(Array("\u{1B}[<0;\(x + 1);\(y + 1)m".utf8))
  }

  /// Kills the pane, as closing a terminal window does.
  package func killPane() { _ = try? tmux(["kill-pane"]) }

  package func resize(width: Int, height: Int) {
    _ = try? tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
  }

  /// A pane format value: `#{pane_pid}`, `#{pane_dead}`, `#{alternate_on}`, …
  package func value(_ format: String) -> String {
    ((try? tmux(["display-message", "-p", format]))?.stdout ?? "").trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  package var isDead: Bool { exitStatus != nil }
  /// The command's exit status, once it has exited.
  package var exitStatus: Int? {
    (try? String(contentsOfFile: statusFile, encoding: .utf8)).flatMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Waits (bounded) for the program to exit; its status.
  package func waitForExit(within seconds: Double = 10) -> Int? {
    _ = eventually(within: seconds) { exitStatus != nil }
    return exitStatus
  }

  /// The command's process: the child of the pane's shell; 0 while there is none.
  package var pid: Int32 { firstChild(of: Int32(value("#{pane_pid}")) ?? 0) }

  /// Whether the program left the alternate screen or mouse reporting on.
  package var terminalLeftDirty: Bool { value("#{alternate_on}#{mouse_any_flag}") != "00" }

  /// Waits (bounded) until the screen satisfies `condition`.
  package func waitFor(within seconds: Double = 10, _ condition: (String) -> Bool) -> Bool {
    eventually(within: seconds) { condition(text) }
  }

  @discardableResult
  private func tmux(_ arguments: [String]) throws -> Run {
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    return try Binary.run(
      ["-L", socket, "-f", "/dev/null"] + arguments, environment: environment, executable: "/usr/bin/tmux")
  }

  package static func quoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

/// Runs a program with stdio on /dev/null and waits for it; its exit status.
package func spawnAndWait(_ arguments: [String], environment: [String: String]) -> Int32 {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  for fd: Int32 in 0...2 {
    posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
  }
  let argv = arguments.map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return -1 }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  return (status >> 8) & 0xFF
}

extension Sandbox {
  /// tmux with the snippet of `executable` loaded, in an outer tmux whose pane shows the inner
  /// status line; `kill` ends the inner server.
  package func innerTmux(executable: String = Binary.path, height: Int = 8) throws
    -> (outer: TmuxSession, kill: () -> Void)
  {
    let snippet = folder.file("snippet.conf")
    try Binary.run(["tmux"], environment: environment, executable: executable).stdout.write(
      toFile: snippet, atomically: true, encoding: .utf8)
    let inner = "islet-inner-\(UUID().uuidString.prefix(8))"
    var environment = environment
    environment["TERM"] = "xterm-256color"
    let outer = try TmuxSession(
      width: 120, height: height, environment: environment,
      command: ["/usr/bin/tmux", "-L", inner, "-f", snippet, "new-session"],
      folder: folder.path)
    return (outer, { _ = spawnAndWait(["/usr/bin/tmux", "-L", inner, "kill-server"], environment: [:]) })
  }
}

/// A process's first child, from /proc; 0 when it has none.
package func firstChild(of pid: Int32) -> Int32 {
  guard pid > 0 else { return 0 }
  let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
  return Int32(children.split(separator: " ").first ?? "") ?? 0
}

/// Kills every process of the terminal session `leader` leads (a pane's: its shell, the jobs
/// that shell made process groups of, and theirs).
package func killSession(of leader: Int32) {
  guard leader > 1 else { return }
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  for pid in entries.compactMap(Int32.init) {
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // After the command's closing parenthesis: state, ppid, pgrp, session.
    guard let close = stat.lastIndex(of: ")") else { continue }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    if fields.count > 3, Int32(fields[3]) == leader { kill(pid, SIGKILL) }
  }
}

/// Sends `signal` to one process, required to be one: kill(0) or kill(-1) would signal the
/// test runner itself.
package func send(_ signal: Int32, to pid: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
  try #require(pid > 0, "no process to send signal \(signal) to", sourceLocation: sourceLocation)
  kill(pid, signal)
}
