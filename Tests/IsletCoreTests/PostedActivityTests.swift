import Testing

@testable import IsletCore

/// What programs post on an activity (state text, progress, attention, buttons) and a failed
/// command's end: what is recorded, what is only saved, and what answers the user's attention.
@Suite struct PostedActivityTests {
  let store = InMemoryActivityStore()
  let clock = ManualClock(t0)

  func dispatcher() -> IntentDispatcher {
    let queue = IDQueue(["a111", "b222"])
    return IntentDispatcher(store: store, clock: clock, newID: { queue.next() })
  }

  func deploy(_ posted: Posted = Posted()) -> Intent {
    .start(StartRequest(name: "Deploy api", posted: posted))
  }

  static let buttons = [
    ActivityButton(label: "Approve", command: "echo yes"),
    ActivityButton(label: "Reject", command: "echo no"),
  ]

  @Test func aProgressAloneIsSavedWithoutAnEventAndFollowersAreToldOnce() throws {
    let d = dispatcher()
    try d.dispatch(deploy(Posted(text: "Uploading", percent: 40)), source: .cli)
    clock.advance(by: seconds(1))
    let moved = try d.dispatch(.update(ActivityUpdate(percent: 41)), source: .cli)
    #expect(moved.events.isEmpty, "a progress step records nothing: \(moved.events.map(\.kind))")
    #expect(store.activities["a111"]?.state.posted.percent == 41)
    #expect(store.changesWithoutEvents == 1, "followers hear a change that has no event")

    let same = try d.dispatch(.update(ActivityUpdate(percent: 41)), source: .cli)
    #expect(same.events.isEmpty && same.refusal == nil)
    #expect(store.activities["a111"]?.revision == 1, "the same progress again writes nothing")
    #expect(store.changesWithoutEvents == 1)
    #expect(store.history.map(\.kind) == [.started])
  }

  @Test func aNewStateTextIsOneUpdatedEventAndProgressGoesWithIt() throws {
    let d = dispatcher()
    try d.dispatch(deploy(Posted(text: "Uploading")), source: .cli)
    let outcome = try d.dispatch(.update(ActivityUpdate(text: "Migrating", percent: 72)), source: .cli)
    #expect(outcome.events.map(\.kind) == [.updated])
    #expect(outcome.activity?.state.posted == Posted(text: "Migrating", percent: 72))
    let cleared = try d.dispatch(.update(ActivityUpdate(text: "", percent: .some(nil))), source: .cli)
    #expect(cleared.activity?.state.posted == Posted(), "an empty text and no progress clear them")
  }

  @Test func attentionIsRecordedOnceAndAnsweredByAnyIntentButAnUpdate() throws {
    let d = dispatcher()
    try d.dispatch(deploy(Posted(buttons: Self.buttons)), source: .cli)
    let asked = try d.dispatch(.update(ActivityUpdate(attention: "Needs your approval")), source: .cli)
    #expect(asked.events.map(\.kind) == [.attention])
    #expect(asked.events.first?.detail == "Needs your approval")

    let progressed = try d.dispatch(.update(ActivityUpdate(text: "Waiting")), source: .cli)
    #expect(progressed.activity?.state.posted.attention == "Needs your approval", "an update leaves it")
    #expect(progressed.events.map(\.kind) == [.updated])

    let pressed = try d.dispatch(.press("approve"), source: .notification)
    #expect(pressed.events.map(\.kind) == [.pressed])
    #expect(pressed.events.first?.detail == "Approve", "the label as posted, whatever case was typed")
    #expect(pressed.activity?.state.posted.attention == nil, "a press answers it")

    try d.dispatch(.update(ActivityUpdate(attention: "Again")), source: .cli)
    let paused = try d.dispatch(.pause, source: .key)
    #expect(paused.activity?.state.posted.attention == nil, "so does a pause")
  }

  @Test func attentionLeadsTheIslandUntilAnswered() throws {
    let d = dispatcher()
    try d.dispatch(deploy(), source: .cli)
    clock.advance(by: seconds(1))
    try d.dispatch(.start(StartRequest(name: "Tea", relevance: 5)), source: .cli)
    func first() throws -> String? {
      ActivityMatcher.ranked(try store.liveActivities(), at: clock.now()).first?.name
    }
    #expect(try first() == "Tea", "the higher relevance leads at first")
    try d.dispatch(.update(ActivityUpdate(attention: "Needs you")), to: .matching("Deploy api"), source: .cli)
    #expect(try first() == "Deploy api", "what needs you takes the island")
    try d.dispatch(.pause, to: .matching("Deploy api"), source: .key)
    #expect(try first() == "Tea", "answered, it gives the island back")
  }

  @Test func anUnknownButtonIsRefusedNamingTheButtonsThereAre() throws {
    let d = dispatcher()
    try d.dispatch(deploy(Posted(buttons: Self.buttons)), source: .cli)
    let outcome = try d.dispatch(.press("Merge"), source: .cli)
    #expect(outcome.refusal == Refusal("Deploy api has no button 'Merge'; its buttons: Approve, Reject"))
    try d.dispatch(.update(ActivityUpdate(buttons: [])), source: .cli)
    #expect(
      try d.dispatch(.press("Approve"), source: .cli).refusal == Refusal("Deploy api has no buttons to press")
    )
  }

  @Test func aFailedCommandIsOverAndSaysHowItEnded() throws {
    let d = dispatcher()
    try d.dispatch(.start(StartRequest(name: "make")), source: .cli)
    clock.advance(by: minutes(2))
    let failed = try d.dispatch(.fail(.status(2)), source: .run)
    #expect(failed.activity?.state.phase == .failed)
    #expect(failed.activity?.state.exit == .status(2))
    #expect(failed.events.map(\.kind) == [.failed])
    #expect(failed.events.first?.detail == "exit 2" && failed.events.first?.elapsed == minutes(2))
    #expect(failed.live.isEmpty, "a failed run is history")
    #expect(throws: ActivityMatcher.Failure.nothingLive) { try d.dispatch(.fail(.status(1)), source: .cli) }
  }

  @Test(arguments: [CommandExit.status(2), .status(0), .signal(2), .signal(15), .signal(40)])
  func anExitIsReadBackFromItsWords(_ exit: CommandExit) {
    #expect(CommandExit(words: exit.words) == exit, "\(exit.words)")
  }

  @Test func aSignalIsSaidByNameAndCountedAsAShellDoes() {
    #expect(CommandExit.signal(2).words == "SIGINT")
    #expect(CommandExit.signal(2).shellStatus == 130)
    #expect(CommandExit.signal(40).words == "signal 40")
  }
}

@Suite struct RunLengthsTests {
  @Test func theMedianIsNotPulledByOneOddRun() {
    #expect(RunLengths([60_000, 62_000, 600_000]).median == 62_000)
    #expect(RunLengths([60_000, 64_000]).median == 62_000, "an even count takes the middle two's mean")
    #expect(RunLengths([]).median == nil)
    #expect(RunLengths([300, 900]).median == nil, "under a second is no estimate")
  }

  @Test func anEstimateShowsProgressAndTimeLeftAndSaysWhenPastIt() {
    var build = Activity(
      id: "b1", attributes: ActivityAttributes(expected: 60_000),
      state: ContentState(name: "make", startedAt: t0, phase: .active, touchedAt: t0), createdAt: t0)
    #expect(build.taskProgress(at: t0 + 15_000) == TaskProgress(fraction: 0.25, left: 45_000))
    let over = build.taskProgress(at: t0 + 90_000)
    #expect(over?.fraction == 1 && over?.isOverEstimate == true && over?.left == -30_000)
    build.state.posted.percent = 40
    #expect(build.taskProgress(at: t0 + 90_000) == TaskProgress(fraction: 0.4, left: nil), "posted wins")
  }
}
