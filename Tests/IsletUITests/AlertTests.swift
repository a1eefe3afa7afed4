import Testing

@testable import IsletCore
@testable import IsletUI

@Suite struct AlertTests {
  let utc = LocalZone { _ in 0 }

  /// Settles `activity` at `offset` and gives the alert of its last alerting event.
  func alert(
    _ activity: Activity, at offset: Milliseconds, policy: AlertPolicy = AlertPolicy(), ascii: Bool = false
  )
    throws -> Alert?
  {
    let settled = TimerEngine.settle(activity, at: t0 + offset)
    let event = try #require(
      AlertPolicy.alerts(settled.events).last, "no alerting event in \(settled.events)")
    return Alert(
      for: event, activity: settled.activity, at: t0 + offset, policy: policy, zone: utc, ascii: ascii)
  }

  func plan(_ definition: String) throws -> Activity {
    let plan = try Plan.parse(name: "pomodoro", definition: definition).get()
    let request = StartRequest(
      id: "p1", name: "Pomodoro", attributes: ActivityAttributes(icon: "timer", plan: plan))
    return try TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
  }

  @Test func aFinishedCountdownSaysTimesUpWithItsThreeButtons() throws {
    let alert = try #require(try alert(workout(), at: minutes(25)))
    #expect(alert.summary == "⏰ Workout — time's up")
    #expect(alert.body == "+0:00 · started 9:05")
    #expect(alert.urgency == .critical)
    #expect(alert.awaitsAcknowledgment)
    #expect(alert.actions.map(\.label) == ["Done", "+5 min", "Reset"])
    #expect(alert.actions.map(\.intents) == [[.complete], [.snooze(for: minutes(5))], [.reset]])
    // A repeat a minute later says how far over it is.
    let later = try #require(
      Alert(
        for: TimerEngine.settle(workout(), at: t0 + minutes(25)).events[0],
        activity: TimerEngine.settle(workout(), at: t0 + minutes(26)).activity, at: t0 + minutes(26),
        policy: AlertPolicy(), zone: utc))
    #expect(later.body == "+1:00 · started 9:05")
  }

  @Test func theSnoozeButtonSaysTheConfiguredLength() throws {
    var policy = AlertPolicy()
    policy.snooze = seconds(90)
    let alert = try #require(try alert(workout(), at: minutes(25), policy: policy, ascii: true))
    #expect(alert.summary == "! Workout - time's up")
    #expect(alert.actions[1].label == "+1m30s")
    #expect(alert.actions[1].intents == [.snooze(for: seconds(90))])
  }

  @Test func aWaitingSegmentOffersTheWayOnAndSkip() throws {
    let activity = try plan("Focus 25m, Break 5m; rounds 2; advance ask")
    let alert = try #require(try alert(activity, at: minutes(25)))
    #expect(alert.summary == "⏰ Pomodoro — Focus 1/2 done")
    #expect(alert.body == "Up next: Break 5:00, waiting")
    #expect(alert.urgency == .critical)
    #expect(alert.awaitsAcknowledgment)
    #expect(alert.actions.map(\.label) == ["Start Break", "Skip Break"])
    #expect(alert.actions.map(\.intents) == [[.toggle], [.toggle, .skip]])
  }

  @Test func aSegmentThatWentOnByItselfOffersSkipAndPause() throws {
    let activity = try plan("Focus 25m, Break 5m; rounds 2; advance auto")
    let alert = try #require(try alert(activity, at: minutes(25)))
    #expect(alert.summary == "⏰ Pomodoro — Focus 1/2 done")
    #expect(alert.body == "Break 1/2 started, 5:00 · ends 9:35")
    #expect(!alert.awaitsAcknowledgment)
    #expect(alert.actions.map(\.label) == ["Skip Break", "Pause"])
    #expect(alert.actions.map(\.intents) == [[.skip], [.pause]])
  }

  /// A plan made with `--name HIIT` labels its work HIIT: the alert says it once, and its
  /// buttons keep the labels as written, in the popup's key hints too.
  @Test func aLabelThatIsTheNameIsNotSaidTwiceNorLowercased() throws {
    let plan = Plan.workAndBreak(name: "HIIT", work: seconds(20), rest: seconds(10), icon: "timer", rounds: 3)
    var request = StartRequest(name: "HIIT", attributes: ActivityAttributes(icon: "timer", plan: plan))
    request.id = "h1"
    let activity = try TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
    let rest = try #require(try alert(activity, at: seconds(20)))
    #expect(rest.summary == "⏰ HIIT — Work 1/3 done")
    #expect(rest.body == "Break 1/3 started, 0:10 · ends 9:05")
    let work = try #require(try alert(activity, at: seconds(30)))
    #expect(work.summary == "⏰ HIIT — Break 1/3 done")
    #expect(work.body == "Work 2/3 started, 0:20 · ends 9:05")
    #expect(work.actions.map(\.label) == ["Skip HIIT", "Pause"])
    #expect(work.actions.map(AlertPopup.hint) == ["skip HIIT", "pause"])
  }

  /// The last segment of a plan that asks waits to finish the run, and its button finishes it.
  @Test func theLastSegmentThatWaitsOffersToFinishTheRun() throws {
    let activity = try plan("Focus 25m, Break 5m; rounds 2; advance ask")
    var waiting = TimerEngine.settle(activity, at: t0 + minutes(25)).activity
    for offset in [minutes(25), minutes(30), minutes(55)] {
      waiting = try TimerEngine.reduce(waiting, .toggle, at: t0 + offset, source: .cli).get().activity
    }
    let alert = try #require(try self.alert(waiting, at: minutes(60)))
    #expect(alert.summary == "⏰ Pomodoro — Break 2/2 done")
    #expect(alert.body == "the last segment, waiting to finish the run")
    #expect(alert.awaitsAcknowledgment)
    #expect(alert.actions.map(\.label) == ["Finish"])
    let finished = try TimerEngine.reduce(
      waiting, try #require(alert.actions.first?.intents.first), at: t0 + minutes(61), source: .notification
    ).get()
    #expect(finished.events.map(\.kind).contains(.planCompleted), "\(finished.events.map(\.kind))")
  }

  /// Several segments over at once (a start in the past, a machine that slept) say how many.
  @Test func segmentsEndedAtOnceAreNamed() throws {
    let activity = try plan("Focus 25m, Break 5m; rounds 4; advance auto")
    let settled = TimerEngine.settle(activity, at: t0 + minutes(70))
    let latest = AlertPolicy.latest(settled.events)
    #expect(latest.count == 1)
    let (event, ended) = try #require(latest.first)
    #expect(ended == 4)
    let alert = try #require(
      Alert(
        for: event, activity: settled.activity, at: t0 + minutes(70), policy: AlertPolicy(), zone: utc,
        segmentsEnded: ended))
    #expect(alert.summary == "⏰ Pomodoro — Break 2/4 done")
    #expect(alert.body == "4 segments ended · Focus 3/4 started, 25:00 · ends 10:30", "\(alert.body)")
    #expect(
      alert.line == "⏰ Pomodoro — Break 2/4 done · 4 segments ended · Focus 3/4 started, 25:00 · ends 10:30")
  }

  /// Interval segments under a minute update one normal notification, not a critical each.
  @Test func aShortSegmentsEndIsNormal() throws {
    let activity = try plan("Work 20s, Rest 10s; rounds 8; advance auto")
    #expect(try alert(activity, at: seconds(20))?.urgency == .normal)
  }

  @Test func aPlansEndIsCriticalAndHasNoButtons() throws {
    let activity = try plan("Focus 25m, Break 5m; rounds 1; advance auto")
    let alert = try #require(try alert(activity, at: minutes(30)))
    #expect(alert.summary == "✓ Pomodoro — done")
    #expect(alert.body == "the whole plan, 30:00 · started 9:05")
    #expect(alert.urgency == .critical)
    #expect(alert.actions.isEmpty && !alert.awaitsAcknowledgment)
  }

  @Test func aNameFullOfEscapesIsShownPrintable() throws {
    let alert = try #require(try alert(workout(name: "Tea\u{1B}[31m"), at: minutes(25)))
    #expect(alert.summary == "⏰ Tea\\e[31m — time's up")
  }
}
