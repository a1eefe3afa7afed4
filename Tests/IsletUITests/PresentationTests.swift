import Testing

@testable import IsletCore
@testable import IsletUI

/// The design's sketches, line for line, and the roles behind them.
@Suite struct PresentationTests {
  @Test func compactAsTheDesignDrawsIt() {
    let (activity, now) = inPhase(.active)
    #expect(Compact.draw(look(activity, at: now), width: 32).lines == ["▐ ⏱ Workout            ◑ 12:30 ▌"])
    let (paused, then) = inPhase(.paused)
    #expect(Compact.draw(look(paused, at: then), width: 32).lines == ["▐ ⏱ Workout            ⏸ 12:30 ▌"])
    let (finished, late) = inPhase(.finished)
    #expect(Compact.draw(look(finished, at: late), width: 32).lines == ["▐ ⏱ Workout              +0:42 ▌"])
  }

  @Test func compactRoles() {
    let (activity, now) = inPhase(.active)
    let canvas = Compact.draw(look(activity, at: now), width: 32)
    #expect(canvas[0, 0].role == .islandEdge && canvas[0, 0].fill == nil)
    #expect(canvas[31, 0].role == .islandEdge)
    #expect((1...30).allSatisfy { canvas[$0, 0].fill == .island })
    #expect(canvas[4, 0].role == .island)  // the name
    #expect(canvas[23, 0].text == "◑", "half of the countdown done: a steady half pie")
    #expect(canvas[23, 0].role == .progress)
    #expect(canvas[25, 0].role == .island)  // the time
    #expect(
      canvas.buttons == [
        Button(area: Rect(x: 0, y: 0, width: 32, height: 1), action: .expand, target: "wk01")
      ])
    // One second later the pie is as it was: it is steady, not a blink pulling the eye.
    let later = Compact.draw(look(activity, at: now + 1000), width: 32)
    #expect(later[23, 0].text == "◑" && later[23, 0].role == .progress)
    // Finished: the overtime is an alert.
    let (finished, late) = inPhase(.finished)
    #expect(Compact.draw(look(finished, at: late), width: 32)[25, 0].role == .alert)
  }

  /// The pie says how much of a countdown is done, to the nearest quarter, full only at its end.
  @Test func thePieFillsByQuarters() {
    let g = Glyphs(ascii: false)
    let fractions = [0, 0.1, 0.2, 0.5, 0.8, 0.99, 1, 1.5]
    #expect(fractions.map(g.pie) == ["○", "○", "◔", "◑", "◕", "◕", "●", "●"])
    #expect(Glyphs(ascii: true).pie(0.5) == "*")
  }

  @Test func theNameShortensBeforeTheTime() {
    let long = workout(name: "A very long activity name indeed")
    let lines = Compact.draw(look(long, at: t0 + minutes(3)), width: 32).lines
    #expect(lines == ["▐ ⏱ A very long activ… ○ 22:00 ▌"])
  }

  @Test func minimalShowsMinutesLeftOrTheIcon() {
    let (activity, now) = inPhase(.active)
    #expect(Minimal.draw(look(activity, at: now), width: 6).lines == ["▐12m▌"])
    let (stopwatch, then) = inPhase(.active, countdown: false)
    // A stopwatch counts up, in the fewest cells; under ten minutes a countdown reads M:SS.
    #expect(Minimal.draw(look(stopwatch, at: then), width: 7).lines == ["▐12m▌"])
    let coffee = workout(countdown: false, icon: "coffee")
    #expect(Minimal.draw(look(coffee, at: t0), width: 7).lines == ["▐0:00▌"])
    #expect(Minimal.draw(look(activity, at: t0 + minutes(24) + seconds(30)), width: 7).lines == ["▐0:30▌"])
  }

  /// The bubble is as wide as what it holds: a long time shortens (`20h`) rather than giving
  /// way to the icon with blanks after it, and a paused time is the same time (dimmed), with
  /// no mark glued to its digits (`II14` read as a number).
  @Test func theBubbleFitsWhatItHolds() {
    let request = StartRequest(
      id: "long", name: "Long",
      attributes: ActivityAttributes(icon: "timer", mode: .countdown, fullDuration: minutes(21 * 60)))
    let long = try! TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
    let paused = step(long, .pause, at: minutes(1))
    #expect(Minimal.draw(look(paused, at: t0 + minutes(2)), width: 7).lines == ["▐20h▌"])
    #expect(Minimal.draw(look(paused, at: t0 + minutes(2), ascii: true), width: 7).lines == ["(20h)"])
    let short = step(workout(), .pause, at: minutes(16))
    #expect(Minimal.draw(look(short, at: t0 + minutes(17), ascii: true), width: 7).lines == ["(9:00)"])
  }

  /// The compact island's short time, when the pill is too narrow for the long one: the small
  /// places' one grammar, seconds under ten minutes, minutes, then hours with their minutes
  /// (`1h05`) until ten hours, then hours alone.
  @Test func theShortTimeReadsInTheFewestCells() {
    let stopwatch = workout(countdown: false)
    let shown = { (at: Milliseconds) in look(stopwatch, at: t0 + at).shortTime }
    #expect(shown(seconds(45)) == "0:45")
    #expect(shown(minutes(9) + seconds(59)) == "9:59")
    #expect(shown(minutes(12)) == "12m")
    #expect(shown(minutes(65)) == "1h05")
    #expect(shown(minutes(9 * 60 + 59)) == "9h59")
    #expect(shown(minutes(10 * 60)) == "10h")
    #expect(shown(minutes(20 * 60 + 59)) == "20h")
    // Over its time, a countdown's overtime.
    #expect(look(workout(), at: t0 + minutes(26)).shortTime == "+1:00")
    // One cell short of the long time (12), the short one.
    let narrow = [12, 11, 8].map {
      Compact.draw(look(stopwatch, at: t0 + minutes(20 * 60 + 59)), width: $0).lines
    }
    #expect(narrow == [["▐⏱ 20:59:00▌"], ["▐⏱     20h▌"], ["▐⏱  20h▌"]], "\(narrow)")
  }

  @Test func theIslandShowsTheNextActivityAsABubble() {
    let (activity, now) = inPhase(.active)
    let tea = workout(countdown: false, icon: "coffee", name: "Tea")
    let canvas = Island.draw(look(activity, at: now), next: look(tea, at: now), width: 37)
    #expect(canvas.lines == ["▐ ⏱ Workout           ◑ 12:30 ▌ ▐12m▌"])
    // Without room for both, the current one keeps the island.
    #expect(
      Island.draw(look(activity, at: now), next: look(tea, at: now), width: 16).lines.first?.contains("☕")
        == false)
  }

  @Test func expandedAsTheDesignDrawsIt() {
    let (activity, now) = inPhase(.active)
    #expect(
      Expanded.draw(look(activity, at: now), width: 58, height: 6).lines == [
        "▗▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▖",
        "▐  ⏱  Workout                         ▀█  ▀▀█   ▀▀█ █▀█  ▌",
        "▐  Started 9:05 · ID 1823 · ada        █  █▀▀ ▀  ▀█ █ █  ▌",
        "▐   ⏸ Pause    ↺ Reset    ✕ End       ▀▀▀ ▀▀▀ ▀ ▀▀▀ ▀▀▀  ▌",
        "▐  ███████████████████████▌███████████████████████  50%  ▌",
        "▝▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▘",
      ])
  }

  @Test func lockScreenAsTheDesignDrawsIt() {
    let (activity, now) = inPhase(.active)
    let canvas = LockScreen.draw(look(activity, at: now), width: 64, height: 8)
    #expect(
      canvas.lines == [
        "▗▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▖",
        "  ⏱  Workout                                 ▀█  ▀▀█   ▀▀█ █▀█  ",
        "  ID 1823 · ada                               █  █▀▀ ▀  ▀█ █ █  ",
        "   ⏸ Pause   ✕ End                           ▀▀▀ ▀▀▀ ▀ ▀▀▀ ▀▀▀  ",
        "  ███████████████████████████▌███████████████████████████  50%  ",
        "  Started 9:05                                       ends 9:30  ",
        "▝▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▘",
      ])
    // Chips: filled, no brackets, clickable where drawn.
    #expect(
      canvas.buttons == [
        Button(area: Rect(x: 2, y: 3, width: 9, height: 1), action: .pause, target: "wk01"),
        Button(area: Rect(x: 12, y: 3, width: 7, height: 1), action: .end, target: "wk01"),
      ])
    // The primary chip in the activity's accent (a timer's: the theme's own) on a tint of it.
    #expect(canvas[2, 3].role == .chipAccent && canvas[2, 3].fill == .chipAccent)
    #expect(canvas[12, 3].role == .buttonReset && canvas[12, 3].fill == .buttonReset)
    #expect(canvas[11, 3].fill == .card, "the card between the chips")
    #expect(canvas[0, 0].role == .cardEdge && canvas[0, 0].fill == nil)
    #expect(canvas[0, 1].fill == .card && canvas[63, 6 - 1].fill == .card)
    #expect(canvas[45, 1].role == .timer)
    #expect(canvas[2, 4].role == .progress)
    // One solid line: the bar, its last cell's eighth on the track's color, then the track.
    #expect(canvas[29, 4].role == .progress && canvas[29, 4].fill == .trackFill)
    #expect(canvas[30, 4].role == .progressTrack && canvas[30, 4].text == "█")
    #expect(canvas[40, 4].role == .progressTrack)
  }

  @Test func lockScreenWhilePausedOffersDoneAndResume() {
    let (activity, now) = inPhase(.paused)
    let canvas = LockScreen.draw(look(activity, at: now), width: 64, height: 8)
    #expect(canvas.lines[1] == "  ⏱  Workout · Paused                        ▀█  ▀▀█   ▀▀█ █▀█  ")
    #expect(canvas.lines[3] == "   ✓ Done   ▶ Resume   ✕ End                 ▀▀▀ ▀▀▀ ▀ ▀▀▀ ▀▀▀  ")
    #expect(canvas.buttons.map(\.action) == [.complete, .resume, .end])
    #expect(canvas[45, 1].role == .secondary)  // a frozen time is quiet
  }

  @Test func staleAndExpiredAreDimmed() {
    let (expired, now) = inPhase(.expired)
    let canvas = LockScreen.draw(look(expired, at: now), width: 64, height: 8)
    #expect(canvas.cells.filter { $0.text != " " && $0.role != .cardEdge }.allSatisfy { $0.role == .stale })
    let stale = workout()
    let compact = Compact.draw(look(stale, at: t0 + minutes(31)), width: 32)
    #expect(compact[25, 0].role == .stale)
    #expect(compact[0, 0].role == .islandEdge)
  }

  /// "Started" is the run's start: after a reset and a new start, the new start, not the
  /// creation; a pause does not move it.
  @Test func startedSaysWhenTheRunShownStarted() {
    var watch = workout(countdown: false)
    #expect(look(watch, at: t0 + minutes(1)).startedFact == "Started 9:05")
    watch = step(watch, .pause, at: minutes(2))
    watch = step(watch, .resume, at: minutes(4))
    #expect(look(watch, at: t0 + minutes(5)).startedFact == "Started 9:05")
    watch = step(watch, .reset, at: minutes(6))
    #expect(look(watch, at: t0 + minutes(6)).startedFact == nil, "a ready stopwatch has not started")
    watch = step(watch, .toggle, at: minutes(12))
    #expect(look(watch, at: t0 + minutes(13)).startedFact == "Started 9:17")
    let lines = LockScreen.draw(look(watch, at: t0 + minutes(13)), width: 64, height: 9).lines
    #expect(lines.contains { $0.contains("Started 9:17") }, "\(lines.joined(separator: "\n"))")
  }

  /// A plan whose work is labelled with its name says it once, in the header and when over.
  @Test func aSegmentLabelledWithTheNameIsCalledByItsKind() {
    let plan = Plan.workAndBreak(name: "HIIT", work: seconds(20), rest: seconds(10), icon: "timer", rounds: 3)
    var request = StartRequest(name: "HIIT", attributes: ActivityAttributes(icon: "timer", plan: plan))
    request.id = "h1"
    var run = try! TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
    #expect(look(run, at: t0 + seconds(5)).title(fitting: 60) == "HIIT · Work")
    run = step(run, .pause, at: seconds(5))
    #expect(look(run, at: t0 + seconds(6)).title(fitting: 60) == "HIIT · Work · Paused")
    #expect(look(run, at: t0 + seconds(6)).title(fitting: 14) == "Work · Paused")
    // A label of its own is kept as written.
    let focus = planRun("pomodoro")
    #expect(look(focus, at: t0 + seconds(5)).title(fitting: 60) == "Pomodoro · Focus")
  }
}

@Suite struct ButtonWidthTests {
  /// Buttons are measured without making their labels: the measure must be the label's width.
  @Test func aButtonIsMeasuredAsItsLabelIsDrawn() {
    let all: [ButtonSpec] = [.pause, .resume, .start, .done, .reset, .skip, .next, .end]
    for button in all {
      for long in [false, true] {
        for ascii in [false, true] {
          let glyphs = Glyphs(ascii: ascii)
          let label = button.label(long: long, glyphs: glyphs)
          #expect(button.labelWidth(long: long, glyphs: glyphs) == DisplayWidth.of(label), "\(label)")
        }
      }
    }
    #expect(ButtonSpec.width([.pause, .end], long: true, gap: 1, glyphs: Glyphs(ascii: false)) == 17)
  }
}
