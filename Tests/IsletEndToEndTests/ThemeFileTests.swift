import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletUI

/// Theme files as editors save them, through the built binary.
@Suite struct ThemeFileTests {
  let islet = Sandbox()
  var themePath: String { islet.folder.file("ocean.json") }
  static let ocean =
    "{\r\n\t\"name\": \"ocean\",\r\n\t\"roles\": {\"timer\": {\"fg\": 33}},\r\n\t\"icons\": {\"timer\": {\"glyph\": \"⌛\", \"ascii\": \"[T]\"}}\r\n}\r\n"

  @Test func aThemeWithAByteOrderMarkAndCRLFIsUsed() throws {
    islet.folder.write("ocean.json", [0xEF, 0xBB, 0xBF] + Array(Self.ocean.utf8))
    try islet.binary("start", "--name", "Tea")
    let status = try islet.binary("--theme", themePath, "status")
    #expect(
      status.status == 0 && status.stdout.hasPrefix("⌛ Tea "),
      "the theme's timer glyph is not used: \(status)")
    // Named in a CRLF configuration file, too.
    islet.writeConfig("# mine\r\ntheme = \(themePath)\r\n")
    #expect(try islet.binary("status").stdout.hasPrefix("⌛ Tea "))
  }

  @Test func aGlyphWithABidiControlIsRefusedWithItsKey() throws {
    islet.folder.write("ocean.json", Array(Self.ocean.replacingOccurrences(of: "⌛", with: "⌛\u{202E}").utf8))
    let run = try islet.binary("--theme", themePath, "status")
    #expect(
      run
        == Run(
          status: 65, stdout: "",
          stderr:
            "Error: theme file \(themePath): icons.timer.glyph '⌛\\u{202e}' contains the bidirectional control character U+202E; use one printable glyph\n"
        ))
  }

  @Test func aThemeThatIsNotUTF8IsRefusedWithItsLine() throws {
    islet.folder.write(
      "ocean.json", Array(Self.ocean.utf8).map { $0 == UInt8(ascii: "o") ? 0xF8 : $0 })  // "ocean" on line 2
    let run = try islet.binary("--theme", themePath, "status")
    #expect(
      run
        == Run(
          status: 65, stdout: "",
          stderr:
            "Error: theme file \(themePath) is not valid JSON: line 2 is not UTF-8; save the file as UTF-8\n")
    )
  }

  @Test func anAbsurdlyLargeThemeIsRefused() throws {
    islet.folder.write("ocean.json", Array(repeating: UInt8(ascii: " "), count: 5_000_000))
    let run = try islet.binary("--theme", themePath, "status")
    #expect(
      run
        == Run(
          status: 65, stdout: "",
          stderr: "Error: theme file \(themePath) is larger than a theme can be (128 KiB)\n"))
  }

  /// Every theme there is, exported and saved under a new name in the themes folder, loads
  /// as the same theme under that name: the built-in ones and a file of one's own that uses
  /// what they do not (palette numbers, reverse, quotes and a glyph of its own).
  @Test func anExportedThemeLoadsBackAsTheSame() throws {
    let own = #"""
      {"name": "Own", "description": "Says \"hi\" \\ twice", "terminal": "light",
       "roles": {"timer": {"fg": 33, "bg": "#0a0b0c", "reverse": true, "dim": false}, "text": {}},
       "icons": {"kite": {"glyph": "🪁", "ascii": "[K]"}}}
      """#
    try FileManager.default.createDirectory(
      atPath: islet.folder.file("config/islet/themes"), withIntermediateDirectories: true)
    islet.folder.write("config/islet/themes/own.json", Array(own.utf8))
    let catalog = ThemeCatalog(folders: [islet.folder.file("config/islet/themes")])
    let names = catalog.names()
    #expect(names == BuiltinThemes.files.map(\.name) + ["own"])
    for name in names {
      let export = islet("themes", "--export", name)
      #expect(export.status == 0 && export.stderr.isEmpty, "\(name): \(export)")
      islet.folder.write("config/islet/themes/copy-\(name).json", Array(export.stdout.utf8))
      var original = try catalog.load(name).get()
      let copy = try catalog.load("copy-\(name)").get()
      original.name = "copy-\(name)"
      #expect(copy == original, "\(name) exported is not the same theme")
    }
    let listed = islet("themes").stdout
    #expect(listed.contains("copy-default"), "an exported theme is not listed")
  }

  @Test func exportingAThemeThatIsNotThereSaysWhichThereAre() {
    #expect(
      islet("themes", "--export", "ocean")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: unknown theme 'ocean'; known themes: default, light, high-contrast, mono (or a path to a .json file)\n"
        ))
  }
}
