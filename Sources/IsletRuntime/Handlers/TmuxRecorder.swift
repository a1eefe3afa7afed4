import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// After a commit made inside tmux, records the server (`$TMUX`) beside the store
/// (`TmuxServers`), so that alerts reach every server Islet is used from. The status line needs
/// no refresh: the snippet's island is a job that follows the store (`status --follow`), and
/// `refresh-client -S` would restart it.
public struct TmuxRecorder: PostCommitHandler {
  public init() {}

  public func handle(_ events: [Event], context: HandlerContext) {
    guard let socket = Self.socket(from: context.environment) else { return }
    TmuxServers.record(socket, storePath: context.store.path)
  }

  /// The server's socket, the first field of `$TMUX` (`/tmp/tmux-0/default,1234,0`).
  package static func socket(from environment: [String: String]) -> String? {
    guard let value = environment["TMUX"], let socket = value.split(separator: ",").first,
      socket.hasPrefix("/")
    else {
      return nil
    }
    return String(socket)
  }

  /// The pane a command runs in inside tmux (`$TMUX` and `$TMUX_PANE`), for "go to"; nil
  /// outside tmux.
  package static func origin(from environment: [String: String]) -> Origin? {
    guard let socket = socket(from: environment), let pane = environment["TMUX_PANE"], pane.hasPrefix("%"),
      pane.count > 1, pane.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber })
    else { return nil }
    return Origin(tmuxSocket: socket, tmuxPane: pane)
  }

  package static func tmuxPath(_ environment: [String: String]) -> String? {
    let folders =
      (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin", "/usr/local/bin"]
    return folders.map { "\($0)/tmux" }.first { access($0, X_OK) == 0 }
  }
}
