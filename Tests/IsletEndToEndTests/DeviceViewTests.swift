import Foundation
import IsletCLITestSupport
import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// The device view in a real terminal: a tmux pane of a known size, keys sent, screen read.
@Suite(.serialized) struct DeviceViewTests {
  let islet = Sandbox()

  func open(
    width: Int = 100, height: Int = 30, term: String = "xterm-256color", arguments: [String] = [],
    serverCommands: [[String]] = []
  ) throws -> TmuxSession {
    var environment = islet.environment
    environment["TERM"] = term
    return try TmuxSession(
      width: width, height: height, environment: environment, command: [Binary.path] + arguments,
      folder: islet.folder.path, serverCommands: serverCommands)
  }

  func activity(_ id: String) throws -> Activity? {
    let store = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { store.close() }
    return try store.activity(id: id)
  }

  func start(_ arguments: String...) throws -> String {
    try Binary.run(["start"] + arguments, environment: islet.environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func namesInAnyScriptReachTheScreen() throws {
    // An accent that combines (two scalars in one cell), wide CJK, an emoji of four UTF-8 bytes.
    _ = try start("--name", "Cafe\u{301} 東京 🍅")
    let view = try open()
    #expect(view.waitFor { $0.contains("▐ ⏱ Cafe\u{301} 東京 🍅") && $0.contains("  ⏱  Cafe\u{301} 東京 🍅") })
  }

  /// Shift-Tab and ↑ as the terminal sends them are decoded to the keys that move the
  /// selection (where it goes is `DeviceRunnerKeysTests`'s).
  @Test func shiftTabAndUpAreDecoded() throws {
    let tea = try start("--name", "Tea")
    let code = try start("--name", "Code")
    _ = try start("--name", "Read")
    let view = try open()
    #expect(view.waitFor { $0.contains("Tea") && $0.contains("Code") && $0.contains("Read") })
    // The island's order is the most recent first: Read, Code, Tea.
    view.send("BTab")
    view.send("Space")
    #expect(view.waitFor { $0.contains("Tea paused") }, "\(view.text)")
    view.send("Up")
    view.send("Space")
    #expect(view.waitFor { $0.contains("Code paused") }, "\(view.text)")
    #expect(try activity(tea)?.state.phase == .paused && activity(code)?.state.phase == .paused)
  }

  @Test func theMouseWheelMovesTheSelection() throws {
    let tea = try start("--name", "Tea")
    _ = try start("--name", "Code")
    let view = try open()
    #expect(view.waitFor { $0.contains("Tea") && $0.contains("Code") })
    // A notch down (SGR button 65), then space: Tea, the second, is paused.
    view.sendBytes(Array("\u{1B}[<65;40;10M".utf8))
    view.send("Space")
    #expect(view.waitFor { $0.contains("Tea paused") }, "the wheel did not move to Tea: \(view.text)")
    view.sendBytes(Array("\u{1B}[<64;40;10M".utf8))
    view.send("Space")
    #expect(view.waitFor { $0.contains("Code paused") }, "the wheel did not move back up: \(view.text)")
    #expect(try activity(tea)?.state.phase == .paused)
  }

  /// An arrow key as the very first key moves the selection: it is not read as Esc (quit),
  /// which it was while the keypad's mode was still off after the screen was set up.
  @Test func anArrowKeyFirstMovesTheSelection() throws {
    let tea = try start("--name", "Tea")
    _ = try start("--name", "Code")
    let view = try open()
    #expect(view.waitFor { $0.contains("Tea") && $0.contains("Code") })
    view.send("Down")
    view.send("Space")
    #expect(view.waitFor { $0.contains("Tea paused") }, "the first Down did not move to Tea: \(view.text)")
    #expect(try activity(tea)?.state.phase == .paused)
  }

  /// A drawn reset button asks first, as `r` does.
  @Test func clickingResetAsksFirst() throws {
    let id = try start("25m", "--name", "Workout")
    let view = try open()
    #expect(view.waitFor { $0.contains("Workout") })
    view.send("e")
    #expect(view.waitFor { $0.contains("↺ Reset") }, "\(view.text)")
    // Columns count cells; every glyph on these rows is one cell wide.
    func click(_ text: String, on rowHolding: String) throws {
      let rows = view.screen()
      let row = try #require(rows.firstIndex { $0.contains(rowHolding) }, "\(rows)")
      let column = rows[row].distance(from: rows[row].startIndex, to: rows[row].range(of: text)!.lowerBound)
      view.click(x: column, y: row)
    }
    try click("↺ Reset", on: "↺ Reset")
    #expect(
      view.waitFor { $0.contains("Reset Workout?") && $0.contains("y yes · n no") }, "\(view.text)")
    view.send("n")
    #expect(view.waitFor { $0.contains("Cancelled") })
    #expect(try activity(id)?.state.phase == .active)
    // The question's own red chip says yes.
    try click("↺ Reset", on: "↺ Reset")
    #expect(view.waitFor { $0.contains("Reset Workout?") && $0.contains("Cancel") }, "\(view.text)")
    try click("↺ Reset", on: "Cancel")
    #expect(view.waitFor { $0.contains("Workout · Ready") }, "\(view.text)")
    #expect(try activity(id)?.state.phase == .idle)
  }

  /// tmux answers a pane's background-color query (OSC 11) with its window style's color.
  @Test func aTerminalThatAnswersLightGetsTheLightThemeAndTCyclesLightThemes() throws {
    _ = try start("--name", "Focus")
    let view = try open(serverCommands: [["set", "-g", "window-style", "bg=#fafafa"]])
    #expect(view.waitFor { $0.contains("Focus") })
    view.send("t")
    // After light, the one other theme readable on white: mono (default and high-contrast are
    // drawn for dark terminals).
    #expect(view.waitFor { $0.contains("Theme: mono") }, "the view did not start in light:\n\(view.text)")
    view.send("t")
    #expect(view.waitFor { $0.contains("Theme: light") }, "\(view.text)")
  }

  @Test func aTerminalThatAnswersDarkKeepsTheDefaultTheme() throws {
    _ = try start("--name", "Focus")
    let view = try open(serverCommands: [["set", "-g", "window-style", "bg=#101010"]])
    #expect(view.waitFor { $0.contains("Focus") })
    view.send("t")
    #expect(view.waitFor { $0.contains("Theme: high-contrast") }, "\(view.text)")
  }

  @Test func clickingAButtonDispatchesItsIntent() throws {
    let id = try start("25m", "--name", "Workout")
    let view = try open()
    #expect(view.waitFor { $0.contains(" ⏸ Pause ") })
    let rows = view.screen()
    let row = try #require(rows.firstIndex { $0.contains(" ⏸ Pause ") })
    // Columns count cells; every glyph on that row is one cell wide.
    let column = rows[row].distance(
      from: rows[row].startIndex, to: rows[row].range(of: " ⏸ Pause ")!.lowerBound)
    // On the chip's fill, past its word: the whole chip takes the click.
    view.click(x: column + 8, y: row)
    #expect(view.waitFor { $0.contains("✓ Done   ▶ Resume") })
    #expect(try activity(id)?.state.phase == .paused)
    // Clicking the island expands it.
    view.click(x: 50, y: 0)
    #expect(view.waitFor { $0.contains("✓ Done    ▶ Resume") })
  }

  @Test func survivesAResizeStormDownToOneCell() throws {
    _ = try start("25m", "--name", "Workout")
    let view = try open(width: 80, height: 24)
    #expect(view.waitFor { $0.contains("Workout") })
    let sizes = [(1, 1), (2, 1), (10, 3), (1, 5), (30, 8), (120, 40), (5, 2), (1, 1), (64, 10), (40, 20)]
    for _ in 0..<3 {
      for (width, height) in sizes { view.resize(width: width, height: height) }
    }
    view.resize(width: 1, height: 1)
    #expect(view.waitFor { $0.trimmingCharacters(in: .whitespacesAndNewlines).count == 1 })
    view.resize(width: 80, height: 24)
    #expect(
      view.waitFor { $0.contains("▐ ⏱ Workout") && $0.contains(" ⏸ Pause ") && $0.contains("q quit") },
      "\(view.text)")
    #expect(!view.isDead)
  }

  /// 200 resizes at random, 1×1 among them, then a size a fresh view also opens at: the
  /// screens are the same, cell for cell (the clock is fixed, so nothing else moves).
  @Test func twoHundredResizesLeaveTheScreenAsAFreshViewDrawsIt() throws {
    islet.extra["ISLET_NOW"] = String(t0.milliseconds / 1000)
    _ = try start("25m", "--name", "Workout")
    let view = try open(width: 80, height: 24)
    #expect(view.waitFor { $0.contains("Workout") })
    var rng = SeededGenerator(seed: 200)
    for k in 0..<200 {
      let (width, height) =
        k % 25 == 0 ? (1, 1) : (Int.random(in: 1...160, using: &rng), Int.random(in: 1...50, using: &rng))
      view.resize(width: width, height: height)
    }
    view.resize(width: 1, height: 1)
    #expect(view.waitFor { $0.trimmingCharacters(in: .whitespacesAndNewlines).count == 1 })
    view.resize(width: 90, height: 26)
    let fresh = try open(width: 90, height: 26)
    #expect(fresh.waitFor { $0.contains("q quit") })
    #expect(view.waitFor { $0 == fresh.text }, "after the storm:\n\(view.text)\nfresh:\n\(fresh.text)")
    #expect(!view.isDead)
  }

  /// The terminal's modes (stty) are the same after the view as before, whichever way it ends:
  /// a key, Ctrl-C, a signal, or an error (the store removed under it).
  @Test(arguments: ["q", "Escape", "C-c", "TERM", "HUP", "store removed", "store replaced", "crash"])
  func everyExitRestoresTheTerminalModes(way: String) throws {
    _ = try start("--name", "Focus")
    let modes = islet.folder.file("modes")
    var environment = islet.environment
    environment["TERM"] = "xterm-256color"
    let view = try TmuxSession(
      width: 100, height: 30, environment: environment,
      command: [
        "/bin/sh", "-c", #"stty -g > "$1.before"; "$0"; status=$?; stty -g > "$1.after"; exit $status"#,
        Binary.path, modes,
      ],
      folder: islet.folder.path)
    #expect(view.waitFor { $0.contains("Focus") })
    let viewPID = firstChild(of: view.pid)
    switch way {
    case "TERM": try send(SIGTERM, to: viewPID)
    case "HUP": try send(SIGHUP, to: viewPID)
    // As a fault would: the process dies of SIGSEGV, after giving the terminal back.
    case "crash": try send(SIGSEGV, to: viewPID)
    case "store removed":
      for suffix in ["", "-wal", "-shm"] { unlink(self.islet.storePath + suffix) }
    case "store replaced":
      let other = self.islet.folder.file("other.db")
      _ = try Binary.run(["start"], environment: self.islet.environment.merging(["ISLET_DB": other]) { $1 })
      rename(other, self.islet.storePath)
    default: view.send(way)
    }
    let expected: Int =
      way == "C-c" ? 130 : way.hasPrefix("store") ? 74 : way == "crash" ? 128 + Int(SIGSEGV) : 0
    #expect(view.waitForExit() == expected, "\(view.text)")
    let before = try String(contentsOfFile: modes + ".before", encoding: .utf8)
    #expect(try String(contentsOfFile: modes + ".after", encoding: .utf8) == before)
    #expect(!view.terminalLeftDirty)
    #expect(view.value("#{cursor_flag}") == "1")
  }

  /// A pane killed under the view (its terminal gone): the view ends, the store is sound
  /// and the timer runs on.
  @Test func aKilledPaneEndsTheViewAndTheTimerRunsOn() throws {
    let id = try start("--name", "Focus")
    let view = try open()
    #expect(view.waitFor { $0.contains("Focus") })
    let pid = view.pid
    try #require(pid > 0)
    view.killPane()
    #expect(eventually { kill(pid, 0) != 0 }, "the view outlived its terminal")
    #expect(try activity(id)?.state.phase == .active)
    let store = try SQLiteActivityStore.openForWriting(path: islet.storePath)
    defer { store.close() }
    #expect(try store.database.query("PRAGMA integrity_check").first?.first?.string == "ok")
  }

  @Test func withoutAUTF8LocaleTheViewDrawsInASCII() throws {
    islet.unicode = false
    islet.extra["ISLET_NOW"] = String(t0.milliseconds / 1000)
    _ = try start("25m", "--name", "Workout")
    let view = try open()
    #expect(view.waitFor { $0.contains("( [T] Workout") && $0.contains("[|| Pause]") }, "\(view.text)")
    #expect(view.text.unicodeScalars.allSatisfy { $0.isASCII })
    let status = try islet.binary("status")
    #expect(status.stdout == "[T] Workout 25:00 >\n", "\(status)")
  }

  /// A UTF-8 locale name this machine has no locale for: the view falls back to ASCII, and
  /// what it flashes after a key is ASCII too (it used to leave a blank where ⏸ belongs).
  @Test func aUTF8LocaleTheMachineLacksGivesASCIIEverywhereInTheView() throws {
    islet.unicode = false
    islet.extra["LANG"] = "xx_XX.UTF-8"
    _ = try start("--name", "Focus")
    let view = try open()
    #expect(view.waitFor { $0.contains("[T] Focus") }, "\(view.text)")
    view.send("Space")
    #expect(view.waitFor { $0.contains("|| Focus paused at") }, "\(view.text)")
    #expect(view.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(view.text)")
  }

  @Test(arguments: ["q", "Escape", "C-c"])
  func everyWayOutRestoresTheTerminal(key: String) throws {
    _ = try start("--name", "Focus")
    let view = try open()
    #expect(view.waitFor { $0.contains("Focus") })
    #expect(view.value("#{alternate_on}") == "1")
    view.send(key)
    #expect(view.waitForExit() == (key == "C-c" ? 130 : 0), "\(view.text)")
    #expect(!view.terminalLeftDirty)
    // Leaving the view leaves the timer running.
    #expect(try Binary.run(["status"], environment: islet.environment).stdout.hasPrefix("⏱ Focus"))
  }

  @Test(arguments: [SIGTERM, SIGHUP])
  func signalsRestoreTheTerminal(signal: Int32) throws {
    let view = try open()
    #expect(view.waitFor { $0.contains("No timers.") })
    try send(signal, to: view.pid)
    #expect(view.waitForExit() == 0)
    #expect(!view.terminalLeftDirty)
  }

  /// Stopped in a shell with job control, by Ctrl-Z (which gives the shell its screen back) or
  /// by another process's SIGSTOP (which it cannot see coming; the shell puts its own modes
  /// back), the view comes back on `fg` whole and reading keys without Enter: the frames go to
  /// the terminal directly, so ncurses cannot repaint it.
  @Test(arguments: ["C-z", "SIGSTOP"])
  func aStoppedViewComesBackWholeOnFg(stop: String) throws {
    _ = try start("25m", "--name", "Workout")
    let shell = try jobControlShell()
    shell.send("-l", "'\(Binary.path)'")
    shell.send("Enter")
    let whole = { (text: String) in
      text.contains("▐ ⏱ Workout") && text.contains("Started") && text.contains("q quit")
    }
    #expect(shell.waitFor(whole), "\(shell.text)")
    if stop == "C-z" {
      shell.send("C-z")
      #expect(
        shell.waitFor { $0.contains("Stopped") && shell.value("#{alternate_on}") == "0" }, "\(shell.text)")
    } else {
      // The pane runs bash (shell.pid), and bash the view.
      try send(SIGSTOP, to: firstChild(of: shell.pid))
      #expect(shell.waitFor { $0.contains("Stopped") }, "\(shell.text)")
    }
    shell.send("-l", "fg")
    shell.send("Enter")
    #expect(
      shell.waitFor { whole($0) && !$0.contains("Stopped") && shell.value("#{alternate_on}") == "1" },
      "\(shell.text)")
    shell.send("Space")
    #expect(shell.waitFor { $0.contains("Workout paused at") }, "keys are read at once: \(shell.text)")
    shell.send("q")
    #expect(shell.waitFor { $0.contains("$") && shell.value("#{alternate_on}") == "0" })
  }

  /// bash with job control in a 100×30 pane, its prompt `$ `.
  func jobControlShell() throws -> TmuxSession {
    var environment = islet.environment
    environment["TERM"] = "xterm-256color"
    environment["PS1"] = "$ "
    let shell = try TmuxSession(
      width: 100, height: 30, environment: environment,
      command: ["/bin/bash", "--norc", "--noprofile", "-i"],
      folder: islet.folder.path)
    #expect(shell.waitFor { $0.contains("$") })
    return shell
  }

  /// Where nothing can continue a stopped view (no job control: the kernel drops the stop),
  /// Ctrl-Z leaves it drawn and working; and continued after a stop it did not see coming, it
  /// repaints whatever was written over it meanwhile.
  @Test func aViewThatCannotStopOrWasStoppedUnseenStaysWhole() throws {
    _ = try start("25m", "--name", "Workout")
    let view = try open()
    let whole = { (text: String) in
      text.contains("▐ ⏱ Workout") && text.contains("Started") && text.contains("q quit")
    }
    #expect(view.waitFor(whole))
    view.send("C-z")
    view.send("Space")
    #expect(view.waitFor { whole($0) && $0.contains("Workout paused at") }, "\(view.text)")
    let pid = view.pid
    try send(SIGSTOP, to: pid)
    #expect(eventually { Self.isStopped(pid) })
    let tty = Glibc.open(view.value("#{pane_tty}"), O_WRONLY)
    #expect(tty >= 0)
    _ = "\u{1B}[H\u{1B}[2Jscribbled over".withCString { write(tty, $0, strlen($0)) }
    close(tty)
    #expect(view.waitFor { $0.contains("scribbled over") && !$0.contains("Started") })
    try send(SIGCONT, to: pid)
    #expect(view.waitFor { whole($0) && !$0.contains("scribbled over") }, "\(view.text)")
  }

  /// Whether a process is stopped, from /proc.
  static func isStopped(_ pid: Int32) -> Bool {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    return status.contains("State:\tT")
  }

  @Test(arguments: ["xterm-256color", "tmux-256color", "screen-256color", "linux", "vt100"])
  func drawsUnderEveryCommonTerminal(term: String) throws {
    _ = try start("25m", "--name", "Workout")
    let view = try open(term: term)
    // The Linux console draws the readable ASCII forms (its fonts lack the island's glyphs).
    let island = term == "linux" ? "Workout" : "▐ ⏱ Workout"
    #expect(view.waitFor { $0.contains(island) && $0.contains("Started") }, "\(view.text)")
    #expect(term != "linux" || !view.text.contains("▗"), "\(view.text)")
    view.send("q")
    #expect(eventually { view.isDead })
    #expect(!view.terminalLeftDirty)
  }

  @Test func aTerminalThatCannotPositionTheCursorIsRefused() throws {
    let view = try open(width: 120, term: "dumb")
    #expect(view.waitForExit() == 1)
    #expect(
      view.text.contains("islet: TERM=dumb cannot position the cursor; for a line of text, use: islet status")
    )
    let unset = try open(width: 120, term: "")
    #expect(unset.waitForExit() == 1)
    #expect(unset.text.contains("islet: TERM is not set; for a line of text, use: islet status"))
  }

  @Test func onePresentationFillsAOneRowPane() throws {
    _ = try start("25m", "--name", "Workout")
    let view = try open(width: 40, height: 1, arguments: ["--presentation", "compact"])
    #expect(view.waitFor { $0.hasPrefix("▐ ⏱ Workout") })
    view.send("Space")
    #expect(view.waitFor { $0.contains("⏸") })
  }
}
