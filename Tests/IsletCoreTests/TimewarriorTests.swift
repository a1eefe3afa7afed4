import Testing

@testable import IsletCore

/// How the history maps onto timewarrior's intervals and back: times to the second in UTC,
/// tags and annotation, stretches, and the id an imported interval keeps.
@Suite struct TimewarriorTests {
  let clock = ManualClock(t0)
  let store = InMemoryActivityStore()
  var dispatcher: IntentDispatcher { IntentDispatcher(store: store, clock: clock, newID: { "tw01" }) }

  func send(_ intent: Intent, after seconds: Int64) throws {
    clock.advance(by: seconds * 1000)
    let outcome = try dispatcher.dispatch(intent, to: .current, source: .cli)
    #expect(outcome.refusal == nil, "\(intent): \(outcome.refusal?.reason ?? "")")
  }

  func sessions() throws -> [Session] {
    let (live, pending) = TimerEngine.settled(try store.liveActivities(), at: clock.now())
    return SessionLog.sessions(from: store.history + pending, live: live, at: clock.now())
  }

  @Test func timestampsAreUTCToTheSecondAndReadBack() {
    // t0 is 2025-11-30 09:05:00 UTC; the milliseconds are dropped, never rounded up.
    #expect(Timewarrior.timestamp(t0 + 999) == "20251130T090500Z")
    #expect(Timewarrior.timestamp(Instant(seconds: 951_782_400)) == "20000229T000000Z")
    #expect(Timewarrior.timestamp(Instant(milliseconds: -1)) == "19691231T235959Z")
    for text in ["20251130T090500Z", "20000229T000000Z", "19691231T235959Z", "20991231T235959Z"] {
      let instant = Timewarrior.instant(timestamp: text)
      #expect(instant.map(Timewarrior.timestamp) == text, "\(text) read as \(String(describing: instant))")
    }
    for text in [
      "20250229T000000Z", "20251130T240000Z", "20251130T096000Z", "2025-11-30T09:05:00Z", "20251130T090500",
      "2025113OT090500Z", "",
    ] {
      #expect(Timewarrior.instant(timestamp: text) == nil, "\(text) was read as a time")
    }
  }

  @Test func aSessionsTagsAreItsNameAndCategoryAndItsStretchesTheIntervals() throws {
    let request = StartRequest(name: "Code review", category: "Admin")
    try dispatcher.dispatch(.start(request), source: .cli)
    try send(.pause, after: 600)
    try send(.resume, after: 240)
    try send(.complete, after: 300)
    let session = try #require(try sessions().first)
    #expect(Timewarrior.tags(of: session) == ["Code review", "Admin"])
    var tagged = session
    tagged.tags = ["team", "urgent"]
    #expect(Timewarrior.tags(of: tagged) == ["Code review", "Admin", "team", "urgent"])
    // Printed sorted, as timewarrior keeps a set of tags; annotated with the name.
    let tags = ["Admin", "Code review"]
    #expect(
      Timewarrior.intervals(of: try sessions()) == [
        TimewarriorInterval(start: t0, end: t0 + 600_000, tags: tags, annotation: "Code review"),
        TimewarriorInterval(start: t0 + 840_000, end: t0 + 1_140_000, tags: tags, annotation: "Code review"),
      ])
  }

  @Test func aRunningStopwatchEndsOpenAndAPausedOneClosed() throws {
    try dispatcher.dispatch(.start(StartRequest(name: "Emails")), source: .cli)
    clock.advance(by: 90_500)
    #expect(
      Timewarrior.intervals(of: try sessions()) == [
        TimewarriorInterval(start: t0, end: nil, tags: ["Emails"], annotation: "Emails")
      ])
    try send(.pause, after: 0)
    #expect(
      Timewarrior.intervals(of: try sessions()) == [
        TimewarriorInterval(start: t0, end: t0 + 90_000, tags: ["Emails"], annotation: "Emails")
      ])
  }

  /// A countdown finished and not yet answered counts its overtime: open, so that two exports
  /// a few minutes apart give the same interval (closed "now", importing both counted it twice).
  @Test func aFinishedCountdownWaitingForAnAnswerEndsOpen() throws {
    try dispatcher.dispatch(.start(countdownRequest("Tea", minutes: 5)), source: .cli)
    clock.advance(by: minutes(30))
    let open = [TimewarriorInterval(start: t0, end: nil, tags: ["Tea"], annotation: "Tea")]
    #expect(Timewarrior.intervals(of: try sessions()) == open)
    clock.advance(by: minutes(10))
    #expect(Timewarrior.intervals(of: try sessions()) == open)
    try send(.complete, after: 0)
    #expect(
      Timewarrior.intervals(of: try sessions()) == [
        TimewarriorInterval(start: t0, end: t0 + minutes(40), tags: ["Tea"], annotation: "Tea")
      ])
  }

  @Test func breaksAndResetRunsAreLeftOut() throws {
    let pomodoro = try #require(Plan.presets.first { $0.name == "pomodoro" })
    try dispatcher.dispatch(
      .start(StartRequest(name: "Pomodoro", attributes: .init(plan: pomodoro))), source: .cli)
    // Focus runs 25 minutes, then the break runs 5.
    clock.advance(by: 30 * 60_000)
    let intervals = Timewarrior.intervals(of: try sessions())
    #expect(
      intervals == [
        TimewarriorInterval(start: t0, end: t0 + 25 * 60_000, tags: ["Pomodoro"], annotation: "Pomodoro")
      ])
  }

  @Test func anImportedIntervalIsNamedByItsAnnotationElseItsFirstTag() {
    func naming(_ tags: [String], _ annotation: String? = nil) -> [String?] {
      let (name, category, kept) = Timewarrior.naming(
        TimewarriorInterval(start: t0, end: t0 + 1000, tags: tags, annotation: annotation))
      return [name, category] + kept
    }
    #expect(naming(["Admin", "Code review"], "Code review") == ["Code review", "Admin"])
    #expect(naming(["Work", "Emails"]) == ["Emails", "Work"])
    #expect(naming(["islet"]) == ["islet", nil])
    #expect(naming([]) == ["Untitled", nil])
    // Several tags left are the session's tags, not one long category.
    #expect(naming(["c", "b", "a"]) == ["a", nil, "b", "c"])
    #expect(
      naming(["Q4", "work", "writing"], "Write report") == ["Write report", nil, "Q4", "work", "writing"])
    #expect(naming((1...20).map { "t\($0 + 10)" }, "Busy").count == 2 + ActivityAttributes.maximumTags)
    #expect(naming(["Work"], "fixed the login") == ["fixed the login", "Work"])
    #expect(naming(["Work"], "") == ["Work", nil])
  }

  @Test func anIntervalsActivityIDDependsOnTheIntervalAlone() {
    let interval = TimewarriorInterval(start: t0, end: t0 + 60_000, tags: ["b", "a"], annotation: "b")
    let id = Timewarrior.activityID(of: interval)
    // The same on every run and machine: a seeded hash would make a new id each time.
    #expect(id == Timewarrior.activityID(of: interval) && id.count == 8)
    #expect(id.allSatisfy { ActivityID.alphabet.contains($0) })
    var reordered = interval
    reordered.tags = ["a", "b"]
    #expect(Timewarrior.activityID(of: reordered) == id, "the tags are a set")
    var longer = interval
    longer.end = t0 + 61_000
    var renamed = interval
    renamed.annotation = "a"
    #expect(Set([id, Timewarrior.activityID(of: longer), Timewarrior.activityID(of: renamed)]).count == 3)
  }

  @Test func aPastRunIsAnEndedStopwatchWithItsStartAndEnd() throws {
    // Longer than the idle limit (8 hours), yet ended, not expired.
    let interval = TimewarriorInterval(start: t0, end: t0 + 9 * 3_600_000, tags: ["Hike"])
    let run = try #require(
      Timewarrior.pastRun(interval, name: "Hike", category: "Out", icon: "run", policy: .standard))
    #expect(run.activity.id == Timewarrior.activityID(of: interval))
    #expect(run.activity.state.phase == .ended && run.activity.endedAt == t0 + 9 * 3_600_000)
    #expect(run.events.map(\.kind) == [.started, .ended])
    #expect(run.events.map(\.at) == [t0, t0 + 9 * 3_600_000])
    #expect(run.events.last?.elapsed == Milliseconds(9 * 3_600_000))
    let session = try #require(SessionLog.sessions(from: run.events, live: [], at: t0 + 10 * 3_600_000).first)
    #expect(session.name == "Hike" && session.category == "Out" && session.elapsed == 9 * 3_600_000)
    let open = TimewarriorInterval(start: t0, end: nil, tags: [])
    #expect(
      Timewarrior.pastRun(open, name: "x", category: nil, icon: "timer", policy: .standard) == nil
        ? true : false)
  }
}
