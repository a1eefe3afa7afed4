import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletStore

/// `islet status --format BAR`: one update of each bar's stream, from the store.
@Suite struct BarStatusTests {
  let islet = Sandbox()

  func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
  }

  @Test func eachBarShowsTheIslandWithTheNextActivityBeside() throws {
    islet("start", "25m", "--name", "Tea & <b>biscuits</b>", "--id", "1823")
    islet.clock.advance(by: 1_000)
    islet("start", "--name", "Focus")
    islet.clock.advance(by: 754_000)
    let waybar = try object(islet("status", "--format", "waybar").stdout)
    #expect(waybar["text"] as? String == "⏱ Focus ● 12:34 ▐12m▌")
    #expect(
      (waybar["tooltip"] as? String)?.hasSuffix("Next: ⏱ Tea &amp; &lt;b&gt;biscuits&lt;/b&gt; 12:25") == true
    )
    let i3bar = islet("status", "--format", "i3bar").stdout.split(separator: "\n").map(String.init)
    #expect(i3bar.count == 3 && i3bar[1] == "[", "\(i3bar)")
    let blocks = try #require(
      try JSONSerialization.jsonObject(with: Data(i3bar[2].dropLast().utf8)) as? [[String: Any]])
    #expect(blocks.map { $0["full_text"] as? String } == ["⏱ Focus ● 12:34", "▐12m▌"])
    let rs = try object(islet("status", "--format", "i3status-rs").stdout)
    #expect(rs["state"] as? String == "Info")
    let named = try object(islet("status", "--format", "i3blocks", "1823").stdout)
    #expect(named["full_text"] as? String == "⏱ Tea & <b>biscuits</b> ◑ 12:25", "a named activity alone")
    #expect(islet("status", "--format", "polybar").stdout.contains(" toggle "))
  }

  @Test func withNothingLiveTheBarIsClearedAndStatusSaysSo() {
    #expect(
      islet("status", "--format", "waybar")
        == Run(status: 1, stdout: "{\"text\":\"\",\"class\":\"none\"}\n", stderr: ""))
    #expect(islet("status", "--format", "polybar") == Run(status: 1, stdout: "\n", stderr: ""))
  }

  /// i3blocks 1.4's block: run with `--click "$BLOCK_BUTTON"`, empty when not clicked. The
  /// button's intent goes to the current timer first; the status is 0 whatever is live, since
  /// 1.4 keeps a block's old text on any other.
  @Test func aBlockRunWithItsButtonSendsTheIntentThenPrintsTheLine() throws {
    let empty = islet("status", "--format", "i3blocks", "--click", "")
    #expect(empty == Run(status: 0, stdout: "{\"full_text\":\"\"}\n", stderr: ""), "nothing live")
    islet("start", "--name", "Tea")
    islet.clock.advance(by: 1_000)
    islet("start", "--name", "Work")
    let unclicked = try object(islet("status", "--format", "i3blocks", "--click", "").stdout)
    #expect(unclicked["full_text"] as? String == "⏱ Work ● 0:00 ▐0:01▌", "\(unclicked)")
    let left = islet("status", "--format", "i3blocks", "--click", "1")
    let paused = try object(left.stdout)
    #expect(left.status == 0 && paused["full_text"] as? String == "⏱ Work ⏸ 0:00 ▐0:01▌", "\(left)")
    // A wheel is no intent; right completes, and the line shows what is left.
    #expect(islet("status", "--format", "i3blocks", "--click", "4").stdout.contains("⏸"))
    let right = try object(islet("status", "--format", "i3blocks", "--click", "3").stdout)
    #expect(right["full_text"] as? String == "⏱ Tea ● 0:01", "\(right)")
    // A problem in the configuration is the line, still status 0.
    islet.writeConfig("theme = ocean\n")
    let problem = islet("status", "--format", "i3blocks", "--click", "")
    #expect(problem.status == 0 && problem.stdout.contains("unknown theme"), "\(problem)")
  }

  /// On an activity a program posted buttons on, the left click presses its first button
  /// (recorded as `pressed`), and right still completes it.
  @Test func aLeftClickOnAPostedActivityPressesItsFirstButton() throws {
    islet("start", "--name", "Deploy", "--button", "Approve=true", "--button", "Reject=true")
    _ = islet("status", "--format", "i3blocks", "--click", "1")
    let json = islet("list", "--json").stdout
    #expect(json.contains(#""phase":"active""#), "a press does not pause it: \(json)")
    let shown = islet("status", "--format", "json").stdout
    #expect(shown.contains(#""buttons":["Approve","Reject"]"#), "\(shown)")
    let store = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { store.close() }
    let pressed = try store.history().filter { $0.kind == .pressed }
    #expect(pressed.map(\.detail) == ["Approve"], "\(pressed)")
  }
}
