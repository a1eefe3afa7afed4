import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// `dnd = dunst` with Debian's dunst 1.9 under Xvfb: paused while a plan's work segment runs,
/// running again in its breaks and after, left as found when it was paused already, and Islet's
/// own alerts shown.
@Suite(.serialized, .enabled(if: Dunst.missing == nil, "\(Dunst.missing ?? "")"))
struct DunstDoNotDisturbTests {
  let islet = Sandbox()

  func history() -> [Event] {
    guard let reader = try? SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { reader.close() }
    return (try? reader.history()) ?? []
  }

  /// The segment the run is in as recorded, or nil once it is over (or before it began).
  func recordedSegment() -> SegmentKind? {
    let events = history()
    guard !events.contains(where: { $0.kind == .planCompleted }) else { return nil }
    return events.last { $0.kind == .segmentStarted }?.plan?.kind
  }

  var record: String {
    (try? String(contentsOfFile: islet.folder.file("state/islet/dnd"), encoding: .utf8)) ?? ""
  }
  var hooksLog: String {
    (try? String(contentsOfFile: islet.folder.file("state/islet/hooks.log"), encoding: .utf8)) ?? ""
  }

  func configure(_ plan: String) {
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\ndnd = dunst\nplan.t = \(plan)\n")
  }

  @Test func dunstIsPausedDuringWorkAndRunsInTheBreakAndAfterWithIsletsAlertShown() throws {
    let dunst = try Dunst()
    configure("Work 4s, Rest 4s; rounds 1")
    #expect(try islet.binary("start", "--plan", "t", extra: dunst.environment).status == 0)
    #expect(
      eventually { recordedSegment() == .work && dunst.isPaused == true },
      "dunst is not paused during Work: \(String(describing: dunst.isPaused)), \(history().map(\.kind))")
    #expect(eventually { record == "set dunst\n" }, "record: \(record)")
    #expect(
      eventually { recordedSegment() == .break && dunst.isPaused == false },
      "dunst is still paused in the break: \(String(describing: dunst.isPaused)), \(history().map(\.kind))")
    // Work's end is said, on screen or already closed, and none is held back.
    #expect(eventually { dunst.displayed + dunst.closed >= 1 }, "Islet's alert for Work's end was not shown")
    #expect(dunst.waiting == 0)
    #expect(eventually { history().last?.kind == .planCompleted }, "\(history().map(\.kind))")
    #expect(eventually { dunst.isPaused == false && record == "\n" }, "record: \(record)")
    #expect(!hooksLog.contains("dnd"), "\(hooksLog)")
  }

  @Test func alreadyPausedItStaysPausedAfterAndIsletsAlertWaitsForTheUser() throws {
    let dunst = try Dunst()
    try dunst.setPaused(true)
    configure("Work 3s, Rest 3s; rounds 1")
    #expect(try islet.binary("start", "--plan", "t", extra: dunst.environment).status == 0)
    #expect(eventually { record == "found dunst\n" }, "record: \(record)")
    #expect(eventually { history().last?.kind == .planCompleted }, "\(history().map(\.kind))")
    #expect(eventually { record == "\n" }, "record: \(record)")
    #expect(dunst.isPaused == true, "Do Not Disturb the user had on was turned off")
    // dunst 1.9 holds every notification while paused, Islet's too, and shows them after.
    #expect(eventually { dunst.waiting >= 1 }, "Islet's alerts were not handed to dunst")
    try dunst.setPaused(false)
    #expect(eventually { dunst.displayed >= 1 }, "Islet's held alert did not show once unpaused")
  }

  @Test func pausingOrCompletingFromAnotherCommandTurnsItBack() throws {
    let dunst = try Dunst()
    configure("Work 10m, Rest 5m")
    #expect(try islet.binary("start", "--plan", "t", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.isPaused == true }, "not paused during Work")
    #expect(try islet.binary("pause", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.isPaused == false }, "still paused with Work paused")
    #expect(try islet.binary("resume", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.isPaused == true }, "not paused again when Work resumed")
    #expect(try islet.binary("complete", extra: dunst.environment).status == 0)
    #expect(
      eventually { dunst.isPaused == false && record == "\n" },
      "still paused after the run; record: \(record)")
  }

  @Test func turningDndOffInTheConfigurationTurnsBackWhatIsletTurnedOn() throws {
    let dunst = try Dunst()
    configure("Work 10m, Rest 5m")
    #expect(try islet.binary("start", "--plan", "t", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.isPaused == true && record == "set dunst\n" }, "not paused during Work")
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\nplan.t = Work 10m, Rest 5m\n")
    #expect(try islet.binary("pause", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.isPaused == false && record == "\n" }, "still paused; record: \(record)")
    #expect(try islet.binary("resume", extra: dunst.environment).status == 0)
    #expect(try islet.binary("pause", extra: dunst.environment).status == 0)
    #expect(try islet.binary("resume", extra: dunst.environment).status == 0)
    #expect(
      !eventually(within: 1) { dunst.isPaused != false || record != "\n" }, "dnd is off, yet it was turned")
  }

  /// Intents sent back to back, each starting its own `islet __dnd` while the last is still at
  /// work: the switch ends as the last intent wants it.
  @Test func intentsInQuickSuccessionLeaveItAsTheLastWants() throws {
    let dunst = try Dunst()
    configure("Work 10m, Rest 5m")
    #expect(try islet.binary("start", "--plan", "t", extra: dunst.environment).status == 0)
    for intent in ["pause", "resume", "pause", "resume"] {
      #expect(try islet.binary(intent, extra: dunst.environment).status == 0)
    }
    #expect(
      eventually { dunst.isPaused == true && record == "set dunst\n" },
      "not paused after resume; record: \(record)")
    for intent in ["pause", "resume", "complete"] {
      #expect(try islet.binary(intent, extra: dunst.environment).status == 0)
    }
    #expect(
      eventually { dunst.isPaused == false && record == "\n" },
      "still paused after the run; record: \(record)")
  }
}

/// Do Not Disturb with no notification server to turn: intents go on as ever, and why is said
/// once in hooks.log.
struct DoNotDisturbWithoutServerTests {
  let islet = Sandbox()

  var record: String {
    (try? String(contentsOfFile: islet.folder.file("state/islet/dnd"), encoding: .utf8)) ?? ""
  }
  var hooksLog: String {
    (try? String(contentsOfFile: islet.folder.file("state/islet/hooks.log"), encoding: .utf8)) ?? ""
  }

  @Test func aMissingCommandIsLoggedOnceAndNothingFails() throws {
    islet.writeConfig("dnd = dunst\nplan.t = Work 10m, Rest 5m\n")
    // No dunstctl on this PATH.
    let bare = ["PATH": islet.folder.file("empty")]
    let failure = "dunstctl is not installed (not found on PATH)"
    #expect(try islet.binary("start", "--plan", "t", extra: bare).status == 0)
    #expect(eventually { record == "unavailable\n\(failure)\n" }, "record: \(record)")
    #expect(try islet.binary("pause", extra: bare).status == 0)
    #expect(eventually { record == "\n\(failure)\n" }, "record: \(record)")
    #expect(try islet.binary("resume", extra: bare).status == 0)
    #expect(eventually { record == "unavailable\n\(failure)\n" }, "record: \(record)")
    let lines = hooksLog.split(separator: "\n")
    #expect(
      lines.count == 1 && lines[0].hasSuffix("dnd: Do Not Disturb is left as it is: \(failure)"), "\(lines)")
  }

  @Test func theUsersOwnCommandsRunForAWorkSegment() throws {
    let said = islet.folder.file("said")
    islet.writeConfig(
      "dnd = custom\ndnd-on = echo on >> '\(said)'\ndnd-off = echo off >> '\(said)'\nplan.t = Work 10m\n")
    #expect(try islet.binary("start", "--plan", "t").status == 0)
    let text = { (try? String(contentsOfFile: said, encoding: .utf8)) ?? "" }
    #expect(eventually { text() == "on\n" && record == "set custom\n" }, "said: \(text()); record: \(record)")
    #expect(try islet.binary("complete").status == 0)
    #expect(eventually { text() == "on\noff\n" && record == "\n" }, "said: \(text()); record: \(record)")
  }
}
