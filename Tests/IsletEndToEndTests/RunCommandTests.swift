import Foundation
import IsletCLITestSupport
import IsletCore
import IsletStore
import Testing

/// `islet run -- CMD` through the built binary: in a real bash in a real tmux pane (the
/// terminal read, its size, Ctrl-C, Ctrl-Z and fg, progress sequences passed on), and through
/// pipes (statuses, signals, a missing command).
@Suite(.serialized) struct RunCommandTests {
  let islet = Sandbox()

  /// An interactive bash, with the signals the test wrapper ignores back at their defaults,
  /// prompting `$ `, with the binary as `$ISLET`.
  func shell(width: Int = 60, height: Int = 15) throws -> TmuxSession {
    var environment = islet.environment
    environment["PS1"] = "$ "
    environment["ISLET"] = Binary.path
    environment["TERM"] = "xterm-256color"
    let pane = try TmuxSession(
      width: width, height: height, environment: environment,
      command: ["env", "--default-signal", "bash", "--norc", "--noprofile", "-i"], folder: islet.folder.path)
    // capture-pane drops the prompt's trailing space.
    #expect(pane.waitFor { _ in pane.screen().contains("$") }, "no prompt: \(pane.text)")
    return pane
  }

  /// Types `line` and Enter.
  func type(_ pane: TmuxSession, _ line: String) {
    pane.send("-l", line)
    pane.send("Enter")
  }

  /// The runs recorded, oldest first, as the store has them.
  func runs() throws -> [Activity] {
    guard let store = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { store.close() }
    var ids: [String] = []
    for event in try store.history() where !ids.contains(event.activityID) { ids.append(event.activityID) }
    return try ids.compactMap { try store.activity(id: $0) }
  }

  func lastRun() throws -> Activity? { try runs().last }

  /// Waits for the run to end and the shell to print `rc=N` after it, and gives N.
  func status(_ pane: TmuxSession) -> String? {
    // Typed before the run is over, it would go to the command's terminal, not the shell's.
    let prompt = pane.waitFor { _ in pane.screen().last { !$0.isEmpty }?.hasSuffix("$") == true }
    guard prompt else { return nil }
    type(pane, "echo rc=$?")
    guard pane.waitFor({ _ in pane.screen().contains { $0.hasPrefix("rc=") } }) else { return nil }
    let line = pane.screen().last { $0.hasPrefix("rc=") }
    return line.map { String($0.dropFirst(3)) }
  }

  @Test func itReadsTheTerminalAndKnowsItsSizeAsItChanges() throws {
    let pane = try shell()
    type(pane, #""$ISLET" run -- sh -c 'stty size; read x; echo got:$x; read y; stty size'"#)
    #expect(pane.waitFor { $0.contains("15 60") }, "\(pane.text)")
    #expect(try lastRun()?.state.phase == .active)
    type(pane, "hello")
    #expect(pane.waitFor { $0.contains("got:hello") }, "\(pane.text)")
    pane.resize(width: 50, height: 12)
    #expect(pane.waitFor { _ in pane.value("#{pane_width}") == "50" })
    type(pane, "")
    #expect(pane.waitFor { $0.contains("12 50") }, "the new size did not reach the command: \(pane.text)")
    #expect(status(pane) == "0")
    let run = try #require(try lastRun())
    #expect(run.state.phase == .completed && run.name.hasPrefix("sh -c 'stty size;") && run.icon == "code")
  }

  @Test func ctrlCEndsTheCommandNotIsletAndTheRunIsFailed() throws {
    let pane = try shell()
    type(pane, #""$ISLET" run --name Sleeper -- sleep 30"#)
    #expect(try eventually { try lastRun()?.state.phase == .active })
    pane.send("C-c")
    #expect(status(pane) == "130", "\(pane.text)")
    let run = try #require(try lastRun())
    #expect(
      run.name == "Sleeper" && run.state.phase == .failed && run.state.exit == .signal(2), "\(run.state)")
  }

  @Test func ctrlZStopsBothAndFgContinuesTheCommand() throws {
    let pane = try shell()
    type(pane, #""$ISLET" run -- sh -c 'read x; echo got:$x'"#)
    #expect(try eventually { try lastRun()?.state.phase == .active })
    pane.send("C-z")
    #expect(pane.waitFor { $0.contains("Stopped") }, "islet did not stop with its command: \(pane.text)")
    #expect(try lastRun()?.state.phase == .paused, "stopped, the run's time is paused")
    // The terminal is the shell's again, cooked: what is typed echoes as the shell reads it.
    type(pane, "fg")
    // bash names the job it brings back: the line typed, the job stopped, and the job again.
    #expect(pane.waitFor { $0.components(separatedBy: "read x").count > 3 }, "\(pane.text)")
    #expect(try eventually { try lastRun()?.state.phase == .active }, "continued, it runs again")
    type(pane, "back")
    #expect(pane.waitFor { $0.contains("got:back") }, "\(pane.text)")
    #expect(status(pane) == "0")
    #expect(try lastRun()?.state.phase == .completed)
  }

  /// The sequence reaches the terminal unchanged (`script` keeps every byte its terminal got),
  /// and the store has the progress while the command runs.
  @Test func progressSequencesAreReadAndPassedOn() throws {
    let program = islet.folder.file("progress")
    try """
    #!/bin/sh
    printf 'a\\033]9;4;1;42\\033\\\\b'
    read x
    printf '\\033]9;4;1;7\\007c\\n'
    """.write(toFile: program, atomically: true, encoding: .utf8)
    chmod(program, 0o755)
    let typescript = islet.folder.file("typescript")
    let pane = try shell()
    type(pane, #"script -q -c "$ISLET run -- \#(program)" \#(typescript)"#)
    #expect(try eventually { try lastRun()?.state.posted.percent == 42 }, "\(pane.text)")
    type(pane, "")
    #expect(status(pane) == "0", "\(pane.text)")
    #expect(try lastRun()?.state.posted.percent == 7)
    let bytes = try #require(FileManager.default.contents(atPath: typescript))
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("a\u{1B}]9;4;1;42\u{1B}\\b"), "\(text.debugDescription)")
    #expect(text.contains("\u{1B}]9;4;1;7\u{07}c"), "\(text.debugDescription)")
  }

  @Test func throughPipesItExitsWithTheCommandsStatus() throws {
    let environment = islet.environment
    let three = try Binary.run(
      ["run", "--", "sh", "-c", "echo out; echo err >&2; exit 3"], environment: environment)
    #expect(three == Run(status: 3, stdout: "out\n", stderr: "err\n"))
    #expect(try lastRun()?.state.exit == .status(3))
    let killed = try Binary.run(["run", "--", "sh", "-c", "kill -TERM $$"], environment: environment)
    #expect(killed.status == 143)
    #expect(try lastRun()?.state.exit == .signal(15))
    let done = try Binary.run(["run", "ls", "-d", "/"], environment: environment)
    #expect(done == Run(status: 0, stdout: "/\n", stderr: ""))
    let ls = try lastRun()
    #expect(ls?.state.phase == .completed && ls?.name == "ls -d /")
  }

  /// Without --expect, a run's estimate is the median of its last successful runs of the same
  /// name; failed runs and other names do not count.
  @Test func theEstimateIsTheMedianOfTheLastSuccessfulRuns() throws {
    let environment = islet.environment
    let first = try Binary.run(["run", "--name", "Build", "--", "sleep", "1.2"], environment: environment)
    #expect(first.status == 0)
    #expect(try lastRun()?.attributes.expected == nil, "a first run has nothing to go by")
    _ = try Binary.run(
      ["run", "--name", "Build", "--", "sh", "-c", "sleep 3; exit 1"], environment: environment)
    _ = try Binary.run(["run", "--name", "Other", "--", "sleep", "2"], environment: environment)
    _ = try Binary.run(["run", "--name", "Build", "--", "true"], environment: environment)
    let expected = try #require(try lastRun()?.attributes.expected)
    #expect(
      (1200..<2500).contains(expected),
      "the one successful Build run, not the failed or the other: \(expected)")
    _ = try Binary.run(["run", "--name", "Build", "--expect", "9m", "--", "true"], environment: environment)
    #expect(try lastRun()?.attributes.expected == 540_000, "--expect wins")
  }

  @Test func aMissingCommandIs127AndOneThatCannotRun126() throws {
    let before = try runs().count
    let missing = try Binary.run(["run", "--", "frob"], environment: islet.environment)
    #expect(missing == Run(status: 127, stdout: "", stderr: "islet: run: no such command: frob\n"))
    let file = islet.folder.file("plain")
    try "not a program".write(toFile: file, atomically: true, encoding: .utf8)
    let plain = try Binary.run(["run", "--", file], environment: islet.environment)
    #expect(
      plain == Run(status: 126, stdout: "", stderr: "islet: run: cannot run \(file): Permission denied\n"))
    #expect(try runs().count == before, "nothing is recorded for a command that never ran")
  }
}
