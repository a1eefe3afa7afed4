import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// The snippet in a real tmux configured as a user's: sourced again and again, its key table,
/// its prompts' messages, and clicks on the status line.
@Suite(.serialized) struct TmuxIslandTests {
  let islet = Sandbox()

  func start(_ arguments: String...) throws -> String {
    try Binary.run(["start"] + arguments, environment: islet.environment).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  func phase(of id: String) -> Phase? {
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return nil }
    defer { store.close() }
    return (try? store.activity(id: id))?.state.phase
  }

  func live() -> [Activity] {
    guard let store = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { store.close() }
    return (try? store.liveActivities()) ?? []
  }

  @Test func sourcedThreeTimesItLeavesOneIslandAfterTheUsersStatusRight() throws {
    _ = try start("25m", "--name", "Workout")
    let tmux = try IslandTmux(islet, userStatusRight: "USER-RIGHT", times: 3)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("▐ ⏱ Workout") }, "\(tmux.statusLine)")
    let line = tmux.statusLine
    #expect(line.components(separatedBy: "▐").count == 2, "one island: \(line)")
    #expect(line.components(separatedBy: "USER-RIGHT").count == 2, "the user's status-right once: \(line)")
    #expect(line.range(of: "USER-RIGHT")!.lowerBound < line.range(of: "▐")!.lowerBound, "\(line)")
    #expect(
      tmux.inner(["show", "-gv", "status-right"]) == "USER-RIGHT#{E:@islet-island}\n",
      "the option holds the user's text and the island once")
  }

  @Test func keysInTheIsletTableDoWhatTheySay() throws {
    let id = try start("25m", "--name", "Focus")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Focus") })
    let before = tmux.outer.screen().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
    for (key, phase) in [
      ("p", Phase.paused), ("p", .active), ("r", .idle), ("p", .active), ("c", .completed),
    ] {
      #expect(tmux.isletKey(key), "prefix T \(key): the client entered the islet table")
      #expect(
        eventually { self.phase(of: id) == phase },
        "after prefix T \(key): \(String(describing: self.phase(of: id)))")
    }
    let second = try start("--name", "Tea")
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Tea") })
    #expect(tmux.isletKey("x"))
    #expect(eventually { self.phase(of: second) == .ended }, "after prefix T x")
    // Nothing was printed over the pane, and tmux's own prefix D and I are untouched.
    #expect(tmux.outer.screen().filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count == before)
    let prefix = tmux.inner(["list-keys", "-T", "prefix"])
    #expect(prefix.contains("prefix D ") && prefix.contains("choose-client"), "tmux's prefix D stays")
    #expect(!prefix.contains("ISLET"), "only prefix T is Islet's: \(prefix)")
  }

  @Test func thePaneOpensWithTheFocusLeftWhereItWas() throws {
    _ = try start("25m", "--name", "Workout")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") })
    let active = tmux.inner(["display-message", "-p", "#{pane_id}"])
    #expect(tmux.isletKey("o"))
    #expect(
      tmux.outer.waitFor {
        $0.split(separator: "\n").contains {
          $0.trimmingCharacters(in: .whitespaces).hasPrefix("▐ ⏱ Workout")
        }
      }, "a row of its own: \(tmux.outer.text)")
    #expect(tmux.inner(["display-message", "-p", "#{window_panes}"]) == "2\n")
    #expect(tmux.inner(["display-message", "-p", "#{pane_id}"]) == active, "the focus stayed on the pane")
  }

  @Test func aRefusedPromptValueIsShownWithIsletsReason() throws {
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("USER-RIGHT") })
    for (typed, reason) in [
      ("5m Tea", "islet: '5m Tea' is not a duration; use 90s, 25m"),
      ("ten minutes", "islet: 'ten minutes' is not a duration"),
    ] {
      #expect(tmux.isletKey("n"))
      #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Countdown (25m or 50m/10m):") })
      tmux.outer.send("-l", typed)
      tmux.outer.send("Enter")
      #expect(
        tmux.outer.waitFor { _ in tmux.statusLine.contains(reason) }, "for '\(typed)': \(tmux.statusLine)")
      tmux.outer.send("Escape")
      #expect(tmux.outer.waitFor { _ in !tmux.statusLine.contains(reason) })
    }
    #expect(live().isEmpty, "nothing was started")
    // A refused name keeps its # as typed in the message.
    #expect(tmux.isletKey("u"))
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Rename the timer:") })
    tmux.outer.send("-l", "#{host} #(id)")
    tmux.outer.send("Enter")
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.hasPrefix("islet: ") }, "\(tmux.statusLine)")
  }

  @Test func aNumberAloneAtThePromptStartsAndSaysItIsSeconds() throws {
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("USER-RIGHT") })
    #expect(tmux.isletKey("n"))
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Countdown (25m or 50m/10m):") })
    tmux.outer.send("-l", "10")
    tmux.outer.send("Enter")
    let hint = "islet: 10 is read as seconds; write 10m for minutes"
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains(hint) }, "\(tmux.statusLine)")
    #expect(live().map(\.state.duration) == [10_000])
  }

  @Test func aLeftClickOnTheIslandPausesAndResumes() throws {
    let id = try start("25m", "--name", "Workout")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") })
    let x = try #require(tmux.statusLine.firstIndex(of: "▐")).utf16Offset(in: tmux.statusLine) + 4
    tmux.click(x: x)
    #expect(eventually { self.phase(of: id) == .paused }, "after a click at column \(x)")
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("⏸") })
    // A second click soon after is a double click to tmux: it acts as well.
    tmux.click(x: x)
    #expect(eventually { self.phase(of: id) == .active }, "after a second click")
  }

  /// The processes following this sandbox's store for a status line (`status --follow`).
  func followers() -> [Int32] {
    processes { arguments, environment in
      arguments.contains("--follow") && environment.contains("ISLET_DB=\(islet.storePath)")
    }
  }

  /// The island is one islet following the timers, which tmux keeps running: intents from a
  /// shell outside tmux show without tmux starting anything, even two in the same second
  /// (tmux redraws for a job's line once a second at most; a second line is nudged through).
  @Test func theIslandFollowsIntentsFromOutsideTmuxInOneProcess() throws {
    let id = try start("25m", "--name", "Workout")
    // Paused: no tick comes to redraw it.
    #expect(try Binary.run(["pause", id], environment: islet.environment).status == 0)
    let tmux = try IslandTmux(islet)
    // tmux redraws by itself only for the job's lines: no interval comes to the rescue.
    tmux.inner(["set", "-g", "status-interval", "0"])
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") }, "\(tmux.outer.text)")
    let following = followers()
    #expect(following.count == 1, "\(following)")
    // Both renames early in a wall-clock second, so that they land in the same one.
    #expect(eventually { Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1) < 0.2 })
    for name in ["First", "Second"] {
      #expect(try Binary.run(["update", id, "--name", name], environment: islet.environment).status == 0)
    }
    #expect(
      tmux.outer.waitFor(within: 5) { _ in tmux.statusLine.contains("Second") },
      "the second rename waited for tmux's next redraw: \(tmux.statusLine)")
    #expect(followers() == following, "the island's process was restarted")
  }

  /// A screen's text with each run of spaces made one, as a menu's entries read: "Pause (p)".
  func menu(_ screen: String) -> String { screen.replacing(/\ +/, with: " ") }

  @Test func aRightClickOpensTheMenuOfWhatIsLive() throws {
    let tea = try start("4m", "--name", "Tea")
    let id = try start("25m", "--name", "Workout")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") })
    tmux.click(x: tmux.statusLine.count - 3, button: 2, release: false)
    let entries = [
      "Pause (p)", "+5 min (+)", "Done (c)", "Reset (r)", "End (x)", "New countdown… (n)", "Expand (e)",
    ]
    // Tea's entry shows its time when the menu opened, which a slow start moves on.
    let teaEntry = { (screen: String) in
      menu(screen).split(separator: "\n").contains { $0.contains("│ ⏱ Tea ") && $0.contains(" (1) │") }
    }
    #expect(
      tmux.outer.waitFor { screen in entries.allSatisfy(menu(screen).contains) && teaEntry(screen) },
      "\(tmux.outer.text)")
    #expect(
      !tmux.outer.text.contains("Snooze"), "a running countdown has nothing to snooze: \(tmux.outer.text)")
    // Its keys are the island's: c completes.
    tmux.outer.send("c")
    #expect(eventually { self.phase(of: id) == .completed })
    #expect(self.phase(of: tea) == .active, "the other activity was left alone")
  }

  /// The menu as a mouse uses it (tmux 3.3 and 3.4 make a menu opened by a process
  /// keyboard-only): the right button opens it and is let go, a left click chooses an entry.
  @Test func aMenuEntryIsChosenWithTheMouse() throws {
    let workout = try start("25m", "--name", "Workout")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") })
    tmux.click(x: tmux.statusLine.count - 3, button: 2)
    #expect(tmux.outer.waitFor { menu($0).contains("Done (c)") }, "\(tmux.outer.text)")
    #expect(tmux.chooseWithMouse("Done"))
    #expect(eventually { self.phase(of: workout) == .completed }, "the click on Done did nothing")
    #expect(tmux.outer.waitFor { !$0.contains("Done (c)") }, "the menu stayed open: \(tmux.outer.text)")
  }

  /// Another activity's entry opens its menu, which takes the mouse too.
  @Test func anotherActivitysMenuIsOpenedAndUsedWithTheMouse() throws {
    let tea = try start("4m", "--name", "Tea")
    let workout = try start("25m", "--name", "Workout")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") })
    tmux.click(x: tmux.statusLine.count - 3, button: 2)
    #expect(tmux.outer.waitFor { menu($0).contains("Done (c)") }, "\(tmux.outer.text)")
    #expect(tmux.chooseWithMouse("⏱ Tea "), "no entry for Tea: \(tmux.outer.text)")
    // Tea's menu lists Workout as an entry; Workout's own menu, still open a moment, names it in
    // its title only, and a click on it as it goes would be lost.
    let workoutEntry = { (screen: String) in
      menu(screen).split(separator: "\n").contains { $0.contains("│ ⏱ Workout ") && $0.contains(" (1) │") }
    }
    #expect(
      tmux.outer.waitFor { workoutEntry($0) && menu($0).contains("Pause (p)") },
      "Tea's menu did not open: \(tmux.outer.text)")
    #expect(tmux.chooseWithMouse("Pause"))
    #expect(
      eventually { self.phase(of: tea) == .paused }, "the click on Pause did nothing: \(tmux.outer.text)")
    #expect(self.phase(of: workout) == .active, "the other activity was left alone")
  }

  /// Another live activity's entry opens the menu for it, whose keys act on it alone.
  @Test func theMenuActsOnTheActivityChosenInIt() throws {
    let tea = try start("4m", "--name", "Tea")
    let workout = try start("25m", "--name", "Workout")
    try Binary.run(["pause", workout], environment: islet.environment)
    let tmux = try IslandTmux(islet)
    #expect(
      tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") || tmux.statusLine.contains("Tea") })
    #expect(tmux.isletKey("m"))
    // Workout, the newer, is the current one even paused (as on the status line); Tea the other.
    #expect(
      tmux.outer.waitFor {
        menu($0).contains("Resume (p)") && menu($0).contains("⏱ Tea ") && menu($0).contains("(1)")
      },
      "\(tmux.outer.text)")
    tmux.outer.send("1")
    #expect(
      tmux.outer.waitFor {
        menu($0).contains("Pause (p)") && menu($0).contains("⏱ Workout · Paused 25:00 (1)")
      },
      "the menu for Tea: \(tmux.outer.text)")
    tmux.outer.send("p")
    #expect(eventually { self.phase(of: tea) == .paused }, "p paused Tea")
    #expect(self.phase(of: workout) == .paused, "Workout stayed paused")
  }

  /// The same menu from the keyboard, where there is no mouse to place it by.
  @Test func prefixTMOpensTheMenu() throws {
    let id = try start("25m", "--name", "Workout")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") })
    #expect(tmux.isletKey("m"))
    #expect(
      tmux.outer.waitFor { menu($0).contains("Pause (p)") && menu($0).contains("Expand (e)") },
      "\(tmux.outer.text)"
    )
    tmux.outer.send("p")
    #expect(eventually { self.phase(of: id) == .paused })
  }

  @Test func aMiddleClickShowsTheExpandedIslandInAPopup() throws {
    _ = try start("25m", "--name", "Workout")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") })
    tmux.click(x: tmux.statusLine.count - 3, button: 1)
    #expect(tmux.outer.waitFor { $0.contains("┌──") && $0.contains("Started ") }, "\(tmux.outer.text)")
    tmux.outer.send("q")
    #expect(tmux.outer.waitFor { !$0.contains("┌──") }, "q closes it")
  }
}
