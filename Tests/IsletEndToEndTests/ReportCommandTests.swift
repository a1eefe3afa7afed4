import Foundation
import IsletCLITestSupport
import Testing

/// `islet log` and `islet report` through the built binary, held to the README's "History and
/// reports" and docs/HISTORY.md. Each command runs on a clock fixed by ISLET_NOW, in UTC, piped (so
/// the chart has its plain glyphs) and COLUMNS wide. The week is the manual's: Monday 23 to Sunday
/// 29 Nov 2026.
@Suite struct ReportCommandTests {
  let islet = Sandbox()

  /// Runs the binary at a UTC time written "2026-11-27 09:00".
  func binary(_ time: String, _ arguments: [String], columns: Int = 80) throws -> Run {
    let now = try #require(Self.utc.date(from: time), "\(time) is not a time").timeIntervalSince1970
    return try Binary.run(
      arguments,
      environment: islet.environment.merging(["ISLET_NOW": String(Int(now)), "COLUMNS": String(columns)]) {
        $1
      })
  }

  @discardableResult
  func at(_ time: String, _ arguments: String..., columns: Int = 80) throws -> Run {
    try binary(time, arguments, columns: columns)
  }

  /// An intent of the history being written; it must be taken.
  func step(_ time: String, _ arguments: String...) throws {
    let run = try binary(time, arguments)
    #expect(run.status == 0, "islet \(arguments.joined(separator: " ")) at \(time) was refused: \(run)")
  }

  static let utc: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd HH:mm"
    return formatter
  }()

  /// docs/HISTORY.md's day: Emails (admin) from 9:00, paused 10 minutes, renamed to Code review and
  /// moved to work at 9:50, paused 15 minutes, completed at 13:09: 40:00 and 3:04:00.
  func renamedDay() throws {
    try step("2026-11-27 09:00", "start", "--name", "Emails", "--category", "admin")
    try step("2026-11-27 09:20", "pause")
    try step("2026-11-27 09:30", "resume")
    try step("2026-11-27 09:50", "update", "--name", "Code review", "--category", "work")
    try step("2026-11-27 11:00", "pause")
    try step("2026-11-27 11:15", "resume")
    try step("2026-11-27 13:09", "complete")
  }

  /// A pomodoro in category work: Focus 1 runs out (25:00), its break is skipped after 1:00,
  /// Focus 2 is completed 23 minutes in.
  func pomodoro(on day: String) throws {
    try step("\(day) 14:00", "start", "--plan", "pomodoro", "--category", "work")
    try step("\(day) 14:25", "toggle")
    try step("\(day) 14:26", "skip")
    try step("\(day) 14:49", "complete")
  }

  /// A stopwatch named `name` that runs from `from` to `to` on `day` and is completed.
  func session(_ name: String, on day: String, _ from: String, _ to: String) throws {
    try step("\(day) \(from)", "start", "--name", name)
    try step("\(day) \(to)", "complete")
  }

  // MARK: Reading the output

  func json(_ run: Run) throws -> [String: Any] {
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
    return try #require(object as? [String: Any], "not a JSON object: \(run.stdout)")
  }

  /// The seconds of each name (or category) in a report's list of totals.
  func seconds(_ totals: Any?, by key: String = "name") -> [String: Double] {
    let rows = totals as? [[String: Any]] ?? []
    return Dictionary(
      rows.map { ($0[key] as? String ?? "?", ($0["seconds"] as? NSNumber)?.doubleValue ?? -1) }
    ) { first, _ in first }
  }

  /// Each day's seconds in a report's `days`.
  func days(_ report: [String: Any]) -> [String: Double] {
    let rows = report["days"] as? [[String: Any]] ?? []
    return Dictionary(
      rows.map { ($0["date"] as? String ?? "?", ($0["seconds"] as? NSNumber)?.doubleValue ?? -1) }
    ) { first, _ in first }
  }

  /// The named columns of a CSV without quoted commas, a row a line after the header.
  func columns(_ csv: String, _ names: String...) -> [String] {
    let lines = csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
    guard let header = lines.first else { return [] }
    let indices = names.map { name in header.firstIndex { $0 == name } }
    return lines.dropFirst().map { row in
      indices.map { index in index.map { $0 < row.count ? String(row[$0]) : "?" } ?? "?" }
        .joined(separator: ",")
    }
  }

  // MARK: Renames and categories

  @Test func aRenameLeavesTheTimeBeforeItUnderTheOldNameAndCategory() throws {
    try renamedDay()
    let log = try at("2026-11-27 18:00", "log", "--since", "2026-11-27", "--until", "2026-11-27")
    #expect(log.status == 0 && log.stderr.isEmpty, "\(log)")
    #expect(
      log.stdout.hasPrefix(
        """
        ID  STARTED           NAME         CATEGORY  OUTCOME    ELAPSED
        1   2026-11-27 09:00  Emails       admin     renamed    40:00
        4   2026-11-27 09:50  Code review  work      completed  3:04:00

        Totals
        Code review  1 session  3:04:00
        Emails       1 session  40:00

        """), "two sessions, each with the name and category it had while it ran:\n\(log.stdout)")

    let csv = try at("2026-11-27 18:00", "log", "--csv").stdout
    #expect(
      columns(csv, "name", "category", "outcome", "elapsed_seconds", "counted") == [
        "Emails,admin,renamed,2400.000,true", "Code review,work,completed,11040.000,true",
      ], "log --csv has category and counted columns:\n\(csv)")

    let sessions = try json(try at("2026-11-27 18:00", "log", "--json"))["sessions"] as? [[String: Any]] ?? []
    #expect(
      sessions.map { "\($0["name"] ?? "-") \($0["category"] ?? "-") \($0["elapsed"] ?? "-")" } == [
        "Emails admin 2400", "Code review work 11040",
      ], "log --json has each session's category")

    let byName = try json(try at("2026-11-27 18:00", "report", "--since", "today", "--json"))
    #expect(seconds(byName["totals"]) == ["Emails": 2400, "Code review": 11040])
    #expect((byName["seconds"] as? NSNumber)?.doubleValue == 13440)
    let byCategory = try json(
      try at("2026-11-27 18:00", "report", "--since", "today", "--by", "category", "--json"))
    #expect(seconds(byCategory["totals"], by: "category") == ["admin": 2400, "work": 11040])
    #expect(days(byCategory) == ["2026-11-27": 13440], "both categories add up to the day")
  }

  @Test func theReportsCSVHasARowPerDayWeekAndStretchOfEachCategory() throws {
    try renamedDay()
    let csv = try at("2026-11-29 20:00", "report", "--since", "this-week", "--csv", "--by", "category")
    #expect(csv.status == 0 && csv.stderr.isEmpty, "\(csv)")
    let lines = csv.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "period,date,category,seconds,sessions")
    #expect(lines.contains("day,2026-11-27,work,11040.000,1"), "\(csv.stdout)")
    #expect(lines.contains("day,2026-11-27,admin,2400.000,1"), "\(csv.stdout)")
    #expect(
      lines.filter { $0.hasPrefix("week,") && $0.contains(",work,11040.000,") }.count == 1, "\(csv.stdout)")
    #expect(
      lines.filter { !$0.hasPrefix("day,") && !$0.hasPrefix("week,") && $0.contains(",admin,2400.000,") }
        .count
        == 1, "a row for the whole stretch:\n\(csv.stdout)")
  }

  @Test func nameAndCategoryFiltersTakeAnyCase() throws {
    try renamedDay()
    let name = try json(
      try at("2026-11-27 18:00", "report", "--since", "today", "--name", "CODE REVIEW", "--json"))
    #expect(seconds(name["totals"]) == ["Code review": 11040])
    let category = try json(
      try at("2026-11-27 18:00", "report", "--since", "today", "--category", "Admin", "--json"))
    #expect(seconds(category["totals"]) == ["Emails": 2400])
    #expect(
      columns(try at("2026-11-27 18:00", "log", "--category", "WORK", "--csv").stdout, "name", "category")
        == ["Code review,work"])
    #expect(
      columns(try at("2026-11-27 18:00", "log", "--name", "emails", "--csv").stdout, "name", "outcome")
        == ["Emails,renamed"], "the name it had then, not the name it has now")
  }

  // MARK: Midnight, reset runs, plans

  @Test func aRunAcrossMidnightCountsOnBothDays() throws {
    try step("2026-11-26 22:30", "start", "--name", "Reading")
    try step("2026-11-27 01:00", "complete")
    let report = try json(
      try at("2026-11-27 12:00", "report", "--since", "2026-11-26", "--until", "2026-11-27", "--json"))
    #expect(days(report) == ["2026-11-26": 5400, "2026-11-27": 3600])
    #expect(seconds(report["totals"]) == ["Reading": 9000])
    let today = try json(try at("2026-11-27 12:00", "report", "--since", "today", "--json"))
    #expect(seconds(today["totals"]) == ["Reading": 3600], "report adds up the time that lies in today")
    #expect(
      columns(
        try at("2026-11-27 12:00", "log", "--since", "yesterday", "--csv").stdout, "name", "elapsed_seconds")
        == ["Reading,9000.000"], "log lists the session where it started")
    #expect(
      columns(try at("2026-11-27 12:00", "log", "--since", "today", "--csv").stdout, "name") == [],
      "it did not start today")
  }

  @Test func aResetRunIsListedAndShownApartButNeverCounted() throws {
    try step("2026-11-28 10:00", "start", "--name", "Reading")
    try step("2026-11-28 10:10", "reset")
    try step("2026-11-28 11:00", "resume")
    try step("2026-11-28 12:12", "complete")
    #expect(
      columns(
        try at("2026-11-28 18:00", "log", "--csv").stdout, "name", "outcome", "elapsed_seconds", "counted")
        == ["Reading,reset,600.000,false", "Reading,completed,4320.000,true"])
    let report = try json(try at("2026-11-28 18:00", "report", "--since", "today", "--json"))
    #expect(seconds(report["totals"]) == ["Reading": 4320], "the reset run is not in the totals")
    #expect(days(report) == ["2026-11-28": 4320])
    let discarded = report["discarded"] as? [String: Any] ?? [:]
    #expect(seconds(discarded["totals"]) == ["Reading": 600], "\(report)")
    #expect((discarded["seconds"] as? NSNumber)?.doubleValue == 600)
    #expect((report["seconds"] as? NSNumber)?.doubleValue == 4320)
  }

  /// A run that failed is time spent: counted, and said apart, with how it ended in the log.
  @Test func aFailedRunIsCountedAndSaidApart() throws {
    try step("2026-11-28 10:00", "start", "--name", "Deploy")
    try step("2026-11-28 10:30", "fail", "--status", "2")
    #expect(
      columns(try at("2026-11-28 18:00", "log", "--csv").stdout, "name", "outcome", "failure")
        == ["Deploy,failed,exit 2"])
    let report = try json(try at("2026-11-28 18:00", "report", "--since", "today", "--json"))
    #expect(seconds(report["totals"]) == ["Deploy": 1800])
    #expect((report["failed"] as? NSNumber)?.intValue == 1, "\(report)")
    let people = try at("2026-11-28 18:00", "report", "--since", "today").stdout
    #expect(people.contains("Failed: 1 run, counted as time"), "\(people)")
  }

  @Test func aPlansWorkReportsUnderItsPlanAndLabelAndItsBreaksAreNotCounted() throws {
    try pomodoro(on: "2026-11-26")
    let log = try at("2026-11-26 18:00", "log", "--since", "today")
    #expect(
      log.stdout == """
        ID  STARTED           NAME                  CATEGORY  OUTCOME    ELAPSED
        2   2026-11-26 14:00  Pomodoro · Focus 1/4  work      finished   25:00
        4   2026-11-26 14:25  Pomodoro · Break 1/4  work      skipped    1:00
        6   2026-11-26 14:26  Pomodoro · Focus 2/4  work      completed  23:00

        Totals
        Pomodoro  2 sessions  48:00
        Only work counts: reset runs, breaks, warm-ups, cool-downs and skipped segments are left out.

        """, "\(log)")
    let report = try json(try at("2026-11-26 18:00", "report", "--since", "today", "--json"))
    #expect(seconds(report["totals"]) == ["Pomodoro · Focus": 2880])
    let uncounted = report["uncounted"] as? [String: Any] ?? [:]
    #expect(seconds(uncounted["totals"]) == ["Pomodoro · Break": 60], "\(report)")
    #expect((uncounted["seconds"] as? NSNumber)?.doubleValue == 60)
    let byCategory = try json(
      try at("2026-11-26 18:00", "report", "--since", "today", "--by", "category", "--json"))
    #expect(
      seconds(byCategory["totals"], by: "category") == ["work": 2880], "the break is work's, but not counted")
  }

  /// A run that goes on past --until is read whole, though its end and its rename lie after it:
  /// the stretch gets the part inside it. So does a run still going, paused after --until.
  @Test func aRunThatGoesOnPastUntilCountsItsPartInside() throws {
    try step("2026-11-24 22:00", "start", "30h", "--name", "Long")
    try step("2026-11-26 01:00", "update", "--name", "Renamed")
    try step("2026-11-26 02:00", "complete")
    let day = try json(
      try at("2026-11-27 09:00", "report", "--since", "2026-11-25", "--until", "2026-11-25", "--json"))
    #expect(seconds(day["totals"]) == ["Long": 86_400], "\(day)")
    let first = try json(
      try at("2026-11-27 09:00", "report", "--since", "2026-11-24", "--until", "2026-11-24", "--json"))
    #expect(seconds(first["totals"]) == ["Long": 7200])
    let log = try at("2026-11-27 09:00", "log", "--until", "2026-11-25").stdout
    #expect(log.contains("Long") && log.contains("renamed") && log.contains("27:00:00"), "\(log)")
    try step("2026-11-29 23:00", "start", "--name", "Night")
    try step("2026-11-30 01:00", "pause")
    let live = try json(
      try at("2026-11-30 09:00", "report", "--since", "2026-11-29", "--until", "2026-11-29", "--json"))
    #expect(seconds(live["totals"]) == ["Night": 3600], "the hour before midnight: \(live)")
  }

  // MARK: The chart

  /// The README's chart, at 80 columns, for a small week: the longest day's bar takes the
  /// width the labels and totals leave.
  @Test func theChartIsTheREADMEs() throws {
    try session("Code review", on: "2026-11-23", "09:00", "13:00")
    try session("Emails", on: "2026-11-23", "14:00", "15:48")
    try session("Reading", on: "2026-11-25", "10:00", "11:00")
    try session("Code review", on: "2026-11-26", "09:00", "10:00")
    try pomodoro(on: "2026-11-26")
    try step("2026-11-28 10:00", "start", "--name", "Reading")
    try step("2026-11-28 10:10", "reset")
    try step("2026-11-28 11:00", "resume")
    try step("2026-11-28 12:12", "complete")
    // The longest day, Monday's 348 minutes, fills the 59 cells that the labels (10), the
    // totals (7, "9:48:00" the widest) and their gaps (2 + 2) leave of 80: 240 minutes of
    // Code review end at cell 41.
    func bar(_ parts: (String, Int)..., total: String) -> String {
      let cells = parts.map { String(repeating: $0.0, count: $0.1) }.joined()
      return cells + String(repeating: " ", count: 80 - 12 - cells.count - total.count) + total
    }
    let expected = """
      Islet report · 23 Nov – 29 Nov 2026 · by name

      Mon 23 Nov  \(bar(("█", 41), ("▒", 18), total: "5:48:00"))
      Tue 24 Nov
      Wed 25 Nov  \(bar(("▓", 10), total: "1:00:00"))
      Thu 26 Nov  \(bar(("█", 10), ("░", 8), total: "1:48:00"))
      Fri 27 Nov
      Sat 28 Nov  \(bar(("▓", 12), total: "1:12:00"))
      Sun 29 Nov

      █ Code review 5:00:00   ▓ Reading 2:12:00   ▒ Emails 1:48:00
      ░ Pomodoro · Focus 48:00
      Total 9:48:00  7 sessions
      Discarded (reset): 1 run, 10:00 (Reading 10:00)
      Not counted: 1 run, 1:00 (Pomodoro · Break 1:00)

      """
    let run = try at("2026-11-29 20:00", "report", "--since", "this-week")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.stdout == expected, "the chart differs from the one expected:\n\(run.stdout)")
    // The README shows this chart as it is printed, after its command.
    let readme = try String(contentsOfFile: checkout + "/README.md", encoding: .utf8)
    let shown = try #require(
      readme.components(separatedBy: "$ islet report --since this-week\n").dropFirst().first?
        .components(separatedBy: "```").first, "the README shows no islet report --since this-week")
    #expect(shown == run.stdout, "the README's chart differs from what islet report prints:\n\(run.stdout)")
    #expect(try at("2026-11-29 20:00", "report").stdout == run.stdout, "without --since: the last seven days")
    let byCategory = try at("2026-11-29 20:00", "report", "--since", "this-week", "--by", "category").stdout
    #expect(byCategory.hasPrefix("Islet report · 23 Nov – 29 Nov 2026 · by category\n"), "\(byCategory)")
  }

  @Test func asciiDrawsEachNameWithItsOwnCharacter() throws {
    try renamedDay()
    let run = try at("2026-11-27 18:00", "report", "--since", "today", "--ascii")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.contains("# Code review 3:04:00   = Emails 40:00"), "\(run)")
    #expect(
      lines.contains { $0.hasPrefix("Fri 27 Nov  ###") && $0.contains("#=") && $0.hasSuffix(" 3:44:00") },
      "\(run)")
  }

  @Test(arguments: [80, 50]) func aLongNameIsShortenedToFitTheWidth(columns: Int) throws {
    let long = String(repeating: "Quarterly planning ", count: 5).trimmingCharacters(in: .whitespaces)
    try session(long, on: "2026-11-23", "09:00", "10:00")
    try session("Tea", on: "2026-11-24", "09:00", "09:30")
    let run = try at("2026-11-29 20:00", "report", "--since", "this-week", columns: columns)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let wide = lines.filter { $0.count > columns }
    #expect(wide.isEmpty, "wider than \(columns) columns:\n\(wide.joined(separator: "\n"))")
    #expect(!run.stdout.contains(long), "the name is shortened:\n\(run.stdout)")
    #expect(lines.contains { $0.hasPrefix("Mon 23 Nov  ") && $0.hasSuffix(" 1:00:00") }, "\(run.stdout)")
    #expect(run.stdout.contains("Quarterly"), "the shortened name still begins as the name:\n\(run.stdout)")
    #expect(run.stdout.contains("Tea 30:00"), "\(run.stdout)")
  }

  // MARK: Stretches of time

  /// A ten-minute session on each of these days, named after its day; now is Tue 1 Dec 12:00.
  static let spread = [
    "2026-10-31", "2026-11-16", "2026-11-18", "2026-11-23", "2026-11-29", "2026-11-30", "2026-12-01",
  ]

  static let stretches: [([String], [String])] = [
    (["--since", "today"], ["2026-12-01"]),
    (["--since", "yesterday", "--until", "yesterday"], ["2026-11-30"]),
    (["--since", "this-week"], ["2026-11-30", "2026-12-01"]),
    (["--since", "last-week"], ["2026-11-23", "2026-11-29", "2026-11-30", "2026-12-01"]),
    (["--since", "last-week", "--until", "last-week"], ["2026-11-23", "2026-11-29"]),
    (["--since", "this-month"], ["2026-12-01"]),
    (
      ["--since", "last-month", "--until", "last-month"],
      ["2026-11-16", "2026-11-18", "2026-11-23", "2026-11-29", "2026-11-30"]
    ),
    (["--since", "7d"], ["2026-11-29", "2026-11-30", "2026-12-01"]),
    (["--since", "2w"], ["2026-11-18", "2026-11-23", "2026-11-29", "2026-11-30", "2026-12-01"]),
    (["--since", "12h"], ["2026-12-01"]),
    (["--since", "2026-11-23", "--until", "2026-11-29"], ["2026-11-23", "2026-11-29"]),
    (
      ["--until", "2026-11-30"],
      ["2026-10-31", "2026-11-16", "2026-11-18", "2026-11-23", "2026-11-29", "2026-11-30"]
    ),
  ]

  @Test(arguments: stretches) func eachWordNamesAStretchOfTime(arguments: [String], days: [String]) throws {
    for day in Self.spread { try session(day, on: day, "09:00", "09:10") }
    let log = try binary("2026-12-01 12:00", ["log", "--csv"] + arguments)
    #expect(log.status == 0 && log.stderr.isEmpty, "\(log)")
    #expect(columns(log.stdout, "name") == days, "log \(arguments.joined(separator: " "))")
    // Without --since a report is the last seven days (of 25 Nov – 1 Dec, or of the week up to
    // --until: here the same sessions).
    let counted = arguments.contains("--since") ? days : days.filter { $0 >= "2026-11-25" }
    let report = try json(try binary("2026-12-01 12:00", ["report", "--json"] + arguments))
    #expect(
      seconds(report["totals"]) == Dictionary(uniqueKeysWithValues: counted.map { ($0, 600.0) }),
      "report \(arguments.joined(separator: " "))")
  }

  /// A day's row begins "Mon 23 Nov" (or "Tue  1 Dec").
  func isDayRow(_ line: Substring) -> Bool {
    let weekdays = ["Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "]
    return weekdays.contains { line.hasPrefix($0) }
      && line.dropFirst(4).prefix(2).allSatisfy { $0 == " " || $0.isNumber }
  }

  @Test func longerStretchesAddWeekTotalsThenDrawAWeekOrAMonthABar() throws {
    for day in ["2024-06-03"] + Self.spread { try session(day, on: day, "09:00", "09:10") }
    let twoWeeks = try at("2026-12-01 12:00", "report", "--since", "last-week").stdout.split(separator: "\n")
    let weekTotals = twoWeeks.filter { !isDayRow($0) && $0.hasSuffix(" 20:00") && !$0.contains("Total") }
    #expect(
      weekTotals.count == 2,
      "each week's total (23–29 Nov and 30 Nov – 6 Dec):\n\(twoWeeks.joined(separator: "\n"))")
    #expect(twoWeeks.filter(isDayRow).count == 9, "a row a day, 23 Nov – 1 Dec")

    let months = try at("2026-12-01 12:00", "report", "--since", "2026-08-01")
    #expect(months.status == 0, "\(months)")
    #expect(
      !months.stdout.split(separator: "\n").contains(where: isDayRow),
      "over four months a bar is a week:\n\(months.stdout)")
    let bars = { (run: Run) in
      run.stdout.split(separator: "\n").filter { $0.contains("█") || $0.contains("▓") }.count
    }
    #expect((1...18).contains(bars(months)), "\(months.stdout)")

    let years = try at("2026-12-01 12:00", "report", "--since", "2024-01-01")
    #expect(!years.stdout.split(separator: "\n").contains(where: isDayRow), "\(years.stdout)")
    #expect(!years.stdout.contains("week"), "over more than two years a bar is a month:\n\(years.stdout)")
    #expect(years.stdout.contains("Total 1:20:00  8 sessions"), "\(years.stdout)")
  }

  // MARK: Bad input and an empty store

  static let badInput: [([String], String)] = [
    (["report", "--since", "tomorrow"], "'tomorrow'"),
    (["log", "--since", "tomorrow"], "'tomorrow'"),
    (["report", "--until", "soon"], "'soon'"),
    (["report", "--since", "2026-11-29", "--until", "2026-11-23"], "2026-11-23"),
    (["log", "--since", "2026-11-29", "--until", "2026-11-23"], "2026-11-23"),
    (["report", "--by", "frob"], "'frob'"),
    (["report", "--json", "--csv"], "--csv"),
    (["log", "--json", "--csv"], "--csv"),
  ]

  @Test(arguments: badInput) func badInputIsOneLineAndTheUsage(arguments: [String], names: String) throws {
    try session("Tea", on: "2026-11-27", "09:00", "09:10")
    let run = try binary("2026-11-29 20:00", arguments)
    let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(run.status == 64, "\(run)")
    #expect(run.stdout.isEmpty, "\(run)")
    #expect(lines.count == 3 && lines[2].isEmpty, "one error line and the usage line: \(run)")
    #expect(lines.first?.hasPrefix("Error: ") == true && lines.first?.contains(names) == true, "\(run)")
    #expect(lines.dropFirst().first?.hasPrefix("Usage: islet \(arguments[0])") == true, "\(run)")
  }

  @Test func anEmptyStoreReportsNothingAndSucceeds() throws {
    let run = try at("2026-11-29 20:00", "report")
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.stdout.hasPrefix("Islet report · 23 Nov – 29 Nov 2026 · by name\n"), "\(run.stdout)")
    let report = try json(try at("2026-11-29 20:00", "report", "--json"))
    #expect((report["seconds"] as? NSNumber)?.doubleValue == 0)
    #expect(
      seconds(report["totals"]).isEmpty && seconds((report["discarded"] as? [String: Any])?["totals"]).isEmpty
    )
    let csv = try at("2026-11-29 20:00", "report", "--csv", "--by", "category")
    #expect(csv == Run(status: 0, stdout: "period,date,category,seconds,sessions\n", stderr: ""))
  }
}
