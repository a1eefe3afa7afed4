import Testing

@testable import IsletCore
@testable import IsletUI

/// The progress line in eighths of a cell: a long countdown's bar moves every few seconds.
@Suite struct ProgressBarTests {
  func canvas(_ fraction: Double, width: Int = 20, ascii: Bool = false) -> Canvas {
    var canvas = Canvas(width: width, height: 1, ascii: ascii)
    Pieces.progress(
      fraction, x: 0, y: 0, width: width, on: &canvas, glyphs: Glyphs(ascii: ascii), clip: canvas.bounds)
    return canvas
  }

  /// The bar's row, its track's cells (solid blocks in the track's role, told apart from the
  /// bar only by color) written `─` so that the text says which is which; `?` for a track cell
  /// that is not a solid block.
  func bar(_ fraction: Double, width: Int = 20, ascii: Bool = false) -> String {
    let drawn = canvas(fraction, width: width, ascii: ascii)
    guard !ascii else { return drawn.line(0) }
    return (0..<width).map { x in
      let cell = drawn[x, 0]
      return cell.role == .progressTrack ? (cell.text == "█" ? "─" : "?") : cell.text
    }.joined()
  }

  @Test func eachEighthOfACellShows() {
    // 15 cells of bar, 120 eighths, then the percentage in five cells.
    let track = { (n: Int) in String(repeating: "─", count: n) }
    #expect(bar(0) == track(15) + "   0%")
    #expect(bar(1.0 / 120) == "▏" + track(14) + "   0%")
    #expect(bar(7.0 / 120) == "▉" + track(14) + "   5%")
    #expect(bar(8.0 / 120) == "█" + track(14) + "   6%")
    #expect(bar(0.5) == "███████▌" + track(7) + "  50%")
    #expect(bar(1) == String(repeating: "█", count: 15) + " 100%")
    #expect(bar(0.5, ascii: true) == "=======" + String(repeating: "-", count: 8) + "  50%")
    // The rest of the partial cell in the track's color: bar and track one solid line.
    let half = canvas(0.5)
    #expect(half[7, 0].role == .progress && half[7, 0].fill == .trackFill)
    #expect(half[6, 0].fill == nil && half[8, 0].fill == nil)
    let theme = ThemeCatalog.fallback
    #expect(theme.style(.trackFill).background == theme.style(.progressTrack).foreground)
    // Text without colors draws the track as a line, so the bar still reads.
    #expect(PlainText.render(half) == "███████▌───────  50%")
  }

  /// A 25-minute countdown on a bar of 50 cells: 400 eighths, one every 3.75 seconds, where
  /// whole cells moved every 30.
  @Test func aTwentyFiveMinuteBarMovesEveryFewSeconds() {
    let width = 55
    let shown = { (ms: Milliseconds) in bar(Double(ms) / Double(minutes(25)), width: width) }
    #expect(shown(3_749) == shown(0))
    #expect(shown(3_750) != shown(0), "\(shown(3_750))")
    #expect(shown(3_750).hasPrefix("▏"))
    var changes = 0
    for second in 1...60 where shown(Milliseconds(second) * 1000) != shown(Milliseconds(second - 1) * 1000) {
      changes += 1
    }
    #expect(changes >= 15, "the bar moved \(changes) times in its first minute")
  }
}
