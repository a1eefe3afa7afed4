import Foundation
import IsletCore
import IsletRuntime
import IsletTestSupport
import Testing

/// Which terminals an alert is written to: the one the activity was started from, and those
/// noted by a view, `wait` or `status --follow` while their process runs; each tty once.
struct TerminalTargetsTests {
  let folder = TemporaryFolder()
  var storePath: String { folder.file("islet.db") }

  /// A process that has ended, so that its line counts for nothing.
  func endedProcess() throws -> pid_t {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/true")
    try process.run()
    process.waitUntilExit()
    return process.processIdentifier
  }

  func note(
    _ role: WatchingTerminals.Role, _ tty: String, _ kind: TerminalKind, for activityID: String? = nil,
    pid: pid_t = getpid()
  ) {
    WatchingTerminals.add(
      WatchingTerminals.Entry(
        pid: pid, role: role, activityID: activityID, terminal: Terminal(tty: tty, kind: kind)),
      storePath: storePath)
  }

  @Test func theStartingTerminalComesFirstThenTheWatchingOnesEachOnce() throws {
    note(.view, "/dev/pts/5", .kitty)
    note(.wait, "/dev/pts/6", .foot, for: "tea1")
    note(.wait, "/dev/pts/7", .foot, for: "other")
    note(.follow, "/dev/pts/8", .vte, pid: try endedProcess())
    // The view's terminal is also the one the timer was started from: once, without the bell.
    note(.view, "/dev/pts/3", .vte)
    let targets = TerminalAlerts.targets(
      for: "tea1", startedFrom: Terminal(tty: "/dev/pts/3", kind: .vte), storePath: storePath, bell: true)
    #expect(
      targets.map { "\($0.terminal.tty) \($0.bell ? "bell" : "no bell") \($0.why)" } == [
        "/dev/pts/3 no bell a view", "/dev/pts/5 no bell a view", "/dev/pts/6 bell islet wait",
      ])
    #expect(TerminalAlerts.describe(targets[1]) == "OSC 99")
    #expect(TerminalAlerts.describe(targets[2]) == "the bell and OSC 777")
  }

  /// An ssh session's terminal is left out while the machine it was reached from follows this
  /// one: that machine's link alerts the user there, who would be told twice. One from another
  /// machine is still told.
  @Test func anSSHTerminalIsLeftToTheMachineThatFollows() {
    note(.wait, "/dev/pts/6", .foot)
    let laptop = Terminal(tty: "/dev/pts/3", kind: .vte, sshClient: "10.0.0.2")
    let other = Terminal(tty: "/dev/pts/4", kind: .vte, sshClient: "10.0.0.9")
    let ttys = { (from: Terminal) in
      TerminalAlerts.targets(for: "tea1", startedFrom: from, storePath: storePath, bell: true).map(
        \.terminal.tty)
    }
    #expect(ttys(laptop) == ["/dev/pts/3", "/dev/pts/6"], "no machine follows: the ssh terminal is told")
    #expect(!RemoteFollowers.register(environment: [:], storePath: storePath), "only a follower ssh started")
    #expect(
      RemoteFollowers.register(
        environment: ["SSH_CONNECTION": "10.0.0.2 51000 10.0.0.1 22"], storePath: storePath))
    #expect(RemoteFollowers.clients(storePath: storePath) == ["10.0.0.2"])
    #expect(ttys(laptop) == ["/dev/pts/6"])
    #expect(ttys(other) == ["/dev/pts/4", "/dev/pts/6"], "another machine's ssh terminal is still told")
    RemoteFollowers.unregister(storePath: storePath)
    #expect(RemoteFollowers.clients(storePath: storePath).isEmpty)
    #expect(ttys(laptop) == ["/dev/pts/3", "/dev/pts/6"])
  }

  /// The bell follows the bell channel, and is tmux's to ring in a pane.
  @Test func theBellOnlyWithTheBellChannelAndOutsideTmux() {
    note(.wait, "/dev/pts/6", .foot)
    let pane = Terminal(tty: "/dev/pts/3", kind: .kitty, insideTmux: true)
    let rung = { (bell: Bool) in
      TerminalAlerts.targets(for: "tea1", startedFrom: pane, storePath: storePath, bell: bell).map {
        "\($0.terminal.tty) \($0.bell)"
      }
    }
    #expect(rung(true) == ["/dev/pts/3 false", "/dev/pts/6 true"])
    #expect(rung(false) == ["/dev/pts/3 false", "/dev/pts/6 false"])
  }

  @Test func aProcessThatEndedLeavesNothingAndAnEntryHandedOverStays() throws {
    let ended = try endedProcess()
    note(.follow, "/dev/pts/8", .vte, pid: ended)
    #expect(WatchingTerminals.read(storePath: storePath).isEmpty, "an ended process's line counts")
    // A wait hands its line to the shell it ran from as it ends.
    let waiting = WatchingTerminals.Entry(
      pid: getpid(), role: .wait, activityID: "tea1", terminal: Terminal(tty: "/dev/pts/6", kind: .foot))
    WatchingTerminals.add(waiting, storePath: storePath)
    WatchingTerminals.handOver(waiting, to: getppid(), storePath: storePath)
    var handed = waiting
    handed.pid = getppid()
    #expect(WatchingTerminals.read(storePath: storePath) == [handed])
    WatchingTerminals.unregister(handed, storePath: storePath)
    #expect(WatchingTerminals.read(storePath: storePath).isEmpty)
  }

  /// A terminal that is closed or is no terminal gets nothing, and says why.
  @Test func aClosedPathOrAFileGetsNothing() throws {
    #expect(TerminalAlerts.write([0x07], to: "/dev/pts/999999") == "closed")
    let file = folder.file("not-a-tty")
    #expect(FileManager.default.createFile(atPath: file, contents: Data()))
    #expect(TerminalAlerts.write([0x07], to: file) == "not a terminal")
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)).isEmpty, "a file was written to")
  }
}
