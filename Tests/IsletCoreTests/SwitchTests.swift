import Testing

@testable import IsletCore

/// One task at a time: a switching start ends the running stopwatches and starts the next in
/// the same transaction, at the same instant.
@Suite struct SwitchTests {
  let store = InMemoryActivityStore()
  let clock = ManualClock(t0)

  let queue = IDQueue(["a111", "b222", "c333", "d444", "e555", "f666", "g777"])

  func dispatcher() -> IntentDispatcher {
    IntentDispatcher(store: store, clock: clock, newID: { [queue] in queue.next() })
  }

  func switching(_ name: String, tags: [String] = []) -> StartRequest {
    StartRequest(name: name, attributes: ActivityAttributes(tags: tags), switching: true)
  }

  @Test func aSwitchEndsTheRunningStopwatchWhereTheNextStarts() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    clock.advance(by: minutes(42))
    let outcome = try d.dispatch(.start(switching("Code review")), source: .cli)

    #expect(outcome.refusal == nil)
    #expect(outcome.activity?.name == "Code review")
    #expect(
      outcome.stopped.map(\.name) == ["Emails"], "the switch said it ended \(outcome.stopped.map(\.name))")
    #expect(outcome.live.map(\.name) == ["Code review"], "live after the switch: \(outcome.live.map(\.name))")
    let recorded = store.history.suffix(2)
    #expect(recorded.map(\.kind) == [.ended, .started])
    #expect(recorded.map(\.name) == ["Emails", "Code review"])
    // No gap and no overlap: one instant ends the one and starts the next.
    #expect(recorded.map(\.at) == [t0 + minutes(42), t0 + minutes(42)])
    #expect(recorded.first?.elapsed == minutes(42))
    let ended = try #require(try store.activity(id: "a111"))
    #expect(ended.state.phase == .ended)
    #expect(ended.endedAt == t0 + minutes(42))
    #expect(outcome.activity?.state.startedAt == ended.endedAt)
  }

  @Test func everyRunningStopwatchEndsButPausedOnesCountdownsAndPlansGoOn() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    try d.dispatch(.start(stopwatchRequest("Chat")), source: .cli)
    try d.dispatch(.start(stopwatchRequest("Reading")), source: .cli)
    try d.dispatch(.pause, to: .matching("Reading"), source: .cli)
    try d.dispatch(.start(countdownRequest("Tea", minutes: 5)), source: .cli)
    var pomodoro = StartRequest(name: "Pomodoro")
    pomodoro.attributes.plan = Plan.presets.first { $0.name == "pomodoro" }
    try d.dispatch(.start(pomodoro), source: .cli)
    clock.advance(by: minutes(1))

    let outcome = try d.dispatch(.start(switching("Code review")), source: .cli)
    #expect(Set(outcome.stopped.map(\.name)) == ["Emails", "Chat"])
    #expect(
      Set(outcome.live.map(\.name)) == ["Reading", "Tea", "Pomodoro", "Code review"],
      "live after the switch: \(outcome.live.map(\.name))")
    #expect(
      outcome.events.map(\.kind) == [.ended, .ended, .started], "recorded \(outcome.events.map(\.kind))")
    #expect(Set(outcome.events.map(\.at)) == [t0 + minutes(1)])
  }

  @Test func aProgramsRunIsNotEndedByASwitch() throws {
    let d = dispatcher()
    try d.dispatch(.start(StartRequest(name: "make test")), source: .run)
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    clock.advance(by: minutes(2))
    let outcome = try d.dispatch(.start(switching("Review")), source: .cli)
    #expect(outcome.stopped.map(\.name) == ["Emails"])
    #expect(Set(outcome.live.map(\.name)) == ["make test", "Review"])
  }

  @Test func aStartThatIsNotASwitchEndsNothing() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    clock.advance(by: minutes(2))
    let outcome = try d.dispatch(.start(stopwatchRequest("Chat")), source: .cli)
    #expect(outcome.stopped.isEmpty)
    #expect(outcome.live.count == 2)
    #expect(store.history.map(\.kind) == [.started, .started])
  }

  @Test func aRefusedSwitchEndsNothing() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    var unkeepable = switching("Odd")
    // A plan whose definition would read back otherwise (an empty label) is refused.
    var plan = try #require(Plan.presets.first)
    plan.work.label = ""
    unkeepable.attributes.plan = plan
    let outcome = try d.dispatch(.start(unkeepable), source: .cli)
    #expect(outcome.refusal != nil)
    #expect(try store.activity(id: "a111")?.state.phase == .active)
    #expect(store.history.map(\.kind) == [.started])
  }

  /// What a switch starts starts now and running: ended now, a start in the past or a ready
  /// one would leave a gap or an overlap.
  @Test func aSwitchToAReadyOrPastStartIsRefused() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    clock.advance(by: minutes(10))
    var past = switching("Call")
    past.startedAt = t0 + minutes(5)
    var ready = switching("Call")
    ready.paused = true
    for request in [past, ready] {
      let outcome = try d.dispatch(.start(request), source: .cli)
      #expect(outcome.refusal == Refusal("a switch starts Call now and running, not ready or in the past"))
    }
    #expect(store.history.map(\.kind) == [.started])
  }

  @Test func aSwitchWithNothingRunningOnlyStarts() throws {
    let outcome = try dispatcher().dispatch(.start(switching("Emails", tags: ["inbox"])), source: .cli)
    #expect(outcome.stopped.isEmpty)
    #expect(outcome.activity?.attributes.tags == ["inbox"])
    #expect(store.history.map(\.kind) == [.started])
  }

  @Test func anUpdateReplacesTheTagsAndIsRecorded() throws {
    let d = dispatcher()
    try d.dispatch(.start(switching("Emails", tags: ["inbox"])), source: .cli)
    let outcome = try d.dispatch(.update(ActivityUpdate(tags: ["team", "urgent"])), source: .cli)
    #expect(outcome.activity?.attributes.tags == ["team", "urgent"])
    #expect(outcome.events.map(\.kind) == [.updated])
    let cleared = try d.dispatch(.update(ActivityUpdate(tags: [])), source: .cli)
    #expect(cleared.activity?.attributes.tags == [])
    // The same tags again change nothing and record nothing.
    #expect(try d.dispatch(.update(ActivityUpdate(tags: [])), source: .cli).events.isEmpty)
  }
}
