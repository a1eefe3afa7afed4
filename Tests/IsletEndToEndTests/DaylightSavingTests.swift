import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore

/// A real zone's offsets from Foundation's zone data: these in-process tests never set `TZ`,
/// which other suites running at the same time keep at UTC.
private func zone(_ identifier: String) -> LocalZone {
  let timeZone = TimeZone(identifier: identifier)!
  return LocalZone { seconds in
    Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
  }
}

/// `--since` and `--until` on the days the clocks change. Every expected instant was read with
/// Python's zoneinfo and `TZ=… date -d @…`, not computed by Islet.
@Suite struct DaylightSavingTests {
  let islet = Sandbox()

  @Test(
    arguments: [
      // Berlin: 2026-03-29 02:00 CET → 03:00 CEST; 2026-10-25 03:00 CEST → 02:00 CET.
      ("Europe/Berlin", "today", 1_774_778_400, 1_774_738_800, "2026-03-29 00:00 CET"),
      ("Europe/Berlin", "yesterday", 1_774_778_400, 1_774_652_400, "2026-03-28 00:00 CET"),
      ("Europe/Berlin", "2026-03-29", 0, 1_774_738_800, "2026-03-29 00:00 CET"),
      ("Europe/Berlin", "today", 1_792_926_000, 1_792_879_200, "2026-10-25 00:00 CEST"),
      ("Europe/Berlin", "2026-10-26", 0, 1_792_969_200, "2026-10-26 00:00 CET"),
      // New York: 2026-03-08 and 2026-11-01.
      ("America/New_York", "2026-03-08", 0, 1_772_946_000, "2026-03-08 00:00 EST"),
      ("America/New_York", "2026-11-01", 0, 1_793_505_600, "2026-11-01 00:00 EDT"),
      // Lord Howe: 2026-04-05 02:00 → 01:30, 2026-10-04 02:00 → 02:30.
      ("Australia/Lord_Howe", "today", 1_775_352_600, 1_775_307_600, "2026-04-05 00:00 +11"),
      ("Australia/Lord_Howe", "2026-10-04", 0, 1_791_034_200, "2026-10-04 00:00 +10:30"),
      // Midnights that do not exist: the day starts at 01:00.
      ("America/Santiago", "today", 1_788_699_600, 1_788_667_200, "2026-09-06 01:00 -03"),
      ("America/Santiago", "2026-09-06", 0, 1_788_667_200, "2026-09-06 01:00 -03"),
      ("America/Havana", "2026-03-08", 0, 1_772_946_000, "2026-03-08 01:00 CDT"),
      ("Asia/Beirut", "2026-03-29", 0, 1_774_735_200, "2026-03-29 01:00 EEST"),
      // A midnight shown twice (Havana, 01:00 CDT → 00:00 CST): the first.
      ("America/Havana", "2026-11-01", 0, 1_793_505_600, "2026-11-01 00:00 CDT"),
      ("America/Havana", "today", 1_793_511_000, 1_793_505_600, "2026-11-01 00:00 CDT"),
    ] as [(String, String, Int64, Int64, String)])
  func sinceIsTheLocalMidnightThatStartsTheDay(
    zoneName: String, since: String, now: Int64, expected: Int64, reads: String
  ) {
    let start = DateWord.parse(since, now: Instant(seconds: now), zone: zone(zoneName))?.start
    #expect(
      start == Instant(seconds: expected),
      "--since \(since) in \(zoneName) should be \(reads) (\(expected)), not \(start.map { "\($0.milliseconds / 1000)" } ?? "refused")"
    )
  }

  @Test func sinceRefusesDatesThatAreNotInTheCalendar() {
    let berlin = zone("Europe/Berlin")
    for text in [
      "2026-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "1969-12-31", "+202-01-01", "2026-1-01",
    ] {
      #expect(DateWord.parse(text, now: t0, zone: berlin)?.start == nil, "--since \(text) was accepted")
    }
    #expect(DateWord.parse("2024-02-29", now: t0, zone: berlin)?.start == Instant(seconds: 1_709_161_200))
  }

  /// The built binary reads `TZ` from its environment: the same answers through glibc.
  @Test(
    arguments: [
      // Berlin spring forward: at 01:00 CET, 02:30 does not exist and is 03:30 CEST.
      ("Europe/Berlin", 1_774_742_400, "02:30", 5400, "1:30:00"),
      // Berlin fall back: at 00:00 CEST, the first 02:30 (glibc's mktime gives the second).
      ("Europe/Berlin", 1_792_879_200, "02:30", 9000, "2:30:00"),
      // And from 02:15 CET, the second pass through that hour, 02:30 CET is 15 minutes on.
      ("Europe/Berlin", 1_792_890_900, "02:30", 900, "15:00"),
      ("America/New_York", 1_772_946_000, "2:30am", 9000, "2:30:00"),
      ("America/New_York", 1_793_505_600, "1:30am", 5400, "1:30:00"),
      // Lord Howe: the first 01:45 on 2026-04-05 is +11; 02:15 on 2026-10-04 is 02:45 +11.
      ("Australia/Lord_Howe", 1_775_307_600, "01:45", 6300, "1:45:00"),
      ("Australia/Lord_Howe", 1_791_037_800, "02:15", 4500, "1:15:00"),
    ] as [(String, Int64, String, Int, String)])
  func untilThroughTheBinaryCountsDownToTheRightInstant(
    zoneName: String, now: Int64, until: String, seconds: Int, clock: String
  ) throws {
    let environment = ["TZ": zoneName, "ISLET_NOW": "\(now)"]
    let started = try islet.binary("start", "--until", until, "--name", "Night", extra: environment)
    #expect(started.status == 0, "\(started)")
    let status = try islet.binary("status", "--format", "json", extra: environment)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any], "\(status)")
    #expect(
      json["remaining"] as? Int == seconds && json["duration"] as? Int == seconds,
      "--until \(until) at \(now) in \(zoneName): remaining \(json["remaining"] ?? "none"), duration \(json["duration"] ?? "none"); want \(seconds) s"
    )
    #expect(try islet.binary("status", extra: environment).stdout == "⏱ Night \(clock) ●\n")
  }

  @Test func logSinceTodayThroughTheBinaryStartsAtTheDaysFirstInstant() throws {
    // Santiago skips 2026-09-06 00:00–01:00: the day starts at 01:00 -03 (04:00 UTC).
    let santiago = ["TZ": "America/Santiago"]
    for (name, at) in [("Saturday", 1_788_666_600), ("Sunday", 1_788_667_500)] {  // 23:50 -04, 01:05 -03
      try islet.binary("start", "--name", name, extra: santiago.merging(["ISLET_NOW": "\(at)"]) { $1 })
      try islet.binary("end", extra: santiago.merging(["ISLET_NOW": "\(at + 60)"]) { $1 })
    }
    let log = try islet.binary(
      "log", "--since", "today", extra: santiago.merging(["ISLET_NOW": "1788699600"]) { $1 })
    #expect(
      log.stdout.split(separator: "\n").first { $0.contains(" 2026") }?.hasSuffix(
        " 2026-09-06 01:05  Sunday  ended    1:00") == true,
      "\(log)")
    #expect(!log.stdout.contains("Saturday"), "\(log)")
  }
}
