import Testing

@testable import IsletCore
@testable import IsletUI

/// A card has one right edge: whatever ends on the right (the time, the progress bar and its
/// percentage, "ends 9:53", a plan's goal) ends at the same column, two cells in from the
/// card's edge, and nothing passes it; in every phase, at several widths, Unicode and ASCII.
@Suite struct CardEdgeTests {
  /// Every card the tests know: a countdown and a stopwatch in each phase, and each plan scene.
  static let cards: [(name: String, activity: Activity, now: Instant, goal: GoalTally?)] = {
    var cards: [(name: String, activity: Activity, now: Instant, goal: GoalTally?)] = []
    for phase in Phase.allCases {
      for countdown in [true, false] {
        let (activity, now) = inPhase(phase, countdown: countdown)
        cards.append(("\(phase.rawValue) \(countdown ? "countdown" : "stopwatch")", activity, now, nil))
      }
    }
    for scene in PlanScene.allCases {
      let (activity, now) = scene.shown
      cards.append(("plan \(scene.rawValue)", activity, now, GoalTally(done: 3, target: 8, plan: "pomodoro")))
    }
    return cards
  }()

  /// The last column of row `y` that something was drawn in (a glyph, a chip's fill, a blank
  /// inside the big digits), or nil for a row of the card's fill alone.
  static func lastDrawn(_ canvas: Canvas, row y: Int) -> Int? {
    (0..<canvas.width).last { x in
      let cell = canvas[x, y]
      return !cell.isContinuation && !(cell.glyph.isSpace && [.card, .text].contains(cell.role))
    }
  }

  @Test(arguments: [24, 30, 40, 48, 64, 80])
  func everythingOnTheRightEndsAtOneColumn(width: Int) {
    for card in Self.cards {
      for ascii in [false, true] {
        let shown = Look(
          activity: card.activity, now: card.now, ascii: ascii, utcOffset: 0, goal: card.goal)
        let canvas = LockScreen.draw(shown, width: width, height: LockScreen.height(for: card.activity))
        let edge = width - 3
        let label = "\(card.name) at \(width)\(ascii ? " ascii" : "")"
        var ends: [Int] = []
        for y in 1..<(canvas.height - 1) {
          guard let last = Self.lastDrawn(canvas, row: y) else { continue }
          #expect(last <= edge, "row \(y) passes the right edge (\(last) > \(edge)) in \(label)")
          ends.append(last)
        }
        // The time trails on the first row, so that row reaches the edge.
        #expect(ends.first == edge, "the time does not end at the edge in \(label): \(canvas.lines)")
        // The progress bar's row, a running countdown's end and a plan's goal reach it too.
        for y in 1..<(canvas.height - 1) {
          let line = canvas.line(y)
          if line.contains(ascii ? "--" : "─") || line.contains(ascii ? "==" : "━") || line.contains("ends ")
            || line.contains("today")
          {
            #expect(Self.lastDrawn(canvas, row: y) == edge, "row \(y) falls short of the edge in \(label)")
          }
        }
      }
    }
  }
}
