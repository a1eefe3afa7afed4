import Testing

@testable import IsletCore

/// What programs report alerts as the ends time causes do, through the same tracker: a call
/// for attention once for each `attention` event, withdrawn when answered; a run's end when it
/// ran at least `runAlertAfter`.
@Suite struct ProgramAlertTests {
  /// Numbered from `seq` as the store numbers them.
  func numbered(_ events: [Event], from seq: Int64) -> [Event] {
    events.enumerated().map { index, event in
      var numbered = event
      numbered.seq = seq + Int64(index)
      return numbered
    }
  }

  /// Deploy api, a stopwatch started at t0 (event 1), then `intent` at `offset`, numbered from `seq`.
  func step(
    _ activity: Activity, _ intent: Intent, at offset: Milliseconds, seq: Int64, source: Source = .cli
  )
    throws -> (Activity, [Event])
  {
    let step = try TimerEngine.reduce(activity, intent, at: t0 + offset, source: source).get()
    return (step.activity, numbered(step.events, from: seq))
  }

  func deploy() throws -> Activity {
    try TimerEngine.reduce(nil, .start(StartRequest(id: "dep1", name: "Deploy api")), at: t0, source: .cli)
      .get().activity
  }

  let asking = ActivityUpdate(
    attention: "Needs your approval", buttons: [ActivityButton(label: "Approve", command: "true")])

  @Test func attentionIsGivenOnceNeverRepeatedAndAnUpdateThatKeepsItLeavesItShown() throws {
    var tracker = AlertTracker(policy: AlertPolicy(), looked: true)
    let (asked, raised) = try step(try deploy(), .update(asking), at: seconds(5), seq: 2)
    #expect(raised.map(\.kind) == [.attention])
    #expect(
      tracker.update(events: raised, live: [asked], now: t0 + seconds(5)) == [
        .give(raised[0], segmentsEnded: 0)
      ])
    // No repeat, however long nobody answers.
    #expect(tracker.nextWake(live: [asked]) == nil)
    #expect(tracker.update(events: [], live: [asked], now: t0 + minutes(30)) == [])
    // A new state text, still asking: not an answer.
    let (moved, updated) = try step(asked, .update(ActivityUpdate(text: "Waiting")), at: minutes(31), seq: 3)
    #expect(updated.map(\.kind) == [.updated])
    #expect(tracker.update(events: updated, live: [moved], now: t0 + minutes(31)) == [])
    // The same call again is no new event; a new one is given in place of the first.
    let again = ActivityUpdate(attention: "Approve the migration too")
    let (askedAgain, raisedAgain) = try step(moved, .update(again), at: minutes(32), seq: 4)
    #expect(
      tracker.update(events: raisedAgain, live: [askedAgain], now: t0 + minutes(32)) == [
        .give(raisedAgain[0], segmentsEnded: 0)
      ])
  }

  @Test(arguments: [
    Intent.press("approve"), .pause, .complete, .update(ActivityUpdate(attention: "")),
  ])
  func anAnswerWithdrawsIt(_ answer: Intent) throws {
    var tracker = AlertTracker(policy: AlertPolicy(), looked: true)
    let (asked, raised) = try step(try deploy(), .update(asking), at: seconds(5), seq: 2)
    _ = tracker.update(events: raised, live: [asked], now: t0 + seconds(5))
    let (answered, events) = try step(asked, answer, at: seconds(9), seq: 3)
    #expect(answered.state.posted.attention == nil)
    let live = answered.state.phase.isLive ? [answered] : []
    #expect(
      tracker.update(events: events, live: live, now: t0 + seconds(9)) == [.withdraw(activityID: "dep1")])
  }

  @Test func aCallAnsweredInTheSameLookIsNotSaid() throws {
    var tracker = AlertTracker(policy: AlertPolicy(), looked: true)
    let (asked, raised) = try step(try deploy(), .update(asking), at: seconds(5), seq: 2)
    let (answered, pressed) = try step(asked, .press("Approve"), at: seconds(6), seq: 3)
    #expect(tracker.update(events: raised + pressed, live: [answered], now: t0 + seconds(6)) == [])
  }

  /// 30 s by default: a failure from anyone, a success only as `islet run` reports it.
  @Test func aRunsEndAlertsWhenItRanLongEnough() throws {
    let policy = AlertPolicy()
    #expect(policy.runAlertAfter == seconds(30))
    let run = try deploy()
    let alerting = { (intent: Intent, offset: Milliseconds, source: Source, after: Milliseconds?) in
      let events = try self.step(run, intent, at: offset, seq: 2, source: source).1
      return AlertPolicy.alerts(events, runAlertAfter: after).map(\.kind)
    }
    #expect(try alerting(.fail(.status(2)), seconds(30), .run, policy.runAlertAfter) == [.failed])
    #expect(try alerting(.fail(.status(2)), seconds(30), .cli, policy.runAlertAfter) == [.failed])
    #expect(try alerting(.fail(.status(2)), seconds(29), .run, policy.runAlertAfter) == [])
    #expect(try alerting(.complete, minutes(2), .run, policy.runAlertAfter) == [.completed])
    #expect(try alerting(.complete, minutes(2), .cli, policy.runAlertAfter) == [], "a stopwatch done by hand")
    #expect(try alerting(.fail(.signal(2)), minutes(2), .run, nil) == [], "alert-after-run = off")
    // Given by the tracker once, and not followed: the activity is history.
    var tracker = AlertTracker(policy: policy, looked: true)
    let (failed, events) = try step(run, .fail(.status(2)), at: minutes(2), seq: 2, source: .run)
    #expect(failed.state.phase == .failed)
    #expect(
      tracker.update(events: events, live: [], now: t0 + minutes(2)) == [.give(events[0], segmentsEnded: 0)])
    #expect(tracker.followed.isEmpty)
  }

  @Test func alertAfterRunIsReadFromTheConfiguration() throws {
    #expect(try Configuration.parse("alert-after-run = 2m").get().alerts.runAlertAfter == minutes(2))
    #expect(try Configuration.parse("alert-after-run = off").get().alerts.runAlertAfter == nil)
    #expect(try Configuration.parse("").get().alerts.runAlertAfter == seconds(30))
    for bad in ["0", "soon", "25h", "0.5s"] {
      #expect(
        Configuration.parse("alert-after-run = \(bad)").map(\.alerts)
          == .failure(
            .init(
              line: 1,
              message: "alert-after-run is '\(bad)'; use a duration from 1s to 24h, such as 30s, or off")),
        "\(bad)")
    }
  }
}
