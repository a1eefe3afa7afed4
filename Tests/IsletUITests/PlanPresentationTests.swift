import Testing

@testable import IsletCore
@testable import IsletUI

/// A plan's roles and buttons in the presentations: what the snapshots cannot show.
@Suite struct PlanPresentationTests {
  /// The roles of the cells showing `text` on a row of `canvas`.
  func roles(of text: String, in canvas: Canvas) -> Set<Role> {
    for y in 0..<canvas.height {
      let line = canvas.lines[y]
      guard let range = line.range(of: text) else { continue }
      let start = DisplayWidth.of(String(line[..<range.lowerBound]))
      return Set((start..<start + DisplayWidth.of(text)).map { canvas[$0, y].role })
    }
    return []
  }

  /// Every presentation's drawing of `look`, named.
  func drawings(_ look: Look) -> [(String, Canvas)] {
    [
      ("minimal", Minimal.draw(look, width: 6)), ("compact", Compact.draw(look, width: 32)),
      ("expanded", Expanded.draw(look, width: 58, height: 8)),
      ("lockscreen", LockScreen.draw(look, width: 64, height: 9)),
    ]
  }

  @Test func theLastSecondsOfARunningSegmentAreDrawnAsAnAlertEverywhere() {
    let tabata = planRun("tabata")
    // Work ends at 0:20; its cue is the last 3 seconds.
    let before = look(tabata, at: t0 + seconds(16) + 999)
    let cued = look(tabata, at: t0 + seconds(17))
    #expect(tabata.cueSecond(at: t0 + seconds(16) + 999) == nil)
    #expect(tabata.cueSecond(at: t0 + seconds(17)) == 3)
    #expect(tabata.cueSecond(at: t0 + seconds(19) + 1) == 1)
    for (name, canvas) in drawings(cued) {
      let shown = name == "minimal" ? cued.icon : name == "compact" ? "0:03" : nil
      if let shown { #expect(roles(of: shown, in: canvas) == [.alert], "\(name) in the cue") }
    }
    for (name, canvas) in drawings(before) where name == "compact" {
      #expect(roles(of: "0:04", in: canvas) == [.island], "\(name) before the cue")
    }
    // The big digits: every drawn cell of the time in the alert role, and none before.
    func bigTimeRoles(_ canvas: Canvas, columns: Range<Int>, rows: ClosedRange<Int> = 1...3) -> Set<Role> {
      Set(rows.flatMap { y in columns.filter { canvas[$0, y].text != " " }.map { canvas[$0, y].role } })
    }
    // On the card the time is trailing, ending two cells in: right of the name and the chips.
    #expect(bigTimeRoles(LockScreen.draw(cued, width: 64, height: 9), columns: 49..<62) == [.alert])
    // Before it, the segment's own accent (its icon's tint).
    #expect(before.tint != nil)
    #expect(
      bigTimeRoles(LockScreen.draw(before, width: 64, height: 9), columns: 49..<62) == [before.tint ?? .timer]
    )
    #expect(bigTimeRoles(Expanded.draw(cued, width: 58, height: 8), columns: 33..<55) == [.alert])
  }

  @Test func aPausedOrAskingSegmentHasNoCue() {
    let tabata = planRun("tabata")
    let paused = step(tabata, .pause, at: seconds(18))
    #expect(paused.cueSecond(at: t0 + seconds(30)) == nil)
    #expect(roles(of: "0:02", in: Compact.draw(look(paused, at: t0 + seconds(30)), width: 32)) == [.island])
    // The pomodoro has no cue (cue 0): its last seconds are the timer's usual role.
    let pomodoro = planRun("pomodoro")
    #expect(pomodoro.cueSecond(at: t0 + minutes(25) - 1000) == nil)
  }

  @Test func aWaitingSegmentSaysItIsOverInTheAlertRole() {
    let (waiting, now) = PlanScene.waiting.shown
    let shown = look(waiting, at: now)
    #expect(shown.phase == .finished)
    let lock = LockScreen.draw(shown, width: 64, height: 9)
    #expect(lock.lines[1].contains("Pomodoro · Focus is over"))
    #expect(roles(of: "Focus is over", in: lock) == [.alert])
    #expect(roles(of: "Pomodoro", in: lock) == [.text])
    // Space (or the button) goes on to the break.
    #expect(lock.buttons.map(\.action) == [.complete, .toggle])
  }

  @Test func theSkipButtonSendsSkip() {
    let (running, now) = PlanScene.running.shown
    let lock = LockScreen.draw(look(running, at: now), width: 64, height: 9)
    let skip = try! #require(lock.buttons.first { $0.action == .skip })
    #expect(lock.lines[skip.area.y].contains(" ⏭ Skip "))
    #expect(skip.target == "pl01" && ButtonAction.skip.intent == .skip)
    var state = DeviceState()
    let effects = state.handle(
      .click(x: skip.area.x, y: skip.area.y), live: [running], buttons: lock.buttons, now: now)
    #expect(effects == [.dispatch(.skip, activityID: "pl01", source: .mouse)])
  }

  @Test func theGoalShowsOnlyWhenSet() {
    let (running, now) = PlanScene.running.shown
    let without = LockScreen.draw(look(running, at: now), width: 64, height: 9)
    #expect(!without.lines.joined().contains("today"))
    let with = LockScreen.draw(
      Look(activity: running, now: now, utcOffset: 0, goal: GoalTally(done: 3, target: 8, plan: "pomodoro")),
      width: 64,
      height: 9)
    #expect(with.lines[5].hasSuffix("3/8 today  "), "at the card's one right edge")
    #expect(roles(of: "3/8 today", in: with) == [.accent])
  }

  @Test(arguments: [(0, 0), (1, 1), (2, 1), (3, 2), (1, 5), (5, 3)] as [(Int, Int)])
  func aPlanIsSafeInTinyAreas(width: Int, height: Int) {
    let (running, now) = PlanScene.goal.shown
    let l = Look(
      activity: running, now: now, utcOffset: 0, goal: GoalTally(done: 3, target: 8, plan: "pomodoro"))
    expectEveryPresentationFits(l, width: width, height: height)
  }
}
