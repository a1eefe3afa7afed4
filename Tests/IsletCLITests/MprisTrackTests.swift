import IsletCore
import IsletRuntime
import Testing

/// What an activity's media player shows, and what a change signals: never a tick, always a jump.
@Suite struct MprisTrackTests {
  let t0 = Instant(seconds: 1_764_493_500)

  func step(_ activity: Activity?, _ intent: Intent, at now: Instant) throws -> Activity {
    try TimerEngine.reduce(activity, intent, at: now, source: .media).get().activity
  }

  func tea() throws -> Activity {
    var attributes = ActivityAttributes(icon: "timer")
    attributes.mode = .countdown
    attributes.fullDuration = 300_000
    return try step(nil, .start(StartRequest(id: "te2a", name: "Tea", attributes: attributes)), at: t0)
  }

  @Test func aRunningCountdownPlaysAndItsPositionMovesWithoutAChange() throws {
    let tea = try tea()
    let track = MprisTrack(tea, at: t0)
    #expect(track.status == .playing)
    #expect(
      track.metadata == [
        "mpris:trackid": .objectPath("/org/islet/activity/ate2a"), "xesam:title": .string("Tea"),
        "xesam:artist": .strings(["running"]), "mpris:length": .int64(300_000_000),
      ])
    let later = MprisTrack(tea, at: t0 + 61_000)
    #expect(later.position(at: t0 + 61_000) == 61_000_000)
    #expect(later.changes(from: track).properties.isEmpty && !later.changes(from: track).seeked)
    // Past its end, before the watcher records it, the position stays at the end.
    #expect(later.position(at: t0 + 400_000) == 300_000_000)
  }

  @Test func aPauseAResumeAnAdjustAndAResetEachSignalAJump() throws {
    let running = try tea()
    var shown = MprisTrack(running, at: t0)
    let paused = try step(running, .pause, at: t0 + 10_000)
    var changes = MprisTrack(paused, at: t0 + 20_000).changes(from: shown)
    #expect(changes.properties["PlaybackStatus"] == .string("Paused") && changes.seeked)
    #expect(MprisTrack(paused, at: t0 + 20_000).position(at: t0 + 99_000) == 10_000_000)
    shown = MprisTrack(paused, at: t0 + 20_000)
    let resumed = try step(paused, .resume, at: t0 + 30_000)
    changes = MprisTrack(resumed, at: t0 + 30_000).changes(from: shown)
    #expect(changes.properties["PlaybackStatus"] == .string("Playing") && changes.seeked)
    shown = MprisTrack(resumed, at: t0 + 30_000)
    let adjusted = try step(resumed, .adjust(by: 60_000), at: t0 + 40_000)
    changes = MprisTrack(adjusted, at: t0 + 40_000).changes(from: shown)
    #expect(changes.properties.keys.sorted() == ["Metadata"] && changes.seeked)
    shown = MprisTrack(adjusted, at: t0 + 40_000)
    let reset = try step(adjusted, .reset, at: t0 + 50_000)
    changes = MprisTrack(reset, at: t0 + 50_000).changes(from: shown)
    #expect(changes.seeked && MprisTrack(reset, at: t0 + 50_000).position(at: t0 + 50_000) == 0)
  }

  @Test func aPlanSaysItsSegmentAndRoundAndHasANext() throws {
    let plan = try #require(Plan.presets.first { $0.name == "pomodoro" })
    let request = StartRequest(
      id: "po2o", name: "Pomodoro", attributes: ActivityAttributes(icon: "timer", plan: plan))
    let run = try step(nil, .start(request), at: t0)
    let track = MprisTrack(run, at: t0)
    #expect(track.artist == "Focus 1/4" && track.canGoNext)
    let skipped = try step(run, .skip, at: t0 + 60_000)
    let changes = MprisTrack(skipped, at: t0 + 60_000).changes(from: track)
    #expect(changes.properties.keys.sorted() == ["Metadata"] && changes.seeked)
    #expect(!MprisTrack(try tea(), at: t0).canGoNext)
  }

  @Test func aStopwatchHasNoLengthAndAFinishedCountdownStopsAtItsEnd() throws {
    let watch = try step(nil, .start(StartRequest(id: "st2p", name: "Run")), at: t0)
    #expect(MprisTrack(watch, at: t0).metadata["mpris:length"] == nil)
    let finished = TimerEngine.settle(try tea(), at: t0 + 301_000).activity
    let track = MprisTrack(finished, at: t0 + 400_000)
    #expect(track.status == .stopped && track.position(at: t0 + 500_000) == 300_000_000)
  }

  @Test func anIdOfAnyTextIsAValidPathAndNameElement() {
    #expect(MprisTrack.element("ab2c") == "aab2c")
    #expect(MprisTrack.element("é-1.x") == "a__1_x")
  }
}
