import Testing

@testable import IsletCore

/// The stretches `--since` and `--until` name, read on a fixed day in UTC and in a zone that
/// changes its clocks.
@Suite struct DateWordTests {
  let utc = LocalZone { _ in 0 }
  /// 2026-12-02 15:30 UTC, a Wednesday.
  let now = Instant(seconds: 1_796_225_400)

  func stretch(_ text: String, zone: LocalZone? = nil) -> (String, String)? {
    DateWord.parse(text, now: now, zone: zone ?? utc).map { (iso($0.start), iso($0.end)) }
  }

  func iso(_ instant: Instant) -> String {
    let seconds = instant.milliseconds / 1000
    let (year, month, day) = LocalZone.civil(day: seconds / 86_400)
    let minutes = seconds % 86_400 / 60
    return "\(year)-\(month)-\(day) \(minutes / 60):\(minutes % 60 < 10 ? "0" : "")\(minutes % 60)"
  }

  @Test func namedDaysWeeksAndMonthsAreWholeStretches() {
    #expect(stretch("today")! == ("2026-12-2 0:00", "2026-12-3 0:00"))
    #expect(stretch("Yesterday")! == ("2026-12-1 0:00", "2026-12-2 0:00"))
    #expect(stretch("this-week")! == ("2026-11-30 0:00", "2026-12-7 0:00"), "weeks start on Monday")
    #expect(stretch("last-week")! == ("2026-11-23 0:00", "2026-11-30 0:00"))
    #expect(stretch("this-month")! == ("2026-12-1 0:00", "2027-1-1 0:00"))
    #expect(stretch("last-month")! == ("2026-11-1 0:00", "2026-12-1 0:00"))
    #expect(stretch("2024-02-29")! == ("2024-2-29 0:00", "2024-3-1 0:00"))
  }

  @Test func spansBackAreInstants() {
    #expect(stretch("7d")! == ("2026-11-25 15:30", "2026-11-25 15:30"))
    #expect(stretch("2w")! == ("2026-11-18 15:30", "2026-11-18 15:30"))
    #expect(stretch("12h")! == ("2026-12-2 3:30", "2026-12-2 3:30"))
    #expect(stretch("90m")! == ("2026-12-2 14:00", "2026-12-2 14:00"))
  }

  @Test func anythingElseIsNoDate() {
    for text in [
      "", "tomorrow", "2026-13-01", "2026-02-30", "1969-12-31", "26-12-01", "7", "0w", "-7d", "1:00", "w",
      "next-week", "99999w", "36500d", "5300w",
    ] {
      #expect(DateWord.parse(text, now: now, zone: utc) == nil, "'\(text)'")
    }
  }

  /// Sunday 2026-03-29 is when Berlin goes from 02:00 to 03:00: that week is an hour short,
  /// and its days are local days.
  @Test func weeksAreLocalWeeksAcrossAClockChange() {
    let berlin = LocalZone { seconds in seconds >= 1_774_746_000 && seconds < 1_792_890_000 ? 7200 : 3600 }
    let monday = DateWord.parse("this-week", now: Instant(seconds: 1_774_800_000), zone: berlin)!
    #expect(iso(monday.start) == "2026-3-22 23:00", "Monday 23 March 00:00 CET")
    #expect(iso(monday.end) == "2026-3-29 22:00", "Monday 30 March 00:00 CEST")
    #expect(monday.end - monday.start == (7 * 24 - 1) * 3_600_000)
  }

  @Test func civilDaysRoundTrip() {
    for day in stride(from: Int64(-800_000), through: 800_000, by: 997) {
      let (y, m, d) = LocalZone.civil(day: day)
      #expect(LocalZone.day(year: y, month: m, day: d) == day, "\(day) → \(y)-\(m)-\(d)")
    }
    #expect(LocalZone.weekday(of: 0) == 3, "1970-01-01 was a Thursday")
    #expect(LocalZone.monday(of: DateWord.date("2026-12-06")!) == DateWord.date("2026-11-30")!)
  }
}
