import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// `start --ago` and `--at` through the built binary, on a fixed clock at 09:05 UTC.
@Suite struct RetroactiveStartTests {
  let islet = Sandbox()
  let now = ["ISLET_NOW": String(1_764_493_500)]

  func run(_ arguments: String...) throws -> Run {
    try Binary.run(arguments, environment: islet.environment.merging(now) { $1 })
  }

  func history() throws -> [Event] {
    guard let reader = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { reader.close() }
    return try reader.history()
  }

  @Test func aStopwatchStartedTenMinutesAgoHasRunTenMinutes() throws {
    let started = try run("start", "--ago", "10m", "--name", "Emails")
    #expect(started.status == 0, "\(started)")
    #expect(try run("status").stdout == "⏱ Emails 10:00 ●\n")
    let events = try history()
    #expect(events.map(\.kind) == [.started])
    #expect(events.first?.at == t0 - 600_000, "the start is recorded at its true time")
    #expect(
      try run("log").stdout.hasPrefix(
        "ID  STARTED           NAME    OUTCOME  ELAPSED\n1   2025-11-30 08:55  Emails  running  10:00\n"))
  }

  /// A countdown started at 9:00 for 3 minutes finished at 9:03, and says so at 9:05.
  @Test func aCountdownStartedInThePastMayHaveFinished() throws {
    #expect(try run("start", "3m", "--at", "9:00", "--name", "Tea").status == 0)
    let events = try history()
    #expect(events.map(\.kind) == [.started, .finished])
    #expect(events.map(\.at) == [t0 - 300_000, t0 - 120_000])
    #expect(try run("status").stdout == "⏱ Tea +2:00 ⏰\n")
  }

  /// A plan started 45 s ago has gone on through its segments, each at its true time.
  @Test func aPlanStartedInThePastIsSegmentsOn() throws {
    #expect(try run("start", "--plan", "tabata", "--ago", "45s").status == 0)
    let boundaries = try history().filter { $0.kind == .segmentStarted || $0.kind == .segmentFinished }
    #expect(
      boundaries.map { $0.at - (t0 - 45_000) } == [0, 20_000, 20_000, 30_000, 30_000],
      "segment boundaries, in ms after the start")
    let status = try run("status")
    #expect(status.stdout.contains("Work 2/8 0:05"), "\(status)")
  }
}
