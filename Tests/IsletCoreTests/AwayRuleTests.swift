import Testing

@testable import IsletCore

/// Going away from the machine (a lock, a sleep) and coming back: the rule's intents, and what
/// the engine does with them, on a manual clock.
@Suite struct AwayRuleTests {
  let settings = AwaySettings()

  /// Applies every intent the rule gives for `moment` at `now` to `live`.
  func apply(
    _ moment: AwayRule.Moment, _ live: [Activity], at now: Instant, settings: AwaySettings? = nil,
    programs: Set<String> = []
  ) throws -> (live: [Activity], events: [Event]) {
    var activities = live
    var events: [Event] = []
    let intents = AwayRule.intents(moment, live: live, at: now, settings: settings ?? self.settings) {
      programs.contains($0.id)
    }
    for (id, intent) in intents {
      let index = try #require(activities.firstIndex { $0.id == id })
      let step = try applied(activities[index], intent, at: now)
      activities[index] = step.activity
      events += step.events
    }
    return (activities, events)
  }

  func plan(_ name: String) throws -> Activity {
    var plan = try #require(Plan.presets.first { $0.name == name })
    plan.advance = .auto
    return try applied(
      nil, .start(StartRequest(id: "pl01", name: "Pomodoro", attributes: ActivityAttributes(plan: plan))),
      at: t0
    ).activity
  }

  @Test func lockPausesACountdownAndUnlockResumesItWithTheSameTimeLeft() throws {
    let countdown = try applied(nil, .start(countdownRequest()), at: t0).activity
    let locked = try apply(.leaving, [countdown], at: t0 + minutes(5))
    #expect(locked.live[0].state.phase == .paused)
    #expect(locked.events.map(\.kind) == [.paused])
    let back = try apply(.back, locked.live, at: t0 + minutes(65))
    #expect(back.live[0].state.phase == .active)
    #expect(back.live[0].state.away == nil)
    #expect(back.events.map(\.kind) == [.resumed])
    // 20 of the 25 minutes are left, as when it was locked.
    #expect(back.live[0].remaining(at: t0 + minutes(65)) == minutes(20))
  }

  @Test func onUnlockNothingLeavesItPausedAndForgetsTheAway() throws {
    var quiet = settings
    quiet.unlock = .nothing
    let countdown = try applied(nil, .start(countdownRequest()), at: t0).activity
    let locked = try apply(.leaving, [countdown], at: t0 + minutes(5), settings: quiet)
    let back = try apply(.back, locked.live, at: t0 + minutes(6), settings: quiet)
    #expect(back.live[0].state.phase == .paused)
    #expect(back.live[0].state.away == nil)
    #expect(back.events.isEmpty)
  }

  @Test func onLockNothingTouchesNoCountdown() throws {
    var quiet = settings
    quiet.pauses = []
    let countdown = try applied(nil, .start(countdownRequest()), at: t0).activity
    #expect(
      AwayRule.intents(
        .leaving, live: [countdown], at: t0 + minutes(1), settings: quiet, isProgramRun: { _ in false }
      ).isEmpty)
  }

  /// `on-lock = work`: the pomodoro's work stops, the tea goes on steeping; `countdowns` the
  /// other way round.
  @Test func onLockPausesOnlyTheKindsNamed() throws {
    let tea = try applied(nil, .start(countdownRequest("Tea", minutes: 5)), at: t0).activity
    let pomodoro = try plan("pomodoro")
    for (value, paused) in [
      ("work", ["Pomodoro"]), ("countdowns", ["Tea"]), ("work, countdowns", ["Tea", "Pomodoro"]),
    ] {
      let configuration = try Configuration.parse("on-lock = \(value)\n").get()
      let left = try apply(.leaving, [tea, pomodoro], at: t0 + minutes(1), settings: configuration.away)
      #expect(
        left.live.filter { $0.state.phase == .paused }.map(\.name) == paused, "on-lock = \(value)")
    }
    #expect(
      throws: Configuration.LineError(
        line: 1, message: "on-lock is 'work pause'; use pause, nothing, or one or both of countdowns and work"
      )
    ) { try Configuration.parse("on-lock = work pause").get() }
  }

  @Test func aPlansWorkSegmentPausesButItsBreakGoesOn() throws {
    let pomodoro = try plan("pomodoro")
    #expect(pomodoro.segment?.kind == .work)
    #expect(try apply(.leaving, [pomodoro], at: t0 + minutes(1)).live[0].state.phase == .paused)
    // 25 minutes in, the break runs.
    let onBreak = TimerEngine.settle(pomodoro, at: t0 + minutes(26)).activity
    #expect(onBreak.segment?.kind == .break)
    #expect(
      AwayRule.intents(
        .leaving, live: [onBreak], at: t0 + minutes(26), settings: settings, isProgramRun: { _ in false }
      ).isEmpty)
  }

  @Test func aShortAwayLeavesAStopwatchAsItWas() throws {
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let locked = try apply(.leaving, [stopwatch], at: t0 + minutes(5))
    #expect(locked.live[0].state.phase == .active)
    #expect(locked.live[0].state.away == Away(since: t0 + minutes(5), paused: false))
    #expect(locked.events.isEmpty)
    let back = try apply(.back, locked.live, at: t0 + minutes(14))
    #expect(back.live[0].state.away == nil)
    #expect(back.events.isEmpty)
    #expect(back.live[0].elapsed(at: t0 + minutes(14)) == minutes(14))
  }

  @Test func aLongAwayAsksAndChangesNothingUntilAnswered() throws {
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let locked = try apply(.leaving, [stopwatch], at: t0 + minutes(5))
    let back = try apply(.back, locked.live, at: t0 + minutes(19))
    let asking = back.live[0]
    #expect(asking.state.away == Away(since: t0 + minutes(5), back: t0 + minutes(19), paused: false))
    #expect(back.events.map(\.kind) == [.away])
    #expect(back.events[0].detail == "14m")
    // The question's event counts the time before going away only.
    #expect(back.events[0].elapsed == minutes(5))
    #expect(asking.elapsed(at: t0 + minutes(20)) == minutes(20))
    #expect(AwayRule.asking([asking]).map(\.id) == ["sw01"])
    // Another lock and unlock while it asks leave the question as it is.
    #expect(
      AwayRule.intents(
        .leaving, live: [asking], at: t0 + minutes(21), settings: settings, isProgramRun: { _ in false }
      ).isEmpty)
  }

  func asked() throws -> Activity {
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let locked = try apply(.leaving, [stopwatch], at: t0 + minutes(5))
    return try apply(.back, locked.live, at: t0 + minutes(19)).live[0]
  }

  @Test func dropRemovesTheTimeAwayAsAPauseAtItsTrueTimes() throws {
    let answer = try applied(try asked(), .away(.answer(.drop)), at: t0 + minutes(20))
    #expect(answer.activity.state.phase == .active)
    #expect(answer.activity.state.away == nil)
    // 20 minutes since the start, 14 of them away.
    #expect(answer.activity.elapsed(at: t0 + minutes(20)) == minutes(6))
    #expect(answer.events.map(\.kind) == [.paused, .resumed, .awayAnswered])
    #expect(answer.events.map(\.at) == [t0 + minutes(5), t0 + minutes(19), t0 + minutes(20)])
    #expect(answer.events.last?.detail == "drop")
    // The history tells the same: the session ran 6 minutes.
    let completed = try applied(answer.activity, .complete, at: t0 + minutes(20))
    let start = try applied(nil, .start(stopwatchRequest()), at: t0).events
    let sessions = SessionLog.sessions(
      from: start + answer.events + completed.events, live: [], at: t0 + minutes(20))
    #expect(sessions.map(\.elapsed) == [minutes(6)])
  }

  @Test func stopEndsTheStopwatchWhenItWentAway() throws {
    let answer = try applied(try asked(), .away(.answer(.stop)), at: t0 + minutes(20))
    #expect(answer.activity.state.phase == .completed)
    #expect(answer.activity.endedAt == t0 + minutes(5))
    #expect(answer.activity.elapsed(at: t0 + minutes(20)) == minutes(5))
    #expect(answer.events.map(\.kind) == [.completed, .awayAnswered])
    #expect(answer.events[0].at == t0 + minutes(5))
  }

  @Test func keepLeavesTheTimeAndClearsTheQuestion() throws {
    let answer = try applied(try asked(), .away(.answer(.keep)), at: t0 + minutes(20))
    #expect(answer.activity.state.away == nil)
    #expect(answer.activity.elapsed(at: t0 + minutes(20)) == minutes(20))
    #expect(answer.events.map(\.kind) == [.awayAnswered])
  }

  @Test func anAnswerWithNoQuestionIsRefused() throws {
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let refused = TimerEngine.reduce(stopwatch, .away(.answer(.drop)), at: t0 + minutes(1), source: .cli)
    #expect(throws: Refusal.self) { try refused.get() }
  }

  @Test func theHistoryPlacesTheTimeRunBeforeGoingAwayWhereItRan() throws {
    let started = try applied(nil, .start(stopwatchRequest()), at: t0)
    let left = try apply(.leaving, [started.activity], at: t0 + minutes(5))
    let back = try apply(.back, left.live, at: t0 + minutes(19))
    let kept = try applied(back.live[0], .away(.answer(.keep)), at: t0 + minutes(20))
    let completed = try applied(kept.activity, .complete, at: t0 + minutes(30))
    let history = started.events + left.events + back.events + kept.events + completed.events
    #expect(history.contains { $0.kind == .away }, "no question was recorded: \(history.map(\.kind))")
    let session = try #require(SessionLog.sessions(from: history, live: [], at: t0 + minutes(30)).first)
    // Kept: it ran all along, from its start to its end, on the day it ran.
    #expect(session.stretches == [Stretch(from: t0, to: t0 + minutes(30))], "\(session.stretches)")
  }

  @Test func aStopwatchPausedOrResetAfterTheQuestionHasNoneLeft() throws {
    for intent in [Intent.pause, .reset] {
      let touched = try applied(try asked(), intent, at: t0 + minutes(20))
      #expect(touched.activity.state.away == nil, "\(intent) left the question standing")
      let refused = TimerEngine.reduce(
        touched.activity, .away(.answer(.drop)), at: t0 + minutes(21), source: .cli)
      #expect(throws: Refusal.self, "drop rewrote a stopwatch after \(intent)") { try refused.get() }
    }
  }

  @Test func theConfiguredDefaultAnswersWithoutAsking() throws {
    var dropping = settings
    dropping.answer = .drop
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let locked = try apply(.leaving, [stopwatch], at: t0 + minutes(5), settings: dropping)
    let back = try apply(.back, locked.live, at: t0 + minutes(19), settings: dropping)
    #expect(back.live[0].state.away == nil)
    #expect(back.live[0].elapsed(at: t0 + minutes(19)) == minutes(5))
    #expect(back.events.map(\.kind) == [.paused, .resumed])
  }

  /// A program's run (`islet run`) is the program's time: going away never marks it.
  @Test func aProgramsRunIsNeverMarked() throws {
    let run = try applied(nil, .start(stopwatchRequest("make test")), at: t0).activity
    let left = try apply(.leaving, [run], at: t0 + minutes(1), programs: [run.id])
    #expect(left.live[0].state.away == nil)
    let own = try apply(.leaving, [run], at: t0 + minutes(1))
    #expect(own.live[0].state.away != nil, "a stopwatch of the user's is marked")
  }

  @Test func awayAfterZeroNeverMarksAStopwatch() throws {
    var never = settings
    never.askAfter = 0
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    #expect(
      AwayRule.intents(
        .leaving, live: [stopwatch], at: t0 + minutes(1), settings: never, isProgramRun: { _ in false }
      ).isEmpty)
    #expect(!AwayRule.wants([stopwatch], settings: never))
    #expect(AwayRule.wants([stopwatch], settings: settings))
  }

  @Test func theQuestionAlertsWithItsThreeAnswers() throws {
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let locked = try apply(.leaving, [stopwatch], at: t0 + minutes(5))
    let back = try apply(.back, locked.live, at: t0 + minutes(19))
    #expect(AlertPolicy.alerts(back.events).map(\.kind) == [.away])
    #expect(!AlertPolicy.repeats(back.events[0]))
    #expect(AlertPolicy.awaits(back.live[0], since: back.events[0]))
    let answered = try applied(back.live[0], .away(.answer(.keep)), at: t0 + minutes(20))
    #expect(!AlertPolicy.awaits(answered.activity, since: back.events[0]))
  }

  @Test func theSettingsAreRead() throws {
    let text = "on-lock = nothing\non-unlock = nothing\naway-after = 30m\naway-default = stop\n"
    let configuration = try Configuration.parse(text).get()
    #expect(configuration.away.pauses == [])
    #expect(configuration.away.unlock == .nothing)
    #expect(try Configuration.parse("on-unlock = ask").get().away.unlock == .ask)
    #expect(try Configuration.parse("away-after = off").get().away.askAfter == 0)
    #expect(configuration.away.askAfter == minutes(30))
    #expect(configuration.away.answer == .stop)
    #expect(
      throws: Configuration.LineError(
        line: 1, message: "away-default is 'later'; use ask, keep, drop or stop")
    ) { try Configuration.parse("away-default = later").get() }
    #expect(
      throws: Configuration.LineError(
        line: 1, message: "on-unlock is 'later'; use resume, ask or nothing")
    ) { try Configuration.parse("on-unlock = later").get() }
  }

  // MARK: - on-unlock = ask: a countdown that going away paused asks too

  var asking: AwaySettings {
    var asking = settings
    asking.unlock = .ask
    return asking
  }

  /// A 25-minute countdown locked 5 minutes in and unlocked at 19: still paused, asking.
  func askedCountdown(minutes length: Int64 = 25) throws -> Activity {
    let countdown = try applied(nil, .start(countdownRequest(minutes: length)), at: t0).activity
    let locked = try apply(.leaving, [countdown], at: t0 + minutes(5), settings: asking)
    let back = try apply(.back, locked.live, at: t0 + minutes(19), settings: asking)
    #expect(back.events.map(\.kind) == [.away], "coming back recorded \(back.events.map(\.kind))")
    #expect(back.events.first?.detail == "14m")
    #expect(back.events.first?.elapsed == minutes(5))
    #expect(AlertPolicy.awaits(back.live[0], since: back.events[0]))
    return back.live[0]
  }

  @Test func onUnlockAskLeavesACountdownPausedAndAsks() throws {
    let asked = try askedCountdown()
    #expect(asked.state.phase == .paused)
    #expect(asked.state.away?.back == t0 + minutes(19))
    #expect(asked.remaining(at: t0 + minutes(30)) == minutes(20), "time left moved while it asked")
    #expect(AwayRule.asking([asked]).map(\.id) == [asked.id])
  }

  @Test func dropResumesTheCountdownWithTheTimeLeftWhenItWent() throws {
    let answer = try applied(try askedCountdown(), .away(.answer(.drop)), at: t0 + minutes(20))
    #expect(answer.activity.state.phase == .active)
    #expect(answer.activity.state.away == nil)
    #expect(answer.activity.remaining(at: t0 + minutes(20)) == minutes(20))
    #expect(answer.events.map(\.kind) == [.resumed, .awayAnswered])
    #expect(answer.events.map(\.at) == [t0 + minutes(20), t0 + minutes(20)])
  }

  /// Kept, the time away ran: 14 minutes of a 25-minute countdown's 20 left are gone.
  @Test func keepCountsTheTimeAwayAsRun() throws {
    let answer = try applied(try askedCountdown(), .away(.answer(.keep)), at: t0 + minutes(20))
    #expect(answer.activity.state.phase == .active)
    #expect(answer.activity.remaining(at: t0 + minutes(20)) == minutes(5))
    #expect(answer.events.map(\.kind) == [.resumed, .awayAnswered])
    #expect(answer.events.first?.at == t0 + minutes(5), "the resume is placed where it went")
  }

  /// The whole history of each answer, question and all, as `log` and `report` read it: kept,
  /// it ran from 0:00 to its end at 0:30; dropped, 5 minutes then 10 after the answer at 0:20
  /// (it stays paused while it asks); stopped, the 5 minutes before it went.
  @Test func theHistoryCountsWhatEachAnswerSays() throws {
    for (answer, ran) in [(AwayAnswer.keep, minutes(30)), (.drop, minutes(15)), (.stop, minutes(5))] {
      let started = try applied(nil, .start(countdownRequest(minutes: 60)), at: t0)
      let locked = try apply(.leaving, [started.activity], at: t0 + minutes(5), settings: asking)
      let back = try apply(.back, locked.live, at: t0 + minutes(19), settings: asking)
      let answered = try applied(back.live[0], .away(.answer(answer)), at: t0 + minutes(20))
      var history = started.events + locked.events + back.events + answered.events
      if answered.activity.state.phase.isLive {
        history += try applied(answered.activity, .end, at: t0 + minutes(30)).events
      }
      let sessions = SessionLog.sessions(from: history, live: [], at: t0 + minutes(30))
      #expect(sessions.map(\.elapsed) == [ran], "\(answer): \(history.map(\.kind))")
    }
  }

  /// Kept past its end, it finished while away, at its deadline.
  @Test func keepPastTheEndFinishesItThen() throws {
    let answer = try applied(try askedCountdown(minutes: 10), .away(.answer(.keep)), at: t0 + minutes(20))
    #expect(answer.activity.state.phase == .finished)
    #expect(answer.events.map(\.kind) == [.resumed, .finished, .awayAnswered])
    #expect(answer.events[1].at == t0 + minutes(10))
  }

  /// A plan's work segment kept past its end: the history counts the segment's 25 minutes of
  /// work, ended at its deadline, and the break after it; the answer closes nothing.
  @Test func keepOnAPlansWorkPastItsEndCountsTheSegmentAsItRan() throws {
    let preset = Plan.presets.first { $0.name == "pomodoro" }
    let request = StartRequest(id: "pl02", name: "Pomodoro", attributes: ActivityAttributes(plan: preset))
    let started = try applied(nil, .start(request), at: t0)
    let locked = try apply(.leaving, [started.activity], at: t0 + minutes(10), settings: asking)
    let back = try apply(.back, locked.live, at: t0 + minutes(70), settings: asking)
    let kept = try applied(back.live[0], .away(.answer(.keep)), at: t0 + minutes(80))
    #expect(kept.events.last?.kind == .awayAnswered, "recorded \(kept.events.map(\.kind))")
    let history = started.events + locked.events + back.events + kept.events
    let work = SessionLog.sessions(from: history, live: [kept.activity], at: t0 + minutes(80)).filter {
      $0.plan?.kind == .work
    }
    #expect(work.first?.elapsed == minutes(25), "\(work.map(\.elapsed))")
    #expect(work.first?.endedAt == t0 + minutes(25))
  }

  @Test func stopCompletesTheCountdown() throws {
    let answer = try applied(try askedCountdown(), .away(.answer(.stop)), at: t0 + minutes(20))
    #expect(answer.activity.state.phase == .completed)
    #expect(answer.activity.elapsed(at: t0 + minutes(20)) == minutes(5))
    #expect(answer.events.map(\.kind) == [.completed, .awayAnswered])
  }

  @Test func aCountdownResumedOrEndedByHandHasNoQuestionLeft() throws {
    for intent in [Intent.resume, .end, .reset] {
      let touched = try applied(try askedCountdown(), intent, at: t0 + minutes(20))
      #expect(touched.activity.state.away == nil, "\(intent) left the question standing")
    }
    // Lengthened while it asks, it still asks.
    let adjusted = try applied(try askedCountdown(), .adjust(by: minutes(5)), at: t0 + minutes(20))
    #expect(adjusted.activity.state.away?.back != nil)
  }

  /// Resumed by hand while still away (over ssh, say), it is the user's again: coming back
  /// neither resumes a pause made since nor counts it as run.
  @Test func aCountdownResumedByHandWhileAwayIsNoLongerMarked() throws {
    let countdown = try applied(nil, .start(countdownRequest()), at: t0).activity
    let locked = try apply(.leaving, [countdown], at: t0 + minutes(5), settings: asking)
    let resumed = try applied(locked.live[0], .resume, at: t0 + minutes(6))
    #expect(resumed.activity.state.away == nil)
    let paused = try applied(resumed.activity, .pause, at: t0 + minutes(8))
    let back = try apply(.back, [paused.activity], at: t0 + minutes(30), settings: asking)
    #expect(back.events.isEmpty && back.live[0].state.phase == .paused)
  }

  @Test func aShortAbsenceOrTheDefaultAnswerAsksNothing() throws {
    let countdown = try applied(nil, .start(countdownRequest()), at: t0).activity
    let locked = try apply(.leaving, [countdown], at: t0 + minutes(5), settings: asking)
    let short = try apply(.back, locked.live, at: t0 + minutes(6), settings: asking)
    #expect(short.events.map(\.kind) == [.resumed], "under away-after it resumes")
    var keeping = asking
    keeping.answer = .keep
    let kept = try apply(.back, locked.live, at: t0 + minutes(19), settings: keeping)
    #expect(kept.events.map(\.kind) == [.resumed])
    #expect(kept.live[0].remaining(at: t0 + minutes(19)) == minutes(6))
  }
}
