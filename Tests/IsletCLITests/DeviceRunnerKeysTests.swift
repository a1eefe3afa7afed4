import Foundation
import IsletCLITestSupport
import IsletCore
import IsletRuntime
import IsletStore
import IsletTestSupport
import IsletUI
import Testing

@testable import IsletCLI

extension RunnerHarness {
  /// The view opened and drawn once.
  func openDrawn() throws -> DeviceRunner {
    let runner = try open()
    try runner.draw()
    return runner
  }

  /// Types `text` a character at a time, as into a dialog.
  func type(_ runner: DeviceRunner, _ text: String) throws {
    for character in text { try press(runner, .character(character)) }
  }

  /// A stopwatch started from another shell, a second after the last one (the island shows
  /// the most recent first); its id.
  func startStopwatch(_ name: String) throws -> String {
    clock.advance(by: 1000)
    let report = try outside.send(
      .start(StartRequest(name: name, attributes: ActivityAttributes())), to: .current, source: .cli)
    return try #require(report.activity).id
  }

  /// An activity's phase, read on another connection.
  func phase(_ id: String) throws -> Phase? {
    try outside.store.activity(id: id)?.state.phase
  }

  /// Lets `milliseconds` pass a tenth of a second at a time, each frame drawn (the island
  /// moves between its forms over several), then the store heard.
  func pass(_ runner: DeviceRunner, _ milliseconds: Int64) throws {
    for _ in 0..<max(1, milliseconds / 100) {
      clock.advance(by: min(100, milliseconds))
      try runner.draw()
    }
    try hearStore(runner)
  }
}

/// Keys and what they do, as the tmux tests of the view checked them, in milliseconds.
@Suite struct DeviceRunnerKeysTests {
  @Test func completeAdjustExpandAndHelp() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    try view.startCountdown("Workout", seconds: 1500)
    let id = try #require(try view.outside.store.liveActivities().first).id
    let runner = try view.openDrawn()
    try view.press(runner, .character("+"))
    #expect(view.text.contains("now 26:00 long"), "\(view.text)")
    try view.press(runner, .character("-"), .character("-"))
    #expect(view.text.contains("now 24:00 long"), "\(view.text)")
    #expect(try view.outside.store.activity(id: id)?.state.duration == 24 * 60_000)
    try view.press(runner, .character("e"))
    try view.pass(runner, 1000)
    #expect(view.text.contains("⏸ Pause    ↺ Reset"), "\(view.text)")
    try view.press(runner, .character("e"))
    try view.pass(runner, 1000)
    #expect(!view.text.contains("⏸ Pause    ↺ Reset"), "\(view.text)")
    try view.press(runner, .character("?"))
    #expect(view.text.contains("q, Esc") && view.text.contains("quit (timers keep running)"), "\(view.text)")
    #expect(view.text.contains("Tab, ↓, j") && view.text.contains("Shift-Tab, ↑, k  previous activity"))
    try view.press(runner, .character("a"))
    #expect(!view.text.contains("quit (timers keep running)"), "\(view.text)")
    try view.press(runner, .character("c"))
    #expect(view.text.contains("✓ Workout done"), "\(view.text)")
    #expect(try view.phase(id) == .completed)
  }

  /// `l` marks a lap on the selected stopwatch; its banner then shows the count and the lap.
  @Test func lMarksALapOnARunningStopwatch() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let id = try view.startStopwatch("Run")
    view.clock.advance(by: 120_000)
    let runner = try view.openDrawn()
    #expect(view.text.contains("l lap"), "\(view.text)")
    try view.press(runner, .character("l"))
    #expect(view.text.contains("⏱ Run lap 1 2:0"), "\(view.text)")
    #expect(view.text.contains("· Lap 1 2:0"), "\(view.text)")
    #expect(try view.outside.store.activity(id: id)?.state.laps.count == 1)
  }

  @Test func tabChoosesWhichActivityTheKeysActOn() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let first = try view.startStopwatch("Tea")
    let second = try view.startStopwatch("Code")
    let runner = try view.openDrawn()
    #expect(view.text.contains("Tea") && view.text.contains("Code"), "\(view.text)")
    try view.press(runner, .tab, .character(" "))
    #expect(view.text.contains("Tea paused"), "\(view.text)")
    #expect(try view.phase(first) == .paused && view.phase(second) == .active)
  }

  /// Shift-Tab goes back (round to the last), the arrow keys move through the list and stop
  /// at its ends.
  @Test func shiftTabAndTheArrowKeysMoveTheSelection() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let tea = try view.startStopwatch("Tea")
    let code = try view.startStopwatch("Code")
    _ = try view.startStopwatch("Read")
    let runner = try view.openDrawn()
    // The island's order is the most recent first: Read, Code, Tea.
    try view.press(runner, .backTab, .character(" "))
    #expect(view.text.contains("Tea paused"), "\(view.text)")
    try view.press(runner, .up, .character(" "))
    #expect(view.text.contains("Code paused"), "\(view.text)")
    try view.press(runner, .down, .down, .character(" "))
    #expect(view.text.contains("Tea resumed"), "the arrows stop at the last: \(view.text)")
    #expect(try view.phase(tea) == .active && view.phase(code) == .paused)
  }

  /// More activities than fit: those left out are counted, and Tab scrolls the banners so the
  /// one it selects (and the key then acts on) is on screen.
  @Test func tabScrollsToTheSelectedActivity() throws {
    let view = try RunnerHarness(width: 100, height: 24)
    let first = try view.startStopwatch("Oldest")
    for n in 1...5 { _ = try view.startStopwatch("Timer \(n)") }
    // Four cards fit at 24 rows: the selected one's banner and three one-row cards.
    let runner = try view.openDrawn()
    #expect(view.text.contains("Timer 5") && view.text.contains("+2 more"), "\(view.text)")
    #expect(!view.text.contains("Oldest"))
    for _ in 0..<5 { try view.press(runner, .tab) }
    #expect(view.text.contains("⏱  Oldest") && view.text.contains("+2 more above"), "\(view.text)")
    try view.press(runner, .character(" "))
    #expect(view.text.contains("Oldest paused") && view.text.contains("Oldest · Paused"), "\(view.text)")
    #expect(try view.phase(first) == .paused)
  }

  /// Only the theme line changes, and on it only the value: comments, blank lines, other
  /// settings, its indent and its own comment stay as they were. With nothing saying the
  /// terminal is light, the light theme is skipped.
  @Test(arguments: [
    nil,
    "# my settings\n\n  theme = default   # dark for now\nbell = off # quiet\n\nplan.deep = Deep 50m, Break 10m\n",
  ])
  func tPicksTheNextThemeAndChangesOnlyItsLine(before: String?) throws {
    let view = try RunnerHarness(width: 100, height: 30, config: before)
    _ = try view.startStopwatch("Focus")
    let runner = try view.openDrawn()
    try view.press(runner, .character("t"))
    #expect(view.text.contains("Theme: high-contrast"), "\(view.text)")
    let config = try String(contentsOfFile: view.folder.file("config/islet/config"), encoding: .utf8)
    let expected =
      before?.replacingOccurrences(
        of: "  theme = default   # dark for now", with: "  theme = high-contrast   # dark for now")
      ?? "theme = high-contrast\n"
    #expect(config == expected)
  }
}
