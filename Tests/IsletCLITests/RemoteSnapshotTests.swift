import IsletCore
import IsletRuntime
import Testing

/// A host's `status --all --format json` line read back into activities shown here.
@Suite struct RemoteSnapshotTests {
  let t0 = Instant(seconds: 1_764_493_500)

  func line(at: String = "2025-11-30T09:05:10.000Z", protocol spoken: Int = 1) -> [UInt8] {
    let tea = """
      {"id":"te2a","name":"Tea","icon":"timer","mode":"countdown","phase":"active","time":"4:50",\
      "elapsed":10,"remaining":290,"duration":300,"progress":0.03,"stale":false,"category":"home",\
      "recordID":null,"owner":null,"relevance":0,"createdAt":"2025-11-30T09:05:00.000Z",\
      "startedAt":"2025-11-30T09:05:00.000Z","pausedAt":null,"deadline":"2025-11-30T09:10:00.000Z",\
      "endedAt":null,"plan":null,"laps":0,"lastLap":null,"state":"Steeping","attention":null,\
      "buttons":["Milk"],"expected":null,"exit":null,"tmuxPane":null}
      """
    return Array(#"{"islet":"0.1.0","protocol":\#(spoken),"at":"\#(at)","activities":[\#(tea)]}"#.utf8)
  }

  @Test func aLineIsReadBackAsTheHostsActivitiesMarkedWithItsName() throws {
    let snapshot = try RemoteSnapshot.parse(line(), host: "build").get()
    let tea = try #require(snapshot.activities.first)
    #expect(tea.id == "te2a@build" && tea.name == "Tea@build" && tea.attributes.host == "build")
    #expect(tea.state.category == "home" && tea.state.posted.text == "Steeping")
    #expect(tea.state.posted.buttons.map(\.label) == ["Milk"])
    #expect(tea.remaining(at: t0 + 10_000) == 290_000)
    #expect(snapshot.at == t0 + 10_000)
  }

  /// A pending start has no `startedAt` yet: its start is `startsAt`.
  @Test func aPendingStartIsReadByWhenItStarts() throws {
    let text = String(decoding: line(), as: UTF8.self)
      .replacing(#""phase":"active""#, with: #""phase":"pending""#)
      .replacing(
        #""startedAt":"2025-11-30T09:05:00.000Z","#,
        with: #""startedAt":null,"startsAt":"2025-11-30T09:15:00.000Z","#)
    let snapshot = try RemoteSnapshot.parse(Array(text.utf8), host: "build").get()
    let tea = try #require(snapshot.activities.first, "the pending start was dropped")
    #expect(tea.state.phase == .pending && tea.startsAt == t0 + 600_000)
  }

  @Test func aHostWhoseClockIsOffIsShownByThisMachinesClock() throws {
    let snapshot = try RemoteSnapshot.parse(line(), host: "build").get()
    // Heard a minute later by this clock than the host's says: its times move by that minute.
    let shown = snapshot.shown(heardAt: t0 + 70_000, stale: false)
    #expect(shown.first?.remaining(at: t0 + 70_000) == 290_000)
    // Under a second apart is the wire's delay, not a clock: left as it is.
    let near = snapshot.shown(heardAt: t0 + 10_400, stale: false)
    #expect(near.first?.remaining(at: t0 + 10_000) == 290_000)
    #expect(snapshot.shown(heardAt: t0 + 10_000, stale: true).first?.isStale(at: t0 + 10_000) == true)
  }

  @Test func anotherProtocolOrAnythingElseIsRefusedWithOneLine() {
    guard case .failure(let problem) = RemoteSnapshot.parse(line(protocol: 2), host: "build") else {
      Issue.record("protocol 2 was read")
      return
    }
    #expect(
      problem.message(host: "build").hasPrefix("build runs Islet 0.1.0 (remote protocol 2); this is Islet"))
    guard case .failure(let garbage) = RemoteSnapshot.parse(Array("Last login: Fri".utf8), host: "build")
    else {
      Issue.record("a banner was read")
      return
    }
    #expect(garbage == .garbage("Last login: Fri"))
    #expect(LocalTime.instant(iso: "2025-11-30T09:05:10.000Z") == t0 + 10_000)
    #expect(LocalTime.instant(iso: LocalTime.iso(t0 + 123)) == t0 + 123)
    #expect(LocalTime.instant(iso: "2025-13-30T09:05:10.000Z") == nil)
  }

  @Test func aTasksTagsAndPostedProgressComeAcrossAndAnotherHostsActivityDoesNot() throws {
    let task = """
      {"id":"dp1y","name":"Deploy","icon":"code","mode":"stopwatch","phase":"active","time":"2:00",\
      "elapsed":120,"remaining":null,"duration":null,"progress":0.72,"stale":false,"category":null,\
      "tags":["prod","eu"],"recordID":null,"owner":null,"relevance":0,\
      "createdAt":"2025-11-30T09:05:00.000Z","startedAt":"2025-11-30T09:05:00.000Z","pausedAt":null,\
      "deadline":null,"endedAt":null,"plan":null,"laps":0,"lastLap":null,"state":null,"attention":null,\
      "buttons":[],"expected":null,"exit":null,"tmuxPane":null}
      """
    // What this host shows of a third: a host following itself or another would loop.
    let relayed = task.replacingOccurrences(of: #""id":"dp1y""#, with: #""id":"dp1y@lab""#)
    let text =
      #"{"islet":"0.1.0","protocol":1,"at":"2025-11-30T09:07:00.000Z","activities":[\#(task),\#(relayed)]}"#
    let snapshot = try RemoteSnapshot.parse(Array(text.utf8), host: "build").get()
    #expect(snapshot.activities.map(\.id) == ["dp1y@build"], "\(snapshot.activities.map(\.id))")
    let deploy = try #require(snapshot.activities.first)
    #expect(deploy.attributes.tags == ["prod", "eu"])
    #expect(deploy.state.posted.percent == 72 && deploy.shownProgress(at: t0 + 120_000) == 0.72)
  }
}
