import Testing

@testable import IsletCore

/// What a remote host's activities did between two looks, as the alert channels here need it.
@Suite struct RemoteChangesTests {
  /// A countdown as a host shows it, marked with the host.
  func tea(minutes m: Int64 = 5) throws -> Activity {
    var activity = try applied(nil, .start(countdownRequest("Tea", minutes: m)), at: t0).activity
    activity.id = "wk01@build"
    activity.attributes.host = "build"
    return activity
  }

  @Test func aDeadlineIsTheSameEndWhicheverSideNoticesFirst() throws {
    let running = try tea()
    let deadline = try #require(running.deadline)
    // Settled here first: time's own finished, at the deadline.
    let (settled, pending) = TimerEngine.settled([running], at: deadline + 2_000, policy: .standard)
    #expect(pending.map(\.kind) == [.finished] && pending.first?.at == deadline, "\(pending)")
    // The host's line then says finished too: nothing new.
    #expect(RemoteChanges.events(from: settled, to: settled, at: deadline + 3_000).isEmpty)
    // Heard from the host before this side settled: the same end, at the same instant.
    var finished = running
    finished.state.phase = .finished
    let heard = RemoteChanges.events(from: [running], to: [finished], at: deadline + 500)
    #expect(heard.map(\.kind) == [.finished] && heard.first?.at == deadline && heard.first?.source == .time)
  }

  @Test func aCallForAttentionAndAFailureAreNewsAndAnAnswerActsOnThem() throws {
    let running = try tea()
    var asking = running
    asking.state.posted.attention = "Approve the deploy?"
    let asked = RemoteChanges.events(from: [running], to: [asking], at: t0 + 10_000)
    #expect(asked.map(\.kind) == [.attention] && asked.first?.detail == "Approve the deploy?")
    // Asked again with the same words: not said twice.
    #expect(RemoteChanges.events(from: [asking], to: [asking], at: t0 + 20_000).isEmpty)
    let answered = RemoteChanges.events(from: [asking], to: [running], at: t0 + 30_000)
    #expect(answered.map(\.kind) == [.updated] && answered.first?.source == .cli)
    var failed = running
    failed.state.phase = .failed
    failed.state.exit = .status(2)
    let ended = RemoteChanges.events(from: [running], to: [failed], at: t0 + 40_000)
    #expect(ended.contains { $0.kind == .failed && $0.detail == "exit 2" }, "\(ended)")
  }

  @Test func anActivityGoneFromTheHostIsEndedHereSoItsAlertIsWithdrawn() throws {
    let running = try tea()
    let events = RemoteChanges.events(from: [running], to: [], at: t0 + 5_000)
    #expect(events.map(\.kind) == [.ended] && events.first?.activityID == "wk01@build")
  }

  @Test func aHostsNameAndAddressAreCheckedAndAnActivityIsSplitAtItsHost() {
    #expect(RemoteHost.isName("build-2") && !RemoteHost.isName("Build") && !RemoteHost.isName("-x"))
    #expect(RemoteHost.problem(address: "me@build.example") == nil)
    #expect(RemoteHost.problem(address: "-oProxyCommand=sh") == "a host cannot start with -")
    #expect(RemoteHost.problem(address: "a b") != nil && RemoteHost.problem(address: "a;b") != nil)
    let hosts = [RemoteHost(name: "build", address: "me@build.example")]
    #expect(RemoteHost.split("Tea@home@build", among: hosts).map { $0.0 } == "Tea@home")
    #expect(RemoteHost.split("Tea@other", among: hosts) == nil)
  }
}
