import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletUI

/// Theme files as editors save them, and the bytes and glyphs no theme may carry.
@Suite struct ThemeFormatTests {
  static let small =
    #"{"name": "ocean", "roles": {"timer": {"fg": 33}}, "icons": {"timer": {"glyph": "⌛", "ascii": "[T]"}}}"#

  func failure(_ bytes: [UInt8]) -> Theme.Failure? {
    if case .failure(let failure) = Theme.parse(bytes, name: "t") { return failure }
    return nil
  }

  @Test func aByteOrderMarkAndCRLFAreHarmless() throws {
    let expected = try Theme.parse(Array(Self.small.utf8), name: "t").get()
    #expect(expected.icons["timer"]?.glyph == "⌛" && expected.style(.timer).foreground == .indexed(33))
    let crlf = Self.small.replacingOccurrences(of: ", ", with: ",\r\n\t")
    #expect(crlf.contains("\r\n"))
    for (kind, bytes) in [
      ("a mark", [0xEF, 0xBB, 0xBF] + Array(Self.small.utf8)),
      ("CRLF and tabs", Array(crlf.utf8)),
      ("a mark and CRLF", [0xEF, 0xBB, 0xBF] + Array(crlf.utf8)),
    ] {
      let read = Theme.parse(bytes, name: "t")
      #expect(read == .success(expected), "\(kind): \(read)")
    }
    // Only at the start: a second mark is a stray character, and not JSON.
    #expect(failure([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array(Self.small.utf8))?.key == "(file)")
  }

  @Test(
    arguments: [
      (Array("{\r\n\"roles\": {},\r\n\"name\": \"caf".utf8) + [0xE9] + Array("\"}".utf8), 3),
      (Array("{\r\"roles\": {},\r\r\"name\": \"caf".utf8) + [0xE9] + Array("\"}".utf8), 4),
      ([0xFF, 0xFE, 0x7B], 1),
      (Array("{\"roles\": {}}\n".utf8) + [0xC3], 2),
    ] as [([UInt8], Int)])
  func bytesThatAreNotUTF8AreRefusedByLine(bytes: [UInt8], line: Int) {
    #expect(
      failure(bytes)
        == Theme.Failure(
          key: "(file)", message: "is not valid JSON: line \(line) is not UTF-8; save the file as UTF-8"))
  }

  @Test(
    arguments: [
      (
        #""glyph": "\u0007", "ascii": "T""#, "icons.timer.glyph",
        "'\\u{7}' contains the control character U+0007; use one printable glyph"
      ),
      (
        #""glyph": "\u001b[2J", "ascii": "T""#, "icons.timer.glyph",
        "'\\e[2J' contains the control character U+001B; use one printable glyph"
      ),
      (
        "\"glyph\": \"\u{85}\", \"ascii\": \"T\"", "icons.timer.glyph",
        "'\\u{85}' contains the control character U+0085; use one printable glyph"
      ),
      (
        "\"glyph\": \"⏱\u{202E}\", \"ascii\": \"T\"", "icons.timer.glyph",
        "'⏱\\u{202e}' contains the bidirectional control character U+202E; use one printable glyph"
      ),
      (
        #""glyph": "\u2067⏱", "ascii": "T""#, "icons.timer.glyph",
        "'\\u{2067}⏱' contains the bidirectional control character U+2067; use one printable glyph"
      ),
      (
        #""glyph": "⏱", "ascii": "\u007f""#, "icons.timer.ascii",
        "'\\u{7f}' contains the control character U+007F; use 1–4 printable ASCII characters"
      ),
      (
        "\"glyph\": \"e" + String(repeating: "\u{301}", count: 40) + "\", \"ascii\": \"T\"",
        "icons.timer.glyph",
        "is 81 bytes long in UTF-8; one glyph is at most 64 bytes"
      ),
    ] as [(String, String, String)])
  func glyphsWithControlsOrAbsurdLengthsAreRefused(fields: String, key: String, message: String) {
    let json = #"{"roles": {}, "icons": {"timer": {"# + fields + "}}}"
    #expect(failure(Array(json.utf8)) == Theme.Failure(key: key, message: message))
  }

  @Test func theLongestEmojiSequenceIsAGlyph() throws {
    let kiss = "👨🏻‍❤️‍💋‍👨🏼"
    #expect(kiss.utf8.count == 35)
    let json = #"{"roles": {}, "icons": {"timer": {"glyph": ""# + kiss + #"", "ascii": "T"}}}"#
    #expect(try Theme.parse(Array(json.utf8), name: "t").get().icons["timer"]?.glyph == kiss)
  }

  @Test func namesAndDescriptionsArePlainTextOfASaneLength() {
    #expect(
      failure(Array(#"{"name": "evil\u001b]0;x", "roles": {}}"#.utf8))
        == Theme.Failure(key: "name", message: "'evil\\e]0;x' contains control characters; use plain text"))
    #expect(
      failure(Array(("{\"name\": \"" + String(repeating: "n", count: 65) + "\", \"roles\": {}}").utf8))
        == Theme.Failure(
          key: "name", message: "'nnnnnnnnnnnnnnnnnnnn…' is 65 characters long; use at most 64"))
    #expect(
      failure(Array("{\"description\": \"Dark \u{202E}krad\", \"roles\": {}}".utf8))
        == Theme.Failure(
          key: "description",
          message: "'Dark \\u{202e}krad' contains the bidirectional control character U+202E; use plain text")
    )
    #expect(
      failure(
        Array(("{\"description\": \"" + String(repeating: "d", count: 401) + "\", \"roles\": {}}").utf8))?
        .message
        == "'dddddddddddddddddddd…' is 401 characters long; use at most 400")
    #expect((try? Theme.parse(Array(#"{"description": "", "roles": {}}"#.utf8), name: "t").get()) != nil)
  }

  @Test func aFileOver128KiBIsRefusedWhole() {
    let padded = "{\"roles\": {}" + String(repeating: " ", count: 131_072) + "}"
    #expect(
      failure(Array(padded.utf8))
        == Theme.Failure(key: "(file)", message: "is larger than a theme can be (128 KiB)"))
    let fits = "{\"roles\": {}" + String(repeating: " ", count: 131_072 - 13) + "}"
    #expect(fits.utf8.count == 131_072)
    #expect((try? Theme.parse(Array(fits.utf8), name: "t").get()) != nil)
  }

  @Test func whatAThemeSaysIsShownEscapedInItsMessage() throws {
    #expect(
      failure(Array(#"{"roles": {"timer": {"fg": "\u001b[31m"}}}"#.utf8))
        == Theme.Failure(key: "roles.timer.fg", message: "is '\\e[31m'; use \"#RRGGBB\" or a number 0–255"))
    let folder = TemporaryFolder()
    folder.write("evil.json", Array(#"{"roles": {"\u001b[2J": {}}}"#.utf8))
    guard case .failure(let broken) = ThemeCatalog(folders: []).load(folder.file("evil.json")) else {
      Issue.record("a theme with an escape sequence for a role was accepted")
      return
    }
    #expect(
      broken.message.hasPrefix("theme file \(folder.file("evil.json")): roles.\\e[2J is not a role"),
      "\(broken.message)")
    #expect(broken.exitStatus == .dataError)
  }
}
