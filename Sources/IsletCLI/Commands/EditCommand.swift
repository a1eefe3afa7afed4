import IsletCore
import IsletRuntime
import IsletStore

/// `islet edit SESSION`: a past session's name, category, start or end corrected.
struct EditCommand: Command {
  static let specs = [
    CommandSpec(
      name: "edit", operands: "SESSION [--name N] [--category C] [--start TIME] [--end TIME] [--yes]",
      brief: "correct a past session's name, category or times",
      summary: "Correct a past session: its name, its category, when it started or when it ended.",
      details: """
        SESSION is a session's id from the ID column of islet log. TIME is HH:MM (on the
        session's own day) or YYYY-MM-DD HH:MM. Moving the start earlier or the end later adds
        that much running time (up to 100 hours, a countdown's up to its length); the other way
        takes it off. Dates are from 1970 on. A plan's segments, a countdown that ran to its
        end and a session renamed as it ran keep their times (their name and category can
        change). A live activity is changed with islet update, not edit.
        It asks y/n on a terminal first; --yes skips the question, and without a terminal it
        needs --yes. The correction is recorded in the history (an edited event), and islet
        log marks the session edited.

        Examples:
          islet edit 42 --name "Code review" --category work
          islet edit 42 --start 8:50 --yes
        """,
      options: [
        OptionSpec(.name, value: "N", help: "the session's new name"),
        OptionSpec(.category, value: "C", help: "its new category; '' clears it"),
        OptionSpec(.start, value: "TIME", help: "when it started: HH:MM or YYYY-MM-DD HH:MM"),
        OptionSpec(.end, value: "TIME", help: "when it ended: HH:MM or YYYY-MM-DD HH:MM"),
        OptionSpec(.yes, value: nil, help: "do not ask first"),
      ],
      maxOperands: 1)
  ]

  /// A time as typed: a time of day on the session's day, or a day and a time.
  enum Time: Equatable {
    case onSessionDay(TimeOfDay)
    case on(day: Int64, TimeOfDay)

    func instant(near session: Session, zone: LocalZone = .current) -> Instant {
      switch self {
      case .onSessionDay(let time):
        return zone.instant(day: zone.day(of: session.startedAt), hour: time.hour, minute: time.minute)
      case .on(let day, let time): return zone.instant(day: day, hour: time.hour, minute: time.minute)
      }
    }
  }

  let id: Int64
  let name: String?
  let category: String?
  let start: Time?
  let end: Time?
  let yes: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    guard let operand = parsed.operands.first else {
      throw UsageError(
        message: "edit needs a SESSION: an id from the ID column of islet log", command: "edit")
    }
    id = try Corrections.sessionID(operand, command: "edit")
    name = try parsed.label(.name)
    if let text = parsed.value(.category) {
      category = text.isEmpty ? "" : try parsed.label(.category)
    } else {
      category = nil
    }
    start = try parsed.value(.start).map { try Self.time($0, option: "start") }
    end = try parsed.value(.end).map { try Self.time($0, option: "end") }
    yes = parsed.has(.yes)
    if name == nil && category == nil && start == nil && end == nil {
      throw UsageError(message: "edit needs --name, --category, --start or --end", command: "edit")
    }
  }

  static func time(_ text: String, option: String) throws -> Time {
    let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
    if parts.count == 1, let time = TimeOfDay(parts[0]) { return .onSessionDay(time) }
    if parts.count == 2, let time = TimeOfDay(parts[1]) {
      // The days report --since takes: 1970 on.
      if let number = DateWord.date(parts[0]) { return .on(day: number, time) }
      if parts[0].count == 10, let year = Int(parts[0].prefix(4)), year < 1970,
        DateWord.date("1970" + parts[0].dropFirst(4)) != nil
      {
        throw UsageError(
          message: "--\(option) '\(printable(text, limit: 40))' is before 1970; give a date from 1970 on",
          command: "edit")
      }
    }
    throw UsageError(
      message: "--\(option) '\(printable(text, limit: 40))' is not a time; use HH:MM or YYYY-MM-DD HH:MM",
      command: "edit")
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let policy = try environment.configuration.policy
    let now = environment.now
    let store = try SQLiteActivityStore.openForWriting(path: try environment.storePath)
    defer { store.close() }
    // Read and checked first, so the question is asked with no lock held; then again inside
    // the transaction, which changes only what it finds there.
    let (found, change) = try prepared(store, now: now, policy: policy)
    if change.isEmpty {
      throw UsageError(
        message: "session \(id) already has that name, category and times; there is nothing to change",
        command: "edit")
    }
    if case .failure(let refusal) = Self.edited(found, change: change, at: now) {
      return environment.refused(refusal.reason)
    }
    let detail = Self.detail(found.session, change)
    let question = "Edit session \(id) (\(Corrections.describe(found.session))): \(detail)?"
    guard try Corrections.confirm(question, yes: yes, in: environment, command: "edit") else { return .ok }
    let result: Result<Void, Refusal> = try store.transaction {
      let (found, change) = try prepared(store, now: now, policy: policy)
      if change.isEmpty {
        return .failure(Refusal("session \(id) has changed meanwhile; nothing is left to change"))
      }
      switch Self.edited(found, change: change, at: now) {
      case .failure(let refusal): return .failure(refusal)
      case .success(let rewritten):
        try store.rewrite(rewritten)
        if let activity = Self.corrected(found, rewritten: rewritten, change: change) {
          guard try store.save(activity) else { throw IntentDispatcher.Conflict() }
        }
        var session = found.session
        session.name = change.name ?? session.name
        if let category = change.category { session.category = category.isEmpty ? nil : category }
        if let first = rewritten.first, let last = rewritten.last {
          session.elapsed = last.elapsed - first.elapsed
        }
        _ = try store.append([
          Corrections.record(.edited, found.activity, session: session, detail: detail, at: now)
        ])
        return .success(())
      }
    }
    if case .failure(let refusal) = result { return environment.refused(refusal.reason) }
    environment.console.out("\(environment.glyphs.event(.edited)) Edited session \(id): \(detail)\n")
    return .ok
  }

  private func prepared(_ store: SQLiteActivityStore, now: Instant, policy: TimePolicy) throws
    -> (Corrections.Found, SessionChange)
  {
    let found = try Corrections.find(id, in: store, at: now, policy: policy, command: "edit")
    let change = SessionChange(
      name: name, category: category, start: start?.instant(near: found.session),
      end: end?.instant(near: found.session))
    return (found, change.leavingOut(unchangedIn: found.session))
  }

  /// The session's events as the edit leaves them; refused, too, when a moved start or end
  /// would make a single countdown run past its length longer than it ran before (overtime it
  /// really ran, and a plan's segments, which have lengths of their own, are left alone).
  static func edited(_ found: Corrections.Found, change: SessionChange, at now: Instant)
    -> Result<[Event], Refusal>
  {
    let result = Correction.edit(found.session, events: found.events, change: change, at: now)
    let activity = found.activity
    guard change.start != nil || change.end != nil, activity.isCountdown, !activity.isPlan,
      case .success(let rewritten) = result,
      let length = activity.state.duration ?? activity.attributes.fullDuration,
      let finish = Correction.finish(of: rewritten, length: length), let close = rewritten.last,
      let first = rewritten.first, close.elapsed - first.elapsed > max(length, found.session.elapsed)
    else { return result }
    let (given, moved) =
      change.start == nil
      ? ("that end", "an earlier end")
      : change.end == nil ? ("that start", "a later start") : ("those times", "others")
    return .failure(
      Refusal(
        "\(printableName(found.session.name)) is a \(DurationText.clock(seconds: length / 1000)) countdown: "
          + "with \(given) it would have finished at \(LocalTime.dateTime(finish)); give \(moved)"))
  }

  /// `name Emails → Email; start 08:55 → 08:50`: what the edit changes.
  static func detail(_ session: Session, _ change: SessionChange) -> String {
    var parts: [String] = []
    if let name = change.name { parts.append("name \(printableName(session.name)) → \(printableName(name))") }
    if let category = change.category {
      parts.append(
        "category \(printableName(session.category ?? "-")) → \(category.isEmpty ? "-" : printableName(category))"
      )
    }
    if let start = change.start {
      parts.append("start \(LocalTime.dateTime(session.startedAt)) → \(LocalTime.dateTime(start))")
    }
    if let end = change.end, let ended = session.endedAt {
      parts.append("end \(LocalTime.dateTime(ended)) → \(LocalTime.dateTime(end))")
    }
    return parts.joined(separator: "; ")
  }

  /// The activity as the edit leaves it, when the session was its last run and it is over:
  /// its name and category, and its times; nil when the activity row stays as it is.
  static func corrected(_ found: Corrections.Found, rewritten: [Event], change: SessionChange) -> Activity? {
    var activity = found.activity
    let timerEvents = found.events.filter { !$0.kind.isCorrection }
    guard !activity.state.phase.isLive, let close = rewritten.last, close.seq == timerEvents.last?.seq,
      let oldClose = timerEvents.last
    else { return nil }
    if let name = change.name { activity.state.name = name }
    if let category = change.category { activity.state.category = category.isEmpty ? nil : category }
    let shift = close.at - oldClose.at
    activity.endedAt = activity.endedAt.map { $0 + shift }
    let pausedAt = (activity.state.pausedAt ?? oldClose.at) + shift
    activity.state.pausedAt = pausedAt
    activity.state.startedAt = pausedAt - close.elapsed
    if let open = rewritten.first, open.seq == timerEvents.first?.seq { activity.createdAt = open.at }
    return activity
  }
}
