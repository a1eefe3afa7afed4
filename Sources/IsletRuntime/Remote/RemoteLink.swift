import CSystem
import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// `islet __remote`: one process a store that follows every configured host (`remote.NAME`)
/// through one long-running `ssh HOST islet status --all --follow --format json` each, and
/// keeps what each last said in the store (`RemoteHostRecord`) for every reader here. OpenSSH
/// does the transport, the authentication and any multiplexing. A connection that ends is
/// made again after a back-off (1 s doubling to a minute); meanwhile the host is shown stale
/// with why. It never waits on a host: each is a child, read without blocking. It also gives
/// the hosts' alerts through this machine's channels (`AlertDesk`): their ends, their calls for
/// attention, their failures, from what changed between two looks (`RemoteChanges`) and what
/// time has caused since (a countdown's end is said at its deadline, whichever side noticed).
package final class RemoteLink {
  /// The flock beside the store that keeps the link single.
  package static func lockPath(storePath: String) -> String { storePath + ".remote" }

  private final class Connection {
    let host: RemoteHost
    var pid: pid_t?
    var fd: Int32 = -1
    var buffer: [UInt8] = []
    /// The last line that was not a snapshot (ssh's own complaint, say).
    var noise: String?
    var failures = 0
    var retryAt: Instant?
    /// Set by a line that cannot be followed: not retried until the configuration changes.
    var refused = false
    /// What it last said, and when it was heard.
    var said: (snapshot: RemoteSnapshot, heardAt: Instant)?
    var problem: String?
    /// Until its first word is looked at: what it shows then is how things were, not news.
    var fresh = true

    /// Its activities as shown here.
    var shown: [Activity] {
      said.map { $0.snapshot.shown(heardAt: $0.heardAt, stale: problem != nil) } ?? []
    }

    init(host: RemoteHost) { self.host = host }
  }

  private static let storeCheck: Int32 = 5000

  private let context: any RunContext
  private let store: SQLiteActivityStore
  private let connections: [Connection]
  private let configuration: Configuration
  private let desk: AlertDesk
  /// The hosts' activities at the last look, time's ends settled.
  private var known: [Activity] = []

  package init(
    context: any RunContext, store: SQLiteActivityStore, hosts: [RemoteHost], configuration: Configuration
  ) {
    self.context = context
    self.store = store
    self.configuration = configuration
    connections = hosts.map(Connection.init)
    desk = AlertDesk(storePath: store.path, environment: context.variables)
  }

  /// Follows the hosts until a signal, or the configuration changing (the next reader starts
  /// a link for the new one).
  package func run() throws {
    try store.forgetRemoteHosts(except: connections.map(\.host.name))
    let watch = ConfigurationWatch(environment: context.variables)
    islet_catch_interrupts()
    islet_defer_interrupts()
    let children = islet_child_exits_fd()
    defer {
      stopAll()
      desk.withdrawAll()
    }
    while true {
      let now = context.now
      for connection in connections where connection.pid == nil && !connection.refused {
        if connection.retryAt.map({ now >= $0 }) ?? true { try connect(connection) }
      }
      let wake = look(at: now)
      var fds = [
        pollfd(fd: children, events: Int16(POLLIN), revents: 0),
        pollfd(fd: watch?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
      ]
      fds += desk.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let hosts = fds.count
      fds += connections.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
      let retry = connections.filter { $0.pid == nil && !$0.refused }.compactMap(\.retryAt).min()
      // Looked at again at least every few seconds: a store removed ends the link.
      let next = [retry, wake].compactMap { $0 }.min()
      let timeout = min(next.map { Int32(clamping: max(0, $0 - now)) } ?? Self.storeCheck, Self.storeCheck)
      _ = islet_wait_for(&fds, nfds_t(fds.count), timeout)
      if [SIGINT, SIGTERM, SIGHUP].contains(islet_take_signal()) { return }
      if access(store.path, F_OK) != 0 { return }
      if fds[1].revents != 0, watch?.take() == true { return }
      if fds[0].revents != 0 { desk.children.reap(children) }
      for (index, connection) in connections.enumerated() where fds[index + hosts].revents != 0 {
        try read(connection)
      }
    }
  }

  /// The hosts' alerts: what changed since the last look and what time has caused, given,
  /// repeated or withdrawn through the channels; a button chosen is sent to its host. The next
  /// instant to look again at: a deadline, a repeat.
  private func look(at now: Instant) -> Instant? {
    let (settled, pending) = TimerEngine.settled(
      connections.flatMap(\.shown), at: now, policy: configuration.policy)
    let fresh = Set(connections.filter { $0.fresh }.map(\.host.name))
    let events = (pending + RemoteChanges.events(from: known, to: settled, at: now)).filter { event in
      !fresh.contains { event.activityID.hasSuffix("@" + $0) }
    }
    let before = known
    desk.take(events, live: settled, at: now, configuration: configuration) { id in
      before.first { $0.id == id }
    }
    desk.endHold(at: now)
    desk.children.enforce()
    for press in desk.pressed() {
      for intent in press.intents {
        RemoteIntent.start(intent, id: press.activityID, environment: context.variables)
      }
      desk.answered(press)
    }
    known = settled
    for connection in connections where connection.said != nil { connection.fresh = false }
    return [
      DeadlineWatcherLauncher.nextDeadline(settled), desk.nextWake(at: now, configuration: configuration),
    ]
    .compactMap { $0 }.min()
  }

  /// `ssh` with what a link that runs for days wants: no prompt (it has no terminal), a dead
  /// connection noticed within half a minute.
  package static func command(for host: RemoteHost, ssh: String) -> [String] {
    [
      ssh, "-T", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", "-o", "ServerAliveInterval=10", "-o",
      "ServerAliveCountMax=2", host.address, "islet", "status", "--all", "--follow", "--format", "json",
    ]
  }

  private func connect(_ connection: Connection) throws {
    guard let ssh = RemoteIntent.ssh(context.variables) else {
      connection.refused = true
      try keep(connection, problem: RemoteIntent.sshMissing)
      return
    }
    var pipe: [Int32] = [-1, -1]
    guard islet_pipe_cloexec(&pipe) == 0 else { return retryLater(connection) }
    defer { close(pipe[1]) }
    guard
      let pid = Spawner.spawn(
        Self.command(for: connection.host, ssh: ssh), environment: context.variables, outputFD: pipe[1])
    else {
      close(pipe[0])
      return retryLater(connection)
    }
    _ = islet_set_nonblocking(pipe[0])
    connection.pid = pid
    connection.fd = pipe[0]
    connection.buffer = []
    connection.noise = nil
  }

  /// Reads what is there; each whole line is kept, the end of the connection noted.
  private func read(_ connection: Connection) throws {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = Glibc.read(connection.fd, &chunk, chunk.count)
      if count > 0 {
        connection.buffer += chunk[0..<count]
        try lines(connection)
        // A host that cannot be followed was let go there.
        if connection.fd < 0 { return }
        // A host that prints without end, or one line without end, is cut off.
        if connection.buffer.count > 1 << 20 {
          connection.noise = "printed a line longer than a megabyte"
          return try ended(connection)
        }
        continue
      }
      if count < 0 && (errno == EAGAIN || errno == EINTR) { return }
      return try ended(connection)
    }
  }

  private func lines(_ connection: Connection) throws {
    while let newline = connection.buffer.firstIndex(of: UInt8(ascii: "\n")) {
      let line = Array(connection.buffer[..<newline])
      connection.buffer.removeSubrange(...newline)
      guard !line.isEmpty else { continue }
      switch RemoteSnapshot.parse(line, host: connection.host.name) {
      case .success(let snapshot):
        connection.failures = 0
        connection.said = (snapshot, context.now)
        connection.problem = nil
        try store.keep(
          RemoteHostRecord(
            name: connection.host.name, address: connection.host.address,
            live: String(decoding: line, as: UTF8.self), heardAt: context.now, problem: nil))
      case .failure(.garbage(let text)):
        connection.noise = text
      case .failure(let problem):
        connection.refused = true
        try keep(connection, problem: problem.message(host: connection.host.name))
        stop(connection)
        return
      }
    }
  }

  /// The connection is over: why, kept for the readers, and the next try.
  private func ended(_ connection: Connection) throws {
    stop(connection)
    let why = connection.noise.map { "\(connection.host.name): \($0)" }
    try keep(connection, problem: why ?? "the connection to \(connection.host.name) ended")
    retryLater(connection)
  }

  private func retryLater(_ connection: Connection) {
    connection.failures += 1
    let delay = min(60_000, 1000 << min(connection.failures - 1, 6))
    connection.retryAt = context.now + Milliseconds(delay)
  }

  /// Keeps the host's problem beside what it last said (and when), which is then shown stale.
  private func keep(_ connection: Connection, problem: String) throws {
    connection.problem = problem
    let old = try store.remoteHosts().first { $0.name == connection.host.name }
    try store.keep(
      RemoteHostRecord(
        name: connection.host.name, address: connection.host.address, live: old?.live,
        heardAt: old?.heardAt, problem: problem))
  }

  private func stop(_ connection: Connection) {
    if let pid = connection.pid {
      kill(pid, SIGTERM)
      connection.pid = nil
    }
    if connection.fd >= 0 { close(connection.fd) }
    connection.fd = -1
  }

  private func stopAll() {
    for connection in connections { stop(connection) }
  }
}
