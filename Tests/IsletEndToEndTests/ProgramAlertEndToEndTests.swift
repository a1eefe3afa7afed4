import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletStore

/// What programs post reaches the user with nothing of Islet open: a call for attention made by
/// a plain `islet update` in a shell is a notification on a real session bus with the posted
/// buttons, pressed from there, withdrawn when answered; a long run's end alerts, a short one
/// does not.
@Suite(.serialized) struct ProgramAlertDesktopTests {
  let islet = Sandbox()

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  func history() throws -> [Event] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.history()
  }

  @Test func attentionIsOneNotificationWhoseButtonPressesAndRunsTheCommand() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\n")
    let approved = islet.folder.file("approved")
    let started = try islet.binary(
      "start", "--name", "Deploy api", "--state", "Uploading", "--progress", "40%", extra: bus.environment)
    #expect(started.status == 0, "\(started)")
    let asked = try islet.binary(
      "update", "Deploy api", "--attention", "Needs your approval", "--button", "Approve=touch '\(approved)'",
      "--button", "Reject=false", extra: bus.environment)
    #expect(asked.status == 0, "\(asked)")
    let sent = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.filter { $0.call == "Notify" }
    #expect(sent.count == 1, "\(bus.calls())")
    let notification = try #require(sent.first)
    #expect(notification.summary == "❗ Deploy api — Needs your approval", "\(notification)")
    #expect(notification.body == "Uploading · 40%", "\(notification)")
    // Started outside tmux: no pane to go to, so no default action.
    #expect(notification.actions == ["press-1", "Approve", "press-2", "Reject"], "\(notification)")
    #expect(notification.hints?["urgency"] == .number(2))
    try bus.invokeAction(id: try #require(notification.id), key: "press-1")
    #expect(
      eventually { FileManager.default.fileExists(atPath: approved) }, "the button's command did not run")
    let pressed = try #require(try history().last)
    #expect(pressed.kind == .pressed && pressed.detail == "Approve" && pressed.source == .notification)
    // Said once: a press answers it, and no second notification comes.
    #expect(bus.notifications().count == 1, "\(bus.calls())")
  }

  @Test func anUpdateThatKeepsTheCallLeavesItAndOneThatClearsItWithdrawsIt() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\n")
    #expect(try islet.binary("start", "--name", "Agent", extra: bus.environment).status == 0)
    #expect(try islet.binary("update", "--attention", "Needs you", extra: bus.environment).status == 0)
    let sent = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.first { $0.call == "Notify" }
    let id = try #require(sent?.id, "\(bus.calls())")
    #expect(try islet.binary("update", "--state", "Still waiting", extra: bus.environment).status == 0)
    // The withdrawal of the clearing update comes after whatever the first update caused.
    #expect(try islet.binary("update", "--no-attention", extra: bus.environment).status == 0)
    let calls = bus.waitForCalls { $0.contains { $0.call == "CloseNotification" } }
    #expect(calls.filter { $0.call == "CloseNotification" }.map(\.id) == [id], "\(calls)")
    #expect(calls.filter { $0.call == "Notify" }.count == 1, "\(calls)")
    #expect(try history().map(\.kind) == [.started, .attention, .updated, .updated])
  }

  @Test func aFailedRunAlertsWhenItRanLongerThanTheSettingAndAShortOneDoesNot() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\nalert-after-run = 3s\n")
    #expect(try islet.binary("start", "--name", "quick", extra: bus.environment).status == 0)
    #expect(try islet.binary("fail", "quick", "--status", "2", extra: bus.environment).status == 0)
    #expect(try islet.binary("start", "--name", "make", "--ago", "2m14s", extra: bus.environment).status == 0)
    #expect(try islet.binary("fail", "make", "--status", "2", extra: bus.environment).status == 0)
    let sent = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.filter { $0.call == "Notify" }
    #expect(sent.map(\.summary) == ["✕ make failed"], "\(bus.calls())")
    #expect(sent.first?.body == "exit 2")
    #expect(sent.first?.hints?["urgency"] == .number(2))
    // Off: nothing.
    islet.writeConfig("alerts = desktop\nalert-after-run = off\n")
    #expect(try islet.binary("start", "--name", "lint", "--ago", "5m", extra: bus.environment).status == 0)
    #expect(try islet.binary("fail", "lint", extra: bus.environment).status == 0)
    #expect(try islet.binary("start", "--name", "marker", extra: bus.environment).status == 0)
    #expect(try islet.binary("update", "marker", "--attention", "Look", extra: bus.environment).status == 0)
    let later = bus.waitForCalls { $0.contains { $0.summary?.hasPrefix("❗ marker") == true } }
    #expect(
      later.filter { $0.call == "Notify" }.map(\.summary) == ["✕ make failed", "❗ marker — Look"], "\(later)")
  }
}

/// "Go to" across the sessions of a real tmux server, with a client attached in an outer tmux:
/// `islet goto`, and a notification's default action.
@Suite(.serialized) struct GoToTests {
  let islet = Sandbox()

  /// A second session on the inner server; its pane's id.
  func secondSession(_ tmux: NestedTmux) -> String {
    tmux.inner(["new-session", "-d", "-s", "two", "-x", "80", "-y", "10"])
    tmux.inner(["new-window", "-t", "two"])
    return tmux.inner(["display-message", "-p", "-t", "two:1", "#{pane_id}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// The client's session and the pane it shows.
  func where_(_ tmux: NestedTmux) -> String {
    tmux.inner(["list-clients", "-F", "#{client_session} #{pane_id}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  @Test func gotoSwitchesTheClientToThePaneAcrossSessionsAndRefusesWhenThereIsNone() throws {
    let tmux = try NestedTmux(islet)
    let pane = secondSession(tmux)
    #expect(pane.hasPrefix("%"), "\(pane)")
    #expect(where_(tmux).hasPrefix("0 "), "the client starts on session 0: \(where_(tmux))")
    let inPane = ["TMUX": tmux.tmuxVariable, "TMUX_PANE": pane]
    #expect(try islet.binary("start", "--name", "build", extra: inPane).status == 0)
    let went = try islet.binary("goto", "build")
    #expect(went.status == 0, "\(went)")
    #expect(went.stdout == "build: on its pane \(pane)\n", "\(went)")
    #expect(eventually { where_(tmux) == "two \(pane)" }, "the client is on \(where_(tmux))")
    // Started outside tmux: nowhere to go.
    #expect(try islet.binary("start", "--name", "tea").status == 0)
    let nowhere = try islet.binary("goto", "tea")
    #expect(nowhere.status == 1, "\(nowhere)")
    #expect(nowhere.stderr.split(separator: "\n").count == 1, "\(nowhere)")
    #expect(nowhere.stderr.contains("tea was not started inside tmux"), "\(nowhere)")
    // Its pane closed: refused, and the client stays where it is.
    tmux.inner(["kill-pane", "-t", pane])
    let gone = try islet.binary("goto", "build")
    #expect(gone.status == 1, "\(gone)")
    #expect(gone.stderr.contains("build: its pane \(pane) is gone"), "\(gone)")
  }

  @Test func theNotificationsDefaultActionGoesToThePane() throws {
    let bus = try SessionBus()
    let tmux = try NestedTmux(islet)
    let pane = secondSession(tmux)
    islet.writeConfig("alerts = desktop\n")
    var inPane = bus.environment
    inPane["TMUX"] = tmux.tmuxVariable
    inPane["TMUX_PANE"] = pane
    #expect(try islet.binary("start", "--name", "agent", extra: inPane).status == 0)
    #expect(
      try islet.binary("update", "agent", "--attention", "Needs you", extra: bus.environment).status == 0)
    let sent = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.first { $0.call == "Notify" }
    let notification = try #require(sent, "\(bus.calls())")
    #expect(notification.actions == ["default", "Go to"], "\(notification)")
    #expect(where_(tmux).hasPrefix("0 "))
    try bus.invokeAction(id: try #require(notification.id), key: "default")
    #expect(eventually { where_(tmux) == "two \(pane)" }, "the client is on \(where_(tmux))")
    // Going there is no answer: the call stands.
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(try reader.liveActivities().first?.state.posted.attention == "Needs you")
  }
}

/// A call for attention on the attached client of a tmux server Islet was used from.
@Suite(.serialized) struct ProgramAlertTmuxTests {
  let islet = Sandbox()

  @Test func attentionShowsOnTheAttachedClientWithNothingOpen() throws {
    let tmux = try NestedTmux(islet)
    islet.writeConfig("alerts = tmux bell\n")
    let inTmux = ["TMUX": tmux.tmuxVariable]
    #expect(try islet.binary("start", "--name", "Agent", "--state", "Thinking", extra: inTmux).status == 0)
    #expect(!tmux.rang)
    #expect(try islet.binary("update", "Agent", "--attention", "Needs you", extra: inTmux).status == 0)
    #expect(tmux.outer.waitFor { $0.contains("❗ Agent — Needs you · Thinking") }, "\(tmux.outer.text)")
    #expect(eventually { tmux.rang }, "the bell did not ring on the client")
  }
}
