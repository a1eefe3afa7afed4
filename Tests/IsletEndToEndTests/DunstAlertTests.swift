import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// The watcher's notifications as dunst (Debian's, a real server under Xvfb) shows them, with
/// the buttons chosen from dunst's own menu: dunst's keyboard route, after which dunst leaves
/// the notification on screen unless its sender closes it.
@Suite(.serialized, .enabled(if: Dunst.missing == nil, "\(Dunst.missing ?? "")"))
struct DunstAlertTests {
  let islet = Sandbox()

  func history() throws -> [Event] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.history()
  }

  @Test func aButtonChosenFromDunstsMenuIsAppliedAndItsNotificationClosed() throws {
    let dunst = try Dunst()
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\n")
    #expect(try islet.binary("start", "1s", "--name", "Tea", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.displayed == 1 }, "no notification on screen")
    try dunst.choose("Done")
    #expect(
      eventually { (try? history().last?.kind) == .completed }, "\((try? history().map(\.kind)) ?? [])")
    #expect(try history().last?.source == .notification)
    #expect(
      Set(dunst.offered.map { String($0.prefix { $0 != "(" }) }) == ["#Done ", "#+5 min ", "#Reset "],
      "\(dunst.offered)")
    #expect(eventually { dunst.displayed == 0 }, "the answered notification is still on screen")
  }

  /// A plan that asks before each segment, gone through from dunst's menu: one notification on
  /// screen at a time, the last offering to finish the run, and none left at the end.
  @Test func aPlanGoneThroughFromTheMenuLeavesNothingOnScreen() throws {
    let dunst = try Dunst()
    islet.writeConfig(
      "alerts = desktop\nalert-repeat = 0\nplan.quick = Work 1s, Rest 1s; rounds 2; advance ask\n")
    #expect(try islet.binary("start", "--plan", "quick", extra: dunst.environment).status == 0)
    for (step, label) in ["Start Rest", "Start Work", "Start Rest", "Finish"].enumerated() {
      let segments = step + 1
      #expect(
        eventually {
          (try? history().count { $0.kind == .segmentFinished }) == segments && dunst.displayed == 1
        },
        "step \(step): \(dunst.displayed) on screen")
      try dunst.choose(label)
      // Each step offers its own way on, and no stale notification's.
      #expect(
        eventually { dunst.offered.contains { $0.hasPrefix("#\(label) (") } },
        "step \(step): \(dunst.offered)")
      #expect(dunst.offered.count <= 2, "step \(step): \(dunst.offered)")
      #expect(eventually { dunst.displayed == 0 }, "step \(step): the answered notification stayed")
    }
    #expect(
      eventually { (try? history().last?.kind) == .planCompleted }, "\((try? history().map(\.kind)) ?? [])")
    #expect(dunst.displayed == 0)
  }

  /// A countdown's alert still open when its watcher is stopped is taken off the screen.
  @Test func theWatcherTakesItsNotificationWithItWhenStopped() throws {
    let dunst = try Dunst()
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\n")
    #expect(try islet.binary("start", "1s", "--name", "Tea", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.displayed == 1 }, "no notification on screen")
    let pid = try #require(watcherPID(islet.storePath), "the watcher left with its notification open")
    kill(pid, SIGTERM)
    #expect(eventually { dunst.displayed == 0 }, "the notification outlived its watcher")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
  }
}
