import Testing

@testable import IsletCore
@testable import IsletUI

/// Every presentation in every phase, in Unicode and ASCII, at its target size, a middle size
/// and one narrower than it can fully show. The files in `Snapshots/` were read and checked by
/// eye; a change to them is a change to what users see.
@Suite struct SnapshotTests {
  static let phases = Phase.allCases

  func sheet(widths: [Int], draw: (Look, Int) -> Canvas) -> String {
    var out = ""
    for ascii in [false, true] {
      for phase in Self.phases {
        for countdown in [true, false] where countdown || phase != .finished {
          let (activity, now) = inPhase(phase, countdown: countdown)
          for width in widths {
            let canvas = draw(look(activity, at: now, ascii: ascii), width)
            out +=
              "== \(phase.rawValue) \(countdown ? "countdown" : "stopwatch") \(ascii ? "ascii" : "unicode") width \(width)\n"
            out += framed(canvas) + "\n"
          }
        }
      }
    }
    return out
  }

  @Test func minimal() {
    expectSnapshot(sheet(widths: [6, 4, 2]) { Minimal.draw($0, width: $1) }, named: "minimal")
  }

  @Test func compact() {
    expectSnapshot(sheet(widths: [32, 20, 12]) { Compact.draw($0, width: $1) }, named: "compact")
  }

  @Test func expanded() {
    expectSnapshot(
      sheet(widths: [58, 44, 30]) { Expanded.draw($0, width: $1, height: 7) }, named: "expanded")
  }

  @Test func expandedHeights() {
    var out = ""
    let (activity, now) = inPhase(.active)
    for height in [9, 6, 5, 4, 3, 2] {
      out +=
        "== height \(height)\n" + framed(Expanded.draw(look(activity, at: now), width: 44, height: height))
        + "\n"
    }
    expectSnapshot(out, named: "expanded-heights")
  }

  @Test func lockScreen() {
    expectSnapshot(
      sheet(widths: [64, 48, 30]) {
        LockScreen.draw($0, width: $1, height: LockScreen.height(for: $0.activity))
      },
      named: "lockscreen")
  }

  @Test func lockScreenHeights() {
    var out = ""
    let (activity, now) = inPhase(.paused)
    for height in [9, 7, 6, 5, 4] {
      out +=
        "== height \(height)\n" + framed(LockScreen.draw(look(activity, at: now), width: 50, height: height))
        + "\n"
    }
    expectSnapshot(out, named: "lockscreen-heights")
  }
}
