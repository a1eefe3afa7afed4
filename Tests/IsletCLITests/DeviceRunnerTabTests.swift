import IsletCore
import IsletUI
import Testing

@testable import IsletCLI

/// What the view hands the terminal's tab (its progress, its title) as time passes and keys
/// come: a change once, never the same again each frame.
@Suite struct DeviceRunnerTabTests {
  /// A countdown of 100 seconds: a whole percent a second.
  static let brew = Intent.start(
    StartRequest(name: "Brew", attributes: ActivityAttributes(mode: .countdown, fullDuration: 100_000)))

  @Test func theProgressIsHandedOverWhenItsWholePercentOrStateChanges() throws {
    let view = try RunnerHarness()
    _ = try view.outside.send(Self.brew, to: .current, source: .cli)
    let runner = try view.open()
    try runner.draw()
    #expect(view.screen.progresses == [.value(0)])
    // Frames within the same percent hand nothing over.
    for _ in 0..<4 {
      view.clock.advance(by: 200)
      try runner.draw()
    }
    #expect(view.screen.progresses == [.value(0)], "the same percent again")
    view.clock.advance(by: 200)
    try runner.draw()
    #expect(view.screen.progresses == [.value(0), .value(1)])
    try runner.send(.key(.character(" "), buttons: []))
    try runner.draw()
    #expect(view.screen.progresses.last == .paused(1))
    #expect(view.screen.titles.isEmpty, "no title without title = on")
  }

  @Test func theTitleIsHandedOverAtMostOnceASecondAndWhatWaitsIsNotLost() throws {
    let view = try RunnerHarness(config: "title = on\n")
    _ = try view.outside.send(Self.brew, to: .current, source: .cli)
    let runner = try view.open()
    try runner.draw()
    #expect(view.screen.titles.count == 1)
    #expect(
      view.screen.titles.first?.contains("Brew") == true
        && view.screen.titles.first?.hasSuffix("1:40") == true,
      "\(view.screen.titles)")
    view.clock.advance(by: 1_000)
    try runner.draw()
    #expect(view.screen.titles.last?.hasSuffix("1:39") == true, "\(view.screen.titles)")
    // Paused within the same second: the new title waits for the next one.
    view.clock.advance(by: 300)
    try runner.send(.key(.character(" "), buttons: []))
    try runner.draw()
    #expect(view.screen.titles.count == 2, "a second title in one second: \(view.screen.titles)")
    view.clock.advance(by: 700)
    try runner.draw()
    #expect(view.screen.titles.count == 3, "\(view.screen.titles)")
    #expect(view.screen.titles.last?.contains("⏸") == true, "the paused title: \(view.screen.titles)")
  }
}
