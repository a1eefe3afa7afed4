import IsletCore
import IsletRuntime
import IsletStore

/// `edit` and `forget`: corrections of the history, outside the intent path (a past session
/// is no live activity). Each reads what it would change, asks, then changes it in one
/// transaction that also appends the `edited` or `forgotten` event saying what changed, so
/// an open view reloads and a report can tell it.
enum Corrections {
  /// A past session found by its id, with its activity and that activity's events.
  struct Found {
    var session: Session
    var activity: Activity
    var events: [Event]
  }

  /// A session id as `log` prints it: its first event's sequence number.
  static func sessionID(_ text: String, command: String) throws -> Int64 {
    guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(text), id > 0 else {
      throw UsageError(
        message:
          "'\(printable(text, limit: 20))' is not a session id; use a number from the ID column of islet log",
        command: command)
    }
    return id
  }

  static func find(
    _ id: Int64, in store: SQLiteActivityStore, at now: Instant, policy: TimePolicy, command: String
  )
    throws -> Found
  {
    guard let activity = try store.activity(ofEvent: id) else { throw noSession(id, command: command) }
    let events = try store.history(activityID: activity.id)
    let live = activity.state.phase.isLive ? [activity] : []
    let sessions = SessionLog.sessions(from: events, live: live, at: now, policy: policy)
    guard let session = sessions.first(where: { $0.id == id }) else { throw noSession(id, command: command) }
    return Found(session: session, activity: activity, events: events)
  }

  private static func noSession(_ id: Int64, command: String) -> UsageError {
    UsageError(
      message: "there is no session \(id); islet log lists the sessions with their ids", command: command)
  }

  /// `Emails, 2026-11-30 08:55, 10:00`: a session as a question or a record names it.
  static func describe(_ session: Session) -> String {
    "\(printableName(session.title)), \(LocalTime.dateTime(session.startedAt)), "
      + DurationText.clock(seconds: session.elapsed / 1000)
  }

  /// Asks on the terminal unless `--yes`, and says so when the answer is no; without a
  /// terminal, refuses (exit 64).
  static func confirm(_ question: String, yes: Bool, in environment: Environment, command: String) throws
    -> Bool
  {
    if yes { return true }
    guard let answer = environment.console.ask(question) else {
      throw UsageError(
        message:
          "\(command) asks before it changes the history, and there is no terminal to ask on; add --yes",
        command: command)
    }
    if !answer { environment.console.out("Left as it was.\n") }
    return answer
  }

  /// The activity as it was after the last run `left` keeps, when the run forgotten was its
  /// last and it is over: so `list --all` and `laps` tell that run, not the forgotten one. Nil
  /// when the row stays as it is (a live activity, a plan, an earlier run forgotten).
  static func restored(_ activity: Activity, forgetting session: Session, left: [Event]) -> Activity? {
    let timer = left.filter { !$0.kind.isCorrection }
    guard !activity.state.phase.isLive, activity.attributes.plan == nil,
      let close = timer.last(where: \.kind.closesRun), timer.last?.seq == close.seq,
      let forgottenLast = session.seqs.max(), forgottenLast > close.seq ?? 0
    else { return nil }
    var restored = activity
    restored.state.name = close.name
    restored.state.category = close.category
    restored.state.staleDate = nil
    // It stays over as the forgotten run left it, phase and end kept: a forget never makes an
    // activity live. It shows what the run before ran; a reset run's time went with the reset.
    let run = timer.lastIndex { $0.kind == .started }.map { timer[$0...] } ?? timer[...]
    let shown: Milliseconds = close.kind == .reset ? 0 : close.elapsed
    restored.state.startedAt = close.at - shown
    restored.state.pausedAt = close.at
    let laps = close.kind == .reset ? [] : LapLog.of(Array(run), elapsed: close.elapsed).laps
    restored.state.laps = LapMarks(count: laps.count, lastSplit: laps.last?.split ?? 0, last: laps.last?.time)
    return restored
  }

  /// The `edited` or `forgotten` event for a session's activity.
  static func record(
    _ kind: EventKind, _ activity: Activity, session: Session, detail: String, at now: Instant
  ) -> Event {
    Event(
      activityID: activity.id, kind: kind, phase: activity.state.phase, elapsed: session.elapsed,
      source: .cli,
      at: now, name: session.name, category: session.category, detail: detail)
  }
}
