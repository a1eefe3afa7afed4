import IsletCLITestSupport
import IsletRuntime
import IsletUI
import Testing

@testable import IsletCLI
@testable import IsletCore

@Suite struct CommandTests {
  let islet = Sandbox()

  @Test func startPrintsTheNewIdAndStatusShowsIt() throws {
    let started = islet("start", "25m", "--name", "Workout", "--id", "1823", "--owner", "ada")
    #expect(started.status == 0)
    #expect(started.stderr == "")
    let id = started.stdout.trailingSpacesTrimmed.replacingAll("\n", with: "")
    #expect(id.count == 4)
    #expect(islet("status") == Run(status: 0, stdout: "⏱ Workout 25:00 ●\n", stderr: ""))
    islet.clock.advance(by: 754_000)
    #expect(islet("status").stdout == "⏱ Workout 12:26 ●\n")
    #expect(islet("status", id).stdout == "⏱ Workout 12:26 ●\n")
    #expect(islet("status", "1823").stdout == "⏱ Workout 12:26 ●\n")
    #expect(
      islet("status", "--template", "{icon} {time} {progress} {id} {} { x }").stdout
        == "⏱ 12:26 50% \(id) {} { x }\n")
  }

  @Test func theIntentCommandsSayWhatTheyDid() {
    islet("start", "--name", "Focus")
    islet.clock.advance(by: 754_000)
    #expect(islet("pause") == Run(status: 0, stdout: "⏸ Focus paused at 12:34\n", stderr: ""))
    #expect(islet("status").stdout == "⏱ Focus 12:34 ⏸\n")
    islet.clock.advance(by: 60_000)
    #expect(islet("resume").stdout == "▶ Focus resumed at 12:34\n")
    islet.clock.advance(by: 1_000)
    #expect(islet("toggle").stdout == "⏸ Focus paused at 12:35\n")
    #expect(islet("toggle").stdout == "▶ Focus resumed at 12:35\n")
    #expect(islet("update", "--name", "Deep work", "--category", "work").stdout == "✎ Deep work updated\n")
    #expect(islet("reset").stdout == "↺ Deep work reset to 0:00 (discarded 12:35)\n")
    #expect(islet("status").stdout == "⏱ Deep work 0:00 ◦ ready\n")
    #expect(islet("toggle").stdout == "▶ Deep work started\n")
    islet.clock.advance(by: 1_500_000)
    #expect(islet("complete").stdout == "✓ Deep work done — 25:00\n")
    #expect(islet("status") == Run(status: 1, stdout: "", stderr: ""))
    islet("start", "10m", "--name", "Tea")
    #expect(islet("end").stdout == "⏹ Tea ended at 0:00\n")
  }

  @Test func updateChangesTheIconAsStartSetsIt() throws {
    islet("start", "25m", "--name", "Tea")
    #expect(islet("update", "--icon", "Coffee") == Run(status: 0, stdout: "✎ Tea updated\n", stderr: ""))
    #expect(islet("status").stdout == "☕ Tea 25:00 ●\n")
    // One check for both: the same line for every bad icon, a name or one the theme lacks.
    for bad in ["", "two words", "caf\u{E9}", "nosuch", String(repeating: "x", count: 100)] {
      let started = islet("start", "--icon", bad)
      let updated = islet("update", "--icon", bad)
      #expect(started.status == 64 && updated.status == 64, "\(bad): \(started) \(updated)")
      #expect(
        started.stderr.split(separator: "\n").first == updated.stderr.split(separator: "\n").first,
        "\(bad): start and update say different things")
    }
    #expect(islet("status").stdout == "☕ Tea 25:00 ●\n", "a refused icon changed it")
    // An icon only the theme has is taken by update as by start.
    islet.folder.write(
      "kite.json", Array(#"{"roles": {}, "icons": {"kite": {"glyph": "🪁", "ascii": "[K]"}}}"#.utf8))
    let theme = islet.folder.file("kite.json")
    #expect(islet("--theme", theme, "update", "--icon", "kite").status == 0)
    #expect(islet("--theme", theme, "status").stdout == "🪁 Tea 25:00 ●\n")
  }

  @Test func aPlanKeepsItsSegmentsIcons() {
    islet("start", "--plan", "pomodoro")
    let run = islet("update", "--icon", "coffee")
    #expect(
      run
        == Run(
          status: 1, stdout: "",
          stderr:
            "islet: Pomodoro is a plan; its segments have their own icons, set where the plan is defined\n"))
  }

  @Test func adjustMovesACountdown() {
    islet("start", "25m", "--name", "Workout")
    islet.clock.advance(by: 60_000)
    #expect(islet("adjust", "+5m").stdout == "± Workout now 30:00 long, 29:00 to go\n")
    #expect(islet("adjust", "workout", "-10m").stdout == "± Workout now 20:00 long, 19:00 to go\n")
    #expect(islet("adjust", "-1h").stdout == "± Workout now 1:00 long, time is up\n")
    #expect(islet("status").stdout == "⏱ Workout +0:00 ⏰\n")
    #expect(
      islet("adjust")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: adjust needs a change such as +5m or -1m\nUsage: islet adjust [ACTIVITY] +5m | -1m [--host NAME]\n"
        ))
    #expect(
      islet("adjust", "5m").stderr
        == "Error: '5m' is not a change; use a sign and a duration such as +5m or -1m\nUsage: islet adjust [ACTIVITY] +5m | -1m [--host NAME]\n"
    )
    islet("start", "--name", "Clock")
    #expect(
      islet("adjust", "Clock", "+1m")
        == Run(
          status: 1, stdout: "", stderr: "islet: Clock is a stopwatch; only a countdown can be adjusted\n"))
  }

  @Test func refusalsAreOneLineAndExitOne() {
    islet("start", "--name", "Workout", "--paused")
    #expect(
      islet("pause")
        == Run(status: 1, stdout: "", stderr: "islet: Workout has not started; resume or toggle starts it\n"))
    islet("resume")
    #expect(islet("resume") == Run(status: 1, stdout: "", stderr: "islet: Workout is already running\n"))
    islet("end")
    #expect(
      islet("pause")
        == Run(status: 1, stdout: "", stderr: "islet: nothing is live; start one with: islet start 25m\n"))
  }

  @Test func activityMatchingNamesTheCandidates() {
    let a = islet("start", "--name", "Tea").stdout.replacingAll("\n", with: "")
    islet.clock.advance(by: 1000)
    let b = islet("start", "--name", "tea").stdout.replacingAll("\n", with: "")
    #expect(
      islet("pause", "Coffee")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: no live activity matches 'Coffee'; live: \(b) (tea), \(a) (Tea)\nUsage: islet pause [ACTIVITY] [--host NAME]\n"
        ))
    #expect(
      islet("pause", "TEA")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: 'TEA' matches 2 live activities: \(b) (tea), \(a) (Tea); use an id\nUsage: islet pause [ACTIVITY] [--host NAME]\n"
        ))
    #expect(islet("pause", a).stdout == "⏸ Tea paused at 0:01\n")
  }

  @Test func statusAndListAsJSON() {
    #expect(islet("status", "--format", "json") == Run(status: 1, stdout: "null\n", stderr: ""))
    #expect(islet("list", "--json").stdout == "[]\n")
    let id = islet(
      "start", "25m", "--name", "Workout", "--id", "1823", "--owner", "ada", "--category", "sport"
    ).stdout.replacingAll("\n", with: "")
    islet.clock.advance(by: 750_000)
    let json = """
      {"id":"\(id)","name":"Workout","icon":"timer","mode":"countdown","phase":"active","time":"12:30","elapsed":750,"remaining":750,"duration":1500,"progress":0.5,"stale":false,"category":"sport","tags":[],"recordID":"1823","owner":"ada","relevance":0,"createdAt":"2025-11-30T09:05:00.000Z","startedAt":"2025-11-30T09:05:00.000Z","startsAt":null,"pausedAt":null,"deadline":"2025-11-30T09:30:00.000Z","endedAt":null,"plan":null,"laps":0,"lastLap":null,"state":null,"attention":null,"buttons":[],"expected":null,"exit":null,"tmuxPane":null,"away":null
      """
    #expect(
      islet("status", "--format", "json").stdout == json
        + #","goal":null,"presentation":"line","lines":["⏱ Workout 12:30 ●"]}"# + "\n")
    #expect(
      islet("status", "--format", "json", "--presentation", "minimal").stdout == json
        + #","goal":null,"presentation":"minimal","lines":["▐12m▌"]}"# + "\n")
    #expect(islet("list", "--json").stdout == "[" + json + "}]\n")
  }

  @Test func listMarksTheCurrentActivity() {
    let a = islet("start", "25m", "--name", "Workout", "--id", "1823").stdout.replacingAll("\n", with: "")
    islet.clock.advance(by: 60_000)
    let b = islet("start", "--name", "Tea", "--icon", "coffee").stdout.replacingAll("\n", with: "")
    islet("complete", "Tea")
    #expect(
      islet("list").stdout == """
           ID    NAME     PHASE   TIME   KIND
        *  \(a)  Workout  active  24:00  countdown 25:00 · ID 1823

        """)
    #expect(
      islet("list", "--all").stdout == """
           ID    NAME     PHASE      TIME      KIND
        *  \(a)  Workout  active     24:00     countdown 25:00 · ID 1823
           \(b)  Tea      completed  ran 0:00  stopwatch

        """)
    islet("end", "Workout")
    #expect(islet("list").stdout == "No live activities. Start one with: islet start 25m --name Focus\n")
  }

  /// Once over, a countdown (or a plan) is listed with what it ran, never the time it had left.
  @Test func anEndedCountdownIsListedWithWhatItRan() {
    // A second apart, so that the order is theirs.
    let ids = [["10m", "Tea"], ["1m", "Egg"], ["5m", "Nap"], ["20s/10s", "HIIT"]].map { started in
      defer { islet.clock.advance(by: 1000) }
      return islet("start", started[0], "--name", started[1]).stdout.replacingAll("\n", with: "")
    }
    islet.clock.advance(by: 86_000)
    islet("complete", "Tea")
    islet("end", "Egg")  // a minute, finished half a minute before
    #expect(
      islet("list", "--all").stdout == """
           ID    NAME  PHASE      TIME      KIND
        *  \(ids[2])  Nap   active     3:32      countdown 5:00
           \(ids[3])  HIIT  completed  ran 0:30  plan HIIT · Break
           \(ids[1])  Egg   ended      ran 1:29  countdown 1:00
           \(ids[0])  Tea   completed  ran 1:30  countdown 10:00

        """)
  }

  /// A long name is cut to its column, within the terminal's width (80 without one), and
  /// widens no row; the other columns stay whole, and JSON keeps the name whole.
  @Test func aLongNameIsCutToItsColumn() {
    let long = String(repeating: "Deep work on the quarterly report ", count: 2)
    let id = islet("start", "25m", "--name", long, "--id", "1823").stdout.replacingAll("\n", with: "")
    islet.clock.advance(by: 1000)
    let other = islet("start", "--name", "Tea").stdout.replacingAll("\n", with: "")
    #expect(
      islet("list").stdout == """
           ID    NAME                           PHASE   TIME   KIND
        *  \(other)  Tea                            active  0:00   stopwatch
           \(id)  Deep work on the quarterly r…  active  24:59  countdown 25:00 · ID 1823

        """)
    for columns in [200, 80, 60, 44] {
      islet.extra["COLUMNS"] = String(columns)
      let lines = islet("list").stdout.split(separator: "\n").map(String.init)
      #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns }, "\(columns): \(lines)")
      // The name is cut, even with room to spare; its neighbours are whole.
      #expect(lines[1].hasPrefix("*  \(other)  Tea  "), "\(columns): \(lines)")
      #expect(
        lines[2].hasPrefix("   \(id)  Deep work on ") && lines[2].contains("…  active  24:59  "),
        "\(columns): \(lines)")
    }
    #expect(islet("list", "--json").stdout.contains("\"name\":\"\(long)\""))
  }

  @Test func logShowsSessionsAndTotals() {
    islet("start", "25m", "--name", "Workout")
    islet.clock.advance(by: 1_500_000)
    islet("complete")
    islet.clock.advance(by: 60_000)
    islet("start", "--name", "workout")
    islet.clock.advance(by: 600_000)
    islet("reset")
    islet("start", "--name", "Tea, \"green\"")
    islet.clock.advance(by: 90_000)
    #expect(
      islet("log").stdout == """
        ID  STARTED           NAME          OUTCOME    ELAPSED
        1   2025-11-30 09:05  Workout       completed  25:00
        4   2025-11-30 09:31  workout       reset      10:00
        6   2025-11-30 09:41  Tea, "green"  running    1:30

        Totals
        Workout       1 session  25:00
        Tea, "green"  1 session  1:30
        Only work counts: reset runs, breaks, warm-ups, cool-downs and skipped segments are left out.

        """, "the reset run is listed and not counted")
    #expect(
      islet("log", "--name", "WORKOUT", "--since", "2025-11-30").stdout.split(separator: "\n").count == 6)
    #expect(
      islet("log", "--csv").stdout.split(separator: "\n").last
        == "2025-11-30T09:41:00.000Z,,\(islet("list", "--json").stdout.dropFirst(8).prefix(4)),\"Tea, \"\"green\"\"\",running,90.000,,,,,,,true,6,false,,"
    )
    #expect(
      islet("log", "--json", "--name", "tea, \"green\"").stdout.hasSuffix(
        "\"outcome\":\"running\",\"elapsed\":90,\"plan\":null,\"counted\":true,\"session\":6,\"edited\":false,\"failure\":null,\"tags\":[]}],\"totals\":[{\"name\":\"Tea, \\\"green\\\"\",\"sessions\":1,\"elapsed\":90}]}\n"
      ))
    #expect(
      islet("log", "--since", "tomorrow").stderr.hasPrefix(
        "Error: --since 'tomorrow' is not a date; use YYYY-MM-DD, today, yesterday, this-week, last-week, this-month, last-month or a span back such as 7d, 12h or 2w\n"
      ))
    #expect(islet("log", "--since", "1h").stdout.hasPrefix("ID  STARTED"))
  }

  @Test func asciiWhenAskedOrWhenTheLocaleIsNotUTF8() {
    islet("start", "25m", "--name", "Workout")
    #expect(islet("status", "--ascii").stdout == "[T] Workout 25:00 >\n")
    islet.unicode = false
    #expect(islet("status").stdout == "[T] Workout 25:00 >\n")
    #expect(islet("pause").stdout == "|| Workout paused at 25:00\n")
  }

  @Test func namesWithControlCharactersAreRefused() {
    #expect(
      islet("start", "--name", "evil\u{1B}]0;pwned\u{07}")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: --name 'evil\\e]0;pwned\\u{7}' contains control characters; use plain text\nUsage: islet start [DURATION | WORK/BREAK | --until HH:MM | --plan NAME] [--rounds N] [--advance WHEN] [--auto] [--ask] [--long-break DURATION] [--cue N] [--name N] [--icon I] [--id REF] [--owner U] [--category C] [--tag T] [--switch] [--no-switch] [--relevance R] [--stale-after DURATION] [--paused] [--expect DURATION] [--ago DURATION] [--at HH:MM] [--in DURATION] [--from-tmux-buffer B] [--state TEXT] [--progress P] [--attention TEXT] [--button LABEL=CMD]\n"
        ))
    #expect(
      islet("start", "--name", String(repeating: "x", count: 101)).stderr.hasPrefix(
        "Error: --name 'xxxxxxxxxxxxxxxxxxxx…' is 101 characters long; use at most 100\n"))
    #expect(islet("start", "--name", "#[fg=red]$(touch x)").status == 0)
    #expect(islet("status").stdout == "⏱ #[fg=red]$(touch x) 0:00 ●\n")
  }

  @Test func theDeviceViewNeedsATerminal() {
    #expect(
      islet()
        == Run(
          status: 1, stdout: "",
          stderr: "islet: the device view needs a terminal; for a line of text, use: islet status\n"))
    #expect(islet("--presentation", "giant").status == 64)
  }

  @Test func aBadConfigurationLineIsNamed() {
    islet.writeConfig("theme = dark\nmax-idle = soon\n")
    let run = islet("status")
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: \(islet.folder.file("config/islet/config")):2: max-idle is 'soon'; use a duration from 1s to 100h, such as 8h, or 0 for never\n"
        ))
  }

  @Test func configurationGivesTheDefaultIcon() {
    islet.writeConfig("icon = coffee\n")
    islet("start")
    #expect(islet("status").stdout == "☕ Timer 0:00 ●\n")
  }
}

@Suite struct HookFolderTests {
  @Test func theHooksFolderComesFromTheConfigurationWithTildeExpanded() {
    var configuration = Configuration()
    let environment = ["HOME": "/home/ada", "XDG_CONFIG_HOME": "/home/ada/.cfg"]
    #expect(HookRunner.folder(configuration, environment: environment) == "/home/ada/.cfg/islet/hooks")
    configuration.hooks = "~/hooks"
    #expect(HookRunner.folder(configuration, environment: environment) == "/home/ada/hooks")
    configuration.hooks = "/srv/hooks"
    #expect(HookRunner.folder(configuration, environment: environment) == "/srv/hooks")
  }
}

/// The current activity, as a command without ACTIVITY, the status line and every bar take it.
@Suite struct CurrentActivityCommandTests {
  let islet = Sandbox()

  /// `islet start 3s && islet wait`, then a new countdown: `adjust` is for the new one, and says
  /// which it took over which.
  @Test func aCommandAfterATimerRanOutIsForTheOneStartedSince() {
    islet("start", "3s", "--name", "Tea")
    islet.clock.advance(by: 4_000)
    #expect(islet("status").stdout == "⏱ Tea +0:01 ⏰\n", "ran out, it waits for an answer")
    let work = islet("start", "25m", "--name", "Work").stdout.replacingAll("\n", with: "")
    let adjusted = islet("adjust", "+5m")
    #expect(adjusted.stdout == "± Work now 30:00 long, 30:00 to go\n")
    #expect(islet("status", "Tea").stdout == "⏱ Tea +0:01 ⏰\n", "Tea was not extended")
    #expect(
      adjusted.stderr.hasPrefix("islet: that was Work, the current activity; Tea (finished, "),
      "a command that could have meant Tea says so: \(adjusted.stderr)")
    #expect(islet("status").stdout == "⏱ Work 30:00 ●\n")
    #expect(islet("status", "--format", "json").stdout.contains("\"id\":\"\(work)\""))
  }

  @Test func aReadyTimerNeverTakesTheStatusLineFromARunningOne() {
    islet("start", "25m", "--name", "Work")
    islet.clock.advance(by: 1_000)
    islet("start", "--paused", "--name", "Later", "--relevance", "9")
    #expect(islet("status").stdout == "⏱ Work 24:59 ●\n")
    #expect(islet("status", "--format", "tmux").stdout.contains("Work"))
    let paused = islet("pause")
    #expect(paused.stdout == "⏸ Work paused at 24:59\n")
    #expect(paused.stderr == "", "Later cannot be paused: nothing else was meant")
  }
}
