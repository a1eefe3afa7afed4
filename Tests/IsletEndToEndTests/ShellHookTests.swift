import Foundation
import IsletCLITestSupport
import Testing

/// `islet shell-init` loaded in real interactive bash, zsh and fish in a private tmux, with
/// the built binary: a short command records nothing, a command still running after
/// `--after 1s` is a live activity while it runs and then done or failed with its status,
/// and the pane shows no job-control lines.
@Suite struct ShellHookTests {
  /// How each shell is started with an rc file that loads the hook: its command, and the
  /// environment it needs.
  struct Setup {
    var command: [String]
    var environment: [String: String] = [:]
  }

  /// The rc file for `shell`: a prompt to wait for, what the user had before (for bash:
  /// `set -u`, a PROMPT_COMMAND and a DEBUG trap, chained), the hook loaded twice, as an rc
  /// file sourced again would, and (bash) a PROMPT_COMMAND put before the hook's afterwards.
  func setup(_ shell: String, path: String, hook: String, islet: Sandbox) throws -> Setup {
    let folder = islet.folder
    switch shell {
    case "bash":
      let rc =
        "set -u\nmine=0 traced=0\nPS1='ready$ '\nPROMPT_COMMAND='mine=$((mine+1))'\ntrap 'traced=$((traced+1))' DEBUG\n"
        + hook + hook + "PROMPT_COMMAND=\"false; $PROMPT_COMMAND\"\n"
      folder.write("bashrc", Array(rc.utf8))
      return Setup(command: [path, "--noprofile", "--rcfile", folder.file("bashrc"), "-i"])
    case "zsh":
      try FileManager.default.createDirectory(atPath: folder.file("zdot"), withIntermediateDirectories: true)
      folder.write("zdot/.zshrc", Array(("PS1='ready$ '\n" + hook + hook).utf8))
      return Setup(command: [path, "-i"], environment: ["ZDOTDIR": folder.file("zdot")])
    default:
      folder.write("config.fish", Array(("function fish_prompt; echo -n 'ready$ '; end\n" + hook).utf8))
      return Setup(command: [path, "--no-config", "-i", "-C", "source " + folder.file("config.fish")])
    }
  }

  /// Every activity, live or ended, as `list --all --json` prints them.
  func activities(_ islet: Sandbox) throws -> [[String: Any]] {
    let run = try islet.binary("list", "--all", "--json")
    let parsed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
    return try #require(parsed, "list --json printed \(run)")
  }

  func activity(_ islet: Sandbox, named name: String) throws -> [String: Any]? {
    try activities(islet).first { $0["name"] as? String == name }
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func longCommandsBecomeLiveActivitiesAndShortOnesRecordNothing(shell: String) throws {
    let folders = ["/usr/bin", "/bin", "/usr/local/bin"]
    let candidates = folders.map { "\($0)/\(shell)" }
    guard let path = candidates.first(where: { (file: String) in access(file, X_OK) == 0 }) else {
      print("ShellHookTests: \(shell) is not installed; its hook is not tried")
      return
    }
    let islet = Sandbox()
    let runtime = islet.folder.file("run")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    islet.extra["XDG_RUNTIME_DIR"] = runtime
    let hook = try islet.binary("shell-init", shell, "--after", "1s")
    #expect(hook.status == 0 && hook.stderr.isEmpty, "\(hook)")
    let setup = try setup(shell, path: path, hook: hook.stdout, islet: islet)
    // The watcher leaves its session (setsid): it is ended here, not with the pane.
    defer {
      for pid in processes(where: { words, _ in
        words.contains("__shell-watch") && words.contains { $0.hasPrefix(runtime) }
      }) {
        kill(pid, SIGKILL)
      }
    }
    let pane = try TmuxSession(
      width: 100, height: 30,
      environment: islet.environment.merging(setup.environment.merging(["TERM": "xterm-256color"]) { $1 }) {
        $1
      },
      command: ["/usr/bin/timeout", "--foreground", "-s", "KILL", "120"] + setup.command,
      folder: islet.folder.path)
    defer {
      pane.send("exit", "Enter")
      _ = pane.waitForExit()
    }
    #expect(pane.waitFor { $0.contains("ready$") }, "no prompt:\n\(pane.text)")

    // A short command: the hook sees it (its shell's file says so), and nothing is recorded.
    pane.send("true", "Enter")
    pane.send("echo short-done", "Enter")
    #expect(pane.waitFor { $0.contains("\nshort-done") }, "\(pane.text)")
    let file = try #require(
      try FileManager.default.contentsOfDirectory(atPath: runtime + "/islet").first {
        $0.hasPrefix("shell-")
      },
      "no file of the hook's in \(runtime)/islet:\n\(pane.text)")
    let lines = try String(contentsOfFile: runtime + "/islet/" + file, encoding: .utf8)
    #expect(
      lines.hasPrefix("b true\ne 0\nb echo short-done\ne 0\n"), "the hook's lines, once each:\n\(lines)")
    #expect(try activities(islet).isEmpty)
    #expect(try islet.binary("log").stdout.contains("No sessions yet"))

    // A long one: live while it runs, started when it began, then done with its elapsed time.
    pane.send("sleep 4", "Enter")
    var live: [String: Any]?
    #expect(
      try eventually(within: 4) {
        live = try activity(islet, named: "sleep 4"); return live != nil
      })
    #expect(live?["phase"] as? String == "active", "\(live ?? [:])")
    #expect(live?["icon"] as? String == "code", "\(live ?? [:])")
    var done: [String: Any]?
    #expect(
      try eventually(within: 10) {
        done = try activity(islet, named: "sleep 4")
        return done?["phase"] as? String != "active"
      })
    #expect(done?["phase"] as? String == "completed", "\(done ?? [:])")
    let elapsed = done?["elapsed"] as? Double ?? 0
    #expect(elapsed >= 3.8 && elapsed < 5.5, "sleep 4 ran \(elapsed) s")

    // A failing one: failed with its exit status.
    pane.send("sh -c 'sleep 2; exit 3'", "Enter")
    var failed: [String: Any]?
    #expect(
      try eventually(within: 10) {
        failed = try activity(islet, named: "sh -c 'sleep 2; exit 3'")
        return failed?["phase"] as? String == "failed"
      }, "\(failed ?? [:])")
    #expect((failed?["exit"] as? [String: Any])?["status"] as? Int == 3, "\(failed ?? [:])")

    let all = try activities(islet)
    #expect(all.count == 2, "only the two long commands: \(all)")
    // No job-control lines (the watcher is started where the shell makes no job of it), and
    // no complaint of the shell's about the hook (bash's `set -u` included).
    let text = pane.text
    for noise in [
      "[1]", "Done", "Job ", "has ended", "Exit ", "unbound variable", "not found", "syntax error",
      "parse error",
    ] {
      #expect(!text.contains(noise), "the pane shows \(noise):\n\(text)")
    }
    if shell == "bash" {
      // What the rc file had before the hook still runs.
      pane.send("echo \"chained $((mine > 2)) $((traced > 2))\"", "Enter")
      #expect(pane.waitFor { $0.contains("chained 1 1") }, "\(pane.text)")
    }
  }

  @Test func ctrlZPausesTheActivityAndFgResumesIt() throws {
    let islet = Sandbox()
    let runtime = islet.folder.file("run")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    islet.extra["XDG_RUNTIME_DIR"] = runtime
    let hook = try islet.binary("shell-init", "bash", "--after", "1s").stdout
    let setup = try setup("bash", path: "/bin/bash", hook: hook, islet: islet)
    defer {
      for pid in processes(where: { words, _ in
        words.contains("__shell-watch") && words.contains { $0.hasPrefix(runtime) }
      }) {
        kill(pid, SIGKILL)
      }
    }
    let pane = try TmuxSession(
      width: 100, height: 30, environment: islet.environment.merging(["TERM": "xterm-256color"]) { $1 },
      command: ["/usr/bin/timeout", "--foreground", "-s", "KILL", "120"] + setup.command,
      folder: islet.folder.path)
    defer {
      pane.send("exit", "Enter")
      _ = pane.waitForExit()
    }
    #expect(pane.waitFor { $0.contains("ready$") }, "no prompt:\n\(pane.text)")
    func phase() throws -> String? { try activity(islet, named: "sleep 5")?["phase"] as? String }

    pane.send("sleep 5", "Enter")
    #expect(try eventually(within: 4) { try phase() == "active" })
    pane.send("C-z")
    #expect(try eventually(within: 4) { try phase() == "paused" }, "a stop is a pause, not a failure")
    pane.send("fg", "Enter")
    #expect(try eventually(within: 4) { try phase() == "active" }, "fg resumes the same activity")
    #expect(try eventually(within: 10) { try phase() == "completed" }, "it should end done")
    #expect(try activities(islet).count == 1, "fg made no activity of its own")
  }
}
