import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletUI

/// The menu of a posted activity: its buttons first, each pressing it, and "Go to" its pane
/// when it was started in one of the server the menu opens on.
@Suite struct TmuxMenuPostedTests {
  let start = Instant(seconds: 1_764_493_500)
  let server = "/tmp/tmux-1000/default"

  func deploy(buttons: [String], pane: String? = "%7", socket: String? = nil) -> Activity {
    let origin = pane.map { Origin(tmuxSocket: socket ?? server, tmuxPane: $0) }
    let request = StartRequest(
      id: "dep1", name: "Deploy api", attributes: ActivityAttributes(origin: origin),
      posted: Posted(buttons: buttons.map { ActivityButton(label: $0, command: "true") }))
    return try! TimerEngine.reduce(nil, .start(request), at: start, source: .cli).get().activity
  }

  func menu(_ activity: Activity) -> TmuxMenu {
    let now = start + 1000
    return TmuxMenu(
      looks: [Look(activity: activity, now: now)], selected: nil, plan: "pomodoro", keyboard: false,
      server: server)
  }

  func shown(_ menu: TmuxMenu) -> [String] {
    menu.entries.map { $0.map { "\($0.label) (\($0.key))" } ?? "-" }
  }

  @Test func theButtonsAndGoToComeFirst() throws {
    let menu = menu(deploy(buttons: ["Approve", "Reject"]))
    #expect(
      shown(menu).prefix(4) == ["Approve (a)", "Reject (b)", "Go to (g)", "Pause (p)"], "\(shown(menu))")
    let entries = menu.entries.compactMap { $0 }
    #expect(
      entries[0].command
        == ##"run-shell -b 'sh -c "$ISLET_RUN" islet "#{client_name}" press dep1 "Approve"'"##)
    #expect(entries[2].command == "switch-client -t %7 ; select-window -t %7 ; select-pane -t %7")
  }

  /// A stopwatch asking about its time away offers the three answers first.
  @Test func aQuestionAboutTimeAwayOffersItsAnswers() throws {
    var focus = try TimerEngine.reduce(
      nil, .start(StartRequest(id: "foc1", name: "Focus")), at: start, source: .cli
    )
    .get().activity
    focus.state.away = Away(since: start + 500, back: start + 900, paused: false)
    let menu = menu(focus)
    #expect(
      shown(menu).prefix(4) == ["Keep it (a)", "Drop it (b)", "Drop and stop (d)", "Pause (p)"],
      "\(shown(menu))")
    let entries = menu.entries.compactMap { $0 }
    #expect(
      entries[1].command == ##"run-shell -b 'sh -c "$ISLET_RUN" islet "#{client_name}" away foc1 drop'"##)
    focus.state.away = nil
    #expect(!shown(self.menu(focus)).contains("Keep it (a)"), "no question, no answers")
  }

  @Test func noGoToWithoutAPaneOrFromAnotherServer() {
    #expect(!shown(menu(deploy(buttons: [], pane: nil))).contains("Go to (g)"))
    #expect(!shown(menu(deploy(buttons: [], socket: "/tmp/tmux-1000/other"))).contains("Go to (g)"))
    #expect(shown(menu(deploy(buttons: []))).first == "Go to (g)")
  }

  /// A label with quotes, `$`, `#` or more than ASCII reaches `press` as it is: the word the
  /// entry gives the shell, run by a real `sh`, prints the label back.
  @Test(arguments: ["Won't do #1", "Approve \"now\"", "$(reboot) `x` \\n", "✓ Ship it"])
  func anyLabelReachesTheShellAsItIs(_ label: String) throws {
    let menu = menu(deploy(buttons: [label]))
    let entry = try #require(menu.entries.first ?? nil)
    #expect(entry.label == TmuxText.escaped(label))
    let word = TmuxMenu.shellWord(label)
    #expect(entry.command.hasSuffix(" press dep1 \(word)'"), "\(entry.command)")
    // Nothing in it ends tmux's single quotes or is a format when the menu is made.
    #expect(!word.contains("'") && !word.contains("#"), "\(word)")
    let printed = try Binary.run(["-c", "printf %s \(word)"], environment: [:], executable: "/bin/sh")
    #expect(printed.stdout == label, "\(printed)")
  }
}
