import Foundation
import IsletCLITestSupport
import Testing

/// The terminal channel, through the built binary: a countdown started from a terminal (a
/// pseudo-terminal this test reads, with the variables its kind of terminal sets) is alerted
/// there by the deadline watcher, with nothing of Islet open; inside tmux the sequence passes
/// through to the terminal of the client; a closed or foreign terminal gets nothing. One at a
/// time: a device closed here is soon another test's, and a watcher still writing to the old
/// one would write there.
@Suite(.serialized) struct TerminalAlertTests {
  let islet = Sandbox()

  init() {
    // One alert, no repeat: the watcher leaves once it is given.
    islet.writeConfig("alert-repeat = 0\n")
  }

  /// Runs the binary with its input, output and error on `terminal`'s device, and the kind's
  /// variables; the process, still running or not.
  func run(_ arguments: [String], on terminal: PseudoTerminal, kind: [String: String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = arguments
    process.environment = islet.environment.merging(["TERM": "xterm-256color"].merging(kind) { $1 }) { $1 }
    let device = FileHandle(fileDescriptor: terminal.device, closeOnDealloc: false)
    (process.standardInput, process.standardOutput, process.standardError) = (device, device, device)
    try process.run()
    return process
  }

  /// Stops the sandbox's watcher, if one is still there, and waits for it to be gone: as it
  /// goes it withdraws its alerts, which kitty's terminal is told. `terminals` are kept open
  /// until then.
  func stopWatcher(keeping terminals: PseudoTerminal?...) {
    if let pid = watcherPID(islet.storePath) { kill(pid, SIGTERM) }
    #expect(eventually(within: 10) { watcherPID(islet.storePath) == nil }, "the watcher did not stop")
    withExtendedLifetime(terminals) {}
  }

  @Test(arguments: [
    (["VTE_VERSION": "7006"], "\u{07}\u{1B}]777;notify;⏰ Tea — time's up;+0:0"),
    (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], "\u{07}\u{1B}]99;i=islet-"),
    (["WT_SESSION": "0b6e"], "\u{07}\u{1B}]9;⏰ Tea — time's up · +0:0"),
    (["TERM": "linux"], "Tea\r\n"),
  ])
  func aCountdownAlertsTheTerminalItWasStartedFrom(kind: [String: String], expected: String) throws {
    let terminal = try PseudoTerminal()
    defer { stopWatcher(keeping: terminal) }
    let start = try run(["start", "2s", "--name", "Tea"], on: terminal, kind: kind)
    start.waitUntilExit()
    #expect(start.terminationStatus == 0)
    #expect(
      terminal.waitFor { $0.contains("Tea") }, "start printed nothing: \(terminal.text.debugDescription)")
    guard kind["TERM"] != "linux" else {
      // A terminal whose kind is not known gets the bell alone, once the watcher alerts.
      #expect(terminal.waitFor { $0.hasSuffix("\u{07}") }, "no bell: \(terminal.text.debugDescription)")
      #expect(
        !terminal.text.contains("\u{1B}]"),
        "an unknown terminal got a sequence: \(terminal.text.debugDescription)")
      return
    }
    #expect(
      terminal.waitFor { $0.contains(expected) },
      "the terminal did not get \(expected.debugDescription): \(terminal.text.debugDescription)")
    if kind["KITTY_WINDOW_ID"] != nil {
      #expect(
        terminal.text.contains(":d=0:p=title;⏰ Tea — time's up\u{07}"), "\(terminal.text.debugDescription)")
      #expect(terminal.text.contains(":d=1:p=body;+0:0"), "\(terminal.text.debugDescription)")
    }
  }

  /// Inside tmux the countdown is started in a pane; the watcher writes the wrapped sequence to
  /// the pane, and tmux (allow-passthrough on) hands it, unwrapped, to the terminal of the
  /// client showing the pane: the pseudo-terminal read here.
  @Test func insideTmuxTheSequencePassesThroughToTheClientsTerminal() throws {
    var environment = islet.environment
    environment["TERM"] = "tmux-256color"
    let session = try TmuxSession(
      width: 80, height: 12, environment: environment, command: ["/bin/sh"], folder: islet.folder.path,
      serverCommands: [["set", "-g", "allow-passthrough", "on"]])
    let outer = try PseudoTerminal()
    defer { stopWatcher(keeping: outer) }
    // A tmux client on the pseudo-terminal, spawned directly: Foundation's Process hangs on tmux.
    let client = try #require(
      spawn(
        ["/usr/bin/tmux", "-L", session.socket, "attach-session"], on: outer.device,
        environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]))
    defer {
      // SIGKILL: a client told to end waits for its terminal to take all of its output first.
      kill(client, SIGKILL)
      var status: Int32 = 0
      while waitpid(client, &status, 0) < 0 && errno == EINTR {}
    }
    #expect(eventually { !session.value("#{session_attached}").hasPrefix("0") }, "the client did not attach")
    // The pane's shell has the kind's variable from the terminal tmux was started in, and the
    // pane's $TMUX and $TMUX_PANE as a pane's shell has them.
    let tmux = "\(session.value("#{socket_path}")),1,0"
    let pane = session.value("#{pane_id}")
    session.send(
      "TMUX='\(tmux)' TMUX_PANE='\(pane)' VTE_VERSION=7006 '\(Binary.path)' start 2s --name Tea", "Enter")
    #expect(session.waitFor { $0.contains("Tea") }, "start printed nothing: \(session.text)")
    #expect(
      outer.waitFor { $0.contains("\u{1B}]777;notify;⏰ Tea — time's up;+0:0") },
      "the client's terminal did not get the notification: \(outer.text.debugDescription)")
    #expect(!outer.text.contains("Ptmux;"), "tmux passed the wrapper on: \(outer.text.debugDescription)")
  }

  /// The terminal a countdown was started from is closed, or is another user's by the time it
  /// ends: it gets nothing, and the terminal of an `islet wait` still gets the alert (written
  /// after theirs: the one started from comes first), though the wait ended at the deadline.
  @Test(arguments: ["closed", "foreign"])
  func aClosedOrForeignTerminalGetsNothingAndNothingFails(what: String) throws {
    var started: PseudoTerminal? = try PseudoTerminal()
    let start = try run(["start", "3s", "--name", "Tea"], on: started!, kind: ["VTE_VERSION": "7006"])
    start.waitUntilExit()
    #expect(start.terminationStatus == 0)
    #expect(started!.waitFor { $0.contains("Tea") }, "start printed nothing")
    let startedText = started!.text
    // Made before the other is closed, so that it cannot be given the same device.
    let waiting = try PseudoTerminal()
    defer { stopWatcher(keeping: started, waiting) }
    if what == "closed" {
      started = nil
    } else {
      #expect(fchown(started!.device, 65534, 65534) == 0, "the test could not give the terminal away")
    }
    let wait = try run(["wait"], on: waiting, kind: ["TERM": "foot"])
    defer {
      if wait.isRunning { wait.terminate() }
      wait.waitUntilExit()
    }
    #expect(
      waiting.waitFor { $0.contains("\u{07}\u{1B}]777;notify;⏰ Tea — time's up;") },
      "wait's terminal did not get the alert: \(waiting.text.debugDescription)")
    if let started {
      _ = started.waitFor(within: 0.2) { $0 != startedText }
      #expect(
        started.text == startedText, "a foreign terminal was written to: \(started.text.debugDescription)")
    }
    wait.waitUntilExit()
    #expect(
      wait.terminationStatus == 0, "wait did not end with the countdown: \(waiting.text.debugDescription)")
  }

  /// `islet alert test` says which terminals it found and what each got, and writes it.
  @Test func theAlertTestSaysWhatEachTerminalGot() throws {
    let terminal = try PseudoTerminal()
    let test = try run(["alert", "test"], on: terminal, kind: ["VTE_VERSION": "7006"])
    test.waitUntilExit()
    let tty = String(cString: ttyname(terminal.device))
    #expect(
      terminal.waitFor { $0.contains("The channels are") },
      "alert test printed nothing: \(terminal.text.debugDescription)")
    #expect(
      terminal.text.contains("  terminal  ✓ \(tty) (vte, this one): the bell and OSC 777\r\n"),
      "\(terminal.text)")
    #expect(terminal.text.contains("\u{07}\u{1B}]777;notify;⏰ Islet — test alert;This is how an alert looks"))
  }
}

/// Starts `arguments` with its input, output and error on `device`; its process id.
private func spawn(_ arguments: [String], on device: Int32, environment: [String: String]) -> pid_t? {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  for fd: Int32 in 0...2 { posix_spawn_file_actions_adddup2(&actions, device, fd) }
  let argv = arguments.map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var pid: pid_t = 0
  guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return nil }
  return pid
}
