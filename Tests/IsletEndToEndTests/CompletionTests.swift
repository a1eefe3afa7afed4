import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI

/// The completion scripts, in the real shells: bash through its completion variables, fish
/// through `complete -C`, zsh in a tmux pane with Tab typed.
@Suite(.serialized) struct CompletionTests {
  let islet = Sandbox()

  /// The sandbox's environment, with the built islet first on PATH as `islet`.
  var environment: [String: String] {
    let folder = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
    return islet.environment.merging(["PATH": folder + ":" + (islet.environment["PATH"] ?? "")]) { $1 }
  }

  /// Two live stopwatches, one named with a space and one with a quote; their ids.
  func twoActivities() throws -> [String] {
    try ["Deep work", "Ada's tea"].map { name in
      let run = try islet.binary("start", "--name", name)
      #expect(run.status == 0, "\(run)")
      return run.stdout.trimmingCharacters(in: .newlines)
    }
  }

  func script(_ shell: String, file: String) throws -> String {
    let run = try islet.binary("completions", shell)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let path = islet.folder.file(file)
    try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// What bash's completion offers for the words of `line` (the last one being typed), each
  /// entry read back as the shell word it would insert.
  func bash(_ words: [String], script path: String) throws -> [String] {
    let quoted = words.map(TmuxSession.quoted).joined(separator: " ")
    let code = """
      source \(TmuxSession.quoted(path))
      COMP_WORDS=(\(quoted))
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMP_LINE="${COMP_WORDS[*]}"
      COMP_POINT=${#COMP_LINE}
      _islet
      for entry in "${COMPREPLY[@]}"; do eval "printf '%s\\n' $entry"; done
      """
    let run = try Binary.run(
      ["--norc", "-c", code], environment: environment, executable: program("bash") ?? "/bin/bash")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    return run.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsOptionsValuesAndTheLiveNames() throws {
    let ids = try twoActivities()
    let path = try script("bash", file: "islet.bash")
    #expect(try bash(["islet", "sta"], script: path) == ["start", "status"])
    #expect(try Set(bash(["islet", "pause", ""], script: path)) == Set(ids + ["Deep work", "Ada's tea"]))
    #expect(try bash(["islet", "pause", "De"], script: path) == ["Deep work"])
    #expect(try bash(["islet", "status", "--pres"], script: path) == ["--presentation"])
    #expect(try bash(["islet", "status", "--presentation", "l"], script: path) == ["lockscreen"])
    #expect(
      try bash(["islet", "status", "--format", "=", "i3"], script: path) == [
        "i3blocks", "i3bar", "i3status-rs",
      ])
    #expect(try bash(["islet", "--theme", "l"], script: path) == ["light"])
    #expect(try bash(["islet", "start", "--plan", "ta"], script: path) == ["tabata"])
    #expect(
      try bash(["islet", "start", "--advance", ""], script: path) == ["auto", "ask", "breaks", "work"])
    #expect(try bash(["islet", "start", "--name", ""], script: path) == [], "a name is anything")
    #expect(try bash(["islet", "completions", ""], script: path) == ["bash", "zsh", "fish"])
    let commands = try bash(["islet", ""], script: path)
    #expect(commands == commandSpecs.flatMap(\.words))
    #expect(!commands.contains { $0.hasPrefix("__") }, "hidden commands are not offered")
  }

  @Test func bashAsksTheStoreTheCommandLineNames() throws {
    _ = try twoActivities()
    let other = Sandbox()
    let id = try other.binary("start", "--name", "Elsewhere").stdout.trimmingCharacters(in: .newlines)
    let path = try script("bash", file: "islet.bash")
    #expect(
      try Set(bash(["islet", "--db", other.storePath, "pause", ""], script: path)) == [id, "Elsewhere"])
    #expect(
      try Set(bash(["islet", "pause", "--db", other.storePath, ""], script: path)) == [id, "Elsewhere"])
  }

  @Test func fishCompletesCommandsValuesAndTheLiveNames() throws {
    let ids = try twoActivities()
    let path = try script("fish", file: "islet.fish")
    func complete(_ line: String) throws -> [String] {
      let run = try Binary.run(
        ["--no-config", "-c", "source \(TmuxSession.quoted(path)); complete -C \(TmuxSession.quoted(line))"],
        environment: environment, executable: program("fish") ?? "/usr/bin/fish")
      #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
      return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }
    #expect(try complete("islet sta") == ["start", "status"])
    #expect(try Set(complete("islet pause ")) == Set(ids + ["Deep work", "Ada's tea"]))
    #expect(try complete("islet status --format i3") == ["i3bar", "i3blocks", "i3status-rs"])
    #expect(try complete("islet start --plan ta") == ["tabata"])
  }

  @Test func zshLoadsTheScriptCleanly() throws {
    let folder = islet.folder.file("functions")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = try script("zsh", file: "functions/_islet")
    let load =
      "fpath=(\(TmuxSession.quoted(folder)) $fpath); autoload -U compinit; compinit -u -D; source \(TmuxSession.quoted(folder + "/_islet"))"
    let run = try Binary.run(
      ["-f", "-c", load], environment: environment, executable: program("zsh") ?? "/usr/bin/zsh")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
  }

  @Test func zshCompletesWithTabInARealTerminal() throws {
    _ = try twoActivities()
    let folder = islet.folder.file("functions")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    _ = try script("zsh", file: "functions/_islet")
    try FileManager.default.createDirectory(
      atPath: islet.folder.file("zdot"), withIntermediateDirectories: true)
    // As a user sets it up: the folder on fpath, then compinit, in .zshrc.
    islet.folder.write(
      "zdot/.zshrc",
      Array(
        "PS1='%% '\nfpath=(\(TmuxSession.quoted(folder)) $fpath)\nautoload -U compinit\ncompinit -u -D\n".utf8
      ))
    let zsh = try TmuxSession(
      width: 120, height: 30,
      environment: environment.merging(["ZDOTDIR": islet.folder.file("zdot"), "TERM": "xterm-256color"]) {
        $1
      },
      // Bounded: tmux's server holds whatever files were open when it started, so a zsh left
      // running would keep another test's pipe open.
      command: [
        "/usr/bin/timeout", "--foreground", "-s", "KILL", "120", program("zsh") ?? "/usr/bin/zsh", "-i",
      ],
      folder: islet.folder.path)
    // An interactive zsh outlives tmux's hangup: it is told to exit, so nothing is left running.
    defer {
      zsh.send("C-c")
      zsh.send("exit", "Enter")
      _ = zsh.waitForExit()
    }
    #expect(zsh.waitFor { $0.contains("%") }, "no prompt:\n\(zsh.text)")

    zsh.send("islet sta", "Tab")
    #expect(
      zsh.waitFor { $0.contains("start   -- start a countdown") && $0.contains("status  -- one line") },
      "\(zsh.text)")
    zsh.send("C-c", "clear", "Enter")
    #expect(zsh.waitFor { !$0.contains("start") }, "\(zsh.text)")

    zsh.send("islet pause ", "Tab")
    #expect(zsh.waitFor { $0.contains("Deep work") && $0.contains("Ada's tea") }, "\(zsh.text)")
    zsh.send("C-c", "clear", "Enter")
    #expect(zsh.waitFor { !$0.contains("Deep") })

    zsh.send("islet pause De", "Tab")
    #expect(zsh.waitFor { $0.contains("% islet pause Deep\\ work") }, "\(zsh.text)")
  }

  @Test func theValuesOnlyTheUsersFilesKnowIncludeTheirs() throws {
    let mono = try String(contentsOfFile: checkout + "/Themes/mono.json", encoding: .utf8)
    try FileManager.default.createDirectory(
      atPath: islet.folder.file("config/islet/themes"), withIntermediateDirectories: true)
    try mono.write(
      toFile: islet.folder.file("config/islet/themes/ocean.json"), atomically: true, encoding: .utf8)
    islet.writeConfig("plan.deep = Deep work 50m, Break 10m; rounds 3\n")
    let themes = islet("__complete", "themes")
    #expect(themes.status == 0, "\(themes)")
    #expect(
      themes.stdout.split(separator: "\n").map { $0.prefix { $0 != "\t" } } == [
        "default", "light", "high-contrast", "mono", "ocean",
      ])
    let plans = islet("__complete", "plans")
    #expect(plans.stdout.hasPrefix("deep\tDeep work 50m, Break 10m × 3 · auto\n"), "\(plans)")
    #expect(islet("__complete", "icons").stdout.contains("coffee\t☕\n"))
    #expect(
      islet("__complete", "activities") == Run(status: 0, stdout: "", stderr: ""), "no store yet: nothing")
  }

  @Test func theDeclaredShellsAreTheScriptsThereAre() {
    let shells = CompletionScript.Shell.allCases.map(\.rawValue)
    #expect(CompletionsCommand.specs.first?.operandCompletion == .words(shells))
  }

  @Test func aShellIsletDoesNotCompleteIsAUsageError() {
    let run = islet("completions", "csh")
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix("Error: 'csh' is not a shell islet completes; use bash, zsh, fish\n"), "\(run)")
    let none = islet("completions")
    #expect(none.status == 64)
    #expect(none.stderr.hasPrefix("Error: completions needs a shell: bash, zsh, fish\n"), "\(none)")
  }
}
