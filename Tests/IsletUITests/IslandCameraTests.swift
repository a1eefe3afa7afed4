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

/// `islet --presentation compact` in a pane with a row to spare draws the island the full view
/// draws, three rows on the same camera; a one-row pane keeps the one-row island.
@Suite struct CompactPaneTests {
  @Test func aPaneOfFourRowsShowsTheThreeRowIsland() {
    let (activity, now) = inPhase(.active)
    let frame = DeviceView.Frame(
      live: [activity], state: DeviceState(), now: now, policy: .standard, theme: ThemeCatalog.fallback,
      ascii: false, utcOffset: 0)
    let tall = DeviceView.draw(.compact, frame, width: 60, height: 4)
    let camera = Island.cameraX(width: 60)
    #expect(tall.lines[0].contains("▗▄▄") && tall.lines[2].contains("▝▀▀"), "\(framed(tall))")
    #expect(tall.lines[1].contains("Workout"), "\(framed(tall))")
    #expect(
      (camera..<camera + Island.cameraColumns).allSatisfy { tall[$0, 1].fill == .island }, "\(framed(tall))")
    let row = DeviceView.draw(.compact, frame, width: 60, height: 1)
    #expect(row.lines[0].contains("▐ ⏱ Workout"), "\(framed(row))")
  }
}

/// `e` grows the island into the expanded one in a few frames, and a second `e` shrinks it
/// back; between the changes nothing is drawn for it.
@Suite struct IslandMotionTests {
  /// The island's rim on `canvas`: its rows (the top corner's to the bottom's) and its width.
  func rim(_ canvas: Canvas) -> (rows: Int, width: Int)? {
    let lines = canvas.lines
    guard let left = Array(lines[0]).firstIndex(of: "▗"), let right = Array(lines[0]).firstIndex(of: "▖"),
      let bottom = lines.firstIndex(where: { $0.contains("▝") })
    else { return nil }
    return (bottom + 1, right - left + 1)
  }

  @Test func theIslandGrowsAndShrinksInAFewFrames() {
    let (activity, now) = inPhase(.active)
    var model = DeviceModel(
      theme: ThemeCatalog.fallback, ascii: false, policy: .standard, alerts: AlertPolicy())
    _ = model.update(.stored([activity], seq: 1), at: now)
    _ = model.update(.tick, at: now)
    #expect(model.state.motion == nil, "nothing moves before a change")
    let settled = DeviceView.nextChange(model.frame(at: now))
    let compact = rim(DeviceView.draw(model.frame(at: now), width: 100, height: 30))
    _ = model.update(.key(.character("e"), buttons: []), at: now)
    #expect(model.state.motion == IslandMotion(since: now, growing: true))
    // The frames of the growth are due before anything else.
    #expect(DeviceView.nextChange(model.frame(at: now)) == now + 50)
    let draw = { (at: Instant) in DeviceView.draw(model.frame(at: at), width: 100, height: 30) }
    var sizes: [(rows: Int, width: Int)] = []
    for step in stride(from: 0, through: 200, by: 50) {
      guard let size = rim(draw(now + Milliseconds(step))) else {
        Issue.record("no island at \(step) ms:\n\(framed(draw(now + Milliseconds(step))))")
        return
      }
      sizes.append(size)
    }
    #expect(sizes.first! == compact!, "it starts at the compact island's size: \(sizes)")
    #expect(sizes.last! == (Expanded.height(for: activity), Proportions.expanded.natural), "\(sizes)")
    #expect(
      zip(sizes, sizes.dropFirst()).allSatisfy { $0.width < $1.width && $0.rows <= $1.rows }, "\(sizes)")
    #expect(draw(now + 200).lines[1].contains("⏱  Workout"), "the expanded island, whole, at the end")
    // Over: the next change is what it was before the key.
    #expect(DeviceView.nextChange(model.frame(at: now + 200)) == settled)
    _ = model.update(.key(.character("e"), buttons: []), at: now + 1000)
    #expect(model.state.motion == IslandMotion(since: now + 1000, growing: false))
    #expect(rim(draw(now + 1100))!.rows > Island.rows, "shrinking, not gone at once")
    #expect(draw(now + 1200).lines[1].contains("▐ ⏱ Workout"), "compact again")
  }
}
