import Testing

@testable import IsletCore

/// `islet start`'s words, a tmux prompt's and the view's field: one duration or a work and a break.
@Suite struct DurationReadingTests {
  /// Descending units are one duration however the shell split them.
  @Test(
    arguments: [
      (["1h", "30m"], 5_400_000), (["1", "hour", "30", "min"], 5_400_000), (["1h", "30min"], 5_400_000),
      (["1h30m"], 5_400_000), (["25", "minutes"], 1_500_000), (["1h", "30m", "15s"], 5_415_000),
      (["1", "hour", "30", "minutes", "15", "seconds"], 5_415_000), (["2d", "3h"], 183_600_000),
      (["1 hour 30 min"], 5_400_000), (["25"], 25_000), (["1:30:00"], 5_400_000),
    ] as [([String], Int64)])
  func descendingUnitsAreOneDuration(words: [String], ms: Int64) {
    #expect(DurationReading.of(words) == .success(.one(ms)), "\(words)")
  }

  /// A slash makes a work and a break; so do two durations that cannot be one.
  @Test(
    arguments: [
      (["50m/10m"], 3_000_000, 600_000), (["50m", "/", "10m"], 3_000_000, 600_000),
      (["50", "min", "/", "10", "min"], 3_000_000, 600_000), (["1h/30m"], 3_600_000, 1_800_000),
      (["1h", "30m/5m"], 5_400_000, 300_000), (["20s/10s"], 20_000, 10_000),
      (["50m", "10m"], 3_000_000, 600_000), (["10m", "50m"], 600_000, 3_000_000),
      (["25", "minutes", "5", "minutes"], 1_500_000, 300_000), (["25", "5"], 25_000, 5_000),
      (["1:00:00", "30:00"], 3_600_000, 1_800_000),
    ] as [([String], Int64, Int64)])
  func aSlashOrTwoThatCannotBeOneAreWorkAndBreak(words: [String], work: Int64, rest: Int64) {
    #expect(DurationReading.of(words) == .success(.workAndBreak(work: work, rest: rest)), "\(words)")
  }

  /// A number without its unit after one with it reads both ways: refused, naming both.
  @Test func wordsThatReadBothWaysAreRefusedNamingBoth() {
    #expect(
      DurationReading.of(["1h", "30"]).failure?.message
        == "'1h 30' is ambiguous: write 1h30m for one countdown, or 1h/30s for 1h of work and a 30s break")
    #expect(
      DurationReading.of(["25", "minutes", "5"]).failure?.message
        == "'25 minutes 5' is ambiguous: write 25m5s for one countdown, or 25m/5s for 25m of work and a 5s break"
    )
    #expect(
      DurationReading.of(["2m", "30"]).failure
        == .ambiguous("2m 30", one: 150_000, work: 120_000, rest: 30_000))
  }

  @Test func whatIsNeitherSaysWhy() {
    #expect(DurationReading.of(["25m", "5m", "1m"]) == .failure(.duration(.malformed("25m 5m 1m"))))
    #expect(DurationReading.of(["25m", "5x"]) == .failure(.duration(.malformed("25m 5x"))))
    #expect(DurationReading.of(["5m", "Tea"]) == .failure(.duration(.malformed("5m Tea"))))
    #expect(DurationReading.of(["ten", "minutes"]) == .failure(.duration(.malformed("ten minutes"))))
    #expect(DurationReading.of(["25m", "0"]) == .failure(.duration(.notPositive("0"))))
    #expect(DurationReading.of(["25m/0"]) == .failure(.duration(.notPositive("0"))))
    #expect(DurationReading.of(["101h/5m"]) == .failure(.duration(.tooLong("101h"))))
    #expect(DurationReading.of([]) == .failure(.duration(.malformed(""))))
    for words in [["50m/10m/5m"], ["50m/"], ["/10m"], ["/"]] {
      #expect(
        DurationReading.of(words).failure?.message
          == "'\(words[0])' is not a work and a break; write one duration on each side of one /, such as 50m/10m"
      )
    }
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
