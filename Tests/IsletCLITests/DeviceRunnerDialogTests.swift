import Foundation
import IsletCLITestSupport
import IsletCore
import IsletRuntime
import IsletStore
import IsletTestSupport
import IsletUI
import Testing

@testable import IsletCLI

/// The new-activity dialog, plans, deadlines and the time, as the tmux tests of the view
/// checked them, in milliseconds.
@Suite struct DeviceRunnerDialogTests {
  @Test func nStartsANewActivity() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let runner = try view.openDrawn()
    try view.press(runner, .character("n"))
    #expect(view.text.contains("Name: _"), "\(view.text)")
    try view.type(runner, "Deep work")
    try view.press(runner, .enter)
    #expect(view.text.contains("Duration (empty for a stopwatch)"), "\(view.text)")
    try view.type(runner, "nonsense")
    try view.press(runner, .enter)
    #expect(view.text.contains("'nonsense' is not a duration"), "\(view.text)")
    for _ in 0..<8 { try view.press(runner, .backspace) }
    try view.type(runner, "45m")
    try view.press(runner, .enter)
    #expect(view.text.contains("Deep work started, 45:00 to go"), "\(view.text)")
    let live = try view.outside.store.liveActivities()
    #expect(live.map(\.name) == ["Deep work"] && live.first?.state.duration == 45 * 60_000)
  }

  /// With `stopwatch-switch = on`, a stopwatch started in the view ends the running one at the
  /// instant it starts; a countdown started there ends nothing.
  @Test func aStopwatchStartedInTheViewSwitchesWhenTheConfigurationSays() throws {
    let view = try RunnerHarness(width: 100, height: 30, config: "stopwatch-switch = on\n")
    _ = try view.outside.send(.start(StartRequest(name: "Emails")), to: .current, source: .cli)
    let runner = try view.openDrawn()
    view.clock.advance(by: 60_000)
    for (name, duration) in [("Review", ""), ("Tea", "5m")] {
      try view.press(runner, .character("n"))
      try view.type(runner, name)
      try view.press(runner, .enter)
      try view.type(runner, duration)
      try view.press(runner, .enter)
    }
    let live = try view.outside.store.liveActivities().map(\.name)
    #expect(Set(live) == ["Review", "Tea"], "\(live)")
    let history = try view.outside.store.history()
    #expect(history.map(\.kind) == [.started, .ended, .started, .started], "\(history.map(\.kind))")
    #expect(history[1].name == "Emails" && history[1].at == history[2].at)
  }

  /// The dialog starts the configured plan by its name; `s` skips to its next segment, whose
  /// label and round the screen then shows.
  @Test func nStartsAPlanAndSSkipsToItsNextSegment() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let runner = try view.openDrawn()
    try view.press(runner, .character("n"))
    #expect(view.text.contains("Tab: a plan (pomodoro, tabata, hiit, 52-17)"), "\(view.text)")
    try view.type(runner, "pomodoro")
    #expect(
      view.text.contains("Enter starts the plan") && view.text.contains("2:10:00 in all"), "\(view.text)")
    try view.press(runner, .enter)
    for shown in [
      "▐ 🍅 Focus", "Pomodoro · Focus", "Round 1 of 4", "Up next: Break 5:00", "space pause · s skip",
    ] {
      #expect(view.text.contains(shown), "\(shown) is not shown: \(view.text)")
    }
    view.clock.advance(by: 1000)
    try view.press(runner, .character("s"))
    for shown in ["Pomodoro · Break", "Up next: Focus 25:00", "5:00"] {
      #expect(view.text.contains(shown), "\(shown) is not shown: \(view.text)")
    }
    let run = try #require(try view.outside.store.liveActivities().first)
    #expect(run.name == "Pomodoro" && run.segment?.label == "Break", "\(run)")
    #expect(
      try view.outside.store.history().map(\.kind) == [.started, .segmentStarted, .skipped, .segmentStarted])
  }

  /// A segment that ends rings and says so; one that waits (advance ask) goes on with space,
  /// as the hint says.
  @Test func aSegmentsEndRingsAndSpaceGoesOn() throws {
    let view = try RunnerHarness(
      width: 100, height: 30, config: "plan.quick = Work 2s, Rest 30s; advance ask\n")
    let runner = try view.openDrawn()
    try view.press(runner, .character("n"))
    try view.type(runner, "quick")
    try view.press(runner, .enter)
    #expect(view.text.contains("Quick · Work"), "\(view.text)")
    try view.pass(runner, 2500)
    #expect(view.screen.alerts == 1, "\(view.text)")
    #expect(
      view.text.contains("⏰ Quick — Work done") && view.text.contains("Quick · Work is over"), "\(view.text)")
    #expect(view.text.contains("space next · s skip"), "\(view.text)")
    try view.press(runner, .character(" "))
    #expect(view.text.contains("Quick · Rest") && view.text.contains("0:30"), "\(view.text)")
  }

  /// A countdown started elsewhere while the view is open rings at its end, and the end stays
  /// shown until acted on.
  @Test func aFinishingCountdownAlertsUntilActedOn() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let runner = try view.openDrawn()
    try view.startCountdown("Egg", seconds: 2)
    try view.hearStore(runner)
    #expect(view.text.contains("Egg"), "\(view.text)")
    try view.pass(runner, 2500)
    #expect(view.screen.alerts == 1, "\(view.text)")
    for shown in ["⏰ Egg — time's up", "Egg · Time's up", "✓ Done   ↺ Reset"] {
      #expect(view.text.contains(shown), "\(shown) is not shown: \(view.text)")
    }
    try view.pass(runner, 30_000)
    #expect(view.text.contains("Egg · Time's up"), "still shown: \(view.text)")
    try view.press(runner, .enter)
    #expect(view.text.contains("✓ Egg done"), "\(view.text)")
  }

  /// At the deadline the island expands by itself on the alert, for a few seconds, then goes
  /// back to compact; `+` on the countdown whose time is up snoozes it, 5 minutes from then.
  @Test func aDeadlineExpandsTheIslandByItselfAndPlusSnoozes() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let runner = try view.openDrawn()
    try view.startCountdown("Egg", seconds: 2)
    try view.hearStore(runner)
    #expect(view.text.contains("▐ ⏱ Egg"), "\(view.text)")
    try view.pass(runner, 2500)
    for shown in ["▗▄▄▄", "⏱  Egg · Time's up", " ✓ Done    ↺ Reset "] {
      #expect(view.text.contains(shown), "no key pressed, the island expanded: \(shown)\n\(view.text)")
    }
    try view.pass(runner, 30_000)
    #expect(
      view.text.contains("▐ ⏱ Egg") && !view.text.contains(" ✓ Done    ↺ Reset ")
        && view.text.contains("+ snooze"),
      "back to compact, the hint saying what + does:\n\(view.text)")
    try view.press(runner, .character("+"))
    try view.pass(runner, 1000)
    // Running again, with 5:00 to go: `+` is a minute again.
    #expect(
      view.text.contains("○ 4:59") && view.text.contains(" ⏸ Pause ") && view.text.contains("+/- 1 min"),
      "\(view.text)")
    let snoozed = try #require(try view.outside.store.history().last)
    #expect(snoozed.kind == .snoozed && snoozed.source == .key, "\(snoozed)")
    let egg = try #require(try view.outside.store.liveActivities().first)
    #expect(
      egg.state.phase == .active && egg.deadline == snoozed.at + 5 * 60_000, "5:00 left from the snooze")
  }

  /// The island's time, on its middle row, moves with the clock, a second at a time.
  @Test func theTimeTicks() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    _ = try view.startStopwatch("Focus")
    let runner = try view.openDrawn()
    func shown() -> String { view.screen.lines[1] }
    #expect(shown().contains("▐ ⏱ Focus") && shown().contains("● 0:00"), "\(view.text)")
    try view.pass(runner, 1000)
    #expect(shown().contains("● 0:01"), "\(view.text)")
    try view.pass(runner, 61_000)
    #expect(shown().contains("● 1:02"), "\(view.text)")
  }

  /// A store that is a link: the view watches the folder SQLite writes in, beside the link's
  /// target, so another shell's intent wakes it.
  @Test func aViewOfALinkedStoreSeesAnotherShellsIntent() throws {
    let view = try RunnerHarness(width: 100, height: 30, linked: true)
    _ = try view.startStopwatch("Focus")
    let runner = try view.openDrawn()
    #expect(view.text.contains("Focus"), "\(view.text)")
    _ = try view.outside.send(.update(ActivityUpdate(name: "Renamed")), to: .current, source: .cli)
    try view.hearStore(runner)
    #expect(view.text.contains("Renamed"), "\(view.text)")
    #expect(FileManager.default.fileExists(atPath: view.folder.file("dotfiles/islet.db")))
  }
}
