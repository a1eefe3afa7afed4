import Foundation
import IsletCLITestSupport
import IsletCore
import IsletRuntime
import IsletStore
import IsletTestSupport
import IsletUI
import Testing

@testable import IsletCLI

/// A program's buttons in the view: chips on its banner, keys `1` `2` `3`, each press an
/// intent down the one path, recorded as `pressed` with the button's label.
@Suite struct DeviceRunnerButtonTests {
  /// A deploy posted from another shell with two buttons, whose commands do nothing; its id.
  static func postDeploy(_ view: RunnerHarness) throws -> String {
    let posted = Posted(
      text: "Migrating", percent: 72,
      buttons: [
        ActivityButton(label: "Approve", command: "true"), ActivityButton(label: "Reject", command: "true"),
      ])
    let request = StartRequest(
      name: "Deploy api", attributes: ActivityAttributes(icon: "code"), posted: posted)
    let report = try view.outside.send(.start(request), to: .current, source: .cli)
    return try #require(report.activity).id
  }

  /// The labels of the `pressed` events recorded for `id`, in order.
  static func pressed(_ view: RunnerHarness, _ id: String) throws -> [String?] {
    try view.outside.store.history().filter { $0.activityID == id && $0.kind == .pressed }.map(\.detail)
  }

  @Test func clickingAChipPressesItsButton() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let id = try Self.postDeploy(view)
    let runner = try view.openDrawn()
    #expect(view.text.contains(" Approve   Reject "), "the banner's chips: \(view.text)")
    let chip = try #require(
      view.screen.canvas?.buttons.first { $0.action == .press("Reject") }, "no Reject chip on \(view.text)")
    try view.press(runner, .click(x: chip.area.x + 1, y: chip.area.y))
    #expect(try Self.pressed(view, id) == ["Reject"])
    #expect(try view.phase(id) == .active, "a press leaves the activity running")
  }

  /// A click on the name of an activity started in tmux goes back to its pane (`GoTo`): here
  /// a pane gone from a running server, which the view says; `g` on one started elsewhere says
  /// that instead. (`GoToTests` moves a real client.)
  @Test func clickingTheNameGoesBackToItsPane() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let pane = try TmuxSession(
      width: 80, height: 24, environment: [:], command: ["sleep", "30"], folder: view.folder.path)
    let socket = pane.value("#{socket_path}")
    let origin = Origin(tmuxSocket: socket, tmuxPane: "%99")
    _ = try view.outside.send(
      .start(StartRequest(name: "Build", attributes: ActivityAttributes(origin: origin))), to: .current,
      source: .cli)
    let runner = try view.openDrawn()
    let name = try #require(
      view.screen.canvas?.buttons.first { $0.action == .goTo }, "no name to click: \(view.text)")
    try view.press(runner, .click(x: name.area.x, y: name.area.y))
    #expect(view.text.contains("its pane %99 is gone"), "\(view.text)")

    let other = try RunnerHarness(width: 100, height: 30)
    _ = try other.outside.send(.start(StartRequest(name: "Tea")), to: .current, source: .cli)
    let teaRunner = try other.openDrawn()
    #expect(
      !(other.screen.canvas?.buttons.contains { $0.action == .goTo } ?? true), "no pane, no name to click")
    try other.press(teaRunner, .character("g"))
    #expect(other.text.contains("'Tea' was not started in tmux"), "\(other.text)")
  }

  @Test func numberKeysPressTheSelectedActivitysButtons() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let id = try Self.postDeploy(view)
    let runner = try view.openDrawn()
    #expect(view.text.contains("1 approve · 2 reject"), "the key hints: \(view.text)")
    try view.press(runner, .character("1"))
    try view.press(runner, .character("2"))
    #expect(try Self.pressed(view, id) == ["Approve", "Reject"])
    // A third it does not have: said, nothing recorded.
    try view.press(runner, .character("3"))
    #expect(view.text.contains("'Deploy api' has no button 3"), "\(view.text)")
    #expect(try Self.pressed(view, id) == ["Approve", "Reject"])
  }

  /// A stopwatch that asks about its time away shows the answers as chips, and `1` `2` `3`
  /// give them: here `2`, drop, which takes the 14 minutes away out.
  @Test func aQuestionAboutTimeAwayIsAnsweredWithTheNumberKeys() throws {
    let view = try RunnerHarness(width: 100, height: 30)
    let report = try view.outside.send(.start(StartRequest(name: "Focus")), to: .current, source: .cli)
    let id = try #require(report.activity).id
    view.clock.advance(by: 5 * 60_000)
    _ = try view.outside.send(.away(.leave(pausing: false)), to: .id(id), source: .session)
    view.clock.advance(by: 14 * 60_000)
    _ = try view.outside.send(.away(.back(nil)), to: .id(id), source: .session)
    let runner = try view.openDrawn()
    #expect(view.text.contains(" Keep it   Drop it   Drop and stop "), "the banner's chips: \(view.text)")
    #expect(view.text.contains("1 keep · 2 drop · 3 stop"), "the key hints: \(view.text)")
    try view.press(runner, .character("2"))
    let focus = try #require(try view.outside.store.activity(id: id))
    #expect(focus.state.away == nil)
    #expect(focus.elapsed(at: view.clock.now()) == 5 * 60_000)
    #expect(!view.text.contains("Drop and stop"), "the question is gone: \(view.text)")
  }
}
