import Foundation
import IsletCLITestSupport
import IsletTestSupport
import Testing

/// The view's progress on the terminal's tab (OSC 9;4) and its title (OSC 2), as the bytes
/// reach a terminal: a pseudo-terminal read raw, the view run in a shell on it, or in a tmux
/// whose client runs on it (the sequences passed through to it).
@Suite(.serialized) struct TabSequenceTests {
  let islet = Sandbox()

  /// The sandbox's environment for a terminal of the xterm kind, the title on, and a countdown
  /// of 200 seconds just started: a whole percent every two seconds.
  func startBrewing() throws -> [String: String] {
    islet.writeConfig("title = on\n")
    let started = try Binary.run(["start", "200s", "--name", "Brew"], environment: islet.environment)
    #expect(started.status == 0, "\(started)")
    return islet.environment.merging(["TERM": "xterm-256color"]) { $1 }
  }

  static func progresses(_ sequences: [PtyTerminal.Sequence]) -> [String] {
    sequences.compactMap { if case .progress(let body) = $0 { body } else { nil } }
  }

  static func titles(_ sequences: [PtyTerminal.Sequence]) -> [String] {
    sequences.compactMap { if case .title(let text) = $0 { text } else { nil } }
  }

  /// Whether the view has shown two whole percents of the countdown and the title with its name.
  static func showsBrewing(_ sequences: [PtyTerminal.Sequence]) -> Bool {
    Set(progresses(sequences).filter { $0.hasPrefix("1;") }).count >= 2
      && titles(sequences).contains { $0.contains("Brew") }
  }

  /// In a shell: the view shows the countdown's progress, a change at a time, and its text as
  /// the title (the terminal's own kept first); Ctrl-Z clears the one and puts the other back,
  /// `fg` shows them again, and `q` gives them back for good.
  @Test func theTabShowsTheCountdownAndIsGivenBackOnAStopAndAtTheExit() throws {
    var environment = try startBrewing()
    environment["PS1"] = "$ "
    let terminal = try PtyTerminal(
      ["/bin/bash", "--norc", "--noprofile", "-i"], environment: environment, folder: islet.folder.path)
    #expect(eventually { terminal.text.contains("$ ") }, "\(terminal.text)")
    terminal.type("'\(Binary.path)'\n")
    #expect(eventually { Self.showsBrewing(terminal.sequences) }, "\(terminal.sequences)")
    let shown = terminal.sequences
    #expect(
      shown.firstIndex(of: .pushTitle) ?? .max < shown.firstIndex { $0.description.hasPrefix("title") } ?? 0,
      "the terminal's title is kept before the first of the view's: \(shown)")

    terminal.type("\u{1A}")
    #expect(eventually { terminal.text.contains("Stopped") }, "\(terminal.text.suffix(300))")
    let stopped = terminal.sequences
    #expect(stopped.suffix(2) == [.progress("0"), .popTitle], "a stop gives the tab back: \(stopped)")

    terminal.type("fg\n")
    #expect(eventually { terminal.sequences.count >= stopped.count + 3 }, "\(terminal.sequences)")
    let resumed = Array(terminal.sequences.dropFirst(stopped.count).prefix(3))
    #expect(
      resumed.count == 3 && Self.progresses([resumed[0]]).first?.hasPrefix("1;") == true
        && resumed[1] == .pushTitle && Self.titles([resumed[2]]).first?.contains("Brew") == true,
      "shown again after fg: \(resumed)")

    terminal.type("q")
    #expect(
      eventually { terminal.sequences.suffix(2) == [.progress("0"), .popTitle] }, "\(terminal.sequences)")
    let all = terminal.sequences
    let progresses = Self.progresses(all)
    #expect(
      zip(progresses, progresses.dropFirst()).allSatisfy { $0 != $1 }, "each progress once: \(progresses)")
    #expect(all.filter { $0 == .pushTitle }.count == all.filter { $0 == .popTitle }.count, "\(all)")
    terminal.type("exit\n")
    #expect(eventually { !terminal.isRunning })
  }

  /// Inside tmux, with `allow-passthrough on`, the progress and the title reach the terminal
  /// tmux's client runs on, and are given back there when the view quits.
  @Test func insideTmuxTheyPassThroughToTheOuterTerminal() throws {
    let environment = try startBrewing()
    let server = "islet-tab-\(UUID().uuidString.prefix(8))"
    let configuration = islet.folder.file("tmux.conf")
    try "set -g allow-passthrough on\n".write(toFile: configuration, atomically: true, encoding: .utf8)
    defer {
      _ = try? Binary.run(
        ["-L", server, "kill-server"], environment: environment, executable: "/usr/bin/tmux")
    }
    let terminal = try PtyTerminal(
      ["/usr/bin/tmux", "-L", server, "-f", configuration, "new-session", Binary.path],
      environment: environment,
      folder: islet.folder.path)
    #expect(eventually { Self.showsBrewing(terminal.sequences) }, "\(terminal.sequences)")
    terminal.type("q")
    #expect(
      eventually { terminal.sequences.suffix(2) == [.progress("0"), .popTitle] }, "\(terminal.sequences)")
    #expect(eventually { !terminal.isRunning }, "the view's pane closed, and tmux's client with it")
  }
}
