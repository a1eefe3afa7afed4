import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// After a commit, asks the tmux server we run under (`$TMUX`) to redraw its status line at
/// once, instead of at its next interval. One detached `tmux refresh-client -S`; nothing
/// when not in tmux. It also records the server beside the store (`TmuxServers`), so that
/// alerts reach every server Islet is used from.
public struct TmuxRefresher: PostCommitHandler {
  public init() {}

  public func handle(_ events: [Event], context: HandlerContext) {
    guard let socket = Self.socket(from: context.environment) else { return }
    TmuxServers.record(socket, storePath: context.store.path)
    guard let tmux = Self.tmuxPath(context.environment) else { return }
    Spawner.spawn([tmux, "-S", socket, "refresh-client", "-S"], environment: context.environment)
  }

  /// Redraws the status line of every client of the servers recorded beside the store: for
  /// the deadline watcher, which runs in no tmux, when time has changed what the pill shows.
  static func refreshRecorded(storePath: String, environment: [String: String]) {
    guard let tmux = tmuxPath(environment) else { return }
    for server in TmuxServers.read(storePath: storePath) where TmuxServers.unreachable(server) == nil {
      guard
        let listed = Spawner.run(
          [tmux, "-S", server, "list-clients", "-F", "#{client_name}"], environment: environment,
          within: TmuxAlerts.timeLimit), listed.status == 0
      else { continue }
      let clients = String(decoding: listed.output, as: UTF8.self).split(separator: "\n")
      guard !clients.isEmpty else { continue }
      // One tmux for every client: `;` chains the commands.
      let refreshes = clients.map { ["refresh-client", "-S", "-t", String($0)] }.joined(separator: [";"])
      Spawner.spawn([tmux, "-S", server] + refreshes, environment: environment)
    }
  }

  /// The server's socket, the first field of `$TMUX` (`/tmp/tmux-0/default,1234,0`).
  static func socket(from environment: [String: String]) -> String? {
    guard let value = environment["TMUX"], let socket = value.split(separator: ",").first,
      socket.hasPrefix("/")
    else {
      return nil
    }
    return String(socket)
  }

  static func tmuxPath(_ environment: [String: String]) -> String? {
    let folders =
      (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin", "/usr/local/bin"]
    return folders.map { "\($0)/tmux" }.first { access($0, X_OK) == 0 }
  }
}
