import Testing

@testable import IsletCore
@testable import IsletUI

/// Every presentation in every phase, in Unicode and ASCII, at its target size, a middle size
/// and one narrower than it can fully show: one file for each, `Snapshots/PRESENTATION/PHASE.txt`.
/// The files were read and checked by eye; a change to them is a change to what users see.
@Suite struct SnapshotTests {
  /// The widths each presentation is drawn at: its target, a middle one, one too narrow.
  static func widths(_ presentation: Presentation) -> [Int] {
    switch presentation {
    case .minimal: return [7, 5, 2]
    case .compact: return [32, 20, 12]
    case .expanded: return [58, 44, 30]
    case .lockscreen: return [64, 48, 30]
    }
  }

  static func draw(_ presentation: Presentation, _ look: Look, width: Int) -> Canvas {
    switch presentation {
    case .minimal: return Minimal.draw(look, width: width)
    case .compact: return Compact.draw(look, width: width)
    case .expanded: return Expanded.draw(look, width: width, height: 7)
    case .lockscreen:
      return LockScreen.draw(look, width: width, height: LockScreen.height(for: look.activity))
    }
  }

  /// One presentation in one phase: a countdown and a stopwatch (a stopwatch never finishes),
  /// in Unicode then ASCII, at each width, each drawing under a `==` line naming it.
  static func sheet(_ presentation: Presentation, phase: Phase) -> String {
    var out = ""
    for ascii in [false, true] {
      for countdown in [true, false] where countdown || phase != .finished {
        let (activity, now) = inPhase(phase, countdown: countdown)
        for width in widths(presentation) {
          let canvas = draw(presentation, look(activity, at: now, ascii: ascii), width: width)
          out +=
            "== \(phase.rawValue) \(countdown ? "countdown" : "stopwatch") \(ascii ? "ascii" : "unicode") width \(width)\n"
          out += framed(canvas) + "\n"
        }
      }
    }
    return out
  }

  @Test(arguments: Presentation.allCases, Phase.allCases)
  func presentation(_ presentation: Presentation, in phase: Phase) {
    expectSnapshot(
      Self.sheet(presentation, phase: phase), named: "\(presentation.rawValue)/\(phase.rawValue)")
  }

  /// A reset countdown of nobody's, with no category: no start to tell, so no footer row (its
  /// ID and owner have the row beside the big time).
  @Test func aReadyBannerWithNothingToSayHasNoEmptyRow() {
    var (activity, now) = inPhase(.idle)
    activity.attributes.owner = nil
    #expect(LockScreen.height(for: activity) == 6)
    let canvas = LockScreen.draw(look(activity, at: now), width: 64, height: LockScreen.height(for: activity))
    expectSnapshot(framed(canvas) + "\n", named: "lockscreen/idle-nothing-to-say")
  }

  @Test func expandedHeights() {
    var out = ""
    let (activity, now) = inPhase(.active)
    for height in [9, 6, 5, 4, 3, 2] {
      out +=
        "== height \(height)\n" + framed(Expanded.draw(look(activity, at: now), width: 44, height: height))
        + "\n"
    }
    expectSnapshot(out, named: "expanded/active-heights")
  }

  @Test func lockScreenHeights() {
    var out = ""
    let (activity, now) = inPhase(.paused)
    for height in [9, 7, 6, 5, 4] {
      out +=
        "== height \(height)\n" + framed(LockScreen.draw(look(activity, at: now), width: 50, height: height))
        + "\n"
    }
    expectSnapshot(out, named: "lockscreen/paused-heights")
  }
}
