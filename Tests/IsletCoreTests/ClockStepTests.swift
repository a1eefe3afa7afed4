import Testing

@testable import IsletCore

/// The wall clock jumping forward (a computer waking from sleep) or stepping back (set by
/// hand or by NTP), through the dispatcher and a store, on a hand-moved clock.
@Suite struct ClockStepTests {
  let clock = ManualClock(t0)
  let store = InMemoryActivityStore()
  var dispatcher: IntentDispatcher { IntentDispatcher(store: store, clock: clock) }

  func current() throws -> Activity { try #require(try store.liveActivities().first) }

  @Test func aStopwatchCountsTheTimeTheComputerSlept() throws {
    _ = try dispatcher.dispatch(.start(stopwatchRequest()), to: .current, source: .cli)
    clock.set(t0 + minutes(3 * 60))
    #expect(try current().displayTime(at: clock.now()) == "3:00:00")
    #expect(try dispatcher.settle().isEmpty)
  }

  @Test func aCountdownThatRanOutDuringSleepFinishesAtItsDeadline() throws {
    _ = try dispatcher.dispatch(.start(countdownRequest()), to: .current, source: .cli)
    clock.set(t0 + minutes(2 * 60))
    let recorded = try dispatcher.settle()
    #expect(recorded.map(\.kind) == [.finished])
    #expect(recorded.first?.at == t0 + minutes(25))
    #expect(try current().displayTime(at: clock.now()) == "+1:35:00")
    // Noticed once, however many look after waking.
    #expect(try dispatcher.settle().isEmpty)
  }

  @Test func aSleepLongerThanMaxIdleExpiresAtMaxIdleNotAtWake() throws {
    _ = try dispatcher.dispatch(.start(stopwatchRequest()), to: .current, source: .cli)
    clock.set(t0 + minutes(20 * 60))
    let recorded = try dispatcher.settle()
    #expect(recorded.map(\.kind) == [.expired])
    #expect(recorded.first?.at == t0 + TimePolicy.standard.maxIdle)
    #expect(recorded.first?.elapsed == TimePolicy.standard.maxIdle)
    #expect(try store.liveActivities().isEmpty)
  }

  @Test func settingTheClockBackKeepsAPausedTimeAndAFinishedCountdown() throws {
    _ = try dispatcher.dispatch(.start(countdownRequest()), to: .current, source: .cli)
    clock.set(t0 + minutes(10))
    _ = try dispatcher.dispatch(.pause, to: .current, source: .cli)
    clock.set(t0 - minutes(60))
    #expect(try current().displayTime(at: clock.now()) == "15:00")
    _ = try dispatcher.dispatch(.resume, to: .current, source: .cli)
    #expect(try current().displayTime(at: clock.now()) == "15:00")
    clock.set(t0 - minutes(60) + minutes(15))
    #expect(try dispatcher.settle().map(\.kind) == [.finished])
    // Set back again before the deadline: finished stays finished.
    clock.set(t0 - minutes(120))
    #expect(try current().phase(at: clock.now()) == .finished)
    #expect(try dispatcher.settle().isEmpty)
  }

  @Test func aRunningStopwatchFollowsTheClockButNeverBelowZero() throws {
    _ = try dispatcher.dispatch(.start(stopwatchRequest()), to: .current, source: .cli)
    clock.set(t0 + minutes(10))
    #expect(try current().displayTime(at: clock.now()) == "10:00")
    clock.set(t0 + minutes(4))
    #expect(try current().displayTime(at: clock.now()) == "4:00")
    clock.set(t0 - minutes(30))
    #expect(try current().displayTime(at: clock.now()) == "0:00")
    #expect(try current().phase(at: clock.now()) == .active)
  }
}
