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
    ]
  }()

  static func fresh(_ scene: Scene, at instant: Instant, width: Int, height: Int) -> Canvas {
    var state = scene.state
    if let flash = state.flash, flash.until <= instant { state.flash = nil }
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
}
