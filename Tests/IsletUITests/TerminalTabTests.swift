import Testing

@testable import IsletCore
@testable import IsletUI

/// Which progress the terminal's tab shows for which activity (OSC 9;4), and the title the
/// view gives it: what a person sees on the tab beside the view.
@Suite struct TerminalTabTests {
  func frame(_ live: [Activity], at now: Instant, selected: String? = nil) -> DeviceView.Frame {
    var state = DeviceState()
    state.selectedID = selected
    return DeviceView.Frame(
      live: live, state: state, now: now, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
      utcOffset: 0)
  }

  @Test func aCountdownShowsItsWholePercentDoneThenPausedThenAnErrorWhenTimeIsUp() {
    let countdown = workout()
    // 10 of 25 minutes, less a millisecond: 39 % done, not yet 40.
    #expect(TerminalProgress(showing: countdown, at: t0 + minutes(10) - 1) == .value(39))
    #expect(TerminalProgress(showing: countdown, at: t0 + minutes(10)) == .value(40))
    #expect(TerminalProgress(showing: countdown, at: t0) == .value(0))
    let (paused, pausedAt) = inPhase(.paused)
    #expect(TerminalProgress(showing: paused, at: pausedAt) == .paused(50))
    let (finished, finishedAt) = inPhase(.finished)
    #expect(TerminalProgress(showing: finished, at: finishedAt) == .error(100))
    let (failed, failedAt) = inPhase(.failed)
    #expect(TerminalProgress(showing: failed, at: failedAt) == .error(50))
  }

  @Test func nothingOrAStopwatchWithNothingToShowClearsIt() {
    #expect(TerminalProgress(showing: nil, at: t0) == .cleared)
    let stopwatch = workout(countdown: false)
    #expect(TerminalProgress(showing: stopwatch, at: t0 + minutes(3)) == .cleared)
    #expect(
      TerminalProgress(showing: step(stopwatch, .pause, at: minutes(3)), at: t0 + minutes(4)) == .cleared)
    for phase in [Phase.idle, .ended, .completed, .expired] {
      let (activity, now) = inPhase(phase)
      #expect(TerminalProgress(showing: activity, at: now) == .cleared, "\(phase)")
    }
  }

  @Test func aRunShowsWhatItPostedOrItsEstimate() {
    let posted = task("Deploy api", posted: Posted(text: "Migrating", percent: 72))
    #expect(TerminalProgress(showing: posted, at: t0 + seconds(5)) == .value(72))
    let estimated = task("make test", expected: minutes(5))
    #expect(TerminalProgress(showing: estimated, at: t0 + minutes(2)) == .value(40))
    #expect(TerminalProgress(showing: estimated, at: t0 + minutes(7)) == .value(100), "past its estimate")
  }

  @Test func aPlanShowsItsCurrentSegmentsProgress() {
    let tabata = planRun("tabata")
    // 20 s of work, then 10 s of rest: 5 s into the rest is half of it, though the store still
    // holds the work segment.
    #expect(TerminalProgress(showing: tabata, at: t0 + seconds(5)) == .value(25))
    #expect(TerminalProgress(showing: tabata, at: t0 + seconds(25)) == .value(50))
  }

  @Test func theSequenceSaysTheStateThenThePercent() {
    #expect(TerminalProgress.value(40).oscBody == "9;4;1;40")
    #expect(TerminalProgress.paused(12).oscBody == "9;4;4;12")
    #expect(TerminalProgress.error(100).oscBody == "9;4;2;100")
    #expect(TerminalProgress.cleared.oscBody == "9;4;0")
    // What the view writes, its own parser reads back.
    for progress in [TerminalProgress.value(40), .paused(12), .error(100), .cleared, .indeterminate] {
      #expect(TerminalProgress(oscBody: Array(progress.oscBody.utf8)) == progress, "\(progress)")
    }
  }

  @Test func theTabFollowsTheSelectedActivityAndTheTitleTheIsland() {
    let countdown = workout()
    let stopwatch = step(workout(countdown: false, name: "Focus"), .pause, at: 0)
    var focus = stopwatch
    focus.id = "fo01"
    let live = [countdown, focus]
    let now = t0 + minutes(5)
    #expect(TerminalTab.progress(frame(live, at: now)) == .value(20))
    #expect(TerminalTab.progress(frame(live, at: now, selected: "fo01")) == .cleared)
    // The island's activity, whichever is selected: its compact text without the pill's ends.
    #expect(TerminalTab.title(frame(live, at: now, selected: "fo01")) == "⏱ Workout ◔ 20:00")
    #expect(TerminalTab.title(frame([], at: now)) == "islet")
  }
}
