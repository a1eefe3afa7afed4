import Testing

@testable import IsletCore
@testable import IsletUI

/// The island sits on a camera fixed at the screen's middle: as activities come and go and
/// the bubble's width changes, nothing is drawn in the camera's cells and the island's ends
/// stay the same distance from it on each side.
@Suite struct IslandCameraTests {
  /// The countdown running alone, then with one and two others whose bubbles differ in width:
  /// minutes (`13`), M:SS (`9:30`), a stopwatch's minutes (`12m`), an icon (ready), overtime.
  static func crowds(at now: Instant) -> [(name: String, live: [Activity])] {
    let (paused, _) = inPhase(.paused)
    let (finished, _) = inPhase(.finished)
    let running = DeviceScreenTests.another("ru01", "Run", icon: "run", minutes: 30, ago: 60, now: now)
    let short = DeviceScreenTests.another("sh01", "Egg", icon: "timer", minutes: 10, ago: 30, now: now)
    let stopwatch = DeviceScreenTests.another("sw01", "Read", icon: "book", minutes: nil, ago: 720, now: now)
    var ready = DeviceScreenTests.another("rd01", "Tea", icon: "coffee", minutes: 5, ago: 10, now: now)
    ready = try! TimerEngine.reduce(ready, .reset, at: now, source: .cli).get().activity
    return [
      ("one", [running]), ("minutes", [running, paused]), ("seconds", [running, short]),
      ("stopwatch", [running, stopwatch]), ("icon", [running, ready]), ("overtime", [running, finished]),
      ("three", [running, stopwatch, short]),
    ]
  }

  @Test(arguments: [(100, 30), (60, 20), (40, 12)])
  func theCameraStaysWhereItIs(width: Int, height: Int) {
    let now = inPhase(.paused).1
    let camera = Island.cameraX(width: width)
    #expect(camera == (width - Island.cameraColumns) / 2)
    var bubbles: Set<Int> = []
    for crowd in Self.crowds(at: now) {
      let frame = DeviceView.Frame(
        live: ActivityMatcher.ranked(crowd.live, at: now), state: DeviceState(), now: now, policy: .standard,
        theme: ThemeCatalog.fallback, ascii: false, utcOffset: 0)
      let canvas = DeviceView.draw(frame, width: width, height: height)
      let top = canvas.lines[0]
      let what = "\(crowd.name) at \(width)×\(height):\n\(framed(canvas))"
      // The island's corners, the first pair on the top row.
      let cells = Array(top)
      guard let left = cells.firstIndex(of: "▗"), let right = cells.firstIndex(of: "▖") else {
        Issue.record("no island: \(what)")
        continue
      }
      #expect(
        left + right == 2 * camera + Island.cameraColumns - 1, "the island centered on the camera: \(what)")
      for x in camera..<camera + Island.cameraColumns {
        #expect(
          canvas[x, 1].glyph.isSpace && canvas[x, 1].fill == .island, "column \(x) of the camera: \(what)")
      }
      if let bubble = cells[(right + 1)...].firstIndex(of: "▖") { bubbles.insert(bubble - right) }
    }
    if width >= 60 { #expect(bubbles.count > 1, "bubbles of different widths were drawn: \(bubbles)") }
  }
}
