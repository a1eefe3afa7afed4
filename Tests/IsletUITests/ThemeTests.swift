import Foundation
import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletUI

@Suite struct ThemeTests {
  static let themesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Themes").standardizedFileURL.path

  @Test func theBuiltInCopiesAreTheShippedFiles() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.themesFolder).filter {
      $0.hasSuffix(".json")
    }.sorted()
    #expect(files.map { String($0.dropLast(5)) }.sorted() == BuiltinThemes.files.map(\.name).sorted())
    for builtin in BuiltinThemes.files {
      let text = try String(contentsOfFile: Self.themesFolder + "/\(builtin.name).json", encoding: .utf8)
      #expect(
        builtin.json + "\n" == text,
        "Themes/\(builtin.name).json differs from its built-in copy; run Themes/embed")
    }
  }

  /// Block digits and the progress line are drawn by their glyphs: a role's background (or
  /// reverse video) behind them fills the gaps between the strokes and makes a solid slab, as
  /// high-contrast's and mono's alert did at time's up.
  @Test(arguments: BuiltinThemes.files.map(\.name))
  func noThemePaintsABackgroundBehindBigDigitsOrProgress(name: String) throws {
    let theme = try #require(ThemeCatalog.builtin(name))
    let drawnByGlyphs = { (glyph: String) in
      glyph.unicodeScalars.contains {
        (0x2580...0x259F).contains($0.value) || "━─".unicodeScalars.contains($0)
      }
    }
    var painted: Set<String> = []
    for phase in [Phase.idle, .active, .paused, .finished, .completed, .expired] {
      let (activity, now) = inPhase(phase)
      for canvas in [
        LockScreen.draw(look(activity, at: now, theme: theme), width: 60, height: 9),
        Expanded.draw(look(activity, at: now, theme: theme), width: 60, height: 9),
      ] {
        for y in 0..<canvas.height {
          for x in 0..<canvas.width where drawnByGlyphs(canvas[x, y].text) && canvas[x, y].role != .islandEdge
          {
            let style = theme.style(canvas[x, y].role)
            if style.background != nil || style.reverse { painted.insert("\(phase) \(canvas[x, y].role)") }
          }
        }
      }
    }
    #expect(painted.isEmpty, "\(name) paints a background behind digits or progress: \(painted.sorted())")
  }

  @Test(arguments: BuiltinThemes.files.map(\.name))
  func everyShippedThemeParsesAndColorsEveryRole(name: String) throws {
    let theme = try #require(ThemeCatalog.builtin(name))
    // The value drawn with is what the file says.
    let file = try #require(BuiltinThemes.files.first { $0.name == name })
    #expect(theme == (try Theme.parse(Array(file.json.utf8), name: name).get()))
    #expect(theme.name == name)
    #expect(Set(theme.roles.keys) == Set(Role.themed))
    for icon in ["timer", "run", "focus", "book", "coffee", "code"] {
      #expect(theme.icons[icon] != nil, "\(name) lacks \(icon)")
    }
    #expect(theme.icons.values.allSatisfy { $0.ascii.allSatisfy { $0.isASCII } })
  }

  func failure(_ json: String) -> Theme.Failure? {
    if case .failure(let failure) = Theme.parse(Array(json.utf8), name: "t") { return failure }
    return nil
  }

  @Test func brokenThemesSayWhichKeyAndWhatItShouldBe() {
    #expect(
      failure("")
        == Theme.Failure(
          key: "(file)", message: "is not valid JSON; a theme is a JSON object with \"roles\" and \"icons\""))
    #expect(failure(##"{"roles": {"timer": {"fg": "#12"##)?.key == "(file)")
    #expect(
      failure("[1, 2]")?.message == "is not a JSON object; a theme is an object with \"roles\" and \"icons\"")
    #expect(failure(#"{"icons": {}}"#)?.key == "roles")
    #expect(
      failure(#"{"roles": {"timer": {"fg": "blue"}}}"#)
        == Theme.Failure(key: "roles.timer.fg", message: "is 'blue'; use \"#RRGGBB\" or a number 0–255"))
    #expect(
      failure(#"{"roles": {"timer": {"fg": 256}}}"#)
        == Theme.Failure(key: "roles.timer.fg", message: "is 256; use \"#RRGGBB\" or a number 0–255"))
    #expect(failure(#"{"roles": {"timer": {"fg": -1}}}"#)?.key == "roles.timer.fg")
    #expect(failure(#"{"roles": {"timer": {"fg": 1.5}}}"#)?.key == "roles.timer.fg")
    #expect(
      failure(#"{"roles": {"timer": {"bold": "yes"}}}"#)
        == Theme.Failure(key: "roles.timer.bold", message: "is 'yes'; use true or false"))
    #expect(
      failure(#"{"roles": {"timer": {"blink": true}}}"#)
        == Theme.Failure(
          key: "roles.timer.blink", message: "is not a style key; use fg, bg, bold, dim or reverse"))
    #expect(
      failure(#"{"roles": {"clock": {}}}"#)?.message.hasPrefix(
        "is not a role; use one of background, island, text") == true)
    #expect(failure(#"{"roles": {"island.edge": {}}}"#)?.key == "roles.island.edge")
    #expect(failure(#"{"roles": {}, "icons": {"run": {"glyph": "🏃"}}}"#)?.key == "icons.run")
    #expect(failure(#"{"roles": {}, "icons": {"run": {"glyph": "🏃", "ascii": "é"}}}"#)?.key == "icons.run")
    #expect(
      failure(#"{"roles": {}, "colour": 1}"#)
        == Theme.Failure(
          key: "colour",
          message: "is not a theme key; use name, description, terminal, glyphs, roles and icons"))
    #expect(
      failure(#"{"roles": {}, "terminal": "dim"}"#)
        == Theme.Failure(
          key: "terminal", message: #"must be "dark", "light" or "any": the background it is drawn for"#))
    #expect(failure(#"{"roles": {"timer": "red"}}"#)?.key == "roles.timer")
  }

  @Test func readsJSONEscapesAndNesting() throws {
    let json =
      #"{"roles": {"text": {"fg": 7, "bold": false}}, "icons": {"x": {"glyph": "\u2615", "ascii": "[\"]"}, "y": {"glyph": "\ud83c\udfc3", "ascii": "R"}}}"#
    let theme = try Theme.parse(Array(json.utf8), name: "t").get()
    #expect(theme.icons["x"] == IconGlyph(glyph: "☕", ascii: "[\"]"))
    #expect(theme.icons["y"]?.glyph == "🏃")
    #expect(theme.style(.text) == RoleStyle(foreground: .indexed(7)))
    #expect(JSONValue.parse(Array("[1, 2,]".utf8)) == nil)
    #expect(JSONValue.parse(Array(String(repeating: "[", count: 100).utf8)) == nil)
    #expect(JSONValue.parse(Array("{\"a\": tru}".utf8)) == nil)
    #expect(
      JSONValue.parse(Array(" [true, null, -1.5e2, \"\\n\"] ".utf8))
        == .array([.bool(true), .null, .number(-150), .string("\n")]))
  }

  @Test func themesAreFoundByNameThenFileThenBuiltIn() throws {
    let folder = TemporaryFolder()
    let catalog = ThemeCatalog(folders: [folder.path])
    #expect(try catalog.load("light").get().name == "light")
    folder.write("light.json", Array(#"{"name": "my light", "roles": {"timer": {"fg": 33}}}"#.utf8))
    // The user's file, known by the name it was found by (what `t` goes on from).
    #expect(try catalog.load("light").get().style(.timer).foreground == .indexed(33))
    #expect(try catalog.load("light").get().name == "light")
    folder.write("ocean.json", Array(#"{"roles": {"timer": {"fg": 33}}}"#.utf8))
    #expect(try catalog.load("ocean").get().style(.timer).foreground == .indexed(33))
    #expect(try catalog.load(folder.file("ocean.json")).get().name == "ocean")
    #expect(catalog.names() == ["default", "light", "high-contrast", "mono", "ocean"])
    #expect(
      catalog.load("neon")
        == .failure(.unknown("neon", known: ["default", "light", "high-contrast", "mono", "ocean"])))
    folder.write("bad.json", Array(##"{"roles": {"alert": {"bg": "#GGGGGG"}}}"##.utf8))
    let broken = catalog.load("bad")
    #expect(
      broken
        == .failure(
          .broken(
            path: folder.file("bad.json"), key: "roles.alert.bg",
            message: "is '#GGGGGG'; use \"#RRGGBB\" or a number 0–255")))
    if case .failure(let failure) = broken {
      #expect(failure.exitStatus == .dataError)
      #expect(
        failure.message
          == "theme file \(folder.file("bad.json")): roles.alert.bg is '#GGGGGG'; use \"#RRGGBB\" or a number 0–255"
      )
    }
    #expect(
      catalog.load("/nonexistent/x.json")
        == .failure(.unreadable(path: "/nonexistent/x.json", detail: "No such file or directory")))
  }
}

@Suite struct ColorTests {
  @Test func colorsDegradeByDepth() {
    let orange = Color(hex: "#FF9F0A")!
    #expect(orange.degraded(to: .trueColor) == orange)
    #expect(orange.degraded(to: .palette256) == .indexed(214))
    #expect(orange.degraded(to: .basic16) == .indexed(3))
    #expect(orange.degraded(to: .basic8) == .indexed(3))
    #expect(orange.degraded(to: .none) == nil)
    #expect(Color.indexed(200).degraded(to: .palette256) == .indexed(200))
    #expect(Color.indexed(9).degraded(to: .basic8) == .indexed(1))
    #expect(Color(hex: "#000000")!.degraded(to: .palette256) == .indexed(16))
    #expect(Color(hex: "#12345") == nil)
    #expect(Color(hex: "#12345G") == nil)
  }

  @Test func theTerminalSaysHowManyColors() {
    #expect(ColorDepth.of(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
    #expect(ColorDepth.of(environment: ["TERM": "xterm-256color"]) == .palette256)
    #expect(ColorDepth.of(environment: ["TERM": "xterm"]) == .basic16)
    #expect(ColorDepth.of(environment: ["TERM": "linux"]) == .basic8)
    #expect(ColorDepth.of(environment: ["TERM": "vt100"]) == .none)
    #expect(ColorDepth.of(environment: ["TERM": "dumb"]) == .none)
    #expect(ColorDepth.of(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
  }
}

@Suite struct BackendTests {
  @Test func tmuxEscapesEveryHashInUserText() {
    let evil = workout(countdown: false, name: "#(touch /tmp/x) #[fg=red]")
    let canvas = Compact.draw(look(evil, at: t0), width: 40)
    let line = TmuxText.render(canvas, theme: ThemeCatalog.fallback)
    #expect(line.contains("##(touch /tmp/x) ##[fg=red]"))
    // Read as tmux reads it, the line shows exactly the canvas's text and runs nothing.
    #expect(tmuxVisibleText(line) == canvas.lines[0])
    #expect(line.hasPrefix("#[default,fg=#000000]▐#[default,fg=#f2f2f7,bg=#000000] ⏱ ##(touch"))
    #expect(line.hasSuffix("#[default]"))
    #expect(TmuxText.escaped("a#b##") == "a##b####")
  }

  @Test func ansiWritesColorsAtTheTerminalsDepth() {
    var canvas = Canvas(width: 3, height: 1)
    canvas.put("ab", x: 0, y: 0, role: .alert)
    canvas.put("c", x: 2, y: 0, role: .text)
    let theme = ThemeCatalog.fallback
    #expect(
      ANSIText.render(canvas, theme: theme, depth: .trueColor)
        == "\u{1B}[0;1;38;2;255;69;58mab\u{1B}[0;38;2;229;229;234mc\u{1B}[0m")
    #expect(ANSIText.render(canvas, theme: theme, depth: .basic8) == "\u{1B}[0;1;31mab\u{1B}[0;37mc\u{1B}[0m")
    #expect(ANSIText.render(canvas, theme: theme, depth: .none) == "\u{1B}[0;1mab\u{1B}[0mc\u{1B}[0m")
    #expect(PlainText.render(canvas) == "abc")
  }

  @Test func monoDrawsTheIslandInReverseVideo() throws {
    let mono = try #require(ThemeCatalog.builtin("mono"))
    let (activity, now) = inPhase(.active)
    let canvas = Compact.draw(look(activity, at: now, theme: mono), width: 32)
    let styles = (0..<32).map { ResolvedStyle(cell: canvas[$0, 0], theme: mono, depth: .trueColor) }
    #expect(!styles[0].reverse)
    #expect(styles[1...30].allSatisfy { $0.reverse })
    #expect(styles.allSatisfy { $0.foreground == nil && $0.background == nil })
  }
}

/// What tmux shows for a status string: `##` is `#`, `#[…]` is a style; any other `#` would be
/// a tmux command or variable, and fails the reading.
func tmuxVisibleText(_ line: String) -> String? {
  var visible = ""
  var rest = Substring(line)
  while let first = rest.first {
    if first != "#" {
      visible.append(first)
      rest = rest.dropFirst()
      continue
    }
    let next = rest.dropFirst().first
    if next == "#" {
      visible.append("#")
      rest = rest.dropFirst(2)
    } else if next == "[", let close = rest.firstIndex(of: "]") {
      rest = rest[rest.index(after: close)...]
    } else {
      return nil
    }
  }
  return visible
}
