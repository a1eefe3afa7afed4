import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletUI

@Suite struct PresentationCommandTests {
  let islet = Sandbox()

  init() {
    islet("start", "25m", "--name", "Workout", "--id", "1823", "--owner", "ada")
    islet.clock.advance(by: 750_000)
  }

  @Test func drawsEachPresentation() {
    #expect(islet("status", "--presentation", "minimal").stdout == "▐12m▌\n")
    #expect(islet("status", "--presentation", "compact").stdout == "▐ ⏱ Workout            ◑ 12:30 ▌\n")
    #expect(islet("status", "--presentation", "compact", "--width", "20").stdout == "▐ ⏱ Worko… ◑ 12:30 ▌\n")
    #expect(islet("status", "--presentation", "expanded").stdout.split(separator: "\n").count == 6)
    #expect(
      islet("status", "--presentation", "lockscreen").stdout == """
        ▗▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▖
          ⏱  Workout                                 ▀█  ▀▀█   ▀▀█ █▀█
          ID 1823 · ada                               █  █▀▀ ▀  ▀█ █ █
           ⏸ Pause   ✕ End                           ▀▀▀ ▀▀▀ ▀ ▀▀▀ ▀▀▀
          ███████████████████████████▌───────────────────────────  50%
          Started 9:05                                       ends 9:30
        ▝▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▘

        """)
    #expect(
      islet("status", "--presentation", "compact", "--ascii").stdout == "( [T] Workout          * 12:30 )\n")
  }

  /// Drawn on its own in a wide space, a presentation keeps its proportions (the banner and
  /// the expanded island at most 72 columns, compact 40, minimal its few cells) and is centered.
  @Test func aPresentationOnItsOwnKeepsItsSizeAndIsCentered() {
    for (presentation, widest) in [("lockscreen", 72), ("expanded", 72), ("compact", 40), ("minimal", 7)] {
      let lines = islet("status", "--presentation", presentation, "--width", "100").stdout
        .split(separator: "\n").map(String.init)
      #expect(!lines.isEmpty)
      for line in lines {
        let left = line.prefix { $0 == " " }.count
        let drawn = DisplayWidth.of(String(line.dropFirst(left)))
        #expect(
          drawn <= widest && abs(left - (100 - drawn - left)) <= 1,
          "\(presentation): \(drawn) columns after \(left) blanks in 100: '\(line)'")
      }
    }
  }

  @Test func theIslandShowsASecondActivityAsABubble() {
    islet("start", "--name", "Tea", "--icon", "coffee")
    islet.clock.advance(by: 2_000)
    #expect(islet("status", "--presentation", "compact").stdout == "▐ ☕ Tea                ● 0:02 ▌ ▐12m▌\n")
    // Asking for one by name draws it alone.
    #expect(
      islet("status", "Workout", "--presentation", "compact").stdout == "▐ ⏱ Workout            ◑ 12:28 ▌\n")
  }

  @Test func tmuxFormatEscapesUserText() {
    islet("update", "--name", "#(touch /tmp/pwned) #[fg=red]")
    let line = islet("status", "--format", "tmux", "--width", "60").stdout
    #expect(
      line.hasPrefix(
        "#[default,fg=#000000]▐#[default,fg=#f2f2f7,bg=#000000] ⏱ ##(touch /tmp/pwned) ##[fg=red]"))
    #expect(line.hasSuffix("#[default]\n"))
    #expect(
      islet("status", "--format", "tmux", "--template", "{name} {time}").stdout
        == "##(touch /tmp/pwned) ##[fg=red] 12:30\n")
  }

  /// The pill's round ends are drawn in the pill's own color on the bar's background, so a
  /// light bar shows a black pill with round ends, not dark blocks around it.
  @Test(arguments: ["default", "light", "high-contrast"])
  func theCapsKeepTheBarsBackground(_ theme: String) throws {
    let line = islet("status", "--format", "tmux", "--theme", theme).stdout
    let styles = line.split(separator: "#[").map { String($0) }
    let caps = styles.filter { $0.contains("▐") || $0.contains("▌") }
    #expect(caps.count == 2, "\(theme): \(line)")
    let pill = try #require(styles.first { $0.contains("Workout") }, "\(line)")
    let pillBackground = try #require(
      pill.split(separator: "]")[0].split(separator: ",").first { $0.hasPrefix("bg=") })
    for cap in caps {
      let style = cap.split(separator: "]")[0]
      #expect(!style.contains("bg="), "\(theme): a cap paints the bar's background: \(cap)")
      #expect(
        style.contains("fg=" + pillBackground.dropFirst(3)), "\(theme): a cap is not the pill's color: \(cap)"
      )
    }
  }

  @Test func ansiFollowsTheTerminalAndNoColor() {
    let colored = islet.run(["status", "--format", "ansi", "--presentation", "minimal"])
    #expect(colored.stdout.contains("\u{1B}["))
    islet.extra = ["TERM": "xterm-256color"]
    #expect(
      islet("status", "--format", "ansi", "--presentation", "minimal").stdout
        == "\u{1B}[0;38;5;16m▐\u{1B}[0;38;5;255;48;5;16m12m\u{1B}[0;38;5;16m▌\u{1B}[0m\n")
    islet.extra["NO_COLOR"] = "1"
    #expect(
      islet("status", "--format", "ansi", "--presentation", "minimal").stdout
        == "\u{1B}[0m▐\u{1B}[0;7m12m\u{1B}[0m▌\u{1B}[0m\n")
  }

  @Test func themesAreChosenByNameFileOrConfiguration() {
    islet.extra = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
    let light = islet("status", "--format", "ansi", "--presentation", "minimal", "--theme", "light").stdout
    #expect(light.contains("38;2;255;255;255;48;2;0;0;0m12m"))
    islet.writeConfig("theme = high-contrast\n")
    #expect(
      islet("status", "--format", "ansi", "--presentation", "minimal").stdout.contains("[0;1;97;40m12m"))
    #expect(
      islet("status", "--theme", "neon")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: unknown theme 'neon'; known themes: default, light, high-contrast, mono (or a path to a .json file)\n"
        ))
    islet.folder.write("broken.json", Array(#"{"roles": {"timer": {"fg": "teal"}}}"#.utf8))
    let path = islet.folder.file("broken.json")
    #expect(
      islet("status", "--theme", path)
        == Run(
          status: 65, stdout: "",
          stderr: "Error: theme file \(path): roles.timer.fg is 'teal'; use \"#RRGGBB\" or a number 0–255\n"))
    islet.folder.write("empty.json", [])
    #expect(
      islet("status", "--theme", islet.folder.file("empty.json")).stderr.hasSuffix(
        "is not valid JSON; a theme is a JSON object with \"roles\" and \"icons\"\n"))
  }

  @Test func themesListsEveryThemeWithAPreview() {
    islet.writeConfig("theme = mono\n")
    #expect(
      islet("themes").stdout == """
          default        ▐ ⏱ Workout            ◑ 12:30 ▌
                         A black island, iOS colors on your terminal's own background (for dark terminals)
          light          ▐ ⏱ Workout            ◑ 12:30 ▌
                         Dark text on its own white background, the island still black (for light terminals)
          high-contrast  ▐ ⏱ Workout            ◑ 12:30 ▌
                         Pure colors and bold type, for bright rooms and tired eyes (for dark terminals)
        * mono           ▐ ⏱ Workout            ◑ 12:30 ▌
                         No colors: bold, dim and reverse only (for any terminal)

        """)
  }
}

@Suite struct TemplateFormatTests {
  let islet = Sandbox()

  /// A template with a colored format prints the filled line (it used to crash on `ansi`).
  @Test(arguments: [("ansi", "Tea 0:00\n"), ("tmux", "Tea 0:00\n"), ("plain", "Tea 0:00\n")])
  func aTemplateWorksInEveryTextFormat(_ format: String, _ expected: String) {
    islet("start", "--name", "Tea")
    let run = islet("status", "--format", format, "--template", "{name} {time}")
    #expect(run == Run(status: 0, stdout: expected, stderr: ""))
  }
}
