import Testing

@testable import IsletCore
@testable import IsletUI

@Suite struct DisplayWidthTests {
  @Test func knowsWideNarrowAndZeroWidthGlyphs() {
    #expect(DisplayWidth.of("a") == 1)
    #expect(DisplayWidth.of("⏱") == 1)
    #expect(DisplayWidth.of("☕") == 2)
    #expect(DisplayWidth.of("🏃") == 2)
    #expect(DisplayWidth.of("漢") == 2)
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("⏱\u{FE0F}") == 2)
    #expect(DisplayWidth.of("Café ☕") == 7)
  }

  @Test func textOfLoneScalarsIsMeasuredAsBreakingWouldMeasureIt() {
    // The fast path must agree with grapheme breaking for every scalar it takes.
    let alone = (0x20...0x2FFFF).compactMap(Unicode.Scalar.init).filter(DisplayWidth.standsAlone)
    #expect(alone.count > 900)
    for scalar in alone {
      #expect(DisplayWidth.of(scalar) == 1, "U+\(String(scalar.value, radix: 16))")
      let pair = String(scalar) + String(scalar)
      #expect(pair.count == 2, "U+\(String(scalar.value, radix: 16)) joins its neighbour")
    }
    #expect(DisplayWidth.of("a\u{301}b") == 2)
    #expect(DisplayWidth.of("▶\u{FE0F}") == 2)
  }

  @Test func truncatesByCellsWithAnEllipsis() {
    #expect(DisplayWidth.truncate("Workout", to: 7) == "Workout")
    #expect(DisplayWidth.truncate("Workout", to: 6) == "Worko…")
    #expect(DisplayWidth.truncate("漢字漢字", to: 6) == "漢字…")
    #expect(DisplayWidth.truncate("漢字漢字", to: 4) == "漢…")
    #expect(DisplayWidth.truncate("abc", to: 0) == "")
  }
}

@Suite struct CanvasTests {
  @Test func clipsToItsBoundsAndToAClip() {
    var canvas = Canvas(width: 5, height: 2)
    canvas.put("Workout", x: -2, y: 0, role: .text)
    canvas.put("hi", x: 0, y: 5, role: .text)
    canvas.put("abcdef", x: 1, y: 1, role: .text, clip: Rect(x: 1, y: 1, width: 3, height: 1))
    #expect(canvas.lines == ["rkout", " abc "])
  }

  @Test func neverDrawsHalfAWideGlyph() {
    var canvas = Canvas(width: 5, height: 1)
    canvas.put("ab☕☕", x: 0, y: 0, role: .text)
    #expect(canvas.lines == ["ab☕ "])
    #expect(canvas[2, 0].text == "☕" && canvas[3, 0].isContinuation)
    // Overwriting half of a wide glyph clears the other half.
    canvas.put("x", x: 3, y: 0, role: .accent)
    #expect(canvas.lines == ["ab x "])
    var edge = Canvas(width: 3, height: 1)
    edge.put("☕", x: 2, y: 0, role: .text)
    #expect(edge.lines == ["   "])
  }

  @Test func combiningMarksJoinTheirGlyph() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.put("e\u{301}x", x: 0, y: 0, role: .text)
    #expect(canvas[0, 0].text == "e\u{301}")
    #expect(canvas.lines == ["e\u{301}x  "])
  }

  @Test func aMarkOrSelectorAfterPlainTextJoinsTheGlyphBeforeIt() {
    var canvas = Canvas(width: 8, height: 1)
    canvas.put("ab▶\u{FE0F}ce\u{301}", x: 0, y: 0, role: .text)
    #expect(canvas[2, 0].text == "▶\u{FE0F}" && canvas[3, 0].isContinuation)
    #expect(canvas[5, 0].text == "e\u{301}")
    #expect(canvas.lines == ["ab▶\u{FE0F}ce\u{301}  "])
  }

  @Test func neutralisesControlCharactersAndEscapes() {
    var canvas = Canvas(width: 12, height: 1)
    canvas.put("a\u{1B}[31mb\u{07}", x: 0, y: 0, role: .text)
    #expect(canvas.lines == ["a\u{FFFD}[31mb\u{FFFD}    "])
    var ascii = Canvas(width: 4, height: 1, ascii: true)
    ascii.put("\u{1B}\u{9B}x", x: 0, y: 0, role: .text)
    #expect(ascii.lines == ["??x "])
  }

  @Test func aGlyphKeepsTextUpToTwelveBytesWholeScalarsOnly() {
    #expect(Glyph("é").string == "é")
    #expect(Glyph("🇯🇵").string == "🇯🇵")
    let family = "👨‍👩‍👧‍👦"
    #expect(Glyph(family).string == "👨\u{200D}👩")
    #expect(Glyph("👩‍💻").string == "👩‍💻")
    #expect(Glyph(family).width == 2)
    #expect(Glyph("").isContinuation && Glyph(" ").isSpace)
    #expect(Cell.isPacked && MemoryLayout<Cell>.stride == 16)
  }

  @Test func changesAreTheCellsThatDifferAndTheWideGlyphsUnderThem() {
    var before = Canvas(width: 6, height: 3)
    before.put("ab☕", x: 0, y: 1, role: .text)
    #expect(before.changes(from: nil).count == 17)
    var after = before
    after.put("x", x: 1, y: 1, role: .text)
    after.put("y", x: 5, y: 2, role: .accent)
    #expect(after.changes(from: before) == [7, 17])
    // The second half of the wide glyph changed role only: the glyph is printed again.
    after[3, 1].role = .accent
    #expect(after.changes(from: before) == [7, 8, 17])
    #expect(after.changes(from: after).isEmpty)
    #expect(Canvas(width: 5, height: 3).changes(from: before).count == 15)
  }

  @Test func aWideGlyphDrawnAtTheLastColumnOfAnotherCanvasIsBlanked() {
    var small = Canvas(width: 2, height: 1)
    small.put("☕", x: 0, y: 0, role: .text)
    var big = Canvas(width: 3, height: 1)
    big.draw(small, x: 2, y: 0)
    #expect(big.lines == ["   "])
    big.draw(small, x: -1, y: 0)
    #expect(big.lines == ["   "])
  }
}

/// Each presentation at sizes where nothing fits: it draws what it can and never more.
@Suite struct TinyAreaTests {
  static let (activity, now) = inPhase(.active)

  @Test(arguments: [(0, 0), (1, 1), (2, 1), (3, 2), (1, 5)] as [(Int, Int)])
  func everyPresentationIsSafe(width: Int, height: Int) {
    expectEveryPresentationFits(look(Self.activity, at: Self.now), width: width, height: height)
  }

  @Test func oneCellStillSaysSomethingIsThere() {
    let (stopwatch, now) = inPhase(.active, countdown: false)
    #expect(Minimal.draw(look(stopwatch, at: now), width: 1).lines == ["⏱"])
    #expect(Compact.draw(look(stopwatch, at: now), width: 1).lines == ["⏱"])
    let coffee = workout(countdown: false, icon: "coffee")
    #expect(Minimal.draw(look(coffee, at: t0), width: 1).lines == ["●"])
    #expect(Minimal.draw(look(coffee, at: t0), width: 2).lines == ["☕"])
  }
}

/// Every presentation of `look` drawn in `width` × `height` stays inside it.
func expectEveryPresentationFits(
  _ look: Look, width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
  let canvases = [
    Minimal.draw(look, width: width), Compact.draw(look, width: width),
    Expanded.draw(look, width: width, height: height), LockScreen.draw(look, width: width, height: height),
    Island.draw(look, next: look, width: width),
  ]
  for canvas in canvases {
    #expect(canvas.width <= width, sourceLocation: sourceLocation)
    #expect(canvas.height <= max(height, 1), sourceLocation: sourceLocation)
    #expect(
      canvas.lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(canvas.lines)",
      sourceLocation: sourceLocation)
  }
}
