import Testing

@testable import IsletCore

/// Plans run by the clock: every transition computed from timestamps, on a manual clock.
@Suite struct PlanEngineTests {
  func plan(_ name: String, advance: AdvancePolicy? = nil) -> Plan {
    var plan = Plan.presets.first { $0.name == name }!
    if let advance { plan.advance = advance }
    return plan
  }

  func start(_ plan: Plan, paused: Bool = false) throws -> Transition {
    try applied(
      nil,
      .start(
        StartRequest(id: "pl01", name: "Pomodoro", attributes: ActivityAttributes(plan: plan), paused: paused)
      ),
      at: t0)
  }

  /// The kind, segment label and instant (as minutes:seconds after t0) of each event.
  func trace(_ events: [Event]) -> [String] {
    events.map { event in
      let offset = (event.at - t0) / 1000
      return
        "\(event.kind.rawValue) \(event.plan?.segment ?? "-") \(offset / 60):\(offset % 60 < 10 ? "0" : "")\(offset % 60)"
    }
  }

  @Test func aPomodoroLastsItsSegmentsToTheMillisecond() throws {
    let pomodoro = plan("pomodoro", advance: .auto)
    #expect(pomodoro.total == minutes(130))
    #expect(
      pomodoro.segments.map(\.label) == [
        "Focus", "Break", "Focus", "Break", "Focus", "Break", "Focus", "Long break",
      ])
    let started = try start(pomodoro)
    #expect(trace(started.events) == ["started Focus 0:00", "segment-started Focus 0:00"])
    let done = TimerEngine.settle(started.activity, at: t0 + minutes(200))
    #expect(done.activity.state.phase == .completed)
    #expect(done.activity.endedAt == t0 + minutes(130))
    #expect(
      trace(done.events) == [
        "segment-finished Focus 25:00", "segment-started Break 25:00",
        "segment-finished Break 30:00", "segment-started Focus 30:00",
        "segment-finished Focus 55:00", "segment-started Break 55:00",
        "segment-finished Break 60:00", "segment-started Focus 60:00",
        "segment-finished Focus 85:00", "segment-started Break 85:00",
        "segment-finished Break 90:00", "segment-started Focus 90:00",
        "segment-finished Focus 115:00", "segment-started Long break 115:00",
        "segment-finished Long break 130:00", "plan-completed Long break 130:00",
      ])
    #expect(
      done.events.filter { $0.kind == .segmentFinished }.map(\.plan?.round) == [1, 1, 2, 2, 3, 3, 4, 4])
  }

  /// A whole pomodoro in microseconds: a pause, a sleep across three segments, a skip. The
  /// skipped focus earns no long break, and the run ends at the sum of what ran plus the pause.
  @Test func aWholePomodoroWithAPauseASleepAndASkip() throws {
    var activity = try start(plan("pomodoro", advance: .auto)).activity
    var events: [Event] = []
    func step(_ intent: Intent, at offset: Milliseconds) throws {
      let next = try applied(activity, intent, at: t0 + offset)
      events += next.events
      activity = next.activity
    }
    try step(.pause, at: minutes(10))
    try step(.resume, at: minutes(12))
    // Asleep until 70:00: Focus 1 ended at 27:00, then Break, Focus 2 and Break went by.
    try step(.skip, at: minutes(70))
    let done = TimerEngine.settle(activity, at: t0 + minutes(300))
    events += done.events
    #expect(
      trace(events.filter { $0.kind != .paused && $0.kind != .resumed }) == [
        "segment-finished Focus 27:00", "segment-started Break 27:00",
        "segment-finished Break 32:00", "segment-started Focus 32:00",
        "segment-finished Focus 57:00", "segment-started Break 57:00",
        "segment-finished Break 62:00", "segment-started Focus 62:00",
        "skipped Focus 70:00", "segment-started Break 70:00",
        "segment-finished Break 75:00", "segment-started Focus 75:00",
        "segment-finished Focus 100:00", "segment-started Break 100:00",
        "segment-finished Break 105:00", "plan-completed Break 105:00",
      ])
    #expect(done.activity.endedAt == t0 + minutes(105))
  }

  @Test func aTabataLastsExactlyFourMinutes() throws {
    let tabata = plan("tabata")
    #expect(tabata.total == seconds(240))
    #expect(tabata.cueSeconds == 3)
    #expect(plan("pomodoro").cueSeconds == 0)
    let run = try start(tabata)
    let before = TimerEngine.settle(run.activity, at: t0 + seconds(239) + 999)
    #expect(before.activity.state.phase == .active)
    #expect(before.activity.planPosition?.segment == "Rest")
    #expect(before.activity.planPosition?.round == 8)
    let after = TimerEngine.settle(run.activity, at: t0 + seconds(240))
    #expect(after.activity.state.phase == .completed)
    #expect(after.activity.endedAt == t0 + seconds(240))
  }

  @Test func aSleepAcrossSegmentsWakesWhereTheClockSays() throws {
    let run = try start(plan("pomodoro", advance: .auto))
    let woke = TimerEngine.settle(run.activity, at: t0 + minutes(62))
    #expect(woke.activity.planPosition?.segment == "Focus")
    #expect(woke.activity.planPosition?.round == 3)
    #expect(woke.activity.state.startedAt == t0 + minutes(60))
    #expect(woke.activity.displayTime(at: t0 + minutes(62)) == "23:00")
    #expect(woke.events.count == 8)
    // What a reader shows without recording is the same.
    #expect(run.activity.phase(at: t0 + minutes(62)) == .active)
    #expect(TimerEngine.settle(woke.activity, at: t0 + minutes(62)).events.isEmpty)
  }

  @Test func pausesAddExactlyTheirLengthToTheRun() throws {
    let pomodoro = plan("pomodoro", advance: .auto)
    var activity = try start(pomodoro).activity
    activity = try applied(activity, .pause, at: t0 + minutes(27)).activity
    #expect(activity.planPosition?.segment == "Break")
    activity = try applied(activity, .resume, at: t0 + minutes(37)).activity
    activity = try applied(activity, .pause, at: t0 + minutes(100)).activity
    activity = try applied(activity, .resume, at: t0 + minutes(100) + 1234).activity
    let done = TimerEngine.settle(activity, at: t0 + minutes(500))
    #expect(done.activity.endedAt == t0 + minutes(140) + 1234)
  }

  @Test func askWaitsInOvertimeUntilTheUserGoesOn() throws {
    var activity = try start(plan("pomodoro")).activity
    let waiting = TimerEngine.settle(activity, at: t0 + minutes(27))
    #expect(trace(waiting.events) == ["segment-finished Focus 25:00"])
    activity = waiting.activity
    #expect(activity.state.phase == .finished)
    #expect(activity.displayTime(at: t0 + minutes(27)) == "+2:00")
    #expect(
      TimerEngine.reduce(activity, .pause, at: t0 + minutes(27), source: .cli).failureReason
        == "Pomodoro's Focus is over; toggle or skip goes on")
    let on = try applied(activity, .toggle, at: t0 + minutes(27))
    #expect(trace(on.events) == ["segment-started Break 27:00"])
    #expect(on.activity.state.phase == .active)
    #expect(on.activity.deadline == t0 + minutes(32))
  }

  /// A segment ends once: one that is over cannot be lengthened or reset to run again, which
  /// would record its end (and count it toward the goal) twice.
  @Test func aSegmentThatIsOverCannotBeAdjustedOrReset() throws {
    let waiting = TimerEngine.settle(try start(plan("pomodoro")).activity, at: t0 + minutes(26)).activity
    for intent in [Intent.adjust(by: minutes(5)), .reset, .pause, .resume] {
      #expect(
        TimerEngine.reduce(waiting, intent, at: t0 + minutes(26), source: .cli).failureReason
          == "Pomodoro's Focus is over; toggle or skip goes on", "\(intent)")
    }
  }

  @Test func anAskPlanWaitsAfterItsLastSegmentAndGoingOnCompletesIt() throws {
    let short = try Plan.parse(name: "short", definition: "Focus 1m, Break 1m; advance ask").get()
    var activity = try start(short).activity
    activity = try applied(activity, .toggle, at: t0 + minutes(1) + 5).activity
    activity = TimerEngine.settle(activity, at: t0 + minutes(3)).activity
    #expect(activity.state.phase == .finished)
    let done = try applied(activity, .toggle, at: t0 + minutes(3))
    #expect(done.activity.state.phase == .completed)
    #expect(done.events.map(\.kind) == [.planCompleted])
  }

  @Test func eachDirectionHasItsOwnPolicy() throws {
    var activity = try start(plan("pomodoro", advance: .breaks)).activity
    // Into the break by itself; before the next work it waits.
    let intoBreak = TimerEngine.settle(activity, at: t0 + minutes(40))
    #expect(
      trace(intoBreak.events) == [
        "segment-finished Focus 25:00", "segment-started Break 25:00", "segment-finished Break 30:00",
      ])
    #expect(intoBreak.activity.state.phase == .finished)
    activity = try start(plan("pomodoro", advance: .work)).activity
    let waits = TimerEngine.settle(activity, at: t0 + minutes(40))
    #expect(trace(waits.events) == ["segment-finished Focus 25:00"])
  }

  @Test func aSkippedWorkSegmentDoesNotCountTowardTheLongBreak() throws {
    var activity = try start(plan("pomodoro", advance: .auto)).activity
    // Rounds 1–3 run to their end; round 4's focus is skipped: its break is the short one.
    activity = TimerEngine.settle(activity, at: t0 + minutes(91)).activity
    #expect(activity.planPosition?.round == 4)
    let skipped = try applied(activity, .skip, at: t0 + minutes(95))
    #expect(trace(skipped.events) == ["skipped Focus 95:00", "segment-started Break 95:00"])
    #expect(skipped.events[0].elapsed == minutes(5))
    #expect(skipped.activity.segment?.duration == minutes(5))
    // Skipping the last segment completes the run.
    let last = try applied(skipped.activity, .skip, at: t0 + minutes(96))
    #expect(last.events.map(\.kind) == [.skipped, .planCompleted])
    #expect(last.activity.state.phase == .completed)
  }

  @Test func aFourthCountedFocusEarnsTheLongBreak() throws {
    let run = try start(plan("pomodoro", advance: .auto))
    let at = TimerEngine.settle(run.activity, at: t0 + minutes(116)).activity
    #expect(at.planPosition?.segment == "Long break")
    #expect(at.state.duration == minutes(15))
    #expect(at.planPosition?.next == nil)
  }

  @Test func resetPutsTheSegmentBackFullAndReady() throws {
    var activity = try start(plan("pomodoro", advance: .auto)).activity
    activity = TimerEngine.settle(activity, at: t0 + minutes(28)).activity
    let reset = try applied(activity, .reset, at: t0 + minutes(28))
    #expect(reset.activity.state.phase == .idle)
    #expect(reset.activity.planPosition?.segment == "Break")
    #expect(reset.activity.displayTime(at: t0 + minutes(40)) == "5:00")
    let resumed = try applied(reset.activity, .resume, at: t0 + minutes(40))
    #expect(resumed.events.map(\.kind) == [.segmentStarted])
    #expect(resumed.activity.deadline == t0 + minutes(45))
  }

  @Test func completeAndEndFinishTheWholeRun() throws {
    let activity = try start(plan("pomodoro")).activity
    #expect(
      try applied(activity, .complete, at: t0 + minutes(3)).events.map(\.kind) == [
        .completed, .planCompleted,
      ])
    let ended = try applied(activity, .end, at: t0 + minutes(3))
    #expect(ended.events.map(\.kind) == [.ended])
    #expect(ended.activity.state.phase == .ended)
  }

  /// The store keeps a plan as its one-line definition: a plan that would read back otherwise
  /// (here an empty label, read back as "Work") is refused, not stored unreadable.
  @Test func aPlanTheStoreCouldNotReadBackIsNotStarted() throws {
    var odd = plan("tabata")
    odd.work.label = ""
    let request = StartRequest(id: "pl02", name: "Odd", attributes: ActivityAttributes(plan: odd))
    #expect(
      TimerEngine.reduce(nil, .start(request), at: t0, source: .key).failureReason?
        .hasPrefix("the plan tabata cannot be kept as ") == true)
  }

  @Test func skipIsRefusedOnASingleTimer() throws {
    let timer = try applied(nil, .start(countdownRequest()), at: t0).activity
    #expect(
      TimerEngine.reduce(timer, .skip, at: t0, source: .cli).failureReason
        == "Workout is a single timer; skip moves a plan on to its next segment")
  }

  @Test func adjustChangesOnlyTheCurrentSegment() throws {
    var activity = try start(plan("tabata")).activity
    activity = try applied(activity, .adjust(by: seconds(10)), at: t0 + seconds(5)).activity
    let next = TimerEngine.settle(activity, at: t0 + seconds(31))
    #expect(trace(next.events) == ["segment-finished Work 0:30", "segment-started Rest 0:30"])
    #expect(next.activity.state.duration == seconds(10))
  }

  @Test func driftIsZeroAfterManySegmentsPausesAndResumes() throws {
    let tabata = plan("tabata")
    var activity = try start(tabata).activity
    var now = t0
    var paused: Milliseconds = 0
    for step in 0..<40 {
      now = now + 3001 + Milliseconds(step * 7)
      activity = try applied(activity, .pause, at: now).activity
      let pause = Milliseconds(101 + step)
      now = now + pause
      paused += pause
      activity = try applied(activity, .resume, at: now).activity
    }
    let done = TimerEngine.settle(activity, at: now + minutes(10))
    #expect(done.activity.endedAt == t0 + tabata.total + paused)
  }
}

extension Result where Failure == Refusal {
  var failureReason: String? {
    if case .failure(let refusal) = self { return refusal.reason }
    return nil
  }
}
