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
}
