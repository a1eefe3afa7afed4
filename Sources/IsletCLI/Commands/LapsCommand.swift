import IsletCore
import IsletRuntime
import IsletStore

/// `islet laps`: a stopwatch's laps, each with its time and split, and the fastest, the
/// slowest and the average; a live one's, or a past one's from the history.
struct LapsCommand: Command {
  static let specs = [
    CommandSpec(
      name: "laps", operands: "[ACTIVITY] [--json | --csv]",
      brief: "a stopwatch's laps, with the fastest, slowest and average",
      summary: "List a stopwatch's laps: each lap's time and its split (the running time from the start).",
      details: """
        ACTIVITY is a live stopwatch's id, --id reference or name; when none that is live
        matches, the newest one of that id or name in the history; or a session id from
        islet log, for that session's laps. Without ACTIVITY, the
        current stopwatch, else the last one that has laps. A lap counts running time only:
        paused time is in no lap. The laps of the last run are listed: a reset starts over.
        Times are minutes and seconds with tenths; the JSON and the CSV give seconds.

        Examples:
          islet lap Run && islet laps Run
          islet laps --csv > laps.csv
        """,
      options: [
        OptionSpec(.json, value: nil, help: "print JSON"),
        OptionSpec(.csv, value: nil, help: "print CSV, one lap a row"),
      ],
      maxOperands: 1)
  ]

  let output: ListingFormat
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    output = try parsed.listingFormat()
    target = parsed.operands.first
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let policy = try environment.configuration.policy
    let (store, live, pending) = try environment.readLive(policy: policy)
    defer { store?.close() }
    let now = environment.now
    guard let store, let (found, session) = try find(store: store, live: live, now: now, policy: policy)
    else {
      if let target {
        throw UsageError(message: "no stopwatch is named '\(printable(target, limit: 40))'", command: "laps")
      }
      return environment.refused("no stopwatch has laps yet; islet lap marks one on a running stopwatch")
    }
    var activity = found
    guard !activity.isCountdown, !activity.isPlan else {
      let kind = activity.isPlan ? "a plan" : "a countdown"
      return environment.refused("\(activity.name) is \(kind); laps are marked on a stopwatch")
    }
    var events = try store.history(activityID: activity.id) + pending.filter { $0.activityID == activity.id }
    var elapsed = activity.elapsed(at: now)
    var phase = activity.phase(at: now, policy: policy)
    var going = phase.isLive
    if let session, session.isPartOfRun {
      // A lap's length runs from the mark before, which may lie in the other piece.
      return environment.refused(
        "session \(session.id ?? 0) is part of a run renamed as it ran; its laps are the run's: islet laps \(activity.id)"
      )
    }
    if let session {
      // That session's laps, not the activity's last run's.
      let seqs = Set(session.seqs)
      events = events.filter { $0.seq.map(seqs.contains) ?? false }
      activity.state.name = session.name
      if session.endedAt != nil, let close = events.last {
        elapsed = close.elapsed
        phase = close.phase
        going = false
      }
    }
    let log = LapLog.of(events, elapsed: elapsed)
    switch output {
    case .json: environment.console.out(json(activity, phase: phase, log).text + "\n")
    case .csv: environment.console.out(csv(log))
    case .people: environment.console.out(text(activity, going: going, log))
    }
    return .ok
  }

  /// The stopwatch meant: a live one matched, else the history's newest of that id or name;
  /// without ACTIVITY, the current live stopwatch, else the last one with laps.
  /// With a session id, that session too.
  private func find(store: SQLiteActivityStore, live: [Activity], now: Instant, policy: TimePolicy) throws
    -> (Activity, Session?)?
  {
    guard let target else {
      if let found = live.first(where: { !$0.isCountdown && !$0.isPlan }) { return (found, nil) }
      return try store.lastLapped().map { ($0, nil) }
    }
    if case .success(let found) = ActivityMatcher.match(target, among: live, at: now) { return (found, nil) }
    if let found = try store.activity(id: target) { return (found, nil) }
    if let found = try store.lastActivity(named: target) { return (found, nil) }
    // A session's id from islet log, and no other event's number.
    guard !target.isEmpty, target.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    let id = try Corrections.sessionID(target, command: "laps")
    let found = try Corrections.find(id, in: store, at: now, policy: policy, command: "laps")
    return (found.activity, found.session)
  }

  /// `going`: the run is live, its last lap still running.
  private func text(_ activity: Activity, going: Bool, _ log: LapLog) -> String {
    let name = printableName(activity.name)
    guard !log.laps.isEmpty else {
      let hint = going ? "; islet lap marks one" : ""
      return "\(name) has no laps\(hint).\n"
    }
    var rows = [["LAP", "TIME", "SPLIT"]]
    for lap in log.laps {
      rows.append([String(lap.number), DurationText.lapClock(lap.time), DurationText.lapClock(lap.split)])
    }
    var out = "\(name): \(log.laps.count) lap\(log.laps.count == 1 ? "" : "s")\n" + table(rows)
    if let rest = log.rest {
      out +=
        going
        ? "Lap \(log.laps.count + 1) so far: \(DurationText.lapClock(rest)), \(DurationText.lapClock(log.total)) in all\n"
        : "Then \(DurationText.lapClock(rest)) to the end: \(DurationText.lapClock(log.total)) in all\n"
    }
    if let fastest = log.fastest, let slowest = log.slowest, let average = log.average {
      out +=
        "\n"
        + table([
          ["Fastest", "lap \(fastest.number)", DurationText.lapClock(fastest.time)],
          ["Slowest", "lap \(slowest.number)", DurationText.lapClock(slowest.time)],
          ["Average", "", DurationText.lapClock(average)],
        ])
    }
    return out
  }

  private func csv(_ log: LapLog) -> String {
    var csv = "lap,time_seconds,split_seconds,at\n"
    for lap in log.laps {
      csv += "\(lap.number),\(csvSeconds(lap.time)),\(csvSeconds(lap.split)),\(LocalTime.iso(lap.at))\n"
    }
    return csv
  }

  private func json(_ activity: Activity, phase: Phase, _ log: LapLog) -> JSON {
    func seconds(_ span: Milliseconds?) -> JSON { .number(span.map { Double($0) / 1000 }) }
    func lap(_ lap: Lap?) -> JSON {
      guard let lap else { return .null }
      return .object([
        ("lap", .number(Double(lap.number))), ("time", seconds(lap.time)), ("split", seconds(lap.split)),
        ("at", .string(LocalTime.iso(lap.at))),
      ])
    }
    return .object([
      ("id", .string(activity.id)), ("name", .string(activity.name)), ("phase", .string(phase.rawValue)),
      ("laps", .array(log.laps.map(lap))), ("rest", seconds(log.rest)), ("total", seconds(log.total)),
      ("fastest", lap(log.fastest)), ("slowest", lap(log.slowest)), ("average", seconds(log.average)),
    ])
  }
}
