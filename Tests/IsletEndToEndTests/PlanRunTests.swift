import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// A plan run by the clock with nothing open: the detached deadline watcher chains its
/// deadlines, records each segment at its true time and runs every hook once.
@Suite struct PlanRunTests {
  let islet = Sandbox()

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  /// Whether a detached `islet __hooks` of this sandbox still runs.
  func hooksRunning() -> Bool {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).contains { pid in
      let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
      let words = arguments.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.contains("__hooks") && words.contains { $0.hasPrefix(islet.folder.path) }
    }
  }

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

    // Every hook once: four starts, four ends, one completion, counted once the watcher has
    // let go of the store and the last hooks have had their time.
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "the watcher did not exit")
    #expect(
      eventually { text(fired).split(separator: "\n").count >= 9 }, "hooks fired: \(text(fired))")
    #expect(eventually { !hooksRunning() }, "hooks still running")
    let lines = text(fired).split(separator: "\n")
    #expect(lines.filter { $0 == "segment-started" }.count == 4)
    #expect(lines.filter { $0 == "segment-finished" }.count == 4)
    #expect(lines.filter { $0 == "plan-completed" }.count == 1)
  }

  /// `start && wait ID` when the run is over before wait looks: its answer at once.
  @Test func waitOnAnIdAlreadyOverAnswersAtOnce() throws {
    let at = { (seconds: Int) in ["ISLET_NOW": String(1_764_493_500 + seconds)] }
    let done = try islet.binary("start", "1s", "1s", extra: at(0)).stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(try islet.binary("wait", done, extra: at(10)).status == 0, "a run completed by itself")
    let ended = try islet.binary("start", "1m", "1m", extra: at(20)).stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(try islet.binary("end", ended, extra: at(21)).status == 0)
    #expect(try islet.binary("wait", ended, extra: at(22)).status == 1, "a run ended")
    #expect(
      try islet.binary("wait", "nosuch", extra: at(22)).status == 1, "nothing is live, and nosuch never was")
  }

  /// Eight processes at once, each an intent that first records what time has caused: a
  /// pomodoro's passed segments are recorded once, at their true times, whoever wins.
  @Test func manyProcessesNoticingTheSameTransitionsRecordThemOnce() throws {
    let start = 1_764_493_500
    let at = { (seconds: Int) in ["ISLET_NOW": String(start + seconds)] }
    #expect(try islet.binary("start", "--plan", "pomodoro", "--auto", extra: at(0)).status == 0)
    let environment = islet.environment.merging(at(62 * 60)) { $1 }
    let runs = try (0..<8).map { index in
      try Binary.start(["update", "--category", "c\(index)"], environment: environment)
    }.map(Binary.finish)
    #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.filter { $0.status != 0 })")
    let events = try history()
    let boundaries = events.filter { $0.kind == .segmentFinished || $0.kind == .segmentStarted }
    #expect(
      boundaries.map { ($0.at.milliseconds / 1000 - Int64(start)) / 60 } == [
        0, 25, 25, 30, 30, 55, 55, 60, 60,
      ],
      "each boundary once, in minutes after the start")
    #expect(events.filter { $0.kind == .updated }.count == 8)
  }
}
