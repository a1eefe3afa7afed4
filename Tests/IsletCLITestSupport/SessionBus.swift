import Foundation
import IsletTestSupport

/// A private session bus (Debian's `dbus-daemon`) with the tests' notification server
/// (`Support/notification-server.py`) on it, which records every call it gets. Give a process
/// `environment` and it talks to this bus alone; everything stops when the value goes.
///
/// ```swift
/// let bus = try SessionBus()
/// let notifier = try DesktopNotifier.connect(environment: bus.environment).get()
/// let id = notifier.notify(alert, replacing: nil)!
/// #expect(bus.notifications().last?.summary == "⏰ Tea — time's up")
/// try bus.invokeAction(id: id, key: "snooze")  // as if the user pressed +5 min
/// ```
package final class SessionBus {
  /// One call the server received, as it recorded it.
  package struct Call: Decodable, Equatable {
    package enum Value: Decodable, Equatable {
      case number(Int)
      case text(String)

      package init(from decoder: Decoder) throws {
        let value = try decoder.singleValueContainer()
        if let number = try? value.decode(Int.self) {
          self = .number(number)
        } else {
          self = .text(try value.decode(String.self))
        }
      }
    }

    /// The method: Notify, CloseNotification, GetCapabilities, InvokeAction, …
    package var call: String
    /// When the server received it, in milliseconds since the epoch.
    package var receivedMs: Double
    package var id: UInt32?
    package var replacesId: UInt32?
    package var appName: String?
    package var appIcon: String?
    package var summary: String?
    package var body: String?
    /// Key, label, key, label, …
    package var actions: [String]?
    package var hints: [String: Value]?
    package var expireTimeout: Int32?
    package var key: String?
  }

  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package let folder = TemporaryFolder()
  /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
  package let address: String
  private let daemon: Child
  private var server: Child?

  package static let daemonPath = "/usr/bin/dbus-daemon"
  package static let sendPath = "/usr/bin/dbus-send"
  /// Debian's interpreter, which has python3-dbus and python3-gi (a python3 earlier on PATH may not).
  package static let pythonPath = "/usr/bin/python3"
  package static let serverScript = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Support/notification-server.py").path

  /// Starts the bus, and the server on it unless `server` is false. `actions` and `markup` say
  /// whether the server claims those capabilities.
  package init(server: Bool = true, actions: Bool = true, markup: Bool = false) throws {
    for tool in [Self.daemonPath, Self.sendPath] where !FileManager.default.isExecutableFile(atPath: tool) {
      throw Failure(description: "\(tool) is missing: install Debian's dbus-daemon and dbus-bin")
    }
    // Its own configuration: no service folders, so nothing on this machine is started on demand.
    let config = folder.file("bus.conf")
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(folder.file("bus"))</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let daemon = try Self.start(
      Self.daemonPath, ["--config-file=\(config)", "--nofork", "--print-address"],
      environment: [:], output: folder.file("daemon.out"), errors: folder.file("daemon.err"))
    // It prints its address once it listens.
    let printed = folder.file("daemon.out")
    var found: String?
    _ = eventually(within: 10) {
      found = Self.firstLine(printed)
      return found != nil || !daemon.isRunning
    }
    guard let found else {
      daemon.stop()
      throw Failure(description: "dbus-daemon did not start: \(Self.text(folder.file("daemon.err")))")
    }
    self.daemon = daemon
    address = found
    if server { try startServer(actions: actions, markup: markup) }
  }

  deinit {
    server?.stop()
    daemon.stop()
  }

  /// What a process needs to find this bus, and only it.
  package var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

  /// The file the server records its calls in, a JSON object a line.
  package var recordPath: String { folder.file("calls.jsonl") }

  /// Every call the server received so far, in order.
  package func calls() -> [Call] {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return Self.text(recordPath).split(separator: "\n").compactMap {
      try? decoder.decode(Call.self, from: Data($0.utf8))
    }
  }

  /// The Notify calls so far.
  package func notifications() -> [Call] { calls().filter { $0.call == "Notify" } }

  /// Waits (bounded) until the calls satisfy `condition`; the calls then.
  package func waitForCalls(within seconds: Double = 10, _ condition: ([Call]) -> Bool) -> [Call] {
    var seen: [Call] = []
    _ = eventually(within: seconds) {
      seen = calls()
      return condition(seen)
    }
    return seen
  }

  /// Presses the button `key` of notification `id`, as a user does: the server emits
  /// ActionInvoked, then NotificationClosed with reason 2.
  package func invokeAction(id: UInt32, key: String) throws {
    try test("InvokeAction", "uint32:\(id)", "string:\(key)")
  }

  /// Closes notification `id` as a user does, without a button (NotificationClosed, reason 2).
  package func dismiss(id: UInt32) throws {
    try test("Dismiss", "uint32:\(id)")
  }

  /// Stops the notification server, leaving the bus without one.
  package func stopServer() { server?.stop() }

  /// Freezes the notification server (SIGSTOP): the bus still takes calls for it, and nothing
  /// answers them. `thawServer` lets it go on.
  package func freezeServer() { server.map { _ = kill($0.pid, SIGSTOP) } }

  package func thawServer() { server.map { _ = kill($0.pid, SIGCONT) } }

  /// Stops the notification server and starts a new one under the same name, as a desktop that
  /// restarts its server does: it has another unique name, and numbers its notifications from 1.
  package func restartServer(actions: Bool = true) throws {
    stopServer()
    try startServer(actions: actions, markup: false)
  }

  /// Stops the bus itself, as a session that ends does.
  package func stopBus() {
    stopServer()
    daemon.stop()
  }

  /// Freezes the bus (SIGSTOP): it still accepts connections but answers nothing.
  package func freezeBus() { kill(daemon.pid, SIGSTOP) }

  package func thawBus() { kill(daemon.pid, SIGCONT) }

  private func startServer(actions: Bool, markup: Bool) throws {
    let output = folder.file("server.out")
    // A server started before said "ready" in it.
    unlink(output)
    let server = try Self.start(
      Self.pythonPath,
      [Self.serverScript, recordPath] + (actions ? [] : ["--no-actions"]) + (markup ? ["--markup"] : []),
      environment: environment, output: output, errors: folder.file("server.err"))
    self.server = server
    _ = eventually(within: 10) { Self.firstLine(output) == "ready" || !server.isRunning }
    guard Self.firstLine(output) == "ready" else {
      server.stop()
      throw Failure(
        description: "the tests' notification server did not start (it needs Debian's python3-dbus and "
          + "python3-gi for \(Self.pythonPath)): \(Self.text(folder.file("server.err")))")
    }
  }

  private func test(_ method: String, _ arguments: String...) throws {
    let run = try Binary.run(
      [
        "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.Notifications",
        "/org/freedesktop/Notifications", "org.islet.Test.\(method)",
      ] + arguments, environment: [:], executable: Self.sendPath)
    guard run.status == 0 else { throw Failure(description: "\(method) failed: \(run.stderr)") }
  }

  /// Starts `path` with stdout and stderr to files, and every signal let in and at its default
  /// (a test runner's thread blocks most of them, and a child would inherit that).
  package static func start(
    _ path: String, _ arguments: [String], environment: [String: String], output: String, errors: String
  ) throws -> Child {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let environment = environment.merging(["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]) { given, _ in given }
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard status == 0 else {
      throw Failure(description: "cannot start \(path): \(String(cString: strerror(status)))")
    }
    return Child(pid: pid)
  }

  /// A file's text, or nothing when it cannot be read (yet).
  package static func text(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// The file's first line, once it is whole.
  private static func firstLine(_ path: String) -> String? {
    let text = text(path)
    guard let end = text.firstIndex(of: "\n") else { return nil }
    return String(text[..<end])
  }
}

/// A process a test started (the bus, a server, a display), stopped and reaped once.
package final class Child {
  package let pid: pid_t
  private var exited = false

  package init(pid: pid_t) { self.pid = pid }

  package var isRunning: Bool {
    if !exited, waitpid(pid, nil, WNOHANG) == pid { exited = true }
    return !exited
  }

  package func stop() {
    guard isRunning else { return }
    kill(pid, SIGTERM)
    kill(pid, SIGCONT)  // a frozen bus must wake to hear it
    while waitpid(pid, nil, 0) < 0 && errno == EINTR {}
    exited = true
  }
}
