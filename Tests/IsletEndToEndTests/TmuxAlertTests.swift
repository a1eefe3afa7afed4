import Foundation
import IsletCLITestSupport
import IsletRuntime
import IsletTestSupport
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletStore
@testable import IsletUI

@Suite struct TmuxServerListTests {
  let folder = TemporaryFolder()

  @Test func eachServerIsListedOnceTheNewestSixteenKeptAndTheGoneForgotten() throws {
    let store = folder.file("islet.db")
    TmuxServers.record("/tmp/tmux-0/default", storePath: store)
    TmuxServers.record("/tmp/tmux-0/default", storePath: store)
    // What would not read back as one socket is not written.
    TmuxServers.record("default", storePath: store)
    TmuxServers.record("/tmp/a\nb", storePath: store)
    #expect(folder.bytes("islet.db.tmux") == Array("/tmp/tmux-0/default\n".utf8))
    var info = stat()
    stat(store + ".tmux", &info)
    #expect(info.st_mode & 0o777 == 0o600)
    for n in 1...20 { TmuxServers.record("/tmp/tmux-0/s\(n)", storePath: store) }
    #expect(TmuxServers.read(storePath: store) == (5...20).map { "/tmp/tmux-0/s\($0)" })
    TmuxServers.forget(["/tmp/tmux-0/s5", "/tmp/tmux-0/s9", "/tmp/tmux-0/none"], storePath: store)
    #expect(TmuxServers.read(storePath: store).count == 14)
    #expect(!TmuxServers.read(storePath: store).contains("/tmp/tmux-0/s9"))
    #expect(TmuxServers.read(storePath: folder.file("other.db")) == [])
  }

  /// tmux's command line ends a command at an argument that ends in `;`: such text is escaped.
  @Test func anArgumentEndingInASemicolonStaysText() {
    #expect(TmuxAlerts.literal("up;") == "up\\;")
    #expect(TmuxAlerts.literal("a;b") == "a;b")
    #expect(TmuxAlerts.literal("a\\;") == "a\\\\;")
  }
}

/// A real tmux client, inside an outer tmux pane (see `NestedTmux`), reached by the alerts.
@Suite(.serialized) struct TmuxAlertTests {
  let islet = Sandbox()

  var store: String { (try? StoreLocation.canonical(islet.storePath)) ?? islet.storePath }

  /// ISLET_NOW, `seconds` after t0.
  func at(_ seconds: Int64) -> [String: String] { ["ISLET_NOW": String(t0.milliseconds / 1000 + seconds)] }

  func sample(_ summary: String) -> Alert {
    Alert(
      activityID: "none", seq: nil, summary: summary, body: "", urgency: .critical, actions: [],
      awaitsAcknowledgment: false)
  }

  /// A socket file nobody listens on any more, as a server that crashed leaves it.
  func staleSocket(_ path: String) {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
    }
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    close(fd)
  }

  @Test func aCommandThatActsOnTheStoreRecordsTheServerItRunsUnder() throws {
    let tmux = try NestedTmux(islet)
    #expect(try islet.binary("start", "10m", "--name", "Tea", extra: ["TMUX": tmux.tmuxVariable]).status == 0)
    #expect(TmuxServers.read(storePath: store) == [tmux.socket])
    #expect(try islet.binary("pause", extra: ["TMUX": tmux.tmuxVariable]).status == 0)
    // A reader records nothing, and a command outside tmux has no server to record.
    #expect(try islet.binary("status", extra: ["TMUX": "/tmp/tmux-0/elsewhere,1,0"]).status == 0)
    #expect(try islet.binary("resume").status == 0)
    #expect(islet.folder.bytes("state/islet/islet.db.tmux") == Array("\(tmux.socket)\n".utf8))
  }

  @Test func theMessageAndTheBellReachTheAttachedClientAndGoneServersAreForgotten() throws {
    let zombies = zombieChildren()
    let tmux = try NestedTmux(islet)
    #expect(try islet.binary("start", "10m", extra: ["TMUX": tmux.tmuxVariable]).status == 0)
    let stale = islet.folder.file("stale.sock")
    staleSocket(stale)
    let missing = islet.folder.file("missing.sock")
    TmuxServers.record(stale, storePath: store)
    TmuxServers.record(missing, storePath: store)
    #expect(!tmux.rang)

    // A name's `#(…)` and `#[…]` are shown, never run; a final `;` stays.
    let summary = "⏰ Tea #(touch x) #[fg=red] — time's up;"
    let quiet = TmuxAlerts.deliver(
      sample(summary), storePath: store, bell: false, popup: nil, environment: islet.environment)
    #expect(
      quiet.map(\.description) == [
        "tmux \(tmux.socket): the message on 1 client",
        "tmux \(stale): not running (Connection refused)",
        "tmux \(missing): not running (No such file or directory)",
      ])
    #expect(tmux.outer.waitFor { _ in tmux.messageLine.hasPrefix(summary) }, "\(tmux.outer.text)")
    #expect(!tmux.rang)
    #expect(TmuxServers.read(storePath: store) == [tmux.socket])

    let rung = TmuxAlerts.deliver(
      sample("⏰ Tea — time's up"), storePath: store, bell: true, popup: nil, environment: islet.environment)
    #expect(rung.map(\.description) == ["tmux \(tmux.socket): the message on 1 client, the bell on 1"])
    #expect(eventually(within: 5) { tmux.rang })
    #expect(tmux.outer.waitFor { _ in tmux.messageLine.hasPrefix("⏰ Tea — time's up") })
    #expect(eventually(within: 5) { newZombies(since: zombies).isEmpty }, "\(newZombies(since: zombies))")
  }

  /// Tea, a minute's countdown started at t0, finished at t0 + 90 s as the watcher records it,
  /// with the alert its deadline gives.
  func finishedTea() throws -> (id: String, alert: Alert, popup: PopupRequest) {
    let id = try islet.binary("start", "1m", "--name", "Tea", extra: at(0)).stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(try islet.binary("wait", extra: at(90)).status == 0)
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    let tea = try #require(try reader.activity(id: id))
    let finished = try #require(try reader.history(activityID: id).last { $0.kind == .finished })
    let alert = try #require(Alert(for: finished, activity: tea, at: t0 + 90_000, policy: AlertPolicy()))
    let popup = PopupRequest(storePath: store, executable: Binary.path, height: AlertPopup.height(for: tea))
    return (id, alert, popup)
  }

  func kinds(_ id: String) throws -> [String] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.history(activityID: id).map { "\($0.kind.rawValue) \($0.source.rawValue)" }
  }

  /// Opens the popup on the client, and waits until it shows and reads keys (its hint shows).
  func openPopup(_ tea: (id: String, alert: Alert, popup: PopupRequest), on tmux: NestedTmux) -> Bool {
    let delivered = TmuxAlerts.deliver(
      tea.alert, servers: [tmux.socket], bell: false, popup: tea.popup,
      environment: islet.environment.merging(at(90)) { $1 })
    #expect(delivered.map(\.description) == ["tmux \(tmux.socket): the popup on 1 client"])
    return tmux.outer.waitFor { $0.contains("+ snooze 5 min") && $0.contains("any other key closes") }
  }

  @Test func thePopupShowsTheAlertAndItsSnoozeKeySnoozes() throws {
    let zombies = zombieChildren()
    let tmux = try NestedTmux(islet)
    let tea = try finishedTea()
    #expect(openPopup(tea, on: tmux), "\(tmux.outer.text)")
    let popup = tmux.outer.screen().map { $0.trimmingCharacters(in: .whitespaces) }
    // The expanded island: the title leading, the controls under it.
    let title = popup.firstIndex { $0.hasPrefix("▐  ⏱  Tea · Time's up") && $0.hasSuffix("▌") }
    let controls = popup.firstIndex { $0.hasPrefix("▐   ✓ Done    ↺ Reset ") && $0.hasSuffix("▌") }
    #expect(title != nil && controls == title.map { $0 + 2 }, "\(popup)")
    #expect(popup.contains("c done · + snooze 5 min · r reset"))
    #expect(popup.contains("⏎ done · any other key closes"))
    tmux.outer.send("+")
    #expect(tmux.outer.waitFor { !$0.contains("+ snooze 5 min") }, "\(tmux.outer.text)")
    #expect(try kinds(tea.id) == ["started cli", "finished time", "snoozed tmux"])
    #expect(try islet.binary("status", extra: at(90)).stdout == "⏱ Tea 5:00 ●\n")
    #expect(eventually(within: 5) { newZombies(since: zombies).isEmpty }, "\(newZombies(since: zombies))")
  }

  /// The popup's drawn buttons take a click, as its keys do: the island's chip, and a key's
  /// words on the row that teaches them.
  @Test(arguments: [("↺ Reset", 1, "reset tmux"), ("snooze 5 min", 0, "snoozed tmux")])
  func aClickOnThePopupsButtonsPressesThem(text: String, into: Int, recorded: String) throws {
    let tmux = try NestedTmux(islet)
    let tea = try finishedTea()
    #expect(openPopup(tea, on: tmux), "\(tmux.outer.text)")
    let rows = tmux.outer.screen()
    let row = try #require(rows.firstIndex { $0.contains(text) }, "\(rows)")
    let found = try #require(rows[row].range(of: text))
    // Its column in cells: what is before it may hold a wide glyph.
    let x = DisplayWidth.of(String(rows[row][..<found.lowerBound])) + into
    tmux.outer.sendBytes(Array("\u{1B}[<0;\(x + 1);\(row + 1)M".utf8))
    tmux.outer.sendBytes(Array("\u{1B}[<0;\(x + 1);\(row + 1)m".utf8))
    #expect(tmux.outer.waitFor { !$0.contains("+ snooze 5 min") }, "\(tmux.outer.text)")
    #expect(try kinds(tea.id) == ["started cli", "finished time", recorded])
  }

  @Test func anyOtherKeyClosesThePopupAndSendsNothing() throws {
    let tmux = try NestedTmux(islet)
    let tea = try finishedTea()
    #expect(openPopup(tea, on: tmux), "\(tmux.outer.text)")
    tmux.outer.send("x")
    #expect(tmux.outer.waitFor { !$0.contains("+ snooze 5 min") }, "\(tmux.outer.text)")
    #expect(try kinds(tea.id) == ["started cli", "finished time"])
  }

  @Test func thePopupClosesWhenTheActivityIsActedOnElsewhere() throws {
    let tmux = try NestedTmux(islet)
    let tea = try finishedTea()
    #expect(openPopup(tea, on: tmux), "\(tmux.outer.text)")
    #expect(try islet.binary("complete", extra: at(95)).status == 0)
    #expect(tmux.outer.waitFor(within: 5) { !$0.contains("+ snooze 5 min") }, "\(tmux.outer.text)")
    #expect(try kinds(tea.id) == ["started cli", "finished time", "completed cli"])
  }

  @Test func thePopupClosesByItselfAfterEightSeconds() throws {
    let tmux = try NestedTmux(islet)
    let tea = try finishedTea()
    // Before it is asked for: once it shows, a loaded machine may already have spent seconds of
    // its eight.
    let opened = Date()
    #expect(openPopup(tea, on: tmux), "\(tmux.outer.text)")
    #expect(tmux.outer.waitFor(within: 20) { !$0.contains("+ snooze 5 min") }, "\(tmux.outer.text)")
    // By its time limit, not at once for some other reason.
    #expect(Date().timeIntervalSince(opened) > 6, "closed after \(Date().timeIntervalSince(opened)) s")
    #expect(try kinds(tea.id) == ["started cli", "finished time"])
  }

  @Test func aPopupForNoActivityIsOneLine() throws {
    let none = try islet.binary("__popup", "ab12")
    #expect(none == Run(status: 64, stdout: "", stderr: "Error: there is no store at \(islet.storePath)\n"))
    let id = try islet.binary("start", "1m", extra: at(0)).stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(
      try islet.binary("__popup", "ab12'")
        == Run(status: 64, stdout: "", stderr: "Error: no activity has ID 'ab12'' in this store\n"))
    #expect(
      try islet.binary("__popup")
        == Run(
          status: 64, stdout: "",
          stderr: "Error: __popup needs the alert's activity ID: __popup --db STORE ID\n"))
    #expect(
      try islet.binary("__popup", id, extra: at(1))
        == Run(
          status: 64, stdout: "", stderr: "Error: __popup draws on a terminal; tmux runs it in a popup\n"))
  }
}
