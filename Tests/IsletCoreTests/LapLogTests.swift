import Testing

@testable import IsletCore

@Suite struct LapLogTests {
  func event(_ kind: EventKind, elapsed: Milliseconds, at: Instant) -> Event {
    Event(activityID: "sw01", kind: kind, phase: .active, elapsed: elapsed, source: .cli, at: at, name: "Run")
  }

  /// Only the last run's laps: a reset and a new start begin the count again.
  @Test func lapsAreTheLastRunsMarksWithTheirStatistics() {
    let events = [
      event(.started, elapsed: 0, at: t0),
      event(.lapped, elapsed: 50_000, at: t0 + 50_000),
      event(.reset, elapsed: 60_000, at: t0 + 60_000),
      event(.started, elapsed: 0, at: t0 + 70_000),
      event(.lapped, elapsed: 62_000, at: t0 + 132_000),
      event(.paused, elapsed: 70_000, at: t0 + 140_000),
      event(.resumed, elapsed: 70_000, at: t0 + 200_000),
      event(.lapped, elapsed: 120_500, at: t0 + 250_500),
      event(.lapped, elapsed: 178_500, at: t0 + 308_500),
    ]
    let log = LapLog.of(events, elapsed: 190_000)
    #expect(
      log.laps == [
        Lap(number: 1, time: 62_000, split: 62_000, at: t0 + 132_000),
        Lap(number: 2, time: 58_500, split: 120_500, at: t0 + 250_500),
        Lap(number: 3, time: 58_000, split: 178_500, at: t0 + 308_500),
      ])
    #expect(log.rest == 11_500)
    #expect(log.total == 190_000)
    #expect(log.fastest?.number == 3)
    #expect(log.slowest?.number == 1)
    #expect(log.average == 59_500)
  }

  @Test func equalLapsNameTheFirstAndNoLapsHaveNoStatistics() {
    let even = LapLog.of(
      [
        event(.started, elapsed: 0, at: t0), event(.lapped, elapsed: 10_000, at: t0 + 10_000),
        event(.lapped, elapsed: 20_000, at: t0 + 20_000),
      ], elapsed: 20_000)
    #expect((even.fastest?.number, even.slowest?.number, even.rest) == (1, 1, nil))
    let none = LapLog.of([event(.started, elapsed: 0, at: t0)], elapsed: 5000)
    #expect(none.laps.isEmpty && none.fastest == nil && none.average == nil && none.rest == 5000)
  }
}
