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
