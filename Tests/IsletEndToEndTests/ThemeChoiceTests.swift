import Foundation
import IsletCLITestSupport
import Testing

/// Which theme a command draws in when the user names none, through the built binary: the
/// terminal's background (`COLORFGBG`) decides, and a choice the user made always wins.
@Suite struct ThemeChoiceTests {
  let islet = Sandbox()
  /// The default theme's text (#E5E5EA) and the light one's (#1C1C1E), as truecolor SGR.
  static let darkText = "38;2;229;229;234"
  static let lightText = "38;2;28;28;30"

  func lockScreen(_ extra: [String: String], _ arguments: String...) throws -> String {
    let run = try Binary.run(
      arguments + ["status", "--presentation", "lockscreen", "--format", "ansi"],
      environment: islet.environment.merging(
        extra.merging(["COLORTERM": "truecolor", "TERM": "xterm-256color"]) { $1 }
      ) { $1 })
    #expect(run.status == 0, "status failed: \(run)")
    return run.stdout
  }

  @Test func aLightTerminalGetsTheLightThemeUnlessTheUserChose() throws {
    try islet.binary("start", "--name", "Tea")
    let light = ["COLORFGBG": "0;15"]
    #expect(try lockScreen(light).contains(Self.lightText), "a light terminal drew dark-theme text")
    #expect(try lockScreen(["COLORFGBG": "15;0"]).contains(Self.darkText))
    #expect(try lockScreen([:]).contains(Self.darkText), "an unknown background is taken as dark")
    // The user's choice: --theme, then the configuration.
    #expect(try lockScreen(light, "--theme", "default").contains(Self.darkText))
    islet.writeConfig("theme = high-contrast\n")
    #expect(!(try lockScreen(light).contains(Self.lightText)), "the configuration's theme lost to COLORFGBG")
  }

  @Test func themesMarksTheOneInUseAndSaysWhatEachIsFor() throws {
    let run = try islet.binary("themes", extra: ["COLORFGBG": "0;15"])
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.hasPrefix("* light ") }, "light is not marked as in use:\n\(run.stdout)")
    #expect(lines.contains { $0.hasPrefix("  default ") })
    #expect(
      lines.contains {
        $0.contains("A black island, iOS colors on your terminal's own background (for dark terminals)")
      }, "default's description and background:\n\(run.stdout)")
    #expect(lines.contains { $0.hasSuffix("(for any terminal)") }, "mono's background")
  }
}
