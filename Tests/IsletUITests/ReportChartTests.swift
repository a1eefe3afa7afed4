import Testing

@testable import IsletCore
@testable import IsletUI

/// The report's chart as text at a fixed width: bars to scale, stacked in the key's order,
/// totals aligned, names shortened to fit.
@Suite struct ReportChartTests {
  let utc = LocalZone { _ in 0 }
  /// Monday 2026-11-23 00:00 UTC.
  let monday = Instant(seconds: 1_795_392_000)
  let hour: Milliseconds = 3_600_000

  /// A completed session of `name` on day `day` of the week, from `start` for `hours`.
  func session(_ name: String, day: Int64, start: Double, hours: Double, outcome: String = "completed")
    -> Session
  {
    let from = monday + day * 24 * hour + Milliseconds(start * Double(hour))
    let length = Milliseconds(hours * Double(hour))
    return Session(
      activityID: name, name: name, startedAt: from, endedAt: from + length, outcome: outcome, elapsed: length
    )
  }

  var week: [Session] {
    [
      session("Code review", day: 0, start: 9, hours: 3), session("Emails", day: 0, start: 13, hours: 1),
      session("Code review", day: 1, start: 9, hours: 1.5), session("Reading", day: 3, start: 20, hours: 6),
      session("Emails", day: 4, start: 9, hours: 0.5, outcome: "reset"),
    ]
  }

  func chart(
    _ sessions: [Session], days: Int64 = 7, width: Int = 64, colored: Bool = false, ascii: Bool = false
  )
    -> String
  {
    let report = Report(
      sessions: sessions, by: .name, from: monday, until: monday + days * 24 * hour, zone: utc)
    return PlainText.render(
      ReportChart(report: report, width: width, theme: ThemeCatalog.fallback, colored: colored, ascii: ascii)
        .canvas())
  }

  /// Reading ran 20:00 to 02:00: four hours on Thursday, two on Friday. The longest day fills
  /// the bar; Monday's 3 h of Code review and 1 h of Emails are 32 and 10 of its 42 cells.
  @Test func aWeekIsABarADayWithItsTotal() {
    #expect(
      chart(week) == """
        Islet report · 23 Nov – 29 Nov 2026 · by name

        Mon 23 Nov  ▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▒▒▒▒▒▒▒▒▒▒   4:00:00
        Tue 24 Nov  ▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓                             1:30:00
        Wed 25 Nov
        Thu 26 Nov  ██████████████████████████████████████████   4:00:00
        Fri 27 Nov  █████████████████████                        2:00:00
        Sat 28 Nov
        Sun 29 Nov

        █ Reading 6:00:00   ▓ Code review 4:30:00   ▒ Emails 1:00:00
        Total 11:30:00  4 sessions
        Discarded (reset): 1 run, 30:00 (Emails 30:00)
        """)
  }

  @Test func inColorEveryBarIsAFullBlockAndInASCIIAHash() {
    let colored = chart(week, colored: true)
    #expect(colored.contains("Mon 23 Nov  ██████████████████████████████████████████   4:00:00"))
    #expect(!colored.contains("▓"), "the theme's colors tell the names apart")
    let ascii = chart(week, ascii: true)
    #expect(ascii.hasPrefix("Islet report - 23 Nov - 29 Nov 2026 - by name\n"))
    #expect(ascii.contains("Mon 23 Nov  ================================++++++++++   4:00:00"), "\(ascii)")
    #expect(ascii.allSatisfy { $0.isASCII })
  }

  @Test func longNamesAreShortenedAndNoLineIsWiderThanTheWidth() {
    let long = String(repeating: "Quarterly planning ", count: 8)
    for width in [40, 64, 100] {
      let text = chart(week + [session(long, day: 2, start: 9, hours: 2)], width: width)
      let widest = text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
      #expect(widest <= width, "at \(width): \(widest)\n\(text)")
      #expect(text.contains("Quarterly planning") && text.contains("…"), "\(text)")
    }
  }

  @Test func moreNamesThanColorsAreStackedTogether() {
    let many = (0..<9).map { session("Task \($0)", day: 0, start: Double($0), hours: Double(9 - $0) / 10) }
    let text = chart(many, width: 80)
    #expect(text.contains("   · 3 more 36:00"), "the three least together: \(text)")
    #expect(text.contains("Total 4:30:00  9 sessions"), "\(text)")
  }

  @Test func longStretchesAreDrawnByWeekThenByMonth() {
    let year = [
      session("Code review", day: 0, start: 9, hours: 2), session("Code review", day: 70, start: 9, hours: 1),
    ]
    let weeks = chart(year, days: 90)
    #expect(weeks.contains("week of 23 Nov 2026  "), "\(weeks)")
    #expect(weeks.contains("week of 1 Feb 2027  "), "\(weeks)")
    let months = chart(year, days: 800)
    #expect(months.contains("Nov 2026  "), "\(months)")
    #expect(months.contains("Feb 2027  "), "\(months)")
    #expect(!months.contains("week of"))
  }

  /// Over two weeks each week's total follows its Sunday, and the longest day, not a week's
  /// total, fills the bar; a week with nothing has no total row.
  @Test func weeksAreTotalledAfterTheirSunday() {
    let twoWeeks = [
      session("Focus", day: 1, start: 9, hours: 2), session("Focus", day: 2, start: 9, hours: 1),
    ]
    let text = chart(twoWeeks, days: 14, width: 40)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "Islet report · 23 Nov – 6 Dec 2026", "the grouping gives way: \(text)")
    #expect(lines.contains("Tue 24 Nov  ███████████████████  2:00:00"), "\(text)")
    #expect(lines.contains("week                             3:00:00"), "\(text)")
    #expect(lines.filter { $0.hasPrefix("week") }.count == 1, "the empty second week has no total: \(text)")
    #expect(
      lines.firstIndex { $0.hasPrefix("week") }
        == lines.firstIndex { $0.hasPrefix("Sun 29 Nov") }.map { $0 + 1 })
  }

  @Test func nothingCountedSaysSo() {
    #expect(
      chart([session("Tea", day: 1, start: 9, hours: 1, outcome: "reset")]) == """
        Islet report · 23 Nov – 29 Nov 2026 · by name

        Nothing counted in this time.
        Discarded (reset): 1 run, 1:00:00 (Tea 1:00:00)
        """)
  }
}
