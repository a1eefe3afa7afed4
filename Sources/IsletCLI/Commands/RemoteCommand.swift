import IsletCore
import IsletRuntime
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// `islet remote`: the hosts whose live activities are shown here (`remote.NAME = …`), and
/// what each last said.
struct RemoteCommand: Command {
  static let specs = [
    CommandSpec(
      name: "remote", operands: "", brief: "the hosts whose activities are shown here, and their state",
      summary:
        "List the remote hosts of the configuration (remote.NAME = [user@]host) with what each last said: its live activities, or why it cannot be reached.",
      details: """
        Each host is followed by one long-running ssh HOST islet status --all --follow
        --format json, which Islet starts by itself when a view, a bar, the status line or
        list looks, and which comes back after a host drops (from 1 s, doubling to a minute).
        Its live activities are shown beside yours, marked @NAME (Build@server), and
        stale while it cannot be reached. An intent on one (islet pause Build@server, or
        islet pause --host server Build) runs there over ssh. ssh must reach the host without
        asking (a key, or an agent): use ~/.ssh/config for ports, users and multiplexing.
        Exit status 69 when a host cannot be followed now.
        """,
      options: [OptionSpec(.json, value: nil, help: "print JSON (an array)")],
      maxOperands: 0)
  ]

  let json: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    json = parsed.has(.json)
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let hosts = try environment.configuration.remotes
    guard !hosts.isEmpty else {
      if json {
        environment.console.out("[]\n")
      } else {
        environment.console.out(
          "No remote hosts. Add one to \(ConfigurationFile.path(environment: environment.variables)): remote.NAME = [user@]host\n"
        )
      }
      return .ok
    }
    let path = try environment.storePath
    RemoteLinkLauncher.ensure(storePath: path, environment: environment.variables)
    let store = try SQLiteActivityStore.openForReading(path: path)
    defer { store?.close() }
    let records = (try store?.remoteHosts()) ?? []
    let rows = hosts.map { host in (host, records.first { $0.name == host.name }) }
    if json {
      environment.console.out(JSON.array(rows.map { Self.json($0.0, $0.1) }).text + "\n")
    } else {
      for (host, record) in rows {
        environment.console.out(
          "\(host.name)  \(host.address)  \(Self.state(record, now: environment.now))\n")
      }
    }
    return rows.contains { $0.1?.problem != nil } ? .unavailable : .ok
  }

  /// `2 live, heard 10:52`, `unreachable: why (last heard 10:40)` (or `(never heard from)`),
  /// or `not heard from yet`.
  private static func state(_ record: RemoteHostRecord?, now: Instant) -> String {
    guard let record, record.live != nil || record.problem != nil else { return "not heard from yet" }
    let live = RemoteLive.activities(record)
    let heard = record.heardAt.map { LocalTime.clock($0, from: now) } ?? "never"
    if let problem = record.problem {
      return "unreachable: \(printable(problem, limit: 120)) "
        + (record.heardAt == nil ? "(never heard from)" : "(last heard \(heard))")
    }
    let names = live.prefix(3).map { printableName($0.name) }.joined(separator: ", ")
    return live.isEmpty ? "nothing live, heard \(heard)" : "\(live.count) live (\(names)), heard \(heard)"
  }

  private static func json(_ host: RemoteHost, _ record: RemoteHostRecord?) -> JSON {
    .object([
      ("name", .string(host.name)), ("address", .string(host.address)),
      ("live", .number(record.map { Double(RemoteLive.activities($0).count) })),
      ("heardAt", .string(record?.heardAt.map(LocalTime.iso))), ("problem", .string(record?.problem)),
    ])
  }
}

/// `islet __remote`: the link that follows the remote hosts (`RemoteLink`), one a store.
struct RemoteLinkCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__remote", operands: "", brief: "the remote hosts' link", summary: "The remote hosts' link.",
      maxOperands: 0)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {}

  func run(in environment: Environment) throws -> ExitStatus {
    let path = try environment.storePath
    let fd = open(RemoteLink.lockPath(storePath: path), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 else { return .ok }
    defer { close(fd) }
    let configuration = try environment.configuration
    let writer = try SQLiteActivityStore.openForWriting(path: path)
    defer { writer.close() }
    try RemoteLink(
      context: environment, store: writer, hosts: configuration.remotes, configuration: configuration
    )
    .run()
    return .ok
  }
}
