import Foundation
import Testing

@testable import IsletCore

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
}
