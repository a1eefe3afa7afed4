import Foundation
import IsletCLITestSupport
import IsletRuntime
import IsletTestSupport
import Testing

/// A real OpenSSH server on the loopback, on a port of its own, with a key made for it, whose
/// sessions use a second store: the "server" a user follows with `remote.NAME`.
final class LoopbackServer {
  static let sshd = "/usr/sbin/sshd"
  static var missing: String? {
    [sshd, "/usr/bin/ssh", "/usr/bin/ssh-keygen"].first { !FileManager.default.isExecutableFile(atPath: $0) }
      .map { "\($0) is missing: install Debian's openssh-server and openssh-client" }
  }

  let folder = TemporaryFolder()
  let port = Int.random(in: 30000...39999)
  /// The program given as ISLET_SSH: ssh with this server's client configuration.
  var ssh: String { folder.file("ssh") }
  var storePath: String { folder.file("server/islet.db") }

  init() throws {
    let f = folder
    try FileManager.default.createDirectory(atPath: f.file("server"), withIntermediateDirectories: true)
    for key in ["host", "client"] {
      _ = try Binary.run(
        ["-q", "-t", "ed25519", "-N", "", "-f", f.file(key)], environment: ["PATH": "/usr/bin:/bin"],
        executable: "/usr/bin/ssh-keygen")
    }
    try FileManager.default.copyItem(atPath: f.file("client.pub"), toPath: f.file("authorized_keys"))
    let binaries = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
    try """
    Port \(port)
    ListenAddress 127.0.0.1
    HostKey \(f.file("host"))
    AuthorizedKeysFile \(f.file("authorized_keys"))
    PidFile \(f.file("sshd.pid"))
    StrictModes no
    UsePAM no
    PasswordAuthentication no
    SetEnv PATH=\(binaries):/usr/bin:/bin ISLET_DB=\(storePath) XDG_STATE_HOME=\(f.file("server")) XDG_CONFIG_HOME=\(f.file("server")) TZ=UTC LANG=C.UTF-8
    """.write(toFile: f.file("sshd_config"), atomically: true, encoding: .utf8)
    try """
    Host loopback
      HostName 127.0.0.1
      Port \(port)
      User root
      IdentityFile \(f.file("client"))
      UserKnownHostsFile \(f.file("known_hosts"))
      StrictHostKeyChecking no
      LogLevel ERROR
    Host closed
      HostName 127.0.0.1
      Port 9
      User root
      IdentityFile \(f.file("client"))
      UserKnownHostsFile \(f.file("known_hosts"))
      StrictHostKeyChecking no
    """.write(toFile: f.file("ssh_config"), atomically: true, encoding: .utf8)
    try "#!/bin/sh\nexec /usr/bin/ssh -F '\(f.file("ssh_config"))' \"$@\"\n".write(
      toFile: ssh, atomically: true, encoding: .utf8)
    chmod(ssh, 0o755)
    try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
    let started = try Binary.run(
      ["-f", f.file("sshd_config")], environment: ["PATH": "/usr/bin:/bin"], executable: Self.sshd)
    guard started.status == 0 else { throw Failure(description: "sshd did not start: \(started)") }
  }

  /// Runs the binary as a session of the server would, on the server's store.
  func islet(_ arguments: String...) throws -> Run {
    try Binary.run(
      arguments,
      environment: [
        "PATH": "/usr/bin:/bin", "ISLET_DB": storePath, "XDG_STATE_HOME": folder.file("server"),
        "XDG_CONFIG_HOME": folder.file("server"), "HOME": folder.file("server"), "TZ": "UTC",
      ])
  }

  /// Stops the server and the sessions it serves, as a host that goes down.
  func stop() {
    kill(pid, SIGTERM)
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
      guard let number = Int32(entry),
        let line = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8)
      else { continue }
      if line.contains(folder.file("ssh_config")) { kill(number, SIGTERM) }
    }
  }

  var pid: Int32 {
    (try? String(contentsOfFile: folder.file("sshd.pid"), encoding: .utf8)).flatMap {
      Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
    } ?? 0
  }

  deinit {
    if let pid = try? String(contentsOfFile: folder.file("sshd.pid"), encoding: .utf8),
      let number = Int32(
        pid.trimmingCharacters(in: .whitespacesAndNewlines))
    {
      kill(number, SIGTERM)
    }
  }

  struct Failure: Error, CustomStringConvertible { var description: String }
}

/// A server's activities in the local island: followed over a real ssh to a real sshd, acted
/// on from here, and shown stale with why when a host cannot be reached.
@Suite(.serialized, .enabled(if: LoopbackServer.missing == nil, "\(LoopbackServer.missing ?? "")"))
struct RemoteHostTests {
  let islet = Sandbox()

  init() throws {
    let config = islet.folder.file("config/islet")
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    try "remote.srv = loopback\n".write(toFile: config + "/config", atomically: true, encoding: .utf8)
  }

  /// Ends the link the readers started, as a user's logout would.
  func stopLink() {
    let store = islet.storePath
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    where Int32(entry) != nil {
      guard let line = try? String(contentsOfFile: "/proc/\(entry)/cmdline", encoding: .utf8) else {
        continue
      }
      if line.contains("__remote") && line.contains(store) { kill(Int32(entry)!, SIGTERM) }
    }
  }

  @Test func aServersTimerIsShownHereAndPausedFromHere() throws {
    let server = try LoopbackServer()
    defer { stopLink() }
    islet.extra["ISLET_SSH"] = server.ssh
    // Started before Tea: Tea comes first in the island's order.
    #expect(try islet.binary("start", "--name", "Local").status == 0)
    #expect(try server.islet("start", "10m", "--name", "Tea").status == 0)
    _ = try islet.binary("list")
    #expect(
      eventually { (try? islet.binary("list"))?.stdout.contains("Tea@srv") == true },
      "the local island never showed the server's Tea: \((try? islet.binary("list"))?.stdout ?? "")"
    )
    let remote = try islet.binary("remote")
    #expect(remote.status == 0 && remote.stdout.contains("srv  loopback  1 live (Tea@srv)"), "\(remote)")
    // The server knows it is followed: its ssh terminals leave their alerts to this machine.
    #expect(
      RemoteFollowers.clients(storePath: server.storePath) == ["127.0.0.1"],
      "the server did not note the link")
    // What this machine serves another is its own alone: hosts that follow each other never loop.
    let served = try islet.binary("status", "--all", "--format", "json").stdout
    #expect(
      served.contains(#""name":"Local""#) && !served.contains("@srv"),
      "status --all did not serve this machine's own alone: \(served)")

    let paused = try islet.binary("pause", "Tea@srv")
    #expect(paused.status == 0 && paused.stdout.contains("Tea paused"), "\(paused)")
    #expect(try server.islet("status", "--format", "json").stdout.contains("\"phase\":\"paused\""))
    #expect(
      eventually {
        (try? islet.binary("status", "Tea@srv", "--format", "json"))?.stdout.contains("\"phase\":\"paused\"")
          == true
      }, "the pause never came back: \((try? islet.binary("status", "Tea@srv"))?.stdout ?? "")")
    // With the server's Tea paused, a pause with no activity named goes to what runs here.
    let bare = try islet.binary("pause")
    #expect(bare.status == 0 && bare.stdout.contains("Local paused"), "\(bare)")

    let resumed = try islet.binary("resume", "--host", "srv", "Tea")
    #expect(resumed.status == 0, "\(resumed)")
    #expect(try server.islet("status", "--format", "json").stdout.contains("\"phase\":\"active\""))
    let longer = try islet.binary("adjust", "--host", "srv", "Tea", "+5m")
    #expect(longer.status == 0 && longer.stdout.contains("15:00 long"), "\(longer)")
    let waited = try islet.binary("wait", "Tea@srv")
    #expect(
      waited.status == 64 && waited.stderr.contains("ssh loopback islet wait 'Tea'"),
      "wait on a host's activity: \(waited)")
    let missing = try islet.binary("pause", "Coffee@srv")
    #expect(missing.status != 0 && missing.stderr.contains("Coffee"), "\(missing)")

    // The server goes away: its Tea is still shown, stale, and islet remote says why.
    server.stop()
    #expect(
      eventually {
        (try? islet.binary("status", "Tea@srv", "--format", "json"))?.stdout.contains("\"stale\":true")
          == true
      },
      "Tea@srv was not shown stale: \((try? islet.binary("status", "Tea@srv", "--format", "json"))?.stdout ?? "")"
    )
    let down = try islet.binary("remote")
    #expect(down.status == 69 && down.stdout.contains("srv  loopback  unreachable: "), "\(down)")
    // A host that cannot be reached is passed over by an intent with no activity named: the
    // running Tea there is not sent a pause; Local here answers at once.
    let passedOver = try islet.binary("pause")
    #expect(
      passedOver.status == 1 && (passedOver.stdout + passedOver.stderr).contains("Local"), "\(passedOver)")
  }

  @Test func tmuxsStatusLineShowsAServersTimerAndAClickOnTheIslandActsThere() throws {
    let server = try LoopbackServer()
    defer { stopLink() }
    islet.extra["ISLET_SSH"] = server.ssh
    #expect(try server.islet("start", "10m", "--name", "Tea").status == 0)
    let tmux = try IslandTmux(islet)
    #expect(
      tmux.outer.waitFor { _ in tmux.statusLine.contains("Tea") },
      "tmux's status line never showed the server's Tea: \(tmux.statusLine)")
    let x = try #require(tmux.statusLine.firstIndex(of: "▐")).utf16Offset(in: tmux.statusLine) + 4
    tmux.click(x: x)
    #expect(
      eventually {
        (try? server.islet("status", "--format", "json"))?.stdout.contains("\"phase\":\"paused\"") == true
      },
      "a click on the island did not pause Tea on the server: \((try? server.islet("status"))?.stdout ?? "")")
    #expect(
      tmux.outer.waitFor { _ in tmux.statusLine.contains("⏸") },
      "the pause never came back to the status line: \(tmux.statusLine)")
  }

  @Test func aHostThatHangsStallsNothingHere() throws {
    let folder = TemporaryFolder()
    let hanging = folder.file("ssh")
    try "#!/bin/sh\nexec sleep 60\n".write(toFile: hanging, atomically: true, encoding: .utf8)
    chmod(hanging, 0o755)
    defer { stopLink() }
    islet.extra["ISLET_SSH"] = hanging
    #expect(try islet.binary("start", "5m", "--name", "Local").status == 0)
    #expect(try islet.binary("remote").stdout == "srv  loopback  not heard from yet\n")
    #expect(try islet.binary("pause", "Local").status == 0)
    #expect(try islet.binary("list").stdout.contains("Local"))
    #expect(try islet.binary("list").stdout.contains("@srv") == false)
  }

  @Test func aServersCountdownIsAlertedHereOnceAndItsDoneButtonRunsThere() throws {
    let server = try LoopbackServer()
    let bus = try SessionBus()
    defer { stopLink() }
    islet.extra["ISLET_SSH"] = server.ssh
    islet.extra.merge(bus.environment) { $1 }
    try "remote.srv = loopback\nalerts = desktop\n".write(
      toFile: islet.folder.file("config/islet/config"), atomically: true, encoding: .utf8)
    _ = try islet.binary("remote")
    #expect(try server.islet("start", "3s", "--name", "Tea").status == 0)
    let calls = bus.waitForCalls(within: 20) { calls in
      calls.contains { $0.call == "Notify" && $0.summary?.contains("Tea@srv") == true }
    }
    let alert = try #require(
      calls.first { $0.call == "Notify" && $0.summary?.contains("Tea@srv") == true },
      "no notification for the server's Tea: \(calls)")
    // The host's own finished, heard after this machine's settle, is the same end: not said again.
    #expect(
      eventually {
        (try? islet.binary("status", "Tea@srv", "--format", "json"))?.stdout.contains(
          "\"phase\":\"finished\"")
          == true
      })
    let told = bus.notifications().filter { $0.summary?.contains("Tea@srv") == true }
    #expect(told.count == 1, "the end was said \(told.count) times: \(told)")

    let actions = alert.actions ?? []
    let done = try #require(actions.firstIndex(of: "Done"), "no Done button: \(actions)")
    try bus.invokeAction(id: try #require(alert.id), key: actions[done - 1])
    #expect(
      eventually { (try? server.islet("status"))?.status == 1 },
      "Done never reached the server: \((try? server.islet("list"))?.stdout ?? "")")
  }

  @Test func theViewShowsAServersTimerBesideALocalOneAndItsKeysActThere() throws {
    let server = try LoopbackServer()
    defer { stopLink() }
    islet.extra["ISLET_SSH"] = server.ssh
    #expect(try server.islet("start", "10m", "--name", "Tea").status == 0)
    #expect(try islet.binary("start", "--name", "Code", "--relevance", "1").status == 0)
    var environment = islet.environment
    environment["TERM"] = "xterm-256color"
    let view = try TmuxSession(
      width: 100, height: 30, environment: environment, command: [Binary.path], folder: islet.folder.path)
    defer { view.send("q") }
    #expect(view.waitFor { $0.contains("Tea@srv") && $0.contains("Code") }, "\(view.text)")
    // The island shows Code first (its relevance); Tab selects the next, the server's Tea.
    view.send("Tab")
    view.send("Space")
    #expect(
      eventually {
        (try? server.islet("status", "--format", "json"))?.stdout.contains("\"phase\":\"paused\"") == true
      },
      "the key never paused the server's Tea: \(view.text)")
    #expect(try islet.binary("status", "Code", "--format", "json").stdout.contains("\"phase\":\"active\""))
  }

  @Test func aHostThatCannotBeReachedIsSaidWithWhyAndNothingLocalWaits() throws {
    let server = try LoopbackServer()
    defer { stopLink() }
    islet.extra["ISLET_SSH"] = server.ssh
    let config = islet.folder.file("config/islet/config")
    try "remote.down = closed\n".write(toFile: config, atomically: true, encoding: .utf8)
    #expect(try islet.binary("start", "5m", "--name", "Local").status == 0)
    _ = try islet.binary("list")
    #expect(
      eventually { (try? islet.binary("remote"))?.stdout.contains("unreachable") == true },
      "islet remote: \((try? islet.binary("remote"))?.stdout ?? "")")
    let remote = try islet.binary("remote")
    #expect(remote.status == 69, "\(remote)")
    #expect(remote.stdout.contains("down  closed  unreachable: down:"), "\(remote.stdout)")
    #expect(remote.stdout.contains("(never heard from)"), "\(remote.stdout)")
    let local = try islet.binary("pause", "Local")
    #expect(local.status == 0, "\(local)")
  }

  @Test func garbageFromAHostIsNotShownAsActivities() throws {
    let folder = TemporaryFolder()
    let liar = folder.file("ssh")
    try "#!/bin/sh\necho 'Welcome to the machine'\necho '{\"islet\":\"9.0\",\"protocol\":7}'\nexec sleep 30\n"
      .write(
        toFile: liar, atomically: true, encoding: .utf8)
    chmod(liar, 0o755)
    defer { stopLink() }
    islet.extra["ISLET_SSH"] = liar
    _ = try islet.binary("list")
    #expect(
      eventually { (try? islet.binary("remote"))?.stdout.contains("protocol 7") == true },
      "islet remote: \((try? islet.binary("remote"))?.stdout ?? "")")
    let remote = try islet.binary("remote").stdout
    #expect(remote.contains("srv runs Islet 9.0 (remote protocol 7); this is Islet"), "\(remote)")
    #expect(try islet.binary("list", "--json").stdout == "[]\n")
  }
}
