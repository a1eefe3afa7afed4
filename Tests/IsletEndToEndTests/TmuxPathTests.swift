import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletStore

/// The tmux snippet of a binary whose path holds the characters tmux and /bin/sh treat
/// specially: each binding, the status line and the prompts still run that binary.
@Suite(.serialized) struct TmuxPathTests {
  let islet = Sandbox()

  /// A folder named with ' space " $ # \ ; ( ) and a copy of the built binary in it (a hard
  /// link where it can: /proc/self/exe names the path it was started by, unlike a symlink).
  func awkwardCopy() throws -> String {
    let folder = islet.folder.file(#"o'brien "q" $HOME #S \b ;x (p)"#)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let copy = folder + "/islet"
    try placeBinary(at: copy)
    return copy
  }

  func liveActivities() -> [Activity] {
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { store.close() }
    return (try? store.liveActivities()) ?? []
  }

  @Test func theSnippetNamesThePathExactlyOnce() throws {
    let copy = try awkwardCopy()
    let run = try Binary.run(["tmux"], environment: islet.environment, executable: copy)
    #expect(run.status == 0, "\(run)")
    let escaped = copy.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\"", with: "\\\""
    )
    .replacingOccurrences(of: "$", with: "\\$")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("set-environment -g ISLET_BIN \"\(escaped)\""), "\(run.stdout)")
    #expect(lines.filter { $0.contains("o'brien") }.count == 1)
    #expect(TmuxCommand.tmuxDoubleQuoted("a\u{1}\n\u{7F}é") == "a\\001\\012\\177é")
  }

  @Test func everyBindingRunsTheBinaryAtThatPath() throws {
    let copy = try awkwardCopy()
    // The original binary is nowhere on PATH: only the copy can answer.
    let (outer, kill) = try islet.innerTmux(executable: copy, height: 10)
    defer { kill() }
    let statusLine = { outer.screen().last(where: { !$0.isEmpty }) ?? "" }
    #expect(outer.waitFor { _ in statusLine().contains("[0]") }, "\(outer.text)")

    // p in the islet table: run-shell. A stopwatch starts.
    outer.send("C-b", "T")
    #expect(outer.waitFor { $0.contains("Islet: p pause/resume") })
    outer.send("p")
    #expect(eventually { liveActivities().map(\.name) == ["Timer"] }, "\(outer.text)")
    // #(…) in status-right: the island.
    #expect(outer.waitFor { _ in statusLine().contains("▐ ⏱ Timer") }, "\(outer.text)")
    // t: command-prompt, then set-buffer and run-shell.
    outer.send("C-b", "T")
    #expect(outer.waitFor { $0.contains("Islet: p pause/resume") })
    outer.send("n")
    #expect(outer.waitFor { $0.contains("Countdown (25m or 50m/10m):") })
    outer.send("-l", "5m")
    outer.send("Enter")
    #expect(eventually { liveActivities().contains { $0.state.duration == 5 * 60_000 } }, "\(outer.text)")
    // o: split-window. A one-row island of its own.
    outer.send("C-b", "T")
    #expect(outer.waitFor { $0.contains("Islet: p pause/resume") })
    outer.send("o")
    #expect(
      outer.waitFor {
        $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("▐ ⏱ Timer") }
      }, "\(outer.text)")
  }

  @Test func aPathThatIsNotUTF8IsRefusedNamingIt() throws {
    let run = try Binary.run(
      [
        "-c",
        #"mkdir "$1/$(printf 'bad\377')" && ln "$0" "$1/$(printf 'bad\377')/islet" && exec "$1/$(printf 'bad\377')/islet" tmux"#,
        Binary.path, islet.folder.path,
      ], environment: islet.environment, executable: "/bin/sh")
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr: "Error: this binary's path is not valid UTF-8 ('\(islet.folder.path)/bad\\xFF/islet'), "
            + "which tmux cannot keep; install islet under a UTF-8 path\n"))
  }
}
