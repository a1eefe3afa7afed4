import Testing

@testable import IsletCore
@testable import IsletUI

/// Keys to effects, without a terminal.
@Suite struct DeviceStateTests {
  let workout = inPhase(.active).0
  var tea: Activity {
    var a = workout
    a.id = "te01"
    a.state.name = "Tea"
    return a
  }

  /// Help taller than the screen scrolls with the arrows and j/k, within its keys, and says how
  /// many are above and below; any other key closes it and the next help starts at the top.
  @Test func helpScrollsAndSaysHowManyMoreKeysThereAre() {
    var state = DeviceState()
    let live = [workout]
    #expect(state.handle(.character("?"), live: live, now: t0) == [])
    let count = DeviceState.helpKeyCount
    let lines = {
      DeviceView.helpLines(ascii: false, offset: state.helpOffset, rows: 8, g: Glyphs(ascii: false))
    }
    #expect(lines().last == "↓ \(count - 6) more", "\(lines())")
    for key in [Key.down, .character("j"), .down] { #expect(state.handle(key, live: live, now: t0) == []) }
    #expect(state.overlay == .help && state.helpOffset == 3)
    #expect(lines()[1].hasPrefix("r "), "\(lines())")
    #expect(lines().last == "↑ 3 above · ↓ \(count - 9) more", "\(lines())")
    for _ in 0..<40 { _ = state.handle(.down, live: live, now: t0) }
    #expect(lines().last == "↑ \(count - 6) above", "the last key shows, no further: \(lines())")
    _ = state.handle(.up, live: live, now: t0)
    _ = state.handle(.character("k"), live: live, now: t0)
    #expect(state.helpOffset == count - 3)
    _ = state.handle(.character("x"), live: live, now: t0)
    #expect(state.overlay == nil)
    _ = state.handle(.character("?"), live: live, now: t0)
    #expect(state.helpOffset == 0)
    // Where every key fits, the help lists them all and says how to close it.
    let whole = DeviceView.helpLines(ascii: false, rows: 40, g: Glyphs(ascii: false))
    #expect(whole.count == count + 4 && whole.last == "Press a key to close")
  }

  /// A clicked chip shows pressed (its word dimmed on its fill) for one frame, and the view is
  /// told to draw again when that ends.
  @Test func aPressShowsForOneFrame() throws {
    let live = [workout]
    var state = DeviceState()
    func frame(at now: Instant) -> DeviceView.Frame {
      DeviceView.Frame(
        live: live, state: state, now: now, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
        utcOffset: 0)
    }
    let now = inPhase(.active).1
    let before = DeviceView.draw(frame(at: now), width: 100, height: 30)
    let chip = try #require(before.buttons.first { $0.action == .pause })
    let word = chip.area.x + 3
    #expect(before[word, chip.area.y].role == .chipAccent)
    let effects = state.handle(
      .click(x: chip.area.x, y: chip.area.y), live: live, buttons: before.buttons, now: now)
    #expect(effects == [.dispatch(.pause, activityID: "wk01", source: .mouse)])
    #expect(state.pressed == DeviceState.Pressed(area: chip.area, until: now + DeviceState.pressTime))
    let pressed = DeviceView.draw(frame(at: now), width: 100, height: 30)
    #expect(pressed[word, chip.area.y].role == .stale && pressed[word, chip.area.y].fill == .chipAccent)
    #expect(DeviceView.nextChange(frame(at: now)) == now + DeviceState.pressTime)
    let after = DeviceView.draw(frame(at: now + DeviceState.pressTime), width: 100, height: 30)
    #expect(after[word, chip.area.y].role == .chipAccent, "pressed for longer than a frame")
  }

  /// A key that sends what a chip on screen does shows that chip pressed for a frame, as a click
  /// does; a key no chip stands for presses none.
  @Test func aKeyPressesItsChip() throws {
    let live = [workout]
    let now = inPhase(.active).1
    let frame = DeviceView.Frame(
      live: live, state: DeviceState(), now: now, policy: .standard, theme: ThemeCatalog.fallback,
      ascii: false, utcOffset: 0)
    let drawn = DeviceView.draw(frame, width: 100, height: 30)
    let chip = try #require(drawn.buttons.last { $0.action == .pause })
    var state = DeviceState()
    let effects = state.handle(.character(" "), live: live, buttons: drawn.buttons, now: now)
    #expect(effects == [.dispatch(.toggle, activityID: "wk01", source: .key)])
    #expect(state.pressed == DeviceState.Pressed(area: chip.area, until: now + DeviceState.pressTime))
    var pressedFrame = frame
    pressedFrame.state = state
    let pressed = DeviceView.draw(pressedFrame, width: 100, height: 30)
    #expect(pressed[chip.area.x + 3, chip.area.y].role == .stale, "the chip the key stands for, dimmed")
    #expect(DeviceView.nextChange(pressedFrame) == now + DeviceState.pressTime)
    var other = DeviceState()
    _ = other.handle(.character("l"), live: live, buttons: drawn.buttons, now: now)
    #expect(other.pressed == nil, "no chip laps: nothing is pressed")
  }

  /// The question's red chip (drawn last) says yes; a click anywhere else, no.
  @Test func theQuestionsChipSaysYes() {
    let live = [workout]
    var state = DeviceState()
    state.overlay = .confirm(.reset, activityID: "wk01", name: "Workout")
    let chip = Button(area: Rect(x: 50, y: 12, width: 9, height: 1), action: .reset, target: "wk01")
    let under = Button(area: Rect(x: 10, y: 12, width: 9, height: 1), action: .reset, target: "wk01")
    #expect(
      state.handle(.click(x: 52, y: 12), live: live, buttons: [under, chip], now: t0) == [
        .dispatch(.reset, activityID: "wk01", source: .mouse)
      ])
    state.overlay = .confirm(.reset, activityID: "wk01", name: "Workout")
    #expect(state.handle(.click(x: 12, y: 12), live: live, buttons: [under, chip], now: t0) == [])
    #expect(state.overlay == nil && state.flash?.text == "Cancelled")
  }

  @Test func spaceAndKeysDispatchIntentsToTheSelectedActivity() {
    var state = DeviceState()
    let live = [workout, tea]
    #expect(
      state.handle(.character(" "), live: live, now: t0) == [
        .dispatch(.toggle, activityID: "wk01", source: .key)
      ])
    #expect(state.handle(.tab, live: live, now: t0) == [])
    #expect(state.selectedID == "te01")
    #expect(
      state.handle(.character("c"), live: live, now: t0) == [
        .dispatch(.complete, activityID: "te01", source: .key)
      ])
    #expect(
      state.handle(.character("+"), live: live, now: t0) == [
        .dispatch(.adjust(by: 60_000), activityID: "te01", source: .key)
      ])
    #expect(
      state.handle(.character("-"), live: live, now: t0) == [
        .dispatch(.adjust(by: -60_000), activityID: "te01", source: .key)
      ])
    #expect(
      state.handle(.character("l"), live: live, now: t0) == [
        .dispatch(.lap, activityID: "te01", source: .key)
      ])
    #expect(state.handle(.character("t"), live: live, now: t0) == [.nextTheme])
    #expect(state.handle(.escape, live: live, now: t0) == [.quit])
  }

  /// Tab and Shift-Tab go round the activities; the arrows and j/k move through them and stop
  /// at the ends.
  @Test func shiftTabGoesBackAndTheArrowsMoveTheSelection() {
    var state = DeviceState()
    var code = workout
    code.id = "co01"
    let live = [workout, tea, code]
    var path: [String?] = []
    for key in [
      Key.backTab, .backTab, .down, .down, .up, .character("k"), .character("k"), .character("j"), .tab, .tab,
    ] {
      #expect(state.handle(key, live: live, now: t0) == [])
      path.append(state.selectedID)
    }
    #expect(path == ["co01", "te01", "co01", "co01", "te01", "wk01", "wk01", "te01", "co01", "wk01"])
  }

  /// A click on a drawn end (✕) or reset button asks first, as `x` and `r` do.
  @Test func aClickOnADrawnResetOrEndAsksFirst() {
    var state = DeviceState()
    let buttons = [
      Button(area: Rect(x: 40, y: 5, width: 5, height: 1), action: .end, target: "te01"),
      Button(area: Rect(x: 50, y: 5, width: 5, height: 1), action: .reset, target: "wk01"),
    ]
    let live = [workout, tea]
    #expect(state.handle(.click(x: 41, y: 5), live: live, buttons: buttons, now: t0) == [])
    #expect(state.overlay == .confirm(.end, activityID: "te01", name: "Tea"))
    #expect(
      state.handle(.character("y"), live: live, now: t0) == [
        .dispatch(.end, activityID: "te01", source: .key)
      ])
    #expect(state.handle(.click(x: 52, y: 5), live: live, buttons: buttons, now: t0) == [])
    #expect(state.overlay == .confirm(.reset, activityID: "wk01", name: "Workout"))
    #expect(state.handle(.character("n"), live: live, now: t0) == [])
    #expect(state.overlay == nil && state.flash?.text == "Cancelled")
  }

  @Test func resetAndEndAskFirst() {
    var state = DeviceState()
    #expect(state.handle(.character("r"), live: [workout], now: t0) == [])
    #expect(state.overlay == .confirm(.reset, activityID: "wk01", name: "Workout"))
    #expect(
      state.handle(.character("y"), live: [workout], now: t0) == [
        .dispatch(.reset, activityID: "wk01", source: .key)
      ])
    #expect(state.overlay == nil)
    _ = state.handle(.character("x"), live: [workout], now: t0)
    #expect(state.handle(.character("n"), live: [workout], now: t0) == [])
    #expect(state.flash?.text == "Cancelled")
  }

  @Test func newAsksForANameThenADuration() {
    var state = DeviceState()
    _ = state.handle(.character("n"), live: [], now: t0)
    for c in "Tea" { _ = state.handle(.character(c), live: [], now: t0) }
    _ = state.handle(.backspace, live: [], now: t0)
    _ = state.handle(.character("a"), live: [], now: t0)
    _ = state.handle(.enter, live: [], now: t0)
    #expect(state.overlay == .duration(name: "Tea", text: ""))
    for c in "3m" { _ = state.handle(.character(c), live: [], now: t0) }
    #expect(state.handle(.enter, live: [], now: t0) == [.start(name: "Tea", duration: 180_000)])
    _ = state.handle(.character("n"), live: [], now: t0)
    _ = state.handle(.enter, live: [], now: t0)
    #expect(state.handle(.enter, live: [], now: t0) == [.start(name: "Timer", duration: nil)])
  }

  /// The duration field reads what it is typed as `islet start` reads its words: descending
  /// units are one duration, a `/` makes a work and a break, and `1h 30` is refused naming both.
  @Test func theDurationFieldReadsAsStartDoes() {
    func typed(_ name: String, _ duration: String) -> (DeviceState, [DeviceEffect]) {
      var state = DeviceState()
      for key in [Key.character("n")] + name.map(Key.character) + [.enter] + duration.map(Key.character) {
        _ = state.handle(key, live: [], now: t0)
      }
      let effects = state.handle(.enter, live: [], now: t0)
      return (state, effects)
    }
    #expect(typed("Tea", "1h 30m").1 == [.start(name: "Tea", duration: 5_400_000)])
    #expect(typed("Tea", "1 hour 30 min").1 == [.start(name: "Tea", duration: 5_400_000)])
    let plan = Plan.workAndBreak(name: "Deep", work: 3_000_000, rest: 600_000, icon: "timer")
    #expect(typed("Deep", "50m/10m").1 == [.start(name: "Deep", duration: nil, plan: plan)])
    let intervals = Plan.workAndBreak(name: nil, work: 3_000_000, rest: 600_000, icon: "timer")
    #expect(typed("", "50m / 10m").1 == [.start(name: "Intervals", duration: nil, plan: intervals)])
    let (refused, effects) = typed("Tea", "1h 30")
    #expect(effects == [])
    #expect(
      refused.flash?.text
        == "'1h 30' is ambiguous: write 1h30m for one countdown, or 1h/30s for 1h of work and a 30s break")
    #expect(refused.overlay == .duration(name: "Tea", text: "1h 30"), "the field stays open to mend it")
    // A name longer than a label cannot label a plan's work, as start --name cannot.
    let long = String(repeating: "a", count: 65)
    let (unlabelled, none) = typed(long, "50m/10m")
    #expect(none == [])
    #expect(
      unlabelled.flash?.text
        == "'aaaaaaaaaaaaaaaaaaaa…' labels the plan's work and is 65 characters long; use at most 64")
  }

  /// The dialog's fields edit as a shell's line does; control keys (Ctrl-U, Ctrl-W, Ctrl-A)
  /// never end up in the text, where they would be drawn as a replacement character.
  @Test func theDialogsFieldsEditLikeAShellLine() {
    var state = DeviceState()
    func type(_ text: String) { for c in text { _ = state.handle(.character(c), live: [], now: t0) } }
    _ = state.handle(.character("n"), live: [], now: t0)
    type("Deep work\u{1}\u{1B}")
    #expect(state.overlay == .name("Deep work"), "Ctrl-A and a lone ESC character are not text")
    type("\u{17}")
    #expect(state.overlay == .name("Deep "), "Ctrl-W deletes the word before the cursor")
    type("\u{17}\u{17}")
    #expect(state.overlay == .name(""))
    type("Tea time\u{15}")
    #expect(state.overlay == .name(""), "Ctrl-U clears the line")
    type(" Tea\u{202E}\u{2028}\u{FEFF}")
    #expect(state.overlay == .name(" Tea"), "what start --name refuses is not typed")
    // Each a character of five bytes: a name's 400 bytes hold 80 of them.
    type("\u{15}" + String(repeating: "e\u{301}\u{301}", count: 90))
    #expect(state.overlay == .name(String(repeating: "e\u{301}\u{301}", count: 80)), "a name's 400 bytes")
    type("\u{15}Tea")
    _ = state.handle(.enter, live: [], now: t0)
    type("10 min\u{15}3\u{7F}\u{8}m\u{9B}")
    _ = state.handle(.backspace, live: [], now: t0)
    #expect(state.overlay == .duration(name: "Tea", text: "3"), "control keys, DEL and C1 are dropped")
    type("m")
    #expect(state.handle(.enter, live: [], now: t0) == [.start(name: "Tea", duration: 180_000)])
  }

  /// A name longer than the dialog shows its end, where the cursor is.
  @Test func aLongNameShowsItsEndAndTheCursor() {
    var state = DeviceState()
    state.overlay = .name(String(repeating: "abcdefghij", count: 9) + "THE END")
    let frame = DeviceView.Frame(
      live: [], state: state, now: t0, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
      utcOffset: 0)
    let lines = DeviceView.draw(frame, width: 60, height: 20).lines
    let field = lines.first { $0.contains("Name: ") } ?? ""
    #expect(field.contains("Name: …") && field.contains("THE END_ │"), "\(lines.joined(separator: "\n"))")
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
  }

  @Test func clicksFollowTheDrawnButtons() {
    var state = DeviceState()
    let buttons = [
      Button(area: Rect(x: 0, y: 0, width: 32, height: 1), action: .expand, target: "wk01"),
      Button(area: Rect(x: 40, y: 5, width: 9, height: 1), action: .pause, target: "te01"),
    ]
    #expect(
      state.handle(.click(x: 44, y: 5), live: [workout, tea], buttons: buttons, now: t0) == [
        .dispatch(.pause, activityID: "te01", source: .mouse)
      ])
    #expect(state.selectedID == "te01")
    #expect(state.handle(.click(x: 3, y: 0), live: [workout, tea], buttons: buttons, now: t0) == [])
    #expect(state.expanded)
    #expect(state.handle(.click(x: 60, y: 9), live: [workout, tea], buttons: buttons, now: t0) == [])
  }

  @Test func theViewWakesOnlyForChangesItShows() {
    let frame = { (live: [Activity], now: Instant) in
      DeviceView.Frame(
        live: live, state: DeviceState(), now: now, policy: .standard, theme: ThemeCatalog.fallback,
        ascii: false, utcOffset: 0)
    }
    let (active, now) = inPhase(.active)
    // The next displayed second of a running countdown.
    #expect(DeviceView.nextChange(frame([active], now + 300), clockShown: false) == now + 1000)
    // Paused, nothing changes by itself until it expires, hours later, or the clock's minute.
    let (paused, later) = inPhase(.paused)
    #expect(
      DeviceView.nextChange(frame([paused], later), clockShown: false) == paused.expiresAt(policy: .standard))
    #expect(DeviceView.nextChange(frame([], later), clockShown: false) == nil)
    #expect(
      DeviceView.nextChange(frame([paused], later + 5000), clockShown: true)
        == Instant(milliseconds: (later.milliseconds / 60_000 + 1) * 60_000))
  }

  @Test func aTerminalsAnswersAreNotKeys() {
    func keys(_ text: String) -> [Key] {
      text.map { $0 == "\u{1B}" ? Key.escape : .character($0) }
    }
    let answer = keys("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?62;22c")
    #expect(Key.withoutTerminalReplies(answer + keys("q")) == [.character("q")])
    #expect(Key.withoutTerminalReplies(keys("a\u{1B}]11;rgb:0/0/0\u{07}b")) == keys("ab"))
    // An Esc the user pressed, alone or before a key, is kept.
    #expect(Key.withoutTerminalReplies([.escape]) == [.escape])
    #expect(Key.withoutTerminalReplies(keys("\u{1B}q")) == keys("\u{1B}q"))
  }
}
