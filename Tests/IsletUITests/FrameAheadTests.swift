import Testing

@testable import IsletCore
@testable import IsletUI

/// The view prints frames drawn ahead; each must be what drawing afresh would show at every
/// instant it stands for, and its changes those from the frame before it.
@Suite struct FrameAheadTests {
  struct Scene: CustomTestStringConvertible {
    var name: String
    var stored: [Activity]
    var state = DeviceState()
    var from: Instant
    var presentation: Presentation?
    var testDescription: String { name }
  }

  static let scenes: [Scene] = {
    let countdown = workout()
    let stopwatch = step(workout(countdown: false, name: "Focus"), .pause, at: seconds(95))
    var flashing = DeviceState()
    flashing.show("Paused 'Focus'", at: t0 + minutes(24) + seconds(52))
    // The deadline's alert: the island expanded by itself for five seconds, then compact again.
    var alerting = DeviceState()
    alerting.show("⏰ Workout — time's up", alert: true, at: t0 + minutes(25))
    alerting.alerting = DeviceState.Alerting(
      activityID: countdown.id, summary: "⏰ Workout — time's up", until: t0 + minutes(25) + seconds(5))
    return [
      // Its last seconds, the deadline, finished, then stale: each a change of look.
      Scene(name: "countdown ending", stored: [countdown], from: t0 + minutes(24) + seconds(50)),
      Scene(name: "countdown crossing stale", stored: [countdown], from: t0 + minutes(29) + seconds(55)),
      // Two activities, a flash that hides itself, the clock's minute turning.
      Scene(
        name: "stopwatch and countdown, a flash", stored: [stopwatch, countdown], state: flashing,
        from: t0 + minutes(24) + seconds(52) + 400),
      Scene(
        name: "compact pane", stored: [countdown, stopwatch], from: t0 + minutes(3) + seconds(55),
        presentation: .compact),
      Scene(
        name: "an alert's expansion ending", stored: [countdown], state: alerting, from: t0 + minutes(25)),
    ]
  }()

  static func fresh(_ scene: Scene, at instant: Instant, width: Int, height: Int) -> Canvas {
    var state = scene.state
    if let flash = state.flash, flash.until <= instant { state.flash = nil }
    if let alerting = state.alerting, alerting.until <= instant { state.alerting = nil }
    let frame = DeviceView.Frame(
      live: ActivityMatcher.ranked(scene.stored, at: instant), state: state, now: instant, policy: .standard,
      theme: ThemeCatalog.fallback, ascii: false)
    return scene.presentation.map { DeviceView.draw($0, frame, width: width, height: height) }
      ?? DeviceView.draw(frame, width: width, height: height)
  }

  @Test(arguments: scenes)
  func framesDrawnAheadAreWhatTheScreenShowsThen(scene: Scene) {
    let (width, height) = scene.presentation == nil ? (100, 30) : (60, 1)
    var basis = Self.fresh(scene, at: scene.from, width: width, height: height)
    var state = scene.state
    var instant = scene.from
    var changed = 0
    for _ in 0..<20 {
      let ahead = DeviceView.FrameAhead(
        stored: scene.stored, state: state, at: instant, policy: .standard, theme: ThemeCatalog.fallback,
        ascii: false, presentation: scene.presentation, after: basis)
      #expect(ahead.changes == ahead.canvas.changes(from: basis))
      #expect(ahead.shows(at: instant, width: width, height: height))
      #expect(!ahead.shows(at: instant, width: width + 1, height: height))
      #expect(!ahead.shows(at: instant - 1, width: width, height: height))
      guard let until = ahead.until else { break }
      #expect(until > instant)
      #expect(!ahead.shows(at: until, width: width, height: height))
      // Its first and last millisecond, and one between.
      for at in [instant, instant + (until - instant) / 2, until - 1] {
        let fresh = Self.fresh(scene, at: at, width: width, height: height)
        let same = ahead.canvas == fresh
        #expect(
          same,
          "frame for \(instant.milliseconds) at \(at.milliseconds):\n\(framed(ahead.canvas))\n\(framed(fresh))"
        )
      }
      if ahead.canvas != basis { changed += 1 }
      (basis, state, instant) = (ahead.canvas, ahead.frame.state, until)
    }
    // Time moved what is on screen: the comparisons above were of different frames.
    #expect(changed >= 15)
  }

  /// An alert heard off the second's beat (400 ms after Egg's deadline): the frames drawn
  /// ahead stop where the expansion ends, not at the next second after it, and the model,
  /// woken then, draws the island compact again.
  @Test func framesDrawnAheadStopWhereTheModelMustHearOfTime() throws {
    var request = StartRequest(id: "egg1", name: "Egg")
    request.attributes.mode = .countdown
    request.attributes.fullDuration = minutes(1)
    let egg = try TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
    var model = DeviceModel(
      theme: ThemeCatalog.fallback, ascii: false, policy: .standard, alerts: AlertPolicy())
    _ = model.update(.stored([egg], seq: 1), at: t0)
    _ = model.update(.tick, at: t0)
    let heard = t0 + minutes(1) + 400
    let settled = TimerEngine.settle(egg, at: heard)
    #expect(model.update(.stored([settled.activity], seq: 2, events: settled.events), at: heard) == [.ring])
    let stop = try #require(model.tickAt)
    #expect(stop == heard + DeviceState.alertTime)

    let frame = model.frame(at: heard)
    var lookahead = DeviceView.Lookahead()
    lookahead.fill(
      after: frame, canvas: DeviceView.draw(frame, width: 100, height: 30), stored: model.stored,
      presentation: nil, settleAt: stop)
    var drawn: [DeviceView.FrameAhead] = []
    // Eight are drawn at a time: the runner draws more from the last when they are shown.
    while true {
      while let due = lookahead.nextDue, let ahead = lookahead.take(at: due, width: 100, height: 30) {
        drawn.append(ahead)
      }
      guard let last = drawn.last, let until = last.until, until < stop, drawn.count < 20 else { break }
      lookahead.fill(
        after: last.frame, canvas: last.canvas, stored: model.stored, presentation: nil, settleAt: stop)
    }
    // The island growing in four frames, each second's flip, and the flash going at 2.4 s; the
    // last stands until the stop.
    #expect(drawn.map { $0.frame.now - heard } == [50, 100, 150, 200, 600, 1600, 2000, 2600, 3600, 4600])
    #expect(drawn.last?.until == stop)
    for ahead in drawn {
      if ahead.frame.now - heard >= IslandMotion.duration {
        #expect(ahead.canvas.lines[1].contains("Egg · Time's up"), "\(framed(ahead.canvas))")
      }
      #expect(ahead.canvas == DeviceView.draw(model.frame(at: ahead.frame.now), width: 100, height: 30))
    }
    #expect(model.update(.tick, at: stop) == [])
    let after = DeviceView.draw(model.frame(at: stop + IslandMotion.duration), width: 100, height: 30)
    #expect(after.lines[1].contains("▐ ⏱ Egg"), "\(framed(after))")
  }
}

/// The clock's and the key hints' rows, and a banner's outline, are copied from the last frame
/// with the same inputs: a frame so drawn must be the frame drawn with nothing kept.
@Suite struct LastDrawnTests {
  @Test func aFrameCopyingTheLastFramesRowsIsTheFrameDrawnAfresh() {
    let countdown = workout()
    let paused = step(countdown, .pause, at: seconds(70))
    let stopwatch = workout(countdown: false, name: "Focus")
    // Neighbours share the minute, the width or the hints; each differs from the one before.
    let cases: [(Activity, Instant, Int, Bool)] = [
      (countdown, t0 + seconds(10), 100, false), (countdown, t0 + seconds(11), 100, false),
      (paused, t0 + seconds(12), 100, false), (paused, t0 + seconds(75), 100, false),
      (countdown, t0 + seconds(75), 80, false), (countdown, t0 + seconds(76), 80, true),
      (stopwatch, t0 + seconds(77), 80, true), (stopwatch, t0 + minutes(90), 100, false),
      // A narrower banner, whose outline is kept too.
      (countdown, t0 + seconds(78), 50, false), (countdown, t0 + seconds(79), 100, false),
    ]
    var memo = DrawingMemo()
    func draw(_ index: Int, memo: inout DrawingMemo) -> Canvas {
      let (activity, now, width, ascii) = cases[index]
      let frame = DeviceView.Frame(
        live: [activity], state: DeviceState(), now: now, policy: .standard, theme: ThemeCatalog.fallback,
        ascii: ascii, utcOffset: 0)
      return DeviceView.draw(frame, width: width, height: 30, memo: &memo)
    }
    func draw(_ index: Int) -> Canvas { draw(index, memo: &memo) }
    // Drawn afresh: with nothing kept.
    func afresh(_ index: Int) -> Canvas {
      var fresh = DrawingMemo()
      return draw(index, memo: &fresh)
    }
    let fresh = cases.indices.map(afresh)
    for index in cases.indices.dropFirst() {
      _ = draw(index - 1)
      let kept = draw(index)
      #expect(kept == fresh[index], "case \(index):\n\(framed(kept))\n\(framed(fresh[index]))")
      #expect(draw(index) == fresh[index], "case \(index) drawn twice")
    }
    #expect(fresh[1].line(29) != fresh[2].line(29), "the hints follow the phase")
  }
}
