import IsletCore
import IsletRuntime
import IsletUI

/// `islet report`: time per day and per week, by name or by category, drawn as a chart (or
/// printed as JSON or CSV), over `--since` / `--until`.
struct ReportCommand: Command {
  static let specs = [
    CommandSpec(
      name: "report", operands: "[--json | --csv]",
      brief: "time per day and week, as a chart",
      summary: "Time per day and per week, by name or by category, as a chart of stacked bars.",
      details: """
        A bar a day (a week over more than two months, a month over more than two years),
        stacked by name or category in the theme's colors, with each day's and week's total;
        weeks start on Monday. Time is told under the name and category a timer had while it
        ran, and a run across midnight counts on both days. Runs thrown away by reset are
        shown apart and not counted, as are a plan's breaks, warm-ups, cool-downs and skipped
        segments; a plan's work reports under its plan and label (Pomodoro · Focus).
        DATE is YYYY-MM-DD, today, yesterday, this-week, last-week, this-month, last-month, or
        a span back from now such as 7d, 12h or 2w; --since takes its start, --until its end,
        so --since last-week --until last-week is last week. Without --since, the 7 days that end
        with --until's (today, without it). --only and --exclude match a category or a tag, any
        case, and may be repeated: --only keeps the time with any of them, --exclude leaves out
        the time with any.

        Examples:
          islet report --since this-week --by category
          islet report --since 2026-11-01 --until 2026-11-30 --csv
          islet report --since this-week --exclude break --exclude personal
        """,
      options: [
        OptionSpec(
          .since, value: "DATE", help: "from the start of DATE (default: 6 days before today)"),
        OptionSpec(.until, value: "DATE", help: "to the end of DATE (default: now)"),
        OptionSpec(.by, value: "name|category", help: "stack and total by name (default) or category"),
        OptionSpec(.name, value: "N", help: "only time under this name (any case)"),
        OptionSpec(.category, value: "C", help: "only time in this category (any case)"),
      ] + matchingOptionSpecs + [
        OptionSpec(.json, value: nil, help: "print JSON"),
        OptionSpec(.csv, value: nil, help: "print CSV: a row per day, week and total of each group"),
        OptionSpec(
          .rebuild, value: nil,
          help: "make the daily roll-up again from the history first (when islet check finds it wrong)"),
      ],
      maxOperands: 0, globals: [.theme, .ascii, .noColor])
  ]

  let output: ListingFormat
  let filter: SessionFilter
  let grouping: Report.Grouping
  let rebuild: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    output = try parsed.listingFormat()
    rebuild = parsed.has(.rebuild)
    filter = try parsed.sessionFilter(now: now)
    if let by = parsed.value(.by) {
      guard let grouping = Report.Grouping(rawValue: by.lowercased()) else {
        throw UsageError(
          message: "--by '\(printable(by))' is not a grouping; use name or category", command: "report")
      }
      self.grouping = grouping
    } else {
      grouping = .name
    }
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let now = environment.now
    let zone = LocalZone.current
    // Nothing is known after now: an --until later ends it now.
    let end = min(filter.until ?? now, now)
    // Seven days: the last one the one the report ends in.
    let from =
      filter.since
      ?? zone.instant(day: zone.day(of: max(end - 1, Instant(milliseconds: 0))) - 6, hour: 0, minute: 0)
    let keeps: ((Report.Entry) -> Bool)? = filter.picks ? { [filter] in filter.keeps($0) } : nil
    let report = try environment.report(
      from: from, until: end, by: grouping, policy: try environment.configuration.policy,
      tags: filter.matchesTags,
      // The history alone, never the roll-up: what the tests hold the roll-up's reports to.
      detailed: environment.variables["ISLET_REPORT_DETAILED"] == "1", rebuild: rebuild, keeps: keeps)
    let (edited, failed) = (report.edited, report.failed)
    switch output {
    case .json: environment.console.out(Self.json(report, edited: edited, failed: failed).text + "\n")
    case .csv: environment.console.out(Self.csv(report))
    case .people:
      let theme = try environment.theme
      let depth = environment.colorDepth(terminalOnly: true)
      let chart = ReportChart(
        report: report, width: environment.outputWidth, theme: theme, colored: depth != .none,
        ascii: !environment.unicode)
      let canvas = chart.canvas()
      let text =
        depth == .none ? PlainText.render(canvas) : ANSIText.render(canvas, theme: theme, depth: depth)
      environment.console.out(text + "\n")
      if edited > 0 {
        environment.console.out(
          "Edited afterwards: \(edited) session\(edited == 1 ? "" : "s") (islet log marks them *)\n")
      }
      if failed > 0 {
        environment.console.out(
          "Failed: \(failed) run\(failed == 1 ? "" : "s"), counted as time (islet log says how each ended)\n")
      }
    }
    return .ok
  }

  /// `2026-11-30`
  static func date(_ day: Int64) -> String {
    let (year, month, day) = LocalZone.civil(day: day)
    return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
  }

  static func seconds(_ span: Milliseconds) -> Double { Double(span) / 1000 }

  static func json(_ report: Report, edited: Int = 0, failed: Int = 0) -> JSON {
    let key = report.grouping.rawValue
    func totals(_ totals: [Report.Total], key: String = key) -> JSON {
      .array(
        totals.map {
          .object([
            (key, .string($0.label)), ("seconds", .number(seconds($0.elapsed))),
            ("sessions", .number(Double($0.sessions))),
          ])
        })
    }
    func periods(_ periods: [Report.Period], named name: String) -> JSON {
      .array(
        periods.map {
          .object([
            (name, .string(date($0.day))), ("seconds", .number(seconds($0.elapsed))),
            ("totals", totals($0.totals)),
          ])
        })
    }
    func apart(_ list: [Report.Total], key: String = key) -> JSON {
      .object([
        ("seconds", .number(seconds(list.reduce(0) { $0 + $1.elapsed }))), ("totals", totals(list, key: key)),
      ])
    }
    return .object([
      ("from", .string(LocalTime.iso(report.from))), ("until", .string(LocalTime.iso(report.until))),
      ("by", .string(key)), ("seconds", .number(seconds(report.elapsed))), ("totals", totals(report.totals)),
      ("days", periods(report.days, named: "date")), ("weeks", periods(report.weeks, named: "week")),
      ("discarded", apart(report.discarded)), ("uncounted", apart(report.uncounted, key: "name")),
      ("edited", .number(Double(edited))), ("failed", .number(Double(failed))),
    ])
  }

  /// One row per day, week and whole stretch of each group; discarded and uncounted time as
  /// periods of their own.
  static func csv(_ report: Report) -> String {
    var csv = "period,date,\(report.grouping.rawValue),seconds,sessions\n"
    func rows(_ period: String, _ date: String, _ totals: [Report.Total]) {
      for total in totals {
        csv +=
          [period, date, csvField(total.label ?? ""), csvSeconds(total.elapsed), "\(total.sessions)"]
          .joined(separator: ",") + "\n"
      }
    }
    for day in report.days { rows("day", Self.date(day.day), day.totals) }
    for week in report.weeks { rows("week", Self.date(week.day), week.totals) }
    rows("total", "", report.totals)
    rows("discarded", "", report.discarded)
    rows("uncounted", "", report.uncounted)
    return csv
  }
}
