import IsletCore
import IsletStore

/// `islet log`: the history, each session's elapsed time (each plan segment a session), and
/// totals per name, which count work alone (see `Session.counts`).
struct LogCommand: Command {
  static let specs = [
    CommandSpec(
      name: "log", operands: "[--json | --csv]",
      brief: "the history, with totals per name",
      summary: "The history: each session's elapsed time, and totals per name.",
      details: """
        Each segment of a plan is a session of its own (Pomodoro · Focus 2/4). The totals count
        work: breaks, warm-ups, cool-downs and skipped segments are left out of them.
        DATE is YYYY-MM-DD, today, yesterday, or a span back from now such as 7d or 12h.
        """,
      options: [
        OptionSpec(name: "since", value: "DATE", help: "only sessions started from then on"),
        OptionSpec(name: "name", value: "N", help: "only sessions of this name (any case)"),
        OptionSpec(name: "json", value: nil, help: "print JSON"),
        OptionSpec(name: "csv", value: nil, help: "print CSV, one session a row"),
      ],
      maxOperands: 0)
  ]

  /// What the sessions are printed as.
  enum Output {
    case table, json, csv
  }

  let output: Output
  /// `--since`: only sessions started from then on.
  let since: Instant?
  /// `--name`, lowercased: only sessions of this name.
  let name: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    if parsed.has("json") && parsed.has("csv") {
      throw UsageError(message: "choose one of --json and --csv", command: "log")
    }
    output = parsed.has("json") ? .json : parsed.has("csv") ? .csv : .table
    if let text = parsed.value("since") {
      guard let parsed = LocalTime.parseSince(text, now: now) else {
        throw UsageError(
          message:
            "--since '\(printable(text))' is not a date; use YYYY-MM-DD, today, yesterday or a span such as 7d",
          command: "log")
      }
      since = parsed
    } else {
      since = nil
    }
    name = parsed.value("name")?.lowercased()
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let policy = try environment.configuration.policy
    let (store, live, pending) = try environment.readLive(policy: policy)
    defer { store?.close() }
    let history = try environment.history(store, pending: pending)
    var sessions = SessionLog.sessions(from: history, live: live, at: environment.now, policy: policy)
    if let since { sessions = sessions.filter { $0.startedAt >= since } }
    if let name { sessions = sessions.filter { $0.name.lowercased() == name } }
    let totals = SessionLog.totals(sessions)
    switch output {
    case .json: environment.console.out(logJSON(sessions: sessions, totals: totals).text + "\n")
    case .csv: environment.console.out(csv(sessions))
    case .table: environment.console.out(text(sessions, totals: totals))
    }
    return .ok
  }

  /// `log --csv`: one session a row.
  private func csv(_ sessions: [Session]) -> String {
    var csv = "started,ended,id,name,outcome,elapsed_seconds,plan,segment,kind,round,rounds\n"
    for s in sessions {
      let fields = [
        LocalTime.iso(s.startedAt), s.endedAt.map(LocalTime.iso) ?? "", s.activityID, s.name, s.outcome,
        seconds(s.elapsed), s.plan?.name ?? "", s.plan?.segment ?? "", s.plan?.kind.rawValue ?? "",
        s.plan.map { String($0.round) } ?? "", s.plan.map { String($0.rounds) } ?? "",
      ]
      csv += fields.map(csvField).joined(separator: ",") + "\n"
    }
    return csv
  }

  /// The sessions and the totals as two tables, or how to make the first session.
  private func text(_ sessions: [Session], totals: [NameTotal]) -> String {
    guard !sessions.isEmpty else {
      return
        "No sessions\(since == nil && name == nil ? " yet" : " match"). Start one with: islet start 25m --name Focus\n"
    }
    var rows = [["STARTED", "NAME", "OUTCOME", "ELAPSED"]]
    for s in sessions {
      rows.append([
        LocalTime.dateTime(s.startedAt),
        printableName(s.name) + (s.plan.map { " · " + segmentText($0) } ?? ""),
        s.outcome,
        DurationText.clock(seconds: s.elapsed / 1000),
      ])
    }
    var text = table(rows)
    guard !totals.isEmpty else { return text + "\nNo work to total: \(Self.leftOut).\n" }
    text +=
      "\nTotals\n"
      + table(
        totals.map { total in
          [
            printableName(total.name), "\(total.sessions) session\(total.sessions == 1 ? "" : "s")",
            DurationText.clock(seconds: total.elapsed / 1000),
          ]
        })
    if sessions.contains(where: { !$0.counts }) {
      text += "Only work counts: \(Self.leftOut).\n"
    }
    return text
  }

  private static let leftOut = "breaks, warm-ups, cool-downs and skipped segments are left out"

  private func seconds(_ span: Milliseconds) -> String {
    let whole = span / 1000
    let fraction = span % 1000
    return "\(whole).\(fraction < 10 ? "00" : fraction < 100 ? "0" : "")\(fraction)"
  }

  /// RFC 4180: quoted when it holds a comma, quote or line break. A leading `=+-@` is prefixed
  /// with `'` so a spreadsheet does not run it as a formula.
  private func csvField(_ field: String) -> String {
    var value = field
    if let first = value.first, "=+-@".contains(first) { value = "'" + value }
    guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
    return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
  }
}

/// `log --json`: the sessions and the totals per name, spans in seconds.
func logJSON(sessions: [Session], totals: [NameTotal]) -> JSON {
  .object([
    (
      "sessions",
      .array(
        sessions.map { s in
          .object([
            ("id", .string(s.activityID)), ("name", .string(s.name)),
            ("startedAt", .string(LocalTime.iso(s.startedAt))),
            ("endedAt", .string(s.endedAt.map(LocalTime.iso))), ("outcome", .string(s.outcome)),
            ("elapsed", .number(Double(s.elapsed) / 1000)), ("plan", .plan(s.plan)),
            ("counted", .bool(s.counts)),
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
