import Foundation
import IsletCLITestSupport
import Testing

/// A configuration naming a theme, an icon or a plan there is not is refused when read, by
/// every command that reads it, naming the file and line; a status line shows the reason
/// short in the island's place.
@Suite(.serialized) struct ConfigurationCheckTests {
  let islet = Sandbox()
  var configPath: String { islet.folder.file("config/islet/config") }
  static let badTheme = "# mine\n\ntheme = ocean # blue\nbell = on\n"
  static let themeRefusal =
    "config:3: unknown theme 'ocean' (themes: default, light, high-contrast, mono, or a path to a .json file)"

  @Test(arguments: [
    ["start", "25m"], ["pause"], ["adjust", "+5m"], ["status"], ["list"], ["log"], ["report"], ["plans"],
    ["icons"], ["wait"], ["tmux"], ["snooze"], ["alert", "test"],
  ])
  func everyCommandThatReadsItRefusesIt(arguments: [String]) throws {
    try islet.binary("start", "25m", "--name", "Tea")
    islet.writeConfig(Self.badTheme)
    let run = try Binary.run(arguments, environment: islet.environment)
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr: "Error: \(configPath):3: \(String(Self.themeRefusal.dropFirst(10)))\n"))
  }

  @Test func aStatusLineShowsTheReasonShortInTheIslandsPlace() throws {
    islet.writeConfig(Self.badTheme)
    let tmux = try islet.binary("status", "--format", "tmux")
    #expect(tmux.status == 64)
    #expect(tmux.stdout == "islet: config:3 unknown theme 'ocean'\n")
    #expect(tmux.stderr.hasPrefix("Error: \(configPath):3: unknown theme 'ocean'"), "\(tmux.stderr)")
    // A long reason is cut to fit beside the rest of a status line.
    islet.writeConfig("bell = \(String(repeating: "x", count: 200))\n")
    let long = try islet.binary("status", "--format", "tmux").stdout
    #expect(long.hasPrefix("islet: config:1 bell is 'xxx") && long.dropLast().count <= 61, "\(long)")
  }

  @Test func aBarShowsTheReasonInItsOwnForm() throws {
    islet.writeConfig(Self.badTheme)
    let reason = "islet: config:3 unknown theme 'ocean'"
    let expected = [
      "waybar": #"{"text":"\#(reason)","tooltip":"\#(reason)","class":"error"}"#,
      "polybar": reason,
      "i3blocks": #"{"full_text":"\#(reason)","urgent":true}"#,
      "i3bar": #"{"version":1,"click_events":true}"# + "\n[\n"
        + #"[{"name":"islet","full_text":"\#(reason)","markup":"none","urgent":true}],"#,
      "i3status-rs": #"{"text":"\#(reason)","state":"Critical"}"#,
    ]
    for (format, line) in expected {
      let run = try Binary.run(["status", "--format", format], environment: islet.environment)
      #expect(run.status == 64 && run.stdout == line + "\n", "\(format): \(run)")
    }
  }

  /// A bar's or tmux's follower shows the reason and stays; once the configuration is mended
  /// it starts afresh and shows the timers, as the bar or tmux would not run it again soon.
  @Test func aFollowerShowsTheReasonUntilTheConfigurationIsMended() throws {
    islet.writeConfig(Self.badTheme)
    for format in ["tmux", "waybar", "i3blocks"] {
      let follower = try Follower(in: islet, ["--format", format])
      defer { follower.stop() }
      #expect(
        follower.waitForLine { $0.contains("islet: config:3 unknown theme 'ocean'") },
        "\(format): \(follower)")
      #expect(follower.process.isRunning, "\(format): it gave up")
      islet.writeConfig("bell = off\n")
      #expect(try islet.binary("start", "25m", "--name", "Mended \(format)").status == 0)
      #expect(follower.waitForLine { $0.contains("Mended \(format)") }, "\(format): \(follower)")
      #expect(try islet.binary("end").status == 0)
      islet.writeConfig(Self.badTheme)
    }
  }

  /// A follower reads a changed theme as a new command would, in place: a paused timer's line
  /// is drawn again in the new theme's colors, by the same process.
  @Test func aFollowerTakesAChangedThemeInPlace() throws {
    #expect(try islet.binary("start", "25m", "--name", "Tea").status == 0)
    #expect(try islet.binary("pause").status == 0)
    let follower = try Follower(in: islet, ["--format", "tmux"])
    defer { follower.stop() }
    #expect(follower.waitFor(lines: 1), "\(follower)")
    let pid = follower.process.processIdentifier
    islet.writeConfig("theme = light\n")
    #expect(follower.waitFor(lines: 2), "the theme was not taken: \(follower)")
    #expect(follower.lines[1] != follower.lines[0] && follower.lines[1].contains("Tea"), "\(follower)")
    #expect(follower.process.processIdentifier == pid && follower.process.isRunning)
  }

  /// A store kept in the configuration's folder is written beside the file: that is no change
  /// of the configuration, and the follower sleeps on while everything is paused.
  @Test func aStoreInTheConfigurationFolderIsNoChangeOfIt() throws {
    islet.writeConfig("bell = off\n")
    islet.extra["ISLET_DB"] = islet.folder.file("config/islet/islet.db")
    #expect(try islet.binary("start", "25m", "--name", "Held").status == 0)
    #expect(try islet.binary("pause").status == 0)
    let follower = try Follower(in: islet)
    defer { follower.stop() }
    #expect(follower.waitFor(lines: 1))
    #expect(eventually { follower.isAsleep })
    // Another reader of the store, then two seconds of a clock ticking elsewhere.
    #expect(try islet.binary("status").status == 0)
    let clock = Sandbox()
    try clock.binary("start", "10m", "--name", "Clock")
    let ticking = try Follower(in: clock)
    defer { ticking.stop() }
    #expect(ticking.waitFor(lines: 3), "\(ticking)")
    follower.take()
    #expect(follower.lines == ["⏱ Held 25:00 ⏸"], "\(follower)")
    #expect((follower.wakes ?? 0) < 20, "it kept waking: \(follower.wakes ?? 0)")
  }

  /// Through a real tmux: the status line says why instead of going blank.
  @Test func tmuxShowsTheReasonOnTheStatusLine() throws {
    try islet.binary("start", "25m", "--name", "Workout")
    let tmux = try IslandTmux(islet)
    #expect(tmux.outer.waitFor { _ in tmux.statusLine.contains("Workout") }, "\(tmux.statusLine)")
    islet.writeConfig(Self.badTheme)
    #expect(
      tmux.outer.waitFor { _ in tmux.statusLine.contains("islet: config:3 unknown theme 'ocean'") },
      "\(tmux.statusLine)")
  }

  @Test func anUnknownIconInTheFileOrAPlanOfItIsRefused() throws {
    islet.writeConfig("bell = off\nicon = banana\n")
    let run = try islet.binary("start", "25m")
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix("Error: \(configPath):2: unknown icon 'banana' (icons: alarm, book,"), "\(run)")
    islet.writeConfig("plan.deep = Deep 50m banana, Break 10m\n")
    #expect(
      try islet.binary("plans").stderr.hasPrefix("Error: \(configPath):1: plan.deep: unknown icon 'banana'"))
    // A theme of one's own may add an icon, which then is known.
    let themes = islet.folder.file("config/islet/themes")
    try FileManager.default.createDirectory(atPath: themes, withIntermediateDirectories: true)
    try #"{"roles": {}, "icons": {"banana": {"glyph": "🍌", "ascii": "[b]"}}}"#.write(
      toFile: themes + "/fruit.json", atomically: true, encoding: .utf8)
    islet.writeConfig("theme = fruit\nicon = banana\n")
    #expect(try islet.binary("start", "25m").status == 0)
    #expect(try islet.binary("status").stdout.hasPrefix("🍌 Timer 25:00"))
    #expect(try islet.binary("icons").stdout.contains("banana     [b]  🍌\n"))
  }

  @Test func iconsListsEachNameWithItsGlyphs() throws {
    let run = try islet.binary("icons")
    #expect(run.status == 0 && run.stderr == "")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 17)
    #expect(lines.contains("timer      [T]  ⏱"))
    #expect(lines.contains("tomato     [P]  🍅"))
    let ascii = try islet.binary("icons", "--ascii").stdout.split(separator: "\n")
    #expect(ascii.contains("timer      [T]") && ascii.count == 17, "\(ascii)")
  }
}
