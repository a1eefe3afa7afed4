import IsletCore
import IsletRuntime
import IsletStore

/// `islet forget SESSION` and `islet forget --before DATE`: past sessions removed from the
/// history, the removal itself recorded.
struct ForgetCommand: Command {
  static let specs = [
    CommandSpec(
      name: "forget", operands: "SESSION | --before DATE [--yes]",
      brief: "remove a past session, or everything that ended before DATE",
      summary: "Remove a past session from the history, or every activity that ended before DATE.",
      details: """
        SESSION is a session's id from the ID column of islet log; once an activity has no
        session left, the rest of its history goes with it. --before DATE removes every
        activity that ended before the start of DATE, with all its sessions. DATE is
        YYYY-MM-DD, today, yesterday, this-week, last-week, this-month, last-month, or a span
        back from now such as 30d. A live activity is ended, not forgotten, and a session
        renamed as it ran goes with --before only, as a whole run.
        It asks y/n on a terminal first; --yes skips the question, and without a terminal it
        needs --yes. Each removal is recorded in the history (a forgotten event).

        Examples:
          islet forget 42
          islet forget --before 2026-01-01 --yes
        """,
      options: [
        OptionSpec(.before, value: "DATE", help: "every activity that ended before DATE"),
        OptionSpec(.yes, value: nil, help: "do not ask first"),
      ],
      maxOperands: 1)
  ]

  enum Target: Equatable {
    case session(Int64)
    case before(Instant, String)
  }

  let target: Target
  let yes: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    yes = parsed.has(.yes)
    if let text = parsed.value(.before) {
      guard parsed.operands.isEmpty else {
        throw UsageError(message: "give a SESSION or --before DATE, not both", command: "forget")
      }
      guard let stretch = DateWord.parse(text, now: now, zone: .current) else {
        throw UsageError(
          message: "--before '\(printable(text))' is not a date; use \(DateWord.forms)", command: "forget")
      }
      target = .before(stretch.start, text)
    } else if let operand = parsed.operands.first {
      target = .session(try Corrections.sessionID(operand, command: "forget"))
    } else {
      throw UsageError(
        message: "forget needs a SESSION (an id from islet log) or --before DATE", command: "forget")
    }
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let policy = try environment.configuration.policy
    let now = environment.now
    let store = try SQLiteActivityStore.openForWriting(path: try environment.storePath)
    defer { store.close() }
    switch target {
    case .session(let id): return try forget(id, store: store, now: now, policy: policy, in: environment)
    case .before(let instant, let text):
      return try forget(before: instant, text, store: store, now: now, policy: policy, in: environment)
    }
  }

  /// Why a session cannot be forgotten alone, or nil.
  private static func refusal(_ session: Session) -> Refusal? {
    let name = session.name
    if session.endedAt == nil { return Refusal("\(name) is still going; end it, then forget it") }
    if session.isPartOfRun {
      return Refusal("\(name) was renamed as it ran; its run goes as a whole, with forget --before")
    }
    return nil
  }

  private func forget(
    _ id: Int64, store: SQLiteActivityStore, now: Instant, policy: TimePolicy, in environment: Environment
  ) throws -> ExitStatus {
    let found = try Corrections.find(id, in: store, at: now, policy: policy, command: "forget")
    if let refusal = Self.refusal(found.session) { return environment.refused(refusal.reason) }
    let described = Corrections.describe(found.session)
    guard
      try Corrections.confirm(
        "Forget session \(id) (\(described))?", yes: yes, in: environment, command: "forget")
    else { return .ok }
    let refused: Refusal? = try store.transaction {
      let found = try Corrections.find(id, in: store, at: now, policy: policy, command: "forget")
      if let refusal = Self.refusal(found.session) { return refusal }
      var gone = found.session.seqs
      let left = found.events.filter { !gone.contains($0.seq ?? 0) }
      // An activity with no session left keeps no history: its plan's start and end go too.
      let sessionsLeft = SessionLog.sessions(
        from: left, live: found.activity.state.phase.isLive ? [found.activity] : [], at: now, policy: policy)
      if sessionsLeft.isEmpty && !found.activity.state.phase.isLive {
        gone = found.events.filter { !$0.kind.isCorrection }.compactMap(\.seq)
      }
      try store.delete(seqs: gone)
      if !sessionsLeft.isEmpty,
        let activity = Corrections.restored(found.activity, forgetting: found.session, left: left)
      {
        guard try store.save(activity) else { throw IntentDispatcher.Conflict() }
      }
      _ = try store.append([
        Corrections.record(
          .forgotten, found.activity, session: found.session, detail: "session \(id): \(described)", at: now)
      ])
      return nil
    }
    if let refused { return environment.refused(refused.reason) }
    environment.console.out("\(environment.glyphs.event(.forgotten)) Forgot session \(id) (\(described))\n")
    return .ok
  }

  private func forget(
    before instant: Instant, _ text: String, store: SQLiteActivityStore, now: Instant, policy: TimePolicy,
    in environment: Environment
  ) throws -> ExitStatus {
    /// The activities that ended before `instant` with history left, and their events.
    func gathered() throws -> [(Activity, [Event])] {
      try store.activities(endedBefore: instant).compactMap { activity in
        let events = try store.history(activityID: activity.id).filter { !$0.kind.isCorrection }
        return events.isEmpty ? nil : (activity, events)
      }
    }
    let found = try gathered()
    guard !found.isEmpty else {
      environment.console.out("Nothing ended before \(LocalTime.dateTime(instant)); nothing to forget.\n")
      return .ok
    }
    let count = { (n: Int) in "\(n) activit\(n == 1 ? "y" : "ies")" }
    let question = "Forget \(count(found.count)) that ended before \(LocalTime.dateTime(instant))?"
    guard try Corrections.confirm(question, yes: yes, in: environment, command: "forget") else { return .ok }
    let forgotten = try store.transaction {
      let found = try gathered()
      for (activity, events) in found {
        try store.delete(seqs: events.compactMap(\.seq))
        let sessions = SessionLog.sessions(from: events, live: [], at: now, policy: policy)
        let elapsed = sessions.reduce(0) { $0 + $1.elapsed }
        let detail =
          "\(sessions.count) session\(sessions.count == 1 ? "" : "s") of \(printableName(activity.name)), ended before \(LocalTime.dateTime(instant)) (--before \(printable(text, limit: 20)))"
        var record = Corrections.record(
          .forgotten, activity,
          session: Session(
            activityID: activity.id, name: activity.name, category: activity.state.category,
            startedAt: activity.createdAt, endedAt: activity.endedAt, outcome: "", elapsed: elapsed),
          detail: detail, at: now)
        record.phase = activity.state.phase
        _ = try store.append([record])
      }
      return found.count
    }
    environment.console.out(
      "\(environment.glyphs.event(.forgotten)) Forgot \(count(forgotten)) that ended before \(LocalTime.dateTime(instant))\n"
    )
    return .ok
  }
}
