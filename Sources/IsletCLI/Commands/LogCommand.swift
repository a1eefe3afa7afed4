import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

/// `islet log`: the history, each session's elapsed time (each plan segment a session, a rename
/// the start of a new one), and totals per name, which count work alone (see `Session.counts`).
struct LogCommand: Command {
  static let specs = [
    CommandSpec(
      name: "log", operands: "[--json | --csv | --format timewarrior]",
      brief: "the history, with totals per name",
      summary: "The history: each session's elapsed time, and totals per name.",
      details: """
        Each segment of a plan is a session of its own (Pomodoro · Focus 2/4), and so is the
        time after a rename or a new category: time stays under the name it ran under. The
        totals count work: runs thrown away by reset, breaks, warm-ups, cool-downs and skipped
        segments are shown but left out of them. DATE is YYYY-MM-DD, today, yesterday,
        this-week, last-week, this-month, last-month, or a span back from now such as 7d, 12h
        or 2w; --since takes its start and --until its end. --only and --exclude match a
        category or a tag, any case, and may be repeated: --only keeps the sessions with any of
        them, --exclude leaves out those with any. islet report draws the same time per day and
        week.
        --format timewarrior prints what timew export prints: each stretch of work that ran
        as an interval, tagged with its name and category and annotated with its name, in UTC
        to the second (timew import reads it, from timewarrior 1.9 on).
        """,
      options: [
        OptionSpec(.since, value: "DATE", help: "only sessions started from the start of DATE on"),
        OptionSpec(.until, value: "DATE", help: "only sessions started before the end of DATE"),
        OptionSpec(.name, value: "N", help: "only sessions of this name (any case)"),
        OptionSpec(.category, value: "C", help: "only sessions in this category (any case)"),
      ] + matchingOptionSpecs + [
        OptionSpec(.json, value: nil, help: "print JSON"),
        OptionSpec(.csv, value: nil, help: "print CSV, one session a row"),
        OptionSpec(
          .format, value: "F", help: "json, csv, or timewarrior: the JSON timew export prints",
          values: .words(["json", "csv", "timewarrior"])),
      ],
      maxOperands: 0)
  ]

  let output: ListingFormat
  /// `--format timewarrior`: the intervals `timew export` would print.
  let timewarrior: Bool
  /// Only sessions started inside `--since`/`--until`, of `--name` and `--category`.
  let filter: SessionFilter

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    timewarrior = try Self.timewarrior(parsed)
    switch parsed.value(.format) {
    case "json": output = .json
    case "csv": output = .csv
    default: output = try parsed.listingFormat()
    }
    filter = try parsed.sessionFilter(now: now)
  }

  /// Whether `--format` asks for timewarrior's JSON; `--format json` and `csv` are `--json`
  /// and `--csv`, which `listingFormat` reads.
  private static func timewarrior(_ parsed: ParsedArguments) throws -> Bool {
    guard let format = parsed.value(.format) else { return false }
    guard ["json", "csv", "timewarrior"].contains(format) else {
      throw UsageError(
        message:
          "--format '\(printable(format, limit: 20))' is not a log format; use json, csv or timewarrior",
        command: "log")
    }
    if parsed.has(.json) || parsed.has(.csv) {
      throw UsageError(message: "give one of --format, --json and --csv", command: "log")
    }
    return format == "timewarrior"
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let policy = try environment.configuration.policy
    // The sessions that started inside the stretch.
    // Tags are read for the formats that show them and for the filters that match them.
    let tags = output != .people || timewarrior || filter.matchesTags
    let sessions = try environment.sessions(
      since: filter.since, until: filter.until, policy: policy, tags: tags
    ).filter {
      session in
      filter.keeps(session) && filter.since.map { session.startedAt >= $0 } ?? true
        && filter.until.map { session.startedAt < $0 } ?? true
    }
    if timewarrior {
      environment.console.out(TimewarriorJSON.text(Timewarrior.intervals(of: sessions)))
      return .ok
    }
    let totals = SessionLog.totals(sessions)
    switch output {
    case .json: environment.console.out(logJSON(sessions: sessions, totals: totals).text + "\n")
    case .csv: environment.console.out(csv(sessions))
    case .people:
      // Shortened to a terminal's width (or COLUMNS); piped elsewhere, names stay whole.
      let fits = environment.console.isTerminal || environment.variables["COLUMNS"] != nil
      environment.console.out(text(sessions, totals: totals, width: fits ? environment.outputWidth : nil))
    }
    return .ok
  }

  /// `log --csv`: one session a row.
  private func csv(_ sessions: [Session]) -> String {
    var csv =
      "started,ended,id,name,outcome,elapsed_seconds,plan,segment,kind,round,rounds,category,counted,session,edited,failure,tags\n"
    for s in sessions {
      let fields = [
        LocalTime.iso(s.startedAt), s.endedAt.map(LocalTime.iso) ?? "", s.activityID, s.name, s.outcome,
        csvSeconds(s.elapsed), s.plan?.name ?? "", s.plan?.segment ?? "", s.plan?.kind.rawValue ?? "",
        s.plan.map { String($0.round) } ?? "", s.plan.map { String($0.rounds) } ?? "", s.category ?? "",
        s.counts ? "true" : "false", s.id.map(String.init) ?? "", s.edited ? "true" : "false",
        s.failure ?? "", s.tags.joined(separator: ";"),
      ]
      csv += fields.map(csvField).joined(separator: ",") + "\n"
    }
    return csv
  }

  /// The sessions and the totals as two tables, or how to make the first session. Names are
  /// shortened so that a row fits `width`.
  private func text(_ sessions: [Session], totals: [NameTotal], width: Int?) -> String {
    guard !sessions.isEmpty else {
      // With options, there may be sessions they leave out: no hint to start the first one.
      return filter.isEmpty
        ? "No sessions yet. Start one with: islet start 25m --name Focus\n"
        : "No sessions match; islet log alone shows them all.\n"
    }
    let categories = sessions.contains { $0.category != nil }
    let titles = sessions.map { s in
      printableName(s.name) + (s.plan.map { " · " + $0.text(after: s.name) } ?? "")
    }
    let categoryWidth =
      categories ? min(16, sessions.map { DisplayWidth.of(printableName($0.category ?? "")) }.max() ?? 0) : 0
    let ids = sessions.map { s in s.id.map(String.init) ?? "-" }
    let idWidth = max(2, ids.map(\.count).max() ?? 0)
    // ID, then STARTED is 16 columns, OUTCOME at most 10, ELAPSED at most 9, two between each.
    let nameRoom =
      width.map { max(12, $0 - idWidth - 2 - 16 - 10 - 9 - 6 - (categories ? max(8, categoryWidth) + 2 : 0)) }
      ?? .max
    var rows = [["ID", "STARTED", "NAME"] + (categories ? ["CATEGORY"] : []) + ["OUTCOME", "ELAPSED"]]
    for (index, (s, title)) in zip(sessions, titles).enumerated() {
      rows.append(
        [ids[index], LocalTime.dateTime(s.startedAt), DisplayWidth.truncate(title, to: nameRoom)]
          + (categories ? [DisplayWidth.truncate(printableName(s.category ?? "-"), to: 16)] : [])
          + [
            s.outcome + (s.failure.map { " (\($0))" } ?? "") + (s.edited ? "*" : ""),
            DurationText.clock(seconds: s.elapsed / 1000),
          ])
    }
    var text = table(rows)
    if sessions.contains(where: \.edited) { text += "* edited afterwards (islet edit)\n" }
    guard !totals.isEmpty else { return text + "\nNo work to total: \(Self.leftOut).\n" }
    text +=
      "\nTotals\n"
      + table(
        totals.map { total in
          [
            DisplayWidth.truncate(printableName(total.name), to: nameRoom),
            "\(total.sessions) session\(total.sessions == 1 ? "" : "s")",
            DurationText.clock(seconds: total.elapsed / 1000),
          ]
        })
    if sessions.contains(where: { !$0.counts }) {
      text += "Only work counts: \(Self.leftOut).\n"
    }
    return text
  }

  private static let leftOut = "reset runs, breaks, warm-ups, cool-downs and skipped segments are left out"
}

/// `log --json`: the sessions and the totals per name, spans in seconds.
func logJSON(sessions: [Session], totals: [NameTotal]) -> JSON {
  .object([
    (
      "sessions",
      .array(
        sessions.map { s in
          .object([
            ("id", .string(s.activityID)), ("name", .string(s.name)), ("category", .string(s.category)),
            ("startedAt", .string(LocalTime.iso(s.startedAt))),
            ("endedAt", .string(s.endedAt.map(LocalTime.iso))), ("outcome", .string(s.outcome)),
            ("elapsed", .number(Double(s.elapsed) / 1000)), ("plan", .plan(s.plan)),
            ("counted", .bool(s.counts)), ("session", .number(s.id.map(Double.init))),
            ("edited", .bool(s.edited)), ("failure", .string(s.failure)),
            ("tags", .array(s.tags.map { .string($0) })),
          ])
        })
    ),
    (
      "totals",
      .array(
        totals.map { t in
          .object([
            ("name", .string(t.name)), ("sessions", .number(Double(t.sessions))),
            ("elapsed", .number(Double(t.elapsed) / 1000)),
          ])
        })
    ),
  ])
}
