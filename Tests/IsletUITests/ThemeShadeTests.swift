import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletUI

/// Which theme suits which terminal: the background each theme is drawn for, how the terminal's
/// is read, what `t` cycles through, and the icons' ASCII stand-ins.
@Suite struct ThemeShadeTests {
  @Test func colorFGBGSaysTheTerminalsBackground() {
    #expect(TerminalShade.of(colorFGBG: "15;0") == .dark)
    #expect(TerminalShade.of(colorFGBG: "0;15") == .light)
    #expect(TerminalShade.of(colorFGBG: "0;default;7") == .light)
    #expect(TerminalShade.of(colorFGBG: "7;8") == .dark)
    for unknown in [nil, "", "default;default", "15;12", "junk", "15;"] {
      #expect(TerminalShade.of(colorFGBG: unknown) == .any, "\(unknown ?? "unset") is not a known background")
    }
    #expect(TerminalShade.light.standardTheme == "light")
    #expect(TerminalShade.any.standardTheme == "default")
  }

  @Test func theTerminalsAnswerSaysItsBackground() {
    func shade(_ reply: String) -> TerminalShade { TerminalShade.of(backgroundReply: Array(reply.utf8)) }
    #expect(shade("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?1;2c") == .light)
    #expect(shade("\u{1B}]11;rgb:fa/fa/fa\u{07}") == .light, "two hex digits a channel, BEL-ended")
    #expect(shade("\u{1B}]11;rgb:1c1c/1c1c/1e1e\u{1B}\\") == .dark)
    // Solarized light's base3 (#fdf6e3) and dark's base03 (#002b36).
    #expect(shade("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{1B}\\") == .light)
    #expect(shade("\u{1B}]11;rgb:0000/2b2b/3636\u{1B}\\") == .dark)
    for silent in [
      "", "\u{1B}[?1;2c", "\u{1B}]11;rgb:ffff/ffff\u{07}", "\u{1B}]11;rgb:+fff/ffff/ffff\u{07}",
      "\u{1B}]11;rgb:fffff/ffff/ffff\u{07}", "\u{1B}]11;?\u{07}",
    ] {
      #expect(shade(silent) == .any, "\(silent.debugDescription) is no answer")
    }
  }

  @Test func eachShippedThemeSaysWhatItIsFor() throws {
    let shades = try BuiltinThemes.files.map { try #require(ThemeCatalog.builtin($0.name)).terminal }
    #expect(shades == [.dark, .light, .dark, .any])
    // An unknown background is taken as dark: the light theme is not offered on it.
    #expect(!TerminalShade.light.suits(.any) && TerminalShade.dark.suits(.any))
    #expect(TerminalShade.any.suits(.light) && TerminalShade.any.suits(.dark))
  }

  @Test func tCyclesOnlyThemesReadableOnTheBackground() {
    let catalog = ThemeCatalog(folders: [])
    func cycle(from start: String, on shade: TerminalShade) -> [String] {
      var names: [String] = []
      var current = start
      for _ in 0..<6 {
        guard let next = catalog.next(after: current, on: shade) else { break }
        names.append(next.name)
        current = next.name
      }
      return names
    }
    #expect(
      cycle(from: "default", on: .dark) == [
        "high-contrast", "mono", "default", "high-contrast", "mono", "default",
      ])
    #expect(cycle(from: "light", on: .light) == ["mono", "light", "mono", "light", "mono", "light"])
    // From a theme the background does not suit (chosen with --theme), on to one it does.
    #expect(cycle(from: "light", on: .any).first == "high-contrast")
  }

  /// A user's copy of a shipped theme, whose file calls itself by the shipped name, is one
  /// step of the cycle, not a place it stops.
  @Test func tGoesOnFromAUsersCopyOfATheme() throws {
    let folder = TemporaryFolder()
    folder.write("mine.json", Array(#"{"name": "mono", "terminal": "any", "roles": {}}"#.utf8))
    let catalog = ThemeCatalog(folders: [folder.path])
    var seen: [String] = []
    var current = "default"
    for _ in 0..<5 {
      guard let next = catalog.next(after: current, on: .dark) else { break }
      seen.append(next.name)
      current = try catalog.load(next.name).get().name
    }
    #expect(seen == ["high-contrast", "mono", "mine", "default", "high-contrast"])
  }

  @Test func theLightThemePaintsItsOwnBackground() throws {
    let light = try #require(ThemeCatalog.builtin("light"))
    var canvas = Canvas(width: 3, height: 1)
    canvas.put("ab", x: 0, y: 0, role: .text)
    canvas.fill(Rect(x: 2, y: 0, width: 1, height: 1), with: .island)
    let text = ResolvedStyle(cell: canvas[0, 0], theme: light, depth: .trueColor, ownBackground: true)
    let blank = ResolvedStyle(cell: Cell.blank, theme: light, depth: .trueColor, ownBackground: true)
    let island = ResolvedStyle(cell: canvas[2, 0], theme: light, depth: .trueColor, ownBackground: true)
    #expect(text.background == .rgb(255, 255, 255) && blank.background == .rgb(255, 255, 255))
    #expect(text.foreground == .rgb(28, 28, 30), "dark text on the white")
    #expect(island.background == .rgb(0, 0, 0), "the island stays black")
    // The default theme leaves the terminal's own background alone.
    #expect(
      ResolvedStyle(cell: Cell.blank, theme: ThemeCatalog.fallback, depth: .trueColor).background == nil)
  }

  @Test func theTimerIsDrawnInTheAccentColor() throws {
    for name in ["default", "light"] {
      let theme = try #require(ThemeCatalog.builtin(name))
      #expect(
        theme.style(.timer).foreground == theme.style(.accent).foreground,
        "\(name): the timer is \(String(describing: theme.style(.timer).foreground))")
      #expect(theme.style(.timer).foreground != theme.style(.text).foreground)
    }
  }

  @Test(arguments: BuiltinThemes.files.map(\.name))
  func asciiIconsDifferByMoreThanCase(_ name: String) throws {
    let theme = try #require(ThemeCatalog.builtin(name))
    var seen: [String: String] = [:]
    for (icon, glyph) in theme.icons.sorted(by: { $0.key < $1.key }) {
      let key = glyph.ascii.lowercased()
      #expect(
        seen[key] == nil, "\(name): \(icon) and \(seen[key] ?? "") share '\(glyph.ascii)', in either case")
      seen[key] = icon
    }
  }
}
