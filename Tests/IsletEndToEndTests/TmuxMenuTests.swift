import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletUI

/// What the island's tmux menu offers in each state, as `display-menu`'s arguments.
@Suite struct TmuxMenuTests {
  let start = Instant(seconds: 1_764_493_500)

  func countdown(_ id: String, _ name: String, minutes: Int64 = 25) -> Activity {
    let request = StartRequest(
      id: id, name: name, attributes: ActivityAttributes(mode: .countdown, fullDuration: minutes * 60_000))
    return try! TimerEngine.reduce(nil, .start(request), at: start, source: .cli).get().activity
  }

  func menu(_ live: [Activity], at offset: Milliseconds = 60_000, selected: String? = nil) -> TmuxMenu {
    let now = start + offset
    let looks = ActivityMatcher.ranked(live, at: now).map { Look(activity: $0, now: now) }
    return TmuxMenu(looks: looks, selected: selected, plan: "pomodoro", keyboard: false)
  }

  /// Each entry as "label (key) command", a separator as "-".
  func shown(_ menu: TmuxMenu) -> [String] {
    menu.entries.map { $0.map { "\($0.label) (\($0.key))" } ?? "-" }
  }

  @Test func aRunningCountdownOffersWhatItTakes() {
    let menu = menu([countdown("tea1", "Tea")])
    #expect(menu.title == "⏱ Tea  24:00")
    #expect(
      shown(menu) == [
        "Pause (p)", "+5 min (+)", "Done (c)", "Reset (r)", "End (x)", "-", "New countdown… (n)",
        "Start pomodoro (P)", "Expand (e)",
      ])
    let pause = menu.entries[0]!.command
    #expect(pause == ##"run-shell -b 'sh -c "$ISLET_RUN" islet "#{client_name}" toggle tea1'"##)
  }

  @Test func eachPhaseOffersItsOwnEntries() {
    let tea = countdown("tea1", "Tea", minutes: 5)
    let paused = try! TimerEngine.reduce(tea, .pause, at: start + 1000, source: .cli).get().activity
    let ready = try! TimerEngine.reduce(tea, .reset, at: start + 1000, source: .cli).get().activity
    #expect(shown(menu([paused])).prefix(2) == ["Resume (p)", "+5 min (+)"])
    #expect(
      shown(menu([ready])).prefix(5) == ["Start (p)", "+5 min (+)", "Done (c)", "End (x)", "-"],
      "nothing to reset when ready")
    // Over: no pause, and snooze in place of +5 min.
    #expect(
      shown(menu([tea], at: 6 * 60_000)).prefix(4) == ["Snooze (+)", "Done (c)", "Reset (r)", "End (x)"])
    let plan = try! Plan.parse(name: "pomodoro", definition: "Focus 25m, Break 5m").get()
    let request = StartRequest(id: "pl01", name: "Pomodoro", attributes: ActivityAttributes(plan: plan))
    let run = try! TimerEngine.reduce(nil, .start(request), at: start, source: .cli).get().activity
    #expect(
      shown(menu([run])).prefix(3) == ["Pause (p)", "Skip (s)", "Done (c)"], "a plan skips, never adds")
    let stopwatch = try! TimerEngine.reduce(
      nil, .start(StartRequest(id: "sw01", name: "Run")), at: start, source: .cli
    ).get().activity
    #expect(
      shown(menu([stopwatch])).prefix(3) == ["Pause (p)", "Lap (l)", "Done (c)"], "a running stopwatch laps")
    let resting = try! TimerEngine.reduce(stopwatch, .pause, at: start + 1000, source: .cli).get().activity
    #expect(shown(menu([resting])).prefix(2) == ["Resume (p)", "Done (c)"], "no lap while paused")
  }

  @Test func theOtherLiveActivitiesOpenTheirOwnMenu() {
    let live = (0..<11).map { countdown("t\($0)", "Timer \($0)", minutes: 25 + Int64($0)) }
    let menu = menu(live, selected: "t3")
    #expect(menu.title.hasPrefix("⏱ Timer 3"), "the chosen one: \(menu.title)")
    let others = menu.entries.compactMap { $0 }.filter { $0.command.contains("__tmux-menu") }
    #expect(others.count == 9, "nine keys, 1 to 9: \(others.map(\.label))")
    #expect(others.map(\.key) == (1...9).map(String.init))
    #expect(!others.contains { $0.label.contains("Timer 3") })
    // Each opens its menu as the binding does: islet leaves it in @islet-menu, which tmux runs
    // when the entry is chosen (its `#` doubled, as the menu expands an entry once).
    #expect(
      others[0].command
        == ##"set-option -gu @islet-menu ; run-shell 'sh -c "$ISLET_RUN" islet "#{client_name}" __tmux-menu --into @islet-menu "#{client_name}" t0' ; run-shell -C '##{@islet-menu}'"##,
      "\(others[0].command)")
    // An activity gone since is no reason to fail: the current one stands in.
    #expect(self.menu(live, selected: "gone").title.hasPrefix("⏱ Timer 0 "))
  }

  @Test func namesStayTextAndLongOnesAreShortened() {
    let menu = menu([countdown("a1", "#(rm -rf ~) #[fg=red] " + String(repeating: "x", count: 60))])
    #expect(menu.title.hasPrefix("⏱ ##(rm -rf ~) ##[fg=red] x"), "\(menu.title)")
    #expect(menu.title.count < 50, "shortened: \(menu.title)")
  }

  @Test func withNothingLiveItOffersANewTimer() {
    let menu = menu([])
    #expect(menu.title == "Islet")
    #expect(shown(menu) == ["New countdown… (n)", "Start pomodoro (P)"])
    #expect(menu.arguments.prefix(7) == ["-O", "-x", "R", "-y", "S", "-T", "#[align=centre]Islet"])
  }

  @Test func fromAKeyItIsCentredAndItsEntriesSaySo() {
    let live = [countdown("a1", "A"), countdown("b2", "B")]
    let menu = TmuxMenu(
      looks: live.map { Look(activity: $0, now: start) }, selected: nil, plan: "pomodoro", keyboard: true)
    #expect(menu.arguments.prefix(5) == ["-O", "-x", "C", "-y", "C"])
    #expect(
      menu.entries.compactMap { $0 }.contains {
        $0.command.contains("__tmux-menu --into @islet-menu --keyboard ")
      })
  }

  /// The command left in the option is parsed by tmux as a command line: each argument in
  /// single quotes, whatever a name holds.
  @Test func theMenusCommandQuotesEveryArgument() {
    let menu = menu([countdown("a1", "It's #(x) \"q\"; $HOME")])
    #expect(
      menu.command.hasPrefix(
        #"display-menu '-O' '-x' 'R' '-y' 'S' '-T' '#[align=centre]⏱ It'\''s ##(x) "q"; $HOME  24:00' 'Pause' 'p' 'run-shell -b '\''sh -c "#
      ), "\(menu.command)")
  }

  /// tmux 3.5's -M, for a snippet made for it, and passed on to the other activities' menus.
  @Test func aMenuForTmux35TakesTheMouseItself() {
    var menu = menu([countdown("a1", "A"), countdown("b2", "B")])
    menu.mouse = true
    #expect(menu.arguments.prefix(2) == ["-M", "-O"])
    #expect(
      menu.entries.compactMap { $0 }.contains {
        $0.command.contains("__tmux-menu --into @islet-menu --mouse ")
      })
  }

  @Test func intoTakesOnlyAUserOption() {
    #expect(TmuxMenu.isUserOption("@islet-menu"))
    #expect(!TmuxMenu.isUserOption("status-right"))
    #expect(!TmuxMenu.isUserOption("@"))
    #expect(!TmuxMenu.isUserOption("@a b"))
  }
}

/// The menu's command as tmux runs it, when it cannot do its work.
@Suite struct TmuxMenuCommandTests {
  let islet = Sandbox()

  @Test func withoutAClientOrATmuxServerItSaysWhyInALine() throws {
    let bare = try Binary.run(["__tmux-menu"], environment: islet.environment)
    #expect(bare.status == 64)
    #expect(bare.stderr == "Error: __tmux-menu needs the tmux client's name: __tmux-menu CLIENT [ID]\n")
    let outside = try Binary.run(["__tmux-menu", "/dev/pts/9"], environment: islet.environment)
    #expect(
      outside
        == Run(
          status: 64, stdout: "", stderr: "Error: __tmux-menu is run by tmux's keys; TMUX is not set here\n"))
    // A tmux that refuses says why, as its own line.
    var environment = islet.environment
    environment["TMUX"] = islet.folder.file("no-server") + ",1,0"
    let refused = try Binary.run(["__tmux-menu", "/dev/pts/9"], environment: environment)
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix("no server running on ") || refused.stderr.hasPrefix("error connecting to "),
      "\(refused.stderr)")
  }
}
