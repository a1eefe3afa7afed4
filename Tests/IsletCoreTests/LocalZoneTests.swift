import Foundation
import Testing

@testable import IsletCore

/// A real zone's offsets from Foundation's own zone data, so no test sets the process's `TZ`
/// (other suites run at the same time and read local times in UTC).
func zone(_ identifier: String) -> LocalZone {
  let timeZone = TimeZone(identifier: identifier)!
  return LocalZone { seconds in
    Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
  }
}

/// One `--until` case: at `now` (Unix seconds), the local time `until` is `expected`.
/// Every instant here was read with Python's zoneinfo and `TZ=… date -d @…`, not by Islet.
struct UntilCase: CustomTestStringConvertible, Sendable {
  var zone: String
  var now: Int64
  var nowReads: String
  var until: (hour: Int, minute: Int)
  var expected: Int64
  var expectedReads: String

  var testDescription: String {
    "\(zone): at \(nowReads), --until \(until.hour):\(until.minute) is \(expectedReads)"
  }

  static let all: [UntilCase] = [
    // Berlin springs forward on 2026-03-29 at 02:00 CET to 03:00 CEST.
    UntilCase(
      zone: "Europe/Berlin", now: 1_774_742_400, nowReads: "01:00 CET", until: (2, 30),
      expected: 1_774_747_800, expectedReads: "03:30 CEST (skipped: the offset before the jump)"),
    UntilCase(
      zone: "Europe/Berlin", now: 1_774_742_400, nowReads: "01:00 CET", until: (3, 0),
      expected: 1_774_746_000, expectedReads: "03:00 CEST, an hour later"),
    UntilCase(
      zone: "Europe/Berlin", now: 1_774_746_600, nowReads: "03:10 CEST", until: (2, 30),
      expected: 1_774_747_800, expectedReads: "03:30 CEST, as 02:30 that day reads"),
    UntilCase(
      zone: "Europe/Berlin", now: 1_774_738_200, nowReads: "Sat 23:50 CET", until: (0, 10),
      expected: 1_774_739_400, expectedReads: "Sun 00:10 CET"),
    UntilCase(
      zone: "Europe/Berlin", now: 1_774_738_200, nowReads: "Sat 23:50 CET", until: (23, 40),
      expected: 1_774_820_400, expectedReads: "Sun 23:40 CEST, 22 h 50 min on"),
    // Berlin falls back on 2026-10-25 at 03:00 CEST to 02:00 CET: 02:00–03:00 twice.
    UntilCase(
      zone: "Europe/Berlin", now: 1_792_879_200, nowReads: "00:00 CEST", until: (2, 30),
      expected: 1_792_888_200, expectedReads: "the first 02:30, CEST (glibc's mktime says CET)"),
    UntilCase(
      zone: "Europe/Berlin", now: 1_792_889_100, nowReads: "02:45 CEST", until: (2, 30),
      expected: 1_792_891_800, expectedReads: "the second 02:30, CET, 45 min on"),
    UntilCase(
      zone: "Europe/Berlin", now: 1_792_890_900, nowReads: "02:15 CET", until: (2, 30),
      expected: 1_792_891_800, expectedReads: "02:30 CET, 15 min on"),
    UntilCase(
      zone: "Europe/Berlin", now: 1_792_892_700, nowReads: "02:45 CET", until: (2, 30),
      expected: 1_792_978_200, expectedReads: "Mon 02:30 CET"),
    UntilCase(
      zone: "Europe/Berlin", now: 1_792_877_400, nowReads: "Sat 23:30 CEST", until: (23, 15),
      expected: 1_792_966_500, expectedReads: "Sun 23:15 CET, 24 h 45 min on"),
    // New York: 2026-03-08 02:00 EST → 03:00 EDT, 2026-11-01 02:00 EDT → 01:00 EST.
    UntilCase(
      zone: "America/New_York", now: 1_772_946_000, nowReads: "00:00 EST", until: (2, 30),
      expected: 1_772_955_000, expectedReads: "03:30 EDT"),
    UntilCase(
      zone: "America/New_York", now: 1_793_505_600, nowReads: "00:00 EDT", until: (1, 30),
      expected: 1_793_511_000, expectedReads: "the first 01:30, EDT"),
    UntilCase(
      zone: "America/New_York", now: 1_793_513_400, nowReads: "the second 01:10, EST", until: (1, 30),
      expected: 1_793_514_600, expectedReads: "01:30 EST"),
    UntilCase(
      zone: "America/New_York", now: 1_793_505_000, nowReads: "Sat 23:50 EDT", until: (23, 50),
      expected: 1_793_595_000, expectedReads: "Sun 23:50 EST, 25 h on"),
    // Lord Howe moves by 30 minutes: 2026-04-05 02:00 +11 → 01:30 +10:30 (01:30–02:00 twice),
    // 2026-10-04 02:00 +10:30 → 02:30 +11 (02:00–02:30 skipped).
    UntilCase(
      zone: "Australia/Lord_Howe", now: 1_775_307_600, nowReads: "00:00 +11", until: (1, 45),
      expected: 1_775_313_900, expectedReads: "the first 01:45, +11 (glibc's mktime says +10:30)"),
    UntilCase(
      zone: "Australia/Lord_Howe", now: 1_775_314_200, nowReads: "01:50 +11", until: (1, 45),
      expected: 1_775_315_700, expectedReads: "the second 01:45, +10:30, 25 min on"),
    UntilCase(
      zone: "Australia/Lord_Howe", now: 1_791_037_800, nowReads: "01:00 +10:30", until: (2, 15),
      expected: 1_791_042_300, expectedReads: "02:45 +11 (skipped: the offset before the jump)"),
    UntilCase(
      zone: "Australia/Lord_Howe", now: 1_791_037_800, nowReads: "01:00 +10:30", until: (2, 30),
      expected: 1_791_041_400, expectedReads: "02:30 +11, an hour later"),
    UntilCase(
      zone: "Australia/Lord_Howe", now: 1_791_033_300, nowReads: "Sat 23:45 +10:30", until: (23, 40),
      expected: 1_791_117_600, expectedReads: "Sun 23:40 +11, 23 h 25 min on"),
  ]
}

@Suite struct LocalZoneTests {
  @Test(arguments: UntilCase.all)
  func untilIsTheNextTimeTheLocalClockShowsIt(_ c: UntilCase) throws {
    let time = try #require(TimeOfDay(hour: c.until.hour, minute: c.until.minute))
    let next = time.nextOccurrence(after: Instant(seconds: c.now), in: zone(c.zone))
    #expect(
      next.milliseconds / 1000 == c.expected,
      "\(c.testDescription); off by \(next.milliseconds / 1000 - c.expected) s")
  }

  @Test func aRepeatedTimeHasTwoInstantsAndASkippedOneTheOffsetBeforeTheJump() throws {
    let berlin = zone("Europe/Berlin")
    let fallBack = try #require(LocalZone.day(year: 2026, month: 10, day: 25))
    let springForward = try #require(LocalZone.day(year: 2026, month: 3, day: 29))
    #expect(
      berlin.instants(day: fallBack, hour: 2, minute: 30)
        == [Instant(seconds: 1_792_888_200), Instant(seconds: 1_792_891_800)])
    #expect(berlin.instants(day: springForward, hour: 2, minute: 30) == [Instant(seconds: 1_774_747_800)])
    #expect(berlin.instants(day: springForward, hour: 12, minute: 0) == [Instant(seconds: 1_774_778_400)])
    // Havana shows midnight twice on 2026-11-01 (01:00 CDT → 00:00 CST).
    #expect(
      zone("America/Havana").instants(day: fallBack + 7, hour: 0, minute: 0)
        == [Instant(seconds: 1_793_505_600), Instant(seconds: 1_793_509_200)])
  }

  @Test func localDaysCountFromTheEpochInTheZone() {
    #expect(LocalZone.day(year: 1970, month: 1, day: 1) == 0)
    #expect(LocalZone.day(year: 2026, month: 3, day: 29) == 20_541)
    #expect(LocalZone.day(year: 2000, month: 2, day: 29) == 11_016)
    #expect(LocalZone.day(year: 1969, month: 12, day: 31) == -1)
    #expect(LocalZone.day(year: 2026, month: 2, day: 29) == nil)
    #expect(LocalZone.day(year: 2100, month: 2, day: 29) == nil)
    #expect(LocalZone.day(year: 2026, month: 13, day: 1) == nil)
    #expect(LocalZone.day(year: 2026, month: 4, day: 31) == nil)
    // 23:30 UTC on 2026-03-28 is already the 29th in Berlin, still the 28th in New York.
    #expect(zone("Europe/Berlin").day(of: Instant(seconds: 1_774_740_600)) == 20_541)
    #expect(zone("America/New_York").day(of: Instant(seconds: 1_774_740_600)) == 20_540)
    #expect(zone("Australia/Lord_Howe").day(of: Instant(milliseconds: -1)) == 0)
  }
}
