import Foundation
import IsletCLITestSupport
import IsletRuntime
import IsletTestSupport
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletUI

/// The notifier against a real session bus and the tests' notification server.
@Suite struct DesktopNotifierTests {
  let tea = Alert(
    activityID: "a1", seq: 7, summary: "⏰ Tea — time's up", body: "+0:00 · started 10:05", urgency: .critical,
    actions: [
      Alert.Action(key: "complete", label: "Done", intents: [.complete]),
      Alert.Action(key: "snooze", label: "+5 min", intents: [.snooze(for: 300_000)]),
      Alert.Action(key: "reset", label: "Reset", intents: [.reset]),
    ], awaitsAcknowledgment: true)

  @Test func itAsksTheServerWhatItCanDoFirst() throws {
    let bus = try SessionBus(markup: true)
    let notifier = try DesktopNotifier.connect(environment: bus.environment).get()
    #expect(notifier.capabilities == ["body", "actions", "body-markup"])
    #expect(notifier.server == "islet-test-server 1.0")
    #expect(notifier.fileDescriptor >= 0)
    #expect(bus.calls().map(\.call) == ["GetCapabilities", "GetServerInformation"])
  }

  @Test func aNotificationCarriesTheAlertAndItsButtons() throws {
    let bus = try SessionBus()
    let notifier = try DesktopNotifier.connect(environment: bus.environment).get()
    let id = try #require(notifier.notify(tea, replacing: nil))
    let sent = try #require(bus.notifications().last)
    #expect(sent.id == id)
    #expect(sent.appName == "Islet" && sent.appIcon == "appointment-soon")
    #expect(sent.summary == "⏰ Tea — time's up" && sent.body == "+0:00 · started 10:05")
    #expect(sent.actions == ["complete", "Done", "snooze", "+5 min", "reset", "Reset"])
    #expect(sent.hints == ["urgency": .number(2), "desktop-entry": .text("islet")])
    #expect(sent.replacesId == 0)
    // Critical waits for the user; a normal one goes when the server says.
    #expect(sent.expireTimeout == 0)
    var segment = tea
    segment.urgency = .normal
    notifier.notify(segment, replacing: nil)
    #expect(bus.notifications().last?.hints?["urgency"] == .number(1))
    #expect(bus.notifications().last?.expireTimeout == -1)
  }

  @Test func aChangeReplacesTheNotificationInPlace() throws {
    let bus = try SessionBus()
    let notifier = try DesktopNotifier.connect(environment: bus.environment).get()
    let first = try #require(notifier.notify(tea, replacing: nil))
    var later = tea
    later.body = "+1:00 · started 10:05"
    #expect(notifier.notify(later, replacing: first) == first)
    let sent = bus.notifications()
    #expect(sent.map(\.replacesId) == [0, first])
    #expect(sent.last?.body == "+1:00 · started 10:05")
  }

  @Test func aServerWithoutActionsGetsNoButtons() throws {
    let bus = try SessionBus(actions: false)
    let notifier = try DesktopNotifier.connect(environment: bus.environment).get()
    #expect(!notifier.capabilities.contains("actions"))
    #expect(notifier.notify(tea, replacing: nil) != nil)
    #expect(bus.notifications().last?.actions == [])
    #expect(bus.notifications().last?.summary == "⏰ Tea — time's up")
  }

  /// A server that reads the body as markup gets `<`, `>` and `&` as entities, so a name such
  /// as "<b>Tea & cake</b>" shows as typed; a plain server gets the text itself.
  @Test func theBodyIsEscapedOnlyForAServerThatReadsMarkup() throws {
    var alert = tea
    alert.body = "<b>Tea & cake</b> > 5"
    let markup = try SessionBus(markup: true)
    try DesktopNotifier.connect(environment: markup.environment).get().notify(alert, replacing: nil)
    #expect(markup.notifications().last?.body == "&lt;b&gt;Tea &amp; cake&lt;/b&gt; &gt; 5")
    let plain = try SessionBus()
    try DesktopNotifier.connect(environment: plain.environment).get().notify(alert, replacing: nil)
    #expect(plain.notifications().last?.body == "<b>Tea & cake</b> > 5")
  }

  @Test func closingWithdrawsTheNotification() throws {
    let bus = try SessionBus()
    let notifier = try DesktopNotifier.connect(environment: bus.environment).get()
    let id = try #require(notifier.notify(tea, replacing: nil))
    notifier.close(id)
    let closing = bus.calls().last
    #expect(closing?.call == "CloseNotification" && closing?.id == id, "\(String(describing: closing))")
    #expect(
      collect(from: notifier) { $0.contains(.closed(id: id, reason: 3)) } == [.closed(id: id, reason: 3)])
  }

  /// The watcher sleeps in poll() on the bus's socket: a pressed button must wake it and come
  /// out of `signals()` as the action, then the closing.
  @Test func aPressedButtonWakesThePollAndArrivesAsTheAction() throws {
    let bus = try SessionBus()
    let notifier = try DesktopNotifier.connect(environment: bus.environment).get()
    let id = try #require(notifier.notify(tea, replacing: nil))
    #expect(notifier.signals() == [])
    try bus.invokeAction(id: id, key: "snooze")
    var descriptor = pollfd(fd: notifier.fileDescriptor, events: Int16(POLLIN), revents: 0)
    #expect(poll(&descriptor, 1, 10_000) == 1, "the bus's socket did not become readable")
    let signals = collect(from: notifier) { $0.count >= 2 }
    #expect(signals == [.actionInvoked(id: id, key: "snooze"), .closed(id: id, reason: 2)])
  }

  @Test func theBusGoingAwayIsReportedAndNothingMoreIsSent() throws {
    let bus = try SessionBus()
    let notifier = try DesktopNotifier.connect(environment: bus.environment).get()
    bus.stopBus()
    // The server goes first, then the bus.
    #expect(collect(from: notifier) { $0.contains(.disconnected) } == [.serverGone, .disconnected])
    #expect(notifier.notify(tea, replacing: nil) == nil)
    #expect(notifier.lastFailure?.reason == "the session bus went away")
  }

  @Test func withNoBusNothingIsSentAndTheReasonSaysWhy() {
    let empty = TemporaryFolder()
    #expect(
      DesktopNotifier.connect(environment: ["XDG_RUNTIME_DIR": empty.path]).failure?.reason
        == "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(empty.path)/bus does not exist")
    #expect(
      DesktopNotifier.connect(environment: ["DBUS_SESSION_BUS_ADDRESS": ""]).failure?.reason
        == "no session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set")
    // An autolaunch address would start a bus: it is not followed.
    #expect(
      DesktopNotifier.connect(environment: ["DBUS_SESSION_BUS_ADDRESS": "autolaunch:"]).failure?.reason
        == "no session bus: DBUS_SESSION_BUS_ADDRESS is autolaunch:, and Islet starts no bus")
  }

  @Test func theRuntimeFoldersBusIsFoundWithoutTheVariable() throws {
    let bus = try SessionBus()
    let runtime = TemporaryFolder()
    // The bus's socket where a login session keeps it.
    symlink(bus.folder.file("bus"), runtime.file("bus"))
    let notifier = try DesktopNotifier.connect(environment: ["XDG_RUNTIME_DIR": runtime.path]).get()
    #expect(notifier.server == "islet-test-server 1.0")
  }

  @Test func anAddressWithNothingThereFailsAtOnce() {
    let empty = TemporaryFolder()
    let address = "unix:path=\(empty.path)/none"
    #expect(
      DesktopNotifier.connect(environment: ["DBUS_SESSION_BUS_ADDRESS": address]).failure?.reason
        == "cannot connect to \(address): Failed to connect to socket \(empty.path)/none: No such file or directory"
    )
  }

  @Test func aBusWithoutANotificationServerIsSaidSo() throws {
    let bus = try SessionBus(server: false)
    #expect(
      DesktopNotifier.connect(environment: bus.environment).failure?.reason
        == "no notification server on the session bus")
  }

  /// A bus that accepts the connection and never answers gives up after the timeout.
  @Test func aBusThatNeverAnswersFailsInsteadOfHanging() throws {
    let bus = try SessionBus()
    bus.freezeBus()
    let reason = DesktopNotifier.connect(environment: bus.environment).failure?.reason ?? ""
    #expect(reason == "cannot connect to \(bus.address): the bus did not answer within 2 s")
  }

  /// Reads signals (bounded) until `enough` says so; all that came.
  func collect(from notifier: DesktopNotifier, _ enough: ([DesktopNotifier.Signal]) -> Bool)
    -> [DesktopNotifier.Signal]
  {
    var signals: [DesktopNotifier.Signal] = []
    _ = eventually(within: 10) {
      signals += notifier.signals()
      return enough(signals)
    }
    return signals
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }
}
