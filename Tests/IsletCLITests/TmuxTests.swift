import Foundation
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletStore

@Suite struct TmuxSnippetTests {
  let islet = Sandbox()

  @Test func theSnippetBindsTheKeysAndTheSegment() {
    let run = islet("tmux", "--toggle-key", "F5")
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains("set -g status-interval 1"))
    #expect(lines.contains { $0.hasPrefix("set-environment -g ISLET_BIN \"/") && $0.hasSuffix("\"") })
    #expect(lines.contains("set -ag status-right ' #(\"$ISLET_BIN\" status --format tmux)'"))
    #expect(lines.contains("bind-key F5 run-shell -b '\"$ISLET_BIN\" toggle >/dev/null 2>&1 || true'"))
    #expect(lines.contains { $0.hasPrefix("bind-key R run-shell -b") && $0.contains("reset") })
    #expect(
      lines.contains {
        $0.hasPrefix("bind-key I split-window -v -l 1") && $0.contains("--presentation compact")
      })
    #expect(islet("tmux", "--end-key", "x; rm -rf ~").status == 64)
  }

  /// The plan key starts the plan the configuration names, as it is when the snippet is made.
  @Test func thePlanKeyStartsTheConfiguredPlanAndTheSkipKeySkips() {
    let keys = [
      "# Plans: start the configured one (plan = pomodoro), and skip to its next segment.",
      "bind-key O run-shell -b '\"$ISLET_BIN\" start --plan pomodoro >/dev/null 2>&1 || true'",
      "bind-key S run-shell -b '\"$ISLET_BIN\" skip >/dev/null 2>&1 || true'",
    ]
    let lines = islet("tmux").stdout.split(separator: "\n").map(String.init)
    #expect(keys.allSatisfy(lines.contains), "\(lines)")
    islet.writeConfig("plan = deep\nplan.deep = Deep work 50m, Break 10m\n")
    let chosen = islet("tmux", "--plan-key", "F6", "--skip-key", "C-s").stdout
    #expect(
      chosen.contains(
        "\nbind-key F6 run-shell -b '\"$ISLET_BIN\" start --plan deep >/dev/null 2>&1 || true'\n"))
    #expect(chosen.contains("\nbind-key C-s run-shell -b '\"$ISLET_BIN\" skip >/dev/null 2>&1 || true'\n"))
    // A configuration it cannot read is said, as by every command.
    islet.writeConfig("plan = nope\n")
    #expect(
      islet("tmux")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: \(islet.folder.file("config/islet/config")):1: plan 'nope' is not a plan; use one of pomodoro, tabata, hiit, 52-17\n"
        ))
  }
}

/// tmux with the snippet loaded, inside an outer tmux whose pane shows the inner status line.
@Suite(.serialized) struct TmuxStatusLineTests {
  let islet = Sandbox()

  func innerTmux() throws -> (outer: TmuxSession, kill: () -> Void) { try islet.innerTmux() }

  func phase(of id: String) -> Phase? {
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return nil }
    defer { store.close() }
    return (try? store.activity(id: id))?.state.phase
  }

  var statusLine: (TmuxSession) -> String { { $0.screen().last(where: { !$0.isEmpty }) ?? "" } }

  @Test func theSegmentShowsTheTimerTicksAndFollowsOtherShells() throws {
    let id = try Binary.run(["start", "25m", "--name", "Workout"], environment: islet.environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let (outer, kill) = try innerTmux()
    defer { kill() }
    #expect(outer.waitFor { _ in statusLine(outer).contains("◖ ⏱ Workout") })
    let first = statusLine(outer)
    #expect(outer.waitFor { _ in statusLine(outer) != first })
    _ = try Binary.run(["pause", id], environment: islet.environment)
    #expect(outer.waitFor(within: 3) { _ in statusLine(outer).contains("⏸") })
    _ = try Binary.run(["end", id], environment: islet.environment)
    #expect(outer.waitFor(within: 3) { _ in !statusLine(outer).contains("Workout") })
  }

  @Test func eachBoundKeyDispatchesItsIntentAndPrintsNothing() throws {
    let id = try Binary.run(["start", "25m", "--name", "Focus"], environment: islet.environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let (outer, kill) = try innerTmux()
    defer { kill() }
    #expect(outer.waitFor { _ in statusLine(outer).contains("Focus") })
    let before = outer.screen().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
    for (key, phase) in [
      ("P", Phase.paused), ("P", .active), ("R", .idle), ("P", .active), ("D", .completed),
    ] {
      outer.send("C-b", key)
      #expect(eventually { self.phase(of: id) == phase }, "after \(key)")
    }
    let second = try Binary.run(["start", "--name", "Tea"], environment: islet.environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(outer.waitFor { _ in statusLine(outer).contains("Tea") })
    outer.send("C-b", "X")
    #expect(eventually { self.phase(of: second) == .ended })
    // Nothing was printed over the pane: the same lines as before the keys.
    #expect(outer.screen().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count == before)
    #expect(outer.waitFor { _ in !statusLine(outer).contains("◖") })
  }

  /// On a plan whose work cannot end by the clock before the skip key lands (an hour, asking).
  @Test func thePlanAndSkipKeysStartAndSkip() throws {
    islet.writeConfig("plan = deep\nplan.deep = Deep work 1h, Break 10m; rounds 2; advance ask\n")
    let (outer, kill) = try innerTmux()
    defer { kill() }
    // The inner status line is drawn once its configuration, the snippet, is loaded.
    #expect(outer.waitFor { _ in statusLine(outer).contains("[0]") })
    outer.send("C-b", "O")
    #expect(eventually { self.live().map { "\($0.name) \($0.segment?.label ?? "-")" } == ["Deep Deep work"] })
    outer.send("C-b", "S")
    #expect(eventually { self.live().first?.state.progress?.part == .rest })
    #expect(live().first?.state.progress?.worked == 0, "a skipped work segment is not counted")
  }

  func live() -> [Activity] {
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { store.close() }
    return (try? store.liveActivities()) ?? []
  }

  @Test func thePaneKeyOpensAOneRowIsland() throws {
    _ = try Binary.run(["start", "25m", "--name", "Workout"], environment: islet.environment)
    let (outer, kill) = try innerTmux()
    defer { kill() }
    #expect(outer.waitFor { _ in statusLine(outer).contains("Workout") })
    outer.send("C-b", "I")
    // A row of its own, starting with the island's pill.
    #expect(outer.waitFor { $0.contains("\n◖ ⏱ Workout") })
  }

  @Test func userTextIsShownAndNeverRun() throws {
    let marker = islet.folder.file("pwned")
    _ = try Binary.run(["start", "--name", "#[fg=red]'\"$(touch \(marker))"], environment: islet.environment)
    _ = try Binary.run(["start", "--name", "#(touch \(marker))"], environment: islet.environment)
    let (outer, kill) = try innerTmux()
    defer { kill() }
    #expect(outer.waitFor { _ in statusLine(outer).contains("◖ ⏱ #(touch") })
    _ = try Binary.run(["end"], environment: islet.environment)
    #expect(outer.waitFor { _ in statusLine(outer).contains("◖ ⏱ #[fg=red]'\"$(touch") })
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  /// Typed text reaches islet as one literal argument, whatever quotes, `$(…)` or `#(…)` it holds.
  @Test func promptsTakeTypedTextLiterally() throws {
    let marker = islet.folder.file("ran")
    let id = try Binary.run(["start", "--name", "Focus"], environment: islet.environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let (outer, kill) = try innerTmux()
    defer { kill() }
    #expect(outer.waitFor { _ in statusLine(outer).contains("Focus") })
    let name = "Deep \"work\" $(touch \(marker)) #(id) 'q' `id` $HOME ; ~"
    outer.send("C-b", "N")
    #expect(outer.waitFor { $0.contains("Rename the timer:") })
    outer.send("-l", name)
    outer.send("Enter")
    #expect(eventually { self.name(of: id) == name })
    outer.send("C-b", "T")
    #expect(outer.waitFor { $0.contains("Countdown (e.g. 25m):") })
    outer.send("-l", "10m")
    outer.send("Enter")
    #expect(eventually { self.liveCount() == 2 })
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  func name(of id: String) -> String? {
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return nil }
    defer { store.close() }
    return (try? store.activity(id: id))?.name
  }

  func liveCount() -> Int {
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return 0 }
    defer { store.close() }
    return (try? store.liveActivities().count) ?? 0
  }
}
