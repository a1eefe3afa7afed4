import Testing

@testable import IsletCore

/// The log read from a real history, made by the dispatcher on a manual clock: each segment of
/// a plan is a session, and the totals count work.
@Suite struct SessionLogTests {
  let clock = ManualClock(t0)
  let store = InMemoryActivityStore()
  var dispatcher: IntentDispatcher { IntentDispatcher(store: store, clock: clock, newID: { "pl01" }) }

  var pomodoro: Plan { Plan.presets.first { $0.name == "pomodoro" }! }

  func start(_ plan: Plan, name: String = "Pomodoro") throws {
    let request = StartRequest(name: name, attributes: ActivityAttributes(plan: plan))
    try dispatcher.dispatch(.start(request), source: .cli)
  }

  func send(_ intent: Intent, after span: Milliseconds) throws {
    clock.advance(by: span)
    let outcome = try dispatcher.dispatch(intent, source: .cli)
    #expect(outcome.refusal == nil, "\(intent): \(outcome.refusal?.reason ?? "")")
  }

  /// The sessions at the clock's instant, as a reader sees them (what time has caused included,
  /// recorded or not), as `+start segment round/rounds outcome elapsed`.
  func sessions() throws -> [String] {
    let (live, pending) = TimerEngine.settled(try store.liveActivities(), at: clock.now())
    return SessionLog.sessions(from: store.history + pending, live: live, at: clock.now()).map { session in
      let place = session.plan.map { "\($0.segment) \($0.round)/\($0.rounds)" } ?? session.name
      return
        "+\(shown(session.startedAt - t0)) \(place) \(session.outcome) \(shown(session.elapsed))"
    }
  }

  func shown(_ span: Milliseconds) -> String { DurationText.clock(seconds: span / 1000) }

  @Test func sessionsEndWhereARunClosesAndTotalsAddUpPerName() throws {
    var a = try applied(nil, .start(countdownRequest()), at: t0)
    var history = a.events
    for (intent, at) in [
      (Intent.pause, minutes(5)), (.resume, minutes(10)), (.reset, minutes(12)), (.toggle, minutes(20)),
      (.complete, minutes(45)),
    ] {
      a = try applied(a.activity, intent, at: t0 + at)
      history += a.events
    }
    let tea = try applied(nil, .start(stopwatchRequest("tea")), at: t0 + minutes(50))
    history += tea.events
    let sessions = SessionLog.sessions(from: history, live: [tea.activity], at: t0 + minutes(53))
    #expect(sessions.map(\.outcome) == ["reset", "completed", "running"])
    #expect(sessions.map(\.elapsed) == [minutes(7), minutes(25), minutes(3)])
    #expect(sessions.map(\.startedAt) == [t0, t0 + minutes(20), t0 + minutes(50)])
    #expect(sessions[1].endedAt == t0 + minutes(45))
    // The reset run is shown, and thrown away: it is not counted.
    #expect(sessions.map(\.isDiscarded) == [true, false, false])
    #expect(
      SessionLog.totals(sessions) == [
        NameTotal(name: "Workout", sessions: 1, elapsed: minutes(25)),
        NameTotal(name: "tea", sessions: 1, elapsed: minutes(3)),
      ])
    // The first run ran 0–5 and 10–12; the second from 20 on.
    #expect(
      sessions[0].stretches == [
        Stretch(from: t0, to: t0 + minutes(5)), Stretch(from: t0 + minutes(10), to: t0 + minutes(12)),
      ])
    #expect(sessions[1].stretches == [Stretch(from: t0 + minutes(20), to: t0 + minutes(45))])
    #expect(sessions[2].stretches == [Stretch(from: t0 + minutes(50), to: t0 + minutes(53))])
  }

  /// A rename (or a new category) ends the session there: the time before it stays under the
  /// old name, as the activity was called while it ran.
  @Test func aRenameStartsANewSessionAndTheTimeBeforeKeepsItsName() throws {
    var a = try applied(nil, .start(stopwatchRequest("Emails")), at: t0)
    var history = a.events
    for (intent, at) in [
      (Intent.pause, minutes(20)), (.update(ActivityUpdate(name: "Code review")), minutes(25)),
      (.resume, minutes(30)), (.update(ActivityUpdate(category: "work")), minutes(40)),
      (.update(ActivityUpdate(relevance: 0.5)), minutes(45)), (.complete, minutes(70)),
    ] {
      a = try applied(a.activity, intent, at: t0 + at)
      history += a.events
    }
    let sessions = SessionLog.sessions(from: history, live: [], at: t0 + minutes(80))
    #expect(sessions.map(\.name) == ["Emails", "Code review", "Code review"])
    #expect(sessions.map(\.category) == [nil, nil, "work"])
    #expect(sessions.map(\.outcome) == ["renamed", "renamed", "completed"])
    #expect(
      sessions.map(\.elapsed) == [minutes(20), minutes(10), minutes(30)], "a relevance change splits nothing")
    #expect(sessions.map(\.startedAt) == [t0, t0 + minutes(25), t0 + minutes(40)])
    #expect(sessions[1].stretches == [Stretch(from: t0 + minutes(30), to: t0 + minutes(40))])
    #expect(
      SessionLog.totals(sessions) == [
        NameTotal(name: "Code review", sessions: 2, elapsed: minutes(40)),
        NameTotal(name: "Emails", sessions: 1, elapsed: minutes(20)),
      ])
  }

  /// A timer renamed before it has run any time has nothing under its old name.
  @Test func aRenameBeforeAnyTimeRanLeavesNoEmptySession() throws {
    var a = try applied(nil, .start(countdownRequest("Draft", paused: true)), at: t0)
    var history = a.events
    for (intent, at) in [
      (Intent.update(ActivityUpdate(name: "Essay")), minutes(1)), (.resume, minutes(2)),
      (.update(ActivityUpdate(name: "Essay", category: "writing")), minutes(2)), (.complete, minutes(5)),
    ] {
      a = try applied(a.activity, intent, at: t0 + at)
      history += a.events
    }
    let sessions = SessionLog.sessions(from: history, live: [], at: t0 + minutes(6))
    #expect(sessions.map(\.name) == ["Essay"], "\(sessions)")
    #expect(sessions.map(\.category) == ["writing"])
    #expect(sessions.map(\.startedAt) == [t0 + minutes(2)])
    #expect(sessions.map(\.elapsed) == [minutes(3)])
  }

  /// A timer reset and left ready until it expires ran nothing after the reset: one session,
  /// the discarded run.
  @Test func aTimerLeftReadyUntilItExpiresAddsNoSession() throws {
    var a = try applied(nil, .start(stopwatchRequest("Reading")), at: t0)
    var history = a.events
    a = try applied(a.activity, .reset, at: t0 + minutes(10))
    history += a.events
    let expired = TimerEngine.settle(a.activity, at: t0 + minutes(10 * 60))
    #expect(expired.events.map(\.kind) == [.expired])
    let sessions = SessionLog.sessions(from: history + expired.events, live: [], at: t0 + minutes(10 * 60))
    #expect(sessions.map(\.outcome) == ["reset"], "\(sessions)")
  }

  @Test func eachSegmentIsASessionAndAPlanThatWaitsLeavesNoPhantomWhenCompleted() throws {
    try start(pomodoro)
    clock.advance(by: minutes(25))  // Focus ends; the pomodoro asks before the break
    try send(.toggle, after: minutes(1))  // the break starts
    try send(.skip, after: minutes(1))  // skipped: Focus 2 starts at 27:00
    try send(.pause, after: minutes(10))
    try send(.resume, after: minutes(3))
    clock.advance(by: minutes(15))  // Focus 2 ends at 55:00 and waits
    let waiting = try sessions()
    #expect(
      waiting == [
        "+0:00 Focus 1/4 finished 25:00", "+26:00 Break 1/4 skipped 1:00", "+27:00 Focus 2/4 finished 25:00",
      ])
    try send(.complete, after: minutes(5))
    #expect(store.history.suffix(2).map(\.kind) == [.completed, .planCompleted])
    let completed = try sessions()
    #expect(
      completed == [
        "+0:00 Focus 1/4 finished 25:00", "+26:00 Break 1/4 skipped 1:00", "+27:00 Focus 2/4 finished 25:00",
      ], "the completion after Focus 2 had closed makes no session of its own")
    let all = SessionLog.sessions(from: store.history, live: [], at: clock.now())
    #expect(all.map(\.plan?.kind) == [.work, .break, .work])
    #expect(all.allSatisfy { $0.plan?.name == "pomodoro" && $0.name == "Pomodoro" })
  }

  @Test func aSegmentCutShortIsClosedByWhatCutIt() throws {
    var plan = pomodoro
    plan.advance = .auto
    try start(plan)
    try send(.reset, after: minutes(10))  // Focus back to 25:00, ready: the 10 minutes are logged
    try send(.resume, after: minutes(1))
    clock.advance(by: minutes(25 + 5 + 2))  // Focus, its break, 2 minutes of Focus 2
    let shown = try sessions()
    #expect(
      shown == [
        "+0:00 Focus 1/4 reset 10:00", "+11:00 Focus 1/4 finished 25:00", "+36:00 Break 1/4 finished 5:00",
        "+41:00 Focus 2/4 running 2:00",
      ])
    try send(.end, after: minutes(3))
    #expect(try sessions().last == "+41:00 Focus 2/4 ended 5:00")
    #expect(try sessions().count == 4)
  }

  @Test func theTotalsCountWorkAndLeaveOutBreaksAndSkippedSegments() throws {
    var plan = pomodoro
    plan.advance = .auto
    try start(plan)
    clock.advance(by: minutes(25 + 5 + 10))  // Focus, Break, 10 minutes of Focus 2
    try send(.skip, after: 0)  // Focus 2 skipped: not work done
    try send(.skip, after: minutes(2))  // its break too
    clock.advance(by: minutes(20))
    try dispatcher.settle()
    let sessions = SessionLog.sessions(from: store.history, live: try store.liveActivities(), at: clock.now())
    #expect(
      sessions.map { "\($0.plan?.segment ?? "") \($0.outcome) \($0.counts)" } == [
        "Focus finished true", "Break finished false", "Focus skipped false", "Break skipped false",
        "Focus running true",
      ])
    #expect(
      SessionLog.totals(sessions) == [NameTotal(name: "Pomodoro", sessions: 2, elapsed: minutes(25 + 20))])
  }

  @Test func aTimerWhoseStartIsNotInTheHistoryIsKnownByItsLengthAndAPlanSegmentIsNot() {
    let timer = Event(
      activityID: "tm01", kind: .completed, phase: .completed, elapsed: minutes(10), source: .cli,
      at: t0 + minutes(30), name: "Tea")
    var segment = timer
    segment.activityID = "pl01"
    segment.kind = .segmentFinished
    segment.plan = pomodoro.position(at: pomodoro.first)
    let sessions = SessionLog.sessions(from: [segment, timer], live: [], at: t0 + minutes(40))
    #expect(
      sessions
        == [
          Session(
            activityID: "tm01", name: "Tea", startedAt: t0 + minutes(20), endedAt: t0 + minutes(30),
            outcome: "completed", elapsed: minutes(10))
        ])
  }
}

@Suite struct SessionLogWorkTests {
  /// A HIIT run to its end: its total is its ten work segments, not the warm-up, the rests or
  /// the cool-down around them.
  @Test func aPlansTotalIsItsWorkAlone() throws {
    let store = InMemoryActivityStore()
    let clock = ManualClock(t0)
    let dispatcher = IntentDispatcher(store: store, clock: clock, newID: { "hi01" })
    let hiit = Plan.presets.first { $0.name == "hiit" }!
    try dispatcher.dispatch(
      .start(StartRequest(name: "HIIT", attributes: ActivityAttributes(plan: hiit))), source: .cli)
    clock.advance(by: hiit.total)
    try dispatcher.settle()
    let sessions = SessionLog.sessions(from: store.history, live: [], at: clock.now())
    #expect(sessions.count == 22, "warm-up, 10 × (work, rest), cool-down")
    #expect(SessionLog.totals(sessions) == [NameTotal(name: "HIIT", sessions: 10, elapsed: seconds(400))])
  }
}
