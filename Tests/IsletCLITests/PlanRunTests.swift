import Foundation
import Testing

@testable import IsletCore
@testable import IsletStore

/// A plan run by the clock with nothing open: the detached deadline watcher chains its
/// deadlines, records each segment at its true time and runs every hook once.
@Suite struct PlanRunTests {
  let islet = Sandbox()

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  func history() throws -> [Event] {
    guard let reader = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { reader.close() }
    return try reader.history()
  }

  @Test func aPlanOfOneSecondSegmentsRunsToItsEndWithNothingOpen() throws {
    islet.writeConfig("plan.quick = Work 1s, Rest 1s; rounds 2\n")
    let fired = islet.folder.file("fired")
    for event in ["segment-started", "segment-finished", "plan-completed"] {
      try islet.hook(event, "#!/bin/sh\ncat > /dev/null\necho \(event) >> '\(fired)'\n")
    }
    let started = try islet.binary("start", "--plan", "quick")
    #expect(started.status == 0, "\(started)")
    let completed = try eventually(within: 30) { try history().contains { $0.kind == .planCompleted } }
    let kinds = try history().map(\.kind.rawValue)
    #expect(completed, "the plan did not complete by itself: \(kinds)")

    let events = try history()
    #expect(
      events.map(\.kind) == [
        .started, .segmentStarted, .segmentFinished, .segmentStarted, .segmentFinished, .segmentStarted,
        .segmentFinished, .segmentStarted, .segmentFinished, .planCompleted,
      ])
    // Each segment starts at the previous one's deadline, to the millisecond.
    let start = events[0].at
    let boundaries = events.filter { $0.kind == .segmentStarted || $0.kind == .segmentFinished }
    #expect(
      boundaries.map { $0.at - start } == [0, 1000, 1000, 2000, 2000, 3000, 3000, 4000],
      "segment boundaries, in ms after the start")
    #expect(
      boundaries.map { $0.plan?.segment ?? "-" } == [
        "Work", "Work", "Rest", "Rest", "Work", "Work", "Rest", "Rest",
      ])
    #expect(events.last?.at == start + 4000)

    // Every hook once: four starts, four ends, one completion.
    #expect(
      eventually { text(fired).split(separator: "\n").count == 9 }, "hooks fired: \(text(fired))")
    let lines = text(fired).split(separator: "\n")
    #expect(lines.filter { $0 == "segment-started" }.count == 4)
    #expect(lines.filter { $0 == "segment-finished" }.count == 4)
    #expect(lines.filter { $0 == "plan-completed" }.count == 1)
  }
}
