import Testing

@testable import IsletCore

@Suite struct UserTextBoundsTests {
  @Test func bytesAreBoundedBeforeCharactersAreCounted() {
    // One character of 80,001 bytes.
    let marks = "a" + String(repeating: "\u{301}", count: 40_000)
    #expect(marks.count == 1)
    #expect(UserText.problem(with: marks, bounds: .name) == .tooManyBytes(80_001, limit: 400))
    #expect(
      UserText.problem(with: String(repeating: "🍅", count: 100), bounds: .name) == nil,
      "400 bytes, 100 characters")
    #expect(
      UserText.problem(with: String(repeating: "🍅", count: 101), bounds: .name)
        == .tooManyBytes(404, limit: 400))
    #expect(
      UserText.problem(with: String(repeating: "a", count: 101), bounds: .name)
        == .tooManyCharacters(101, limit: 100))
    // Bytes before anything else: a huge text full of controls is refused for its size.
    #expect(
      UserText.problem(with: String(repeating: "\u{7}", count: 500), bounds: .name)
        == .tooManyBytes(500, limit: 400))
  }

  @Test(arguments: [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] as [UInt32])
  func everyBidiControlIsRefusedAndEscaped(_ value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let text = "abc" + String(Character(scalar)) + "def"
    let problem = try #require(UserText.problem(with: text, bounds: .name))
    #expect(problem == .bidirectionalControl(scalar))
    #expect(problem.message.contains("U+\(String(value, radix: 16, uppercase: true))"), "\(problem.message)")
    #expect(!problem.message.unicodeScalars.contains(scalar), "the message shows it escaped")
    #expect(printable(text) == "abc\\u{\(String(value, radix: 16))}def")
  }

  @Test func neighboursOfTheBidiControlsAreText() {
    // Only controls and the nine bidi controls are refused: marks and right-to-left scripts
    // are text.
    for text in ["a\u{200E}b", "a\u{2070}b", "a\u{2027}b", "שלום", "مرحبا"] {
      #expect(UserText.problem(with: text, bounds: .name) == nil, "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test func controlsAreRefused() {
    for text in ["a\u{1B}[31m", "a\u{7F}", "a\u{85}", "tab\there", "new\nline"] {
      #expect(
        UserText.problem(with: text, bounds: .label)?.message == "contains control characters; use plain text"
      )
    }
  }

  @Test func printableStopsAtItsLimitWhateverTheText() {
    let marks = "a" + String(repeating: "\u{301}", count: 40_000)
    // One character of 40,001 scalars is more than a message can hold: cut before it.
    #expect(printable(marks, limit: 20) == "…")
    #expect(printable("ab" + marks, limit: 20) == "ab…")
    #expect(printable(String(repeating: "x", count: 100), limit: 10) == "xxxxxxxxxx…")
  }
}

@Suite struct PrintableNameTests {
  @Test func aNameWithinItsBoundsIsShownWhole() {
    // 100 characters of two scalars each.
    let decomposed = String(repeating: "e\u{301}", count: 100)
    #expect(printableName(decomposed) == decomposed)
    let family = String(repeating: "👨‍👩‍👧", count: 10)
    #expect(printableName(family) == family, "emoji sequences are not cut")
    #expect(printableName(String(repeating: "a", count: 101)) == String(repeating: "a", count: 100) + "…")
  }

  @Test func lineSeparatorsAndAByteOrderMarkAreRefusedAsControls() {
    for text in ["a\u{2028}b", "a\u{2029}b", "\u{FEFF}a"] {
      #expect(
        UserText.problem(with: text, bounds: .name)?.message == "contains control characters; use plain text")
    }
  }
}
