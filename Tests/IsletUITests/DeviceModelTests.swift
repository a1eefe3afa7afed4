import Testing

@testable import IsletCore
@testable import IsletUI

/// The device view's decisions, step by step on a hand-moved clock with no terminal: after each
/// message the whole model is compared with what it should be, and the commands it returns.
@Suite struct DeviceModelTests {
  let initial = DeviceModel(
    theme: ThemeCatalog.fallback, ascii: false, policy: .standard, alerts: AlertPolicy())

  func started(_ id: String, _ name: String, minutes m: Int64? = nil, at offset: Milliseconds = 0) -> Activity
  {
    var request = StartRequest(name: name)
    request.id = id
    if let m {
      request.attributes.mode = .countdown
      request.attributes.fullDuration = minutes(m)
    }
    return try! TimerEngine.reduce(nil, .start(request), at: t0 + offset, source: .cli).get().activity
  }

  /// Sends `message` at `offset` and checks the commands and the whole model after it.
  func step(
    _ model: inout DeviceModel, _ message: DeviceModel.Message, at offset: Milliseconds,
    commands: [DeviceModel.Command] = [], sourceLocation: SourceLocation = #_sourceLocation,
    _ change: (inout DeviceModel) -> Void = { _ in }
  ) {
    var expected = model
    change(&expected)
    let returned = model.update(message, at: t0 + offset)
    #expect(returned == commands, "commands for \(message)", sourceLocation: sourceLocation)
    #expect(model == expected, "the model after \(message)", sourceLocation: sourceLocation)
  }

  @Test func aCountdownFinishedBeforeTheViewOpenedIsShownButNotRung() {
    var model = initial
    let egg = TimerEngine.settle(started("egg1", "Egg", minutes: 1), at: t0 + minutes(5)).activity
    step(&model, .stored([egg], seq: 2), at: minutes(5)) {
      $0.stored = [egg]
      $0.seq = 2
    }
    // Its `finished`, had the view heard it before the first look, is not given either.
    let finished = Event(
      seq: 2, activityID: "egg1", kind: .finished, phase: .finished, elapsed: minutes(1), source: .time,
      at: t0 + minutes(1), name: "Egg")
    step(&model, .stored([egg], seq: 2, events: [finished]), at: minutes(5)) {
      $0.given = ["egg1": DeviceModel.Given(event: finished, repeats: 3)]
    }
    step(&model, .tick, at: minutes(5)) { $0.looked = true }
    #expect(model.tickAt == model.settleAt, "no repeat is due")
    #expect(model.frame(at: t0 + minutes(5)).live.map(\.id) == ["egg1"])
  }

  @Test func aStoreChangeThatRemovesTheSelectedActivitySelectsTheNext() {
    var model = initial
    let (a, b, c) = (started("aaaa", "A"), started("bbbb", "B", at: 1000), started("cccc", "C", at: 2000))
    step(&model, .stored([a, b, c], seq: 3), at: 3000) {
      $0.stored = [a, b, c]
      $0.seq = 3
    }
    // The island's order is the most recent first: C, B, A. Tab moves from C to B.
    step(&model, .key(.tab, buttons: []), at: 3000) { $0.state.selectedID = "bbbb" }
    step(&model, .stored([a, c], seq: 4), at: 4000) {
      $0.stored = [a, c]
      $0.seq = 4
      $0.state.selectedID = "aaaa"
    }
    // The last one gone: the one before it.
    step(&model, .stored([c], seq: 5), at: 5000) {
      $0.stored = [c]
      $0.seq = 5
      $0.state.selectedID = "cccc"
    }
  }

  /// A y/n question about an activity that ends elsewhere closes, and says why: a `y` would
  /// answer it for nothing, over another banner.
  @Test func aQuestionAboutAnActivityThatEndedElsewhereCloses() {
    var model = initial
    let (a, b) = (started("aaaa", "A"), started("bbbb", "B", at: 1000))
    step(&model, .stored([a, b], seq: 2), at: 2000) {
      $0.stored = [a, b]
      $0.seq = 2
    }
    step(&model, .key(.character("x"), buttons: []), at: 2000) {
      $0.state.overlay = .confirm(.end, activityID: "bbbb", name: "B")
    }
    step(&model, .stored([a], seq: 3), at: 3000) {
      $0.stored = [a]
      $0.seq = 3
      $0.state.overlay = nil
      $0.state.show("'B' is no longer live", at: t0 + 3000)
    }
  }

  @Test func keysBecomeIntentsForTheSelectedActivityById() {
    var model = initial
    let (a, b) = (started("aaaa", "A"), started("bbbb", "B", at: 1000))
    step(&model, .stored([a, b], seq: 2), at: 2000) {
      $0.stored = [a, b]
      $0.seq = 2
    }
    step(
      &model, .key(.character(" "), buttons: []), at: 2000,
      commands: [.send(.toggle, target: .id("bbbb"), source: .key)])
    step(
      &model, .key(.character("+"), buttons: []), at: 2000,
      commands: [
        .send(.adjust(by: 60_000), target: .id("bbbb"), source: .key)
      ])
    // Reset asks first; y sends it.
    step(&model, .key(.character("r"), buttons: []), at: 2000) {
      $0.state.overlay = .confirm(.reset, activityID: "bbbb", name: "B")
    }
    step(
      &model, .key(.character("y"), buttons: []), at: 2000,
      commands: [.send(.reset, target: .id("bbbb"), source: .key)]
    ) {
      $0.state.overlay = nil
    }
    step(&model, .key(.character("q"), buttons: []), at: 2000, commands: [.quit(interrupted: false)])
    step(&model, .interrupt, at: 2000, commands: [.quit(interrupted: true)])
    step(&model, .terminate, at: 2000, commands: [.quit(interrupted: false)])
    step(&model, .key(.resize, buttons: []), at: 2000, commands: [.repaint])
  }

  @Test func anIntentsReportIsShownWithoutReadingTheStore() {
    var model = initial
    let tea = started("teaa", "Tea")
    step(&model, .key(.character("n"), buttons: []), at: 0) { $0.state.overlay = .name("") }
    for (count, character) in "Tea".enumerated() {
      let typed = String("Tea".prefix(count + 1))
      step(&model, .key(.character(character), buttons: []), at: 0) { $0.state.overlay = .name(typed) }
    }
    step(&model, .key(.enter, buttons: []), at: 0) { $0.state.overlay = .duration(name: "Tea", text: "") }
    step(&model, .key(.enter, buttons: []), at: 0, commands: [.start(name: "Tea", duration: nil)]) {
      $0.state.overlay = nil
    }
    step(
      &model,
      .reported(live: [tea], seq: 1, activity: tea, started: true, line: "▶ Tea started", refused: false),
      at: 0
    ) {
      $0.stored = [tea]
      $0.seq = 1
      $0.state.selectedID = "teaa"
      $0.state.flash = DeviceState.Flash(text: "▶ Tea started", until: t0 + 2000)
    }
    step(
      &model,
      .reported(
        live: [tea], seq: nil, activity: tea, started: false, line: "Tea is already running", refused: true),
      at: 200
    ) { $0.state.flash = DeviceState.Flash(text: "Tea is already running", alert: true, until: t0 + 2200) }
    step(&model, .missed(nothingLive: false), at: 300, commands: [.reload]) {
      $0.state.flash = DeviceState.Flash(text: "That timer is gone", alert: true, until: t0 + 2300)
    }
  }

  /// Six activities at 100×24, four cards at a time: the selection moves down inside them
  /// without scrolling, past the last one by one card, and back up without scrolling until
  /// it reaches the top one again. A key acts on the selected one, which is always drawn.
  @Test func theBannersScrollOnlyAsFarAsTheSelectionNeeds() {
    var model = initial
    let six = (0..<6).map { started("ac0\($0)", "T\($0)", at: Milliseconds(-$0 * 1000)) }
    step(&model, .resized(width: 100, height: 24), at: 0) { ($0.screenWidth, $0.screenHeight) = (100, 24) }
    step(&model, .stored(six, seq: 6), at: 0) {
      $0.stored = six
      $0.seq = 6
    }
    var firsts: [String?] = []
    for key in [Key.down, .down, .down, .down, .down, .up, .up, .up, .up, .up] {
      _ = model.update(.key(key, buttons: []), at: t0)
      firsts.append(model.state.firstShownID)
      let frame = model.frame(at: t0)
      let shown = DeviceView.layout(frame, width: 100, height: 24).banners.map { frame.live[$0.index].id }
      #expect(shown.count == 4 && shown.contains(model.state.selectedID ?? ""), "\(shown)")
    }
    #expect(firsts == [nil, nil, nil, "ac01", "ac02", "ac02", "ac02", "ac02", "ac01", nil])
    #expect(
      model.update(.key(.character(" "), buttons: []), at: t0) == [
        .send(.toggle, target: .id("ac00"), source: .key)
      ])
  }

  @Test func theNextThemeIsAskedForAndShown() {
    var model = initial
    step(&model, .key(.character("t"), buttons: []), at: 0, commands: [.cycleTheme(after: "default")])
    var light = ThemeCatalog.fallback
    light.name = "light"
    step(&model, .themed(light, saved: "Theme: light", failed: false), at: 0, commands: [.repaint]) {
      $0.theme = light
      $0.state.flash = DeviceState.Flash(text: "Theme: light", until: t0 + 2000)
    }
    #expect(model.frame(at: t0).theme.name == "light")
  }
}
