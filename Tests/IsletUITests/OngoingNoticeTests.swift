import Testing

@testable import IsletCore
@testable import IsletUI

/// The ongoing notice's rule: which activities have one, what it says, and when it is next
/// replaced (a whole percent, a minute, never sooner than a second after the last).
@Suite struct OngoingNoticeTests {
  let utc = LocalZone { _ in 0 }

  func notice(_ activity: Activity, at instant: Instant, ascii: Bool = false) throws -> OngoingNotice {
    try #require(OngoingNotice(activity, at: instant, zone: utc, ascii: ascii), "no notice for \(activity)")
  }

  /// A stopwatch with what `islet run` or a program gives it.
  func task(expected: Milliseconds? = nil, posted: Posted = Posted()) -> Activity {
    var activity = workout(countdown: false, name: "make test")
    activity.attributes.expected = expected
    activity.state.posted = posted
    return activity
  }

  @Test func aRunningCountdownShowsItsPercentTheMinutesLeftAndPauseAndDone() throws {
    let shown = try notice(workout(), at: t0 + minutes(12) + seconds(30))
    #expect(shown.value == 50)
    #expect(shown.alert.summary == "Workout")
    #expect(shown.alert.body == "50% · 13 min left · ends 9:30")
    #expect(shown.alert.urgency == .low && !shown.alert.awaitsAcknowledgment)
    #expect(shown.alert.actions.map(\.label) == ["Pause", "Done"])
    #expect(shown.alert.actions.map(\.intents) == [[.pause], [.complete]])
  }

  @Test func aPausedCountdownStandsStillAndOffersResume() throws {
    let (paused, now) = inPhase(.paused)
    let shown = try notice(paused, at: now)
    #expect(shown.value == 50)
    #expect(shown.alert.body == "paused · 50% · 13 min left")
    #expect(shown.alert.actions.map(\.label) == ["Resume", "Done"])
    #expect(OngoingNotice.nextChange(paused, after: now) == nil, "nothing moves while paused")
    #expect(try notice(paused, at: now + minutes(60)) == shown)
  }

  /// Walked through a whole 25-minute countdown: the notice changes exactly at each instant
  /// `nextChange` names (its whole percent, or the minutes left) and is the same just before.
  @Test func itChangesExactlyAtEachWholePercentOrMinuteAndNeverBetween() throws {
    let tea = workout()
    var now = t0
    var changes: [Instant] = []
    while let next = OngoingNotice.nextChange(tea, after: now) {
      #expect(next > now)
      #expect(try notice(tea, at: next - 1) == notice(tea, at: now), "changed before \(next - t0) ms")
      #expect(try notice(tea, at: next) != notice(tea, at: next - 1), "nothing changed at \(next - t0) ms")
      changes.append(next)
      now = next
    }
    // 15 s a percent, and every minute left falls on one: a hundred changes, the last at the
    // deadline (100 %, and no minute left).
    #expect(changes.first == t0 + seconds(15))
    #expect(changes.last == t0 + minutes(25))
    #expect(changes.count == 100, "\(changes.count) changes")
    #expect(try notice(tea, at: t0 + minutes(25)).value == 100)
  }

  /// A countdown of hours moves a percent in more than a minute: it is replaced every minute.
  @Test func aLongCountdownIsReplacedOnceAMinute() {
    var long = workout()
    long.state.duration = minutes(180)
    let now = t0 + minutes(30) + seconds(40)
    // 108 s a percent (the next at 32:24); the minutes left drop at the next whole minute.
    #expect(OngoingNotice.nextChange(long, after: now) == t0 + minutes(31))
  }

  /// A 3-second countdown's percents come every 30 ms: it is replaced once a second at most.
  @Test func aShortCountdownIsReplacedNoSoonerThanASecondAfterTheLast() {
    var quick = workout()
    quick.state.duration = seconds(3)
    let now = t0 + 100
    #expect(OngoingNotice.nextChange(quick, after: now) == t0 + 120)
    #expect(OngoingNotice.due(quick, shownAt: now, after: now) == now + OngoingNotice.minimumSpacing)
    #expect(OngoingNotice.due(quick, shownAt: t0 - seconds(5), after: now) == t0 + 120)
  }

  @Test func whichActivitiesHaveOne() {
    #expect(OngoingNotice.shows(workout()))
    #expect(OngoingNotice.shows(inPhase(.paused).0))
    for phase in [Phase.idle, .finished, .completed, .ended, .failed, .expired] {
      let (stored, now) = inPhase(phase)
      // As the watcher has it: settled, its deadline recorded.
      let activity = TimerEngine.settle(stored, at: now).activity
      #expect(!OngoingNotice.shows(activity), "\(phase)")
      #expect(OngoingNotice(activity, at: now) == nil, "\(phase)")
    }
    #expect(!OngoingNotice.shows(task()), "a stopwatch with no progress")
    #expect(OngoingNotice.shows(task(expected: minutes(10))), "a run with its estimate")
    #expect(OngoingNotice.shows(task(posted: Posted(percent: 40))), "a posted progress")
  }

  @Test func aRunShowsItsEstimateAndAPostedProgressItsButtons() throws {
    let estimated = task(expected: minutes(10))
    let shown = try notice(estimated, at: t0 + minutes(4) + seconds(30))
    #expect(shown.value == 45 && shown.alert.body == "45% · about 6 min left")
    #expect(shown.alert.actions.isEmpty, "a run's own buttons only, and it has none")
    #expect(OngoingNotice.nextChange(estimated, after: t0 + minutes(4) + seconds(30)) == t0 + seconds(276))
    #expect(try notice(estimated, at: t0 + minutes(12)).alert.body == "100% · longer than usual")
    #expect(OngoingNotice.nextChange(estimated, after: t0 + minutes(12)) == nil)

    let buttons = ["Approve", "Reject"].map { ActivityButton(label: $0, command: "true") }
    let posted = task(posted: Posted(text: "Migrating", percent: 72, buttons: buttons))
    let deploy = try notice(posted, at: t0 + minutes(3))
    #expect(deploy.value == 72 && deploy.alert.body == "Migrating · 72%")
    #expect(deploy.alert.actions.map(\.key) == ["press-1", "press-2"])
    #expect(deploy.alert.actions.map(\.intents) == [[.press("Approve")], [.press("Reject")]])
    #expect(OngoingNotice.nextChange(posted, after: t0 + minutes(3)) == nil, "only a post moves it")
  }

  @Test func aPlansSegmentSaysWhereItIsAndOffersItsSkip() throws {
    let plan = try Plan.parse(name: "pomodoro", definition: "Focus 25m, Break 5m; rounds 2").get()
    let request = StartRequest(
      id: "p1", name: "Pomodoro", attributes: ActivityAttributes(icon: "timer", plan: plan))
    let run = try TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
    let shown = try notice(run, at: t0 + minutes(5))
    #expect(shown.alert.summary == "Pomodoro — Focus 1/2" && shown.value == 20)
    #expect(shown.alert.actions.map(\.label) == ["Pause", "Skip Focus"])
    #expect(try notice(run, at: t0 + minutes(5), ascii: true).alert.summary == "Pomodoro - Focus 1/2")
  }
}
