import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletStore
@testable import IsletUI

@Suite struct TmuxSnippetTests {
  let islet = Sandbox()

  let say = ##"sh -c "$ISLET_RUN" islet "#{client_name}""##

  /// docs/TMUX.md shows the snippet as it is printed (for a binary in ~/.local/bin).
  @Test func theDocumentedSnippetIsWhatIsPrinted() throws {
    let run = islet("tmux", "--tmux-version", "3.3a")
    let printed = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      .filter { !$0.hasPrefix("# Warning: this is a debug build") }
      .map {
        $0.hasPrefix("set-environment -g ISLET_BIN ")
          ? #"set-environment -g ISLET_BIN "/home/ada/.local/bin/islet""# : $0
      }
    let page = try String(contentsOfFile: checkout + "/docs/TMUX.md", encoding: .utf8)
    // The snippet is the first block under its heading: the page shows other blocks before it.
    let section = try #require(
      page.components(separatedBy: "\n## The snippet\n").dropFirst().first,
      "docs/TMUX.md has no '## The snippet'")
    let block = try #require(
      section.components(separatedBy: "```\n").dropFirst().first, "docs/TMUX.md has no snippet")
    #expect(
      block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        == printed.dropLast(printed.last == "" ? 1 : 0) + [""],
      "docs/TMUX.md differs from what islet tmux prints; print it again into the page")
  }

  @Test func theSnippetBindsTheKeysInTheIsletTableAndTheSegment() {
    let run = islet("tmux", "--toggle-key", "F5", "--tmux-version", "3.3a")
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    // One islet follows the timers for the status line: tmux starts nothing each second.
    #expect(!lines.contains { $0.contains("status-interval") }, "\(lines)")
    #expect(lines.contains { $0.hasPrefix("set-environment -g ISLET_BIN \"/") && $0.hasSuffix("\"") })
    #expect(lines.contains("set -g @islet-island ' #(\"$ISLET_BIN\" status --follow --format tmux)'"))
    // The terminal channel's notification leaves a pane only through tmux's passthrough.
    let passthrough = lines.firstIndex(of: "set -gq allow-passthrough on")
    #expect(passthrough != nil, "the snippet does not let the terminal alerts through: \(lines)")
    #expect(
      passthrough.map { lines[$0 - 1].hasPrefix("# your terminal only when tmux lets it through") } == true)
    #expect(
      lines.contains(
        "if-shell -F '#{!=:#{m:*@islet-island*,#{status-right}},1}' 'set -ag status-right \"#{E:@islet-island}\"'"
      ))
    #expect(!lines.contains { $0.contains("status-right '") }, "nothing replaces the user's status-right")
    #expect(
      lines.contains {
        $0.hasPrefix(
          "bind-key T switch-client -T islet \\; display-message -d 0 \"Islet: F5 pause/resume, r reset")
      })
    #expect(lines.contains("bind-key -T islet F5 run-shell -b '\(say) toggle'"))
    #expect(lines.contains("bind-key -T islet r run-shell -b '\(say) reset'"))
    #expect(lines.contains("bind-key -T islet + run-shell -b '\(say) snooze'"))
    #expect(
      lines.contains("bind-key -T islet o split-window -d -v -l 1 '\"$ISLET_BIN\" --presentation compact'"))
    // The menu's command is left in @islet-menu by islet and run by the binding itself.
    let opening = { (keyboard: String) in
      "set-option -gu @islet-menu \\; run-shell '\(say) __tmux-menu --into @islet-menu \(keyboard)\"#{client_name}\"' \\; run-shell -C '#{@islet-menu}'"
    }
    #expect(lines.contains("bind-key -T islet m " + opening("--keyboard ")), "\(lines)")
    #expect(lines.contains("bind-key -n MouseDown3StatusRight " + opening("")), "\(lines)")
    // Outside the islet table only prefix T and the status line's mouse keys are bound.
    let outside = lines.filter { $0.hasPrefix("bind-key ") && !$0.hasPrefix("bind-key -T islet ") }
    #expect(
      outside.map { $0.split(separator: " ").prefix(3).joined(separator: " ") } == [
        "bind-key T switch-client", "bind-key -n MouseDown1StatusRight",
        "bind-key -n DoubleClick1StatusRight",
        "bind-key -n MouseDown3StatusRight", "bind-key -n MouseDown2StatusRight",
      ])
    #expect(!run.stdout.contains("range=user"), "tmux 3.3 has no user ranges")
    #expect(islet("tmux", "--end-key", "x; rm -rf ~").status == 64)
    #expect(islet("tmux", "--table-key", "").status == 64)
    #expect(
      islet("tmux", "--pane-key", "p").stderr.hasPrefix("Error: --toggle-key and --pane-key are both 'p'"))
    #expect(
      islet("tmux", "--tmux-version", "three")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: --tmux-version 'three' is not a tmux version; use one such as 3.3a or 3.4\nUsage: islet tmux [--table-key K] [--toggle-key K] [--reset-key K] [--complete-key K] [--end-key K] [--snooze-key K] [--skip-key K] [--plan-key K] [--pane-key K] [--start-key K] [--rename-key K] [--menu-key K] [--tmux-version V]\n"
        ))
  }

  /// From tmux 3.4 only the island is a button: a user range, and the status line's mouse keys
  /// ask `mouse_status_range`, keeping tmux's own actions elsewhere.
  @Test func forTmux34OnlyTheIslandIsAButton() {
    for version in ["3.4", "tmux next-3.5", "tmux master"] {
      let text = islet("tmux", "--tmux-version", version).stdout
      let lines = text.split(separator: "\n").map(String.init)
      #expect(
        lines.contains(
          "set -g @islet-island ' #[range=user|islet]#(\"$ISLET_BIN\" status --follow --format tmux)#[norange]'"
        ),
        "\(version)")
      #expect(
        lines.contains(
          "bind-key -n MouseDown1Status if-shell -F '#{==:#{mouse_status_range},islet}' { run-shell -b '\(say) toggle' } { select-window -t = }"
        ), "\(version)")
      // The menu is left in @islet-menu and run by the binding, so that it keeps the mouse;
      // from 3.5 it is also told so (-M).
      let mouse = version == "3.4" ? "" : "--mouse "
      #expect(
        lines.contains {
          $0.hasPrefix(
            "bind-key -n MouseDown3Status if-shell -F '#{==:#{mouse_status_range},islet}' { set-option -gu @islet-menu ; run-shell '\(say) __tmux-menu --into @islet-menu \(mouse)\"#{client_name}\"' ; run-shell -C '#{@islet-menu}' } { display-menu -T \"#[align=centre]#{window_index}:#{window_name}\""
          )
            && $0.hasSuffix("{ new-window } }")
        }, "the window menu stays tmux's: \(version)")
      #expect(!text.contains("StatusRight"), "\(version)")
    }
  }

  /// The plan key starts the plan the configuration names, as it is when the snippet is made.
  @Test func thePlanKeyStartsTheConfiguredPlanAndTheSkipKeySkips() {
    let keys = [
      "# Plans: start the configured one (plan = pomodoro), and skip to its next segment.",
      "bind-key -T islet P run-shell -b '\(say) start --plan pomodoro'",
      "bind-key -T islet s run-shell -b '\(say) skip'",
    ]
    let lines = islet("tmux").stdout.split(separator: "\n").map(String.init)
    #expect(keys.allSatisfy(lines.contains), "\(lines)")
    islet.writeConfig("plan = deep\nplan.deep = Deep work 50m, Break 10m\n")
    let chosen = islet("tmux", "--plan-key", "F6", "--skip-key", "C-s").stdout
    #expect(
      chosen.contains(
        "\nbind-key -T islet F6 run-shell -b '\(say) start --plan deep'\n"))
    #expect(chosen.contains("\nbind-key -T islet C-s run-shell -b '\(say) skip'\n"))
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
    #expect(outer.waitFor { _ in statusLine(outer).contains("▐ ⏱ Workout") })
    let first = statusLine(outer)
    #expect(outer.waitFor { _ in statusLine(outer) != first })
    // Bounded generously: under a full parallel run tmux's own redraw can lag by seconds; a
    // follower that missed the change would never show it.
    _ = try Binary.run(["pause", id], environment: islet.environment)
    #expect(outer.waitFor(within: 10) { _ in statusLine(outer).contains("⏸") }, "\(statusLine(outer))")
    _ = try Binary.run(["end", id], environment: islet.environment)
    #expect(outer.waitFor(within: 10) { _ in !statusLine(outer).contains("Workout") }, "\(statusLine(outer))")
  }

  /// On a plan whose work cannot end by the clock before the skip key lands (an hour, asking).
  @Test func thePlanAndSkipKeysStartAndSkip() throws {
    islet.writeConfig("plan = deep\nplan.deep = Deep work 1h, Break 10m; rounds 2; advance ask\n")
    let tmux = try IslandTmux(islet)
    // The inner status line is drawn once its configuration, the snippet, is loaded.
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("[0]") })
    #expect(tmux.isletKey("P"))
    #expect(eventually { self.live().map { "\($0.name) \($0.segment?.label ?? "-")" } == ["Deep Deep work"] })
    #expect(tmux.isletKey("s"))
    #expect(eventually { self.live().first?.state.progress?.part == .rest })
    #expect(live().first?.state.progress?.worked == 0, "a skipped work segment is not counted")
  }

  func live() -> [Activity] {
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { store.close() }
    return (try? store.liveActivities()) ?? []
  }

  @Test func userTextIsShownAndNeverRun() throws {
    let marker = islet.folder.file("pwned")
    _ = try Binary.run(["start", "--name", "#[fg=red]'\"$(touch \(marker))"], environment: islet.environment)
    _ = try Binary.run(["start", "--name", "#(touch \(marker))"], environment: islet.environment)
    let (outer, kill) = try innerTmux()
    defer { kill() }
    #expect(outer.waitFor { _ in statusLine(outer).contains("▐ ⏱ #(touch") })
    _ = try Binary.run(["end"], environment: islet.environment)
    #expect(outer.waitFor { _ in statusLine(outer).contains("▐ ⏱ #[fg=red]'\"$(touch") })
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  /// Typed text reaches islet as one literal argument, whatever quotes, `$(…)` or `#(…)` it holds.
  @Test func promptsTakeTypedTextLiterally() throws {
    let marker = islet.folder.file("ran")
    let id = try Binary.run(["start", "--name", "Focus"], environment: islet.environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let tmux = try IslandTmux(islet)
    let outer = tmux.outer
    #expect(outer.waitFor { _ in tmux.statusLine.contains("Focus") })
    let name = "Deep \"work\" $(touch \(marker)) #(id) 'q' `id` $HOME ; ~"
    #expect(tmux.isletKey("u"))
    #expect(outer.waitFor { $0.contains("Rename the timer:") })
    outer.send("-l", name)
    outer.send("Enter")
    #expect(eventually { self.name(of: id) == name })
    #expect(tmux.isletKey("n"))
    #expect(outer.waitFor { $0.contains("Countdown (25m or 50m/10m):") })
    outer.send("-l", "10m")
    outer.send("Enter")
    #expect(eventually { self.liveCount() == 2 })
    #expect(!FileManager.default.fileExists(atPath: marker))
  }

  /// The countdown prompt reads what it is typed as `islet start` reads its words: one
  /// duration in descending units, or a work and a break.
  @Test func theCountdownPromptReadsDurationsAsStartDoes() throws {
    let tmux = try IslandTmux(islet)
    let outer = tmux.outer
    for (typed, count) in [("1 hour 30 min", 1), ("50m / 10m", 2)] {
      #expect(tmux.isletKey("n"))
      #expect(outer.waitFor { $0.contains("Countdown (25m or 50m/10m):") })
      outer.send("-l", typed)
      outer.send("Enter")
      #expect(eventually { self.liveCount() == count }, "\(typed)")
    }
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else {
      Issue.record("no store")
      return
    }
    defer { store.close() }
    let live = try store.liveActivities()
    let lengths = live.map {
      $0.attributes.plan?.segments.map(\.duration) ?? [$0.attributes.fullDuration ?? 0]
    }
    let expected: Set<[Milliseconds]> = [[90 * 60_000], [50 * 60_000, 10 * 60_000]]
    #expect(Set(lengths) == expected, "\(live)")
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

/// When the island's job must nudge tmux to redraw: only for a line tmux may read in the same
/// second as the last one, which it would not redraw for.
@Suite struct TmuxStatusJobTests {
  func at(_ ms: Int64) -> Instant { Instant(milliseconds: ms) }

  @Test func aLineInTheSameSecondAsTheLastIsNudged() {
    #expect(TmuxStatusJob.mayWait(after: at(10_100), at: at(10_900)))
    #expect(!TmuxStatusJob.mayWait(after: at(10_100), at: at(11_050)))
  }

  /// tmux reads a line a moment after it is printed: one printed just before a second ends may
  /// be read in the next, with the line after it, a tick a second later too.
  @Test func aLineAfterOneReadLateIsNudged() {
    #expect(TmuxStatusJob.mayWait(after: at(10_995), at: at(11_200)))
    #expect(TmuxStatusJob.mayWait(after: at(10_995), at: at(11_995)))
    #expect(!TmuxStatusJob.mayWait(after: at(10_985), at: at(11_200)))
  }

  /// Ticks come a second apart, each in a second of its own: only those tmux may read late
  /// (in a second's last moments) are nudged.
  @Test func ticksAreNudgedOnlyAtTheEndOfASecond() {
    for phase in [0, 1, 500, 989] as [Int64] {
      let tick = at(10_000 + phase)
      #expect(!TmuxStatusJob.mayWait(after: tick, at: tick + 1000), "phase \(phase)")
    }
    #expect(TmuxStatusJob.mayWait(after: at(10_995), at: at(11_995)))
  }

  /// The last line before a quiet spell is redrawn once more just after the next second
  /// begins: a tick that follows comes first and takes its place.
  @Test func theLastLineIsRedrawnAfterTheNextSecondBegins() {
    #expect(TmuxStatusJob.settles(after: at(10_000)) == at(11_250))
    #expect(TmuxStatusJob.settles(after: at(10_999)) == at(11_250))
    #expect(TmuxStatusJob.settles(after: at(10_400)) > at(11_000), "after the next tick")
  }
}

/// The README's key tables, held to the declarations: the view's keys (`KeyBindings`) and
/// tmux's (`TmuxCommand.Keys`), so that neither drifts from what the code binds.
@Suite struct KeyTableTests {
  /// The backticked names of the first column of the README table under `header`, a row each.
  func readmeRows(under header: String) throws -> [(keys: [String], rest: String)] {
    let readme = try String(contentsOfFile: checkout + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: header), "the README has no table \(header)")
    return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { row in
      let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let names = cells[0].split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
      return (names, cells.dropFirst().joined(separator: "|"))
    }
  }

  func key(named name: String) -> Key? {
    switch name {
    case "space": return .character(" ")
    case "Enter": return .enter
    case "Esc": return .escape
    case "Tab": return .tab
    case "Shift-Tab": return .backTab
    case "↓": return .down
    case "↑": return .up
    default: return name.count == 1 ? .character(name.first!) : nil
    }
  }

  @Test func theViewsKeyTableNamesWhatTheViewBinds() throws {
    let rows = try readmeRows(under: "| key | does |")
    let named = rows.flatMap(\.keys)
    for name in named {
      let bound = try #require(key(named: name), "the README names a key '\(name)' the view has no name for")
      #expect(
        KeyBindings.action(of: bound) != nil,
        "the README says `\(name)` does something; the view binds nothing to it")
    }
    let documented = Set(
      named.compactMap { key(named: $0) }.compactMap { KeyBindings.action(of: $0) }.map { "\($0)" })
    for binding in KeyBindings.table {
      #expect(
        documented.contains("\(binding.action)"),
        "the README's key table leaves out \(binding.names) (\(binding.action))")
    }
  }

  @Test func tmuxsKeyTableIsTheSnippetsAndFollowsTheView() throws {
    let rows = try readmeRows(under: "| key after `prefix T` | does | option |")
    let keys = TmuxCommand.Keys()
    let documented = Dictionary(
      uniqueKeysWithValues: rows.map { row in
        // The option is the last cell's.
        (
          row.rest.split(separator: "|").last.map {
            String($0).replacingAll("`", with: "").trimmingCharacters(in: .whitespaces)
          }
            ?? "", row.keys.first ?? ""
        )
      })
    for (declared, path) in TmuxCommand.keyOptions {
      let option = declared.name
      #expect(
        documented["--" + option] == keys[keyPath: path],
        "--\(option): the README says \(documented["--" + option] ?? "nothing"), the snippet binds \(keys[keyPath: path])"
      )
    }
    #expect(
      documented.count == TmuxCommand.keyOptions.count,
      "the README's tmux table has rows no option sets: \(documented)")
    // Where the view has the action, tmux takes the view's letter.
    #expect(keys.complete == "c" && keys.skip == "s" && keys.snooze == "+" && keys.start == "n")
    for (letter, action) in [
      (keys.toggle, KeyAction.toggle), (keys.reset, .reset), (keys.complete, .complete),
      (keys.end, .end), (keys.snooze, .more), (keys.skip, .skip), (keys.start, .new),
    ] {
      #expect(
        KeyBindings.action(of: .character(Character(letter))) == action,
        "\(letter) does another thing in the view")
    }
    for letter in [keys.plan, keys.pane, keys.rename, keys.menu] {
      #expect(
        KeyBindings.action(of: .character(Character(letter))) == nil,
        "tmux's \(letter) is the view's too, for another thing")
    }
  }
}
