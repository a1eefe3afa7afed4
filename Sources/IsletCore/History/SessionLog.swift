/// One stretch of a timer's run under one name and category: from its start (or the rename
/// that began it) to what closed it (completed, ended, expired, reset, a rename), or still
/// going. Each segment of a plan is a session of its own.
public struct Session: Equatable, Sendable {
  public var activityID: String
  public var name: String
  /// The category it ran in; nil for none.
  public var category: String?
  public var startedAt: Instant
  /// Nil while the run goes on.
  public var endedAt: Instant?
  /// How it closed, or the phase it is in while it goes on. A plan's segment that ran to its
  /// end is `finished`; one cut short is `skipped`; one whose name or category changed is
  /// `renamed` (its run goes on in the next session).
  public var outcome: String
  public var elapsed: Milliseconds
  /// The plan's segment this run was (its plan, label, kind and round); nil for a single timer.
  public var plan: PlanPosition?
  /// When it ran, oldest first: its pauses are the gaps, and the lengths add up to `elapsed`.
  public var stretches: [Stretch]
  /// The sequence number of its first event: its id in `log`, for `edit` and `forget`; nil
  /// for one read from events not yet recorded.
  public var id: Int64?
  /// The sequence numbers of its events, oldest first.
  public var seqs: [Int64] = []
  /// Changed afterwards by `islet edit`.
  public var edited = false
  /// Its run was cut by a rename: it shares an end or a start with another session.
  public var isPartOfRun = false
  /// How a failed command ended (`exit 2`, `SIGINT`); nil for other outcomes.
  public var failure: String?
  /// Its activity's tags (as they are now: the history keeps no tags of its own); filled in
  /// by the reader that needs them.
  public var tags: [String] = []

  public init(
    activityID: String, name: String, category: String? = nil, startedAt: Instant, endedAt: Instant?,
    outcome: String, elapsed: Milliseconds, plan: PlanPosition? = nil, stretches: [Stretch]? = nil
  ) {
    self.activityID = activityID
    self.name = name
    self.category = category
    self.startedAt = startedAt
    self.endedAt = endedAt
    self.outcome = outcome
    self.elapsed = elapsed
    self.plan = plan
    self.stretches =
      stretches ?? [
        Stretch(from: (endedAt ?? startedAt + elapsed) - elapsed, to: endedAt ?? startedAt + elapsed)
      ]
  }

  /// A run thrown away by `reset`: shown, never counted.
  public var isDiscarded: Bool { outcome == EventKind.reset.rawValue }

  /// Whether the totals count it: a timer's run, or a plan's work segment not skipped (as the
  /// goal counts work: not a break, a warm-up or a cool-down); never a discarded run.
  public var counts: Bool {
    !isDiscarded && (plan.map { $0.kind == .work && outcome != EventKind.skipped.rawValue } ?? true)
  }

  /// What the session was, as log and report name it: its name, and a plan's segment label
  /// ("Pomodoro · Focus").
  public var title: String { plan.map { "\(name) · \($0.segment)" } ?? name }
}

/// A span of running time, `from ..< to`.
public struct Stretch: Equatable, Sendable {
  public var from: Instant
  public var to: Instant

  public init(from: Instant, to: Instant) {
    self.from = from
    self.to = to
  }

  public var length: Milliseconds { to - from }
}

/// The time spent under one name.
public struct NameTotal: Equatable, Sendable {
  public var name: String
  public var sessions: Int
  public var elapsed: Milliseconds
}

/// Sessions and totals, read from the history: the facts `islet log` prints.
public enum SessionLog {
  /// The sessions in `history` (oldest first), plus the runs of `live` activities still going.
  ///
  /// A timer's run opens at `started`; a plan's at each `segment-started` (its `started` only
  /// makes the activity). A plan's run closes at its segment's end (finished, skipped, reset) or
  /// the run's (completed, ended, expired); once it is closed, a later close (completing a plan
  /// that waits between segments) opens no session of its own. An `updated` event that changes
  /// the name or the category closes the session there and opens the next, so time is told
  /// under the name it ran under.
  ///
  /// Running time between two events is the growth of `elapsed` from one to the next, and it
  /// lies at the end of that span: whatever stops or starts a run records an event.
  public static func sessions(
    from history: [Event], live: [Activity], at now: Instant, policy: TimePolicy = .standard
  ) -> [Session] {
    var open: [String: OpenRun] = [:]
    var sessions: [Session] = []
    for event in history where !event.kind.isCorrection {
      let isPlan = event.plan != nil
      if event.kind == .segmentStarted || (event.kind == .started && !isPlan) {
        open[event.activityID] = OpenRun(event)
        continue
      }
      guard var run = open[event.activityID] else {
        if let session = sessionWithoutStart(event) { sessions.append(session) }
        continue
      }
      // The question about time away is asked on coming back, with the time run before going:
      // the run's time is placed by the answer (or what closes it), not before the question.
      if event.kind == .away {
        run.note(event)
        open[event.activityID] = run
        continue
      }
      run.advance(to: event.at, elapsed: event.elapsed)
      if event.kind.closesRun {
        run.note(event)
        open[event.activityID] = nil
        let outcome = event.kind == .segmentFinished ? EventKind.finished.rawValue : event.kind.rawValue
        var closed = run.closed(at: event.at, outcome: outcome, plan: run.plan ?? event.plan)
        if event.kind == .failed { closed.failure = event.detail }
        sessions.append(closed)
      } else if event.kind == .updated, event.name != run.name || event.category != run.category {
        let (piece, next) = run.renamed(by: event)
        if let piece { sessions.append(piece) }
        open[event.activityID] = next
      } else {
        run.note(event)
        open[event.activityID] = run
      }
    }
    sessions += stillGoing(live, open: open, at: now, policy: policy)
    return sessions.sorted { ($0.startedAt, $0.activityID) < ($1.startedAt, $1.activityID) }
  }

  /// A timer's run whose start is not in the history, known by its length; nil for a timer
  /// closed while ready (reset, then left to expire), which ran nothing, and for a plan's.
  private static func sessionWithoutStart(_ event: Event) -> Session? {
    guard event.kind.closesRun && event.plan == nil && event.elapsed > 0 else { return nil }
    var session = Session(
      activityID: event.activityID, name: event.name, category: event.category,
      startedAt: event.at - event.elapsed, endedAt: event.at, outcome: event.kind.rawValue,
      elapsed: event.elapsed, plan: event.plan)
    session.id = event.seq
    session.seqs = event.seq.map { [$0] } ?? []
    session.edited = event.edited
    if event.kind == .failed { session.failure = event.detail }
    return session
  }

  /// The runs of live activities still going at `now`, each a session with no end yet.
  private static func stillGoing(
    _ live: [Activity], open: [String: OpenRun], at now: Instant, policy: TimePolicy
  ) -> [Session] {
    live.compactMap { activity in
      let phase = activity.phase(at: now, policy: policy)
      guard phase != .idle, phase.isLive, var run = open[activity.id] else { return nil }
      run.advance(to: now, elapsed: activity.elapsed(at: now))
      var session = run.closed(
        at: now, outcome: phase == .active ? "running" : phase.rawValue, plan: run.plan)
      session.endedAt = nil
      return session
    }
  }

  /// A session not yet closed: where it started, and its running time so far.
  struct OpenRun {
    var activityID: String
    var name: String
    var category: String?
    var plan: PlanPosition?
    var startedAt: Instant
    var startElapsed: Milliseconds
    var lastAt: Instant
    var lastElapsed: Milliseconds
    var stretches: [Stretch] = []
    var seqs: [Int64] = []
    var edited = false
    var isPartOfRun = false

    init(_ event: Event, plan: PlanPosition? = nil) {
      seqs = event.seq.map { [$0] } ?? []
      edited = event.edited
      activityID = event.activityID
      name = event.name
      category = event.category
      self.plan = plan ?? event.plan
      startedAt = event.at
      startElapsed = event.elapsed
      lastAt = event.at
      lastElapsed = event.elapsed
    }

    /// The running time up to an event: what `elapsed` grew by, ending at it.
    mutating func advance(to at: Instant, elapsed: Milliseconds) {
      let grown = elapsed - lastElapsed
      if grown > 0 && at > lastAt {
        let from = max(lastAt, at - grown)
        if let last = stretches.last, last.to == from {
          stretches[stretches.count - 1].to = at
        } else {
          stretches.append(Stretch(from: from, to: at))
        }
      }
      lastAt = max(lastAt, at)
      lastElapsed = max(lastElapsed, elapsed)
    }

    /// An event of the run, kept among its sequence numbers.
    mutating func note(_ event: Event) {
      if let seq = event.seq { seqs.append(seq) }
      edited = edited || event.edited
    }

    /// The run as an `updated` event that changes its name or category leaves it: the time run
    /// so far closed under the old name (nil if none, so a rename before any time leaves
    /// nothing under it), and the run that goes on under the new one.
    func renamed(by event: Event) -> (closed: Session?, next: OpenRun) {
      var next = OpenRun(event, plan: plan)
      guard lastElapsed > startElapsed else {
        next.startedAt = startedAt
        next.seqs = seqs + next.seqs
        next.edited = edited || next.edited
        return (nil, next)
      }
      var piece = closed(at: event.at, outcome: "renamed", plan: plan)
      piece.isPartOfRun = true
      next.isPartOfRun = true
      return (piece, next)
    }

    func closed(at end: Instant, outcome: String, plan: PlanPosition?) -> Session {
      var session = Session(
        activityID: activityID, name: name, category: category, startedAt: startedAt, endedAt: end,
        outcome: outcome, elapsed: max(0, lastElapsed - startElapsed), plan: plan, stretches: stretches)
      session.id = seqs.first
      session.seqs = seqs
      session.edited = edited
      session.isPartOfRun = isPartOfRun
      return session
    }
  }

  /// Time per name (names compared ignoring case), the most time first. Only the sessions that
  /// count are added up (see `Session.counts`): a plan's total is its work.
  public static func totals(_ sessions: [Session]) -> [NameTotal] {
    var folds = Report.Folds()
    var tally = Report.Tally()
    for session in sessions where session.counts { tally.add(folds.key(session.name), session.elapsed) }
    return tally.totals(folds).map {
      NameTotal(name: $0.label ?? "", sessions: $0.sessions, elapsed: $0.elapsed)
    }
  }
}
