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

  /// An agent's or a script's activity posts what it does: it is theirs, not a task of the
  /// user's, so a switch leaves it and `stopwatch-switch` does not make its start one.
  @Test func aProgramsPostedActivityIsNeitherEndedNorASwitchByDefault() throws {
    let d = dispatcher()
    try d.dispatch(.start(StartRequest(name: "Agent", posted: Posted(text: "Working"))), source: .cli)
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    clock.advance(by: minutes(2))
    let outcome = try d.dispatch(.start(switching("Review")), source: .cli)
    #expect(outcome.stopped.map(\.name) == ["Emails"])
    var configuration = Configuration()
    configuration.stopwatchSwitch = true
    let agent = StartRequest(name: "Agent 2", posted: Posted(text: "Working"))
    #expect(!configuration.switchesByDefault(agent, at: clock.now()))
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

  /// What a switch starts starts running, now or ahead: ended then, a start in the past or a
  /// ready one would leave a gap or an overlap.
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
      #expect(
        outcome.refusal == Refusal("a switch starts Call running, now or ahead, not ready or in the past"))
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

  // MARK: - Pending starts that switch

  func ahead(_ name: String, in delay: Milliseconds, switching: Bool = true) -> StartRequest {
    var request = StartRequest(name: name, switching: switching)
    request.startedAt = clock.now() + delay
    return request
  }

  /// A pending start that switches ends nothing when it is made; when its time comes it ends
  /// the running stopwatch at its start, however late a writer settles it.
  @Test func aPendingSwitchEndsTheRunningStopwatchAtItsStartWhenTimeStartsIt() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    let scheduled = try d.dispatch(.start(ahead("Standup", in: minutes(10))), source: .cli)
    #expect(scheduled.stopped.isEmpty, "scheduling ended \(scheduled.stopped.map(\.name))")
    #expect(scheduled.activity?.state.phase == .pending)
    #expect(scheduled.activity?.attributes.switches == true)
    #expect(try store.activity(id: "a111")?.state.phase == .active)

    // Nobody looks until well after the start.
    clock.advance(by: minutes(25))
    let look = try d.dispatch(.pause, to: .matching("Standup"), source: .cli)
    let start = t0 + minutes(10)
    #expect(look.events.map(\.kind) == [.ended, .started, .paused], "recorded \(look.events.map(\.kind))")
    #expect(look.events.map(\.name) == ["Emails", "Standup", "Standup"])
    #expect(look.events.prefix(2).map(\.at) == [start, start])
    #expect(look.events.first?.source == .time)
    #expect(look.events.first?.elapsed == minutes(10))
    let emails = try #require(try store.activity(id: "a111"))
    #expect(emails.state.phase == .ended)
    #expect(emails.endedAt == start)
    #expect(look.live.map(\.name) == ["Standup"], "live after: \(look.live.map(\.name))")
  }

  @Test func aPendingSwitchStartedEarlyByHandEndsTheRunningOnesThen() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    try d.dispatch(.start(ahead("Standup", in: minutes(30))), source: .cli)
    clock.advance(by: minutes(5))
    let outcome = try d.dispatch(.resume, to: .matching("Standup"), source: .cli)
    #expect(outcome.refusal == nil)
    #expect(outcome.stopped.map(\.name) == ["Emails"])
    #expect(outcome.events.map(\.kind) == [.ended, .started])
    #expect(Set(outcome.events.map(\.at)) == [t0 + minutes(5)])
    #expect(outcome.live.map(\.name) == ["Standup"])
  }

  @Test func aPendingStartThatDoesNotSwitchLeavesTheOthersRunning() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    try d.dispatch(.start(ahead("Standup", in: minutes(10), switching: false)), source: .cli)
    clock.advance(by: minutes(11))
    let outcome = try d.dispatch(.lap, to: .matching("Emails"), source: .cli)
    #expect(outcome.events.map(\.kind) == [.started, .lapped])
    #expect(Set(outcome.live.map(\.name)) == ["Emails", "Standup"])
  }

  /// Two pending switches in a row: each runs until the next starts; a program's run, a
  /// countdown and a paused stopwatch go on throughout.
  @Test func pendingSwitchesFollowEachOtherAndLeaveWhatASwitchLeaves() throws {
    let d = dispatcher()
    try d.dispatch(.start(StartRequest(name: "make test")), source: .run)
    try d.dispatch(.start(stopwatchRequest("Reading")), source: .cli)
    try d.dispatch(.pause, to: .matching("Reading"), source: .cli)
    try d.dispatch(.start(countdownRequest("Tea", minutes: 60)), source: .cli)
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    try d.dispatch(.start(ahead("Review", in: minutes(20))), source: .cli)
    try d.dispatch(.start(ahead("Standup", in: minutes(10))), source: .cli)
    clock.advance(by: minutes(30))
    let outcome = try d.dispatch(.start(stopwatchRequest("Lunch")), source: .cli)
    let ends = store.history.filter { $0.kind == .ended }
    #expect(ends.map(\.name) == ["Emails", "Standup"], "ended: \(ends.map(\.name))")
    #expect(ends.map(\.at) == [t0 + minutes(10), t0 + minutes(20)])
    #expect(ends.map(\.elapsed) == [minutes(10), minutes(10)])
    #expect(
      Set(outcome.live.map(\.name)) == ["make test", "Reading", "Tea", "Review", "Lunch"],
      "live after: \(outcome.live.map(\.name))")
  }

  /// Two starts at the same instant run side by side: neither was running when the other began.
  @Test func pendingStartsAtTheSameInstantDoNotEndEachOther() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    try d.dispatch(.start(ahead("Standup", in: minutes(10))), source: .cli)
    try d.dispatch(.start(ahead("Notes", in: minutes(10))), source: .cli)
    try d.dispatch(.start(ahead("Timer", in: minutes(10), switching: false)), source: .cli)
    clock.advance(by: minutes(11))
    let outcome = try d.dispatch(.lap, to: .matching("Standup"), source: .cli)
    #expect(store.history.filter { $0.kind == .ended }.map(\.name) == ["Emails"])
    #expect(Set(outcome.live.map(\.name)) == ["Standup", "Notes", "Timer"], "\(outcome.live.map(\.name))")
  }

  /// A switch a moment ahead that the clock overtook before the dispatch (it waited for the
  /// store) starts now; one meant in the past is still refused.
  @Test func aSwitchTheClockJustOvertookStartsNow() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    let soon = ahead("Standup", in: 1000)
    clock.advance(by: 3000)
    let outcome = try d.dispatch(.start(soon), source: .cli)
    #expect(outcome.refusal == nil, "\(outcome.refusal?.reason ?? "")")
    #expect(outcome.activity?.state.phase == .active && outcome.activity?.state.startedAt == clock.now())
    #expect(outcome.stopped.map(\.name) == ["Emails"])
    var past = switching("Call")
    past.startedAt = clock.now() - TimerEngine.switchSlip - 1
    #expect(try d.dispatch(.start(past), source: .cli).refusal != nil)
  }

  @Test func aCancelledPendingSwitchEndsNothing() throws {
    let d = dispatcher()
    try d.dispatch(.start(stopwatchRequest("Emails")), source: .cli)
    try d.dispatch(.start(ahead("Standup", in: minutes(10))), source: .cli)
    try d.dispatch(.end, to: .matching("Standup"), source: .cli)
    clock.advance(by: minutes(15))
    let outcome = try d.dispatch(.lap, to: .matching("Emails"), source: .cli)
    #expect(outcome.refusal == nil)
    #expect(outcome.live.map(\.name) == ["Emails"])
  }

  @Test func stopwatchSwitchMakesAStartAheadSwitchButNotOneInThePast() {
    var configuration = Configuration()
    configuration.stopwatchSwitch = true
    let now = t0
    var request = StartRequest(name: "Standup")
    #expect(configuration.switchesByDefault(request, at: now))
    request.startedAt = now + minutes(10)
    #expect(configuration.switchesByDefault(request, at: now))
    request.startedAt = now - minutes(10)
    #expect(!configuration.switchesByDefault(request, at: now))
  }
}
