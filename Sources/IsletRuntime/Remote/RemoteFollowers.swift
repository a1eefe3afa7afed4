import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// The other machines following this one (`islet remote` there runs `status --all --follow`
/// here through ssh), while they do: one process a line in `<store path>.followers` (mode
/// 0600), a line whose process is gone counting for nothing. The terminal channel leaves ssh
/// sessions' terminals to them.
package enum RemoteFollowers {
  package static func listPath(storePath: String) -> String { storePath + ".followers" }

  /// Notes this process as following for another machine, when ssh started it; whether it did.
  package static func register(environment: [String: String], storePath: String) -> Bool {
    guard environment["SSH_CONNECTION"] != nil else { return false }
    update(storePath: storePath) { $0 + [getpid()] }
    return true
  }

  package static func unregister(storePath: String) {
    let me = getpid()
    update(storePath: storePath) { $0.filter { $0 != me } }
  }

  /// Whether another machine follows this store now.
  package static func isFollowed(storePath: String) -> Bool {
    !(LockedListFile.read(listPath(storePath: storePath)).map(parse) ?? []).filter(isRunning).isEmpty
  }

  private static func update(storePath: String, _ change: ([pid_t]) -> [pid_t]) {
    LockedListFile.update(listPath(storePath: storePath)) { text in
      change(parse(text).filter(isRunning)).suffix(64).map { "\($0)\n" }.joined()
    }
  }

  private static func parse(_ text: String) -> [pid_t] {
    text.split(separator: "\n").compactMap { pid_t($0) }.filter { $0 > 0 }
  }

  private static func isRunning(_ pid: pid_t) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
