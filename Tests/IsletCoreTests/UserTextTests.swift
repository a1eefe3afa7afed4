import Testing

@testable import IsletCore

@Suite struct UserTextTests {
  @Test func bytesAreBoundedBeforeCharactersAreCounted() {
    // One character of 80,001 bytes.
    let marks = "a" + String(repeating: "\u{301}", count: 40_000)
    #expect(marks.count == 1)
    #expect(UserText.problem(marks, bound: .name)?.contains("is 80001 bytes long; use at most 400 bytes") == true)
    #expect(UserText.problem(String(repeating: "🍅", count: 100), bound: .name) == nil, "400 bytes, 100 characters")
    #expect(UserText.problem(String(repeating: "🍅", count: 101), bound: .name)?.contains("404 bytes") == true)
    #expect(UserText.problem(String(repeating: "a", count: 101), bound: .name)?.contains("101 characters") == true)
  }

  @Test(arguments: [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] as [UInt32])
  func everyBidiControlIsRefusedAndEscaped(_ value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let text = "abc" + String(Character(scalar)) + "def"
    let problem = try #require(UserText.problem(text, bound: .name))
    #expect(problem.contains("bidirectional control (U+\(String(value, radix: 16, uppercase: true)))"), "\(problem)")
    #expect(!problem.unicodeScalars.contains(scalar), "the message shows it escaped")
    #expect(printable(text) == "abc\\u{\(String(value, radix: 16))}def")
  }

  @Test func neighboursOfTheBidiControlsAreText() {
    // Only controls and the nine bidi controls are refused: marks and right-to-left scripts
    // are text.
    for text in ["a\u{200E}b", "a\u{2070}b", "a\u{2027}b", "שלום", "مرحبا"] {
      #expect(UserText.problem(text, bound: .name) == nil, "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test func controlsAreRefused() {
    for text in ["a\u{1B}[31m", "a\u{7F}", "a\u{85}", "tab\there", "new\nline"] {
      #expect(UserText.problem(text, bound: .label)?.contains("contains control characters") == true)
    }
  }

  @Test func printableStopsAtItsLimitWhateverTheText() {
    let marks = "a" + String(repeating: "\u{301}", count: 40_000)
    #expect(printable(marks, limit: 20).unicodeScalars.count == 21, "20 scalars and the ellipsis")
    #expect(printable(String(repeating: "x", count: 100), limit: 10) == "xxxxxxxxxx…")
  }
}
