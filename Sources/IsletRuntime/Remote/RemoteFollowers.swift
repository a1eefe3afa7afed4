import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// The other machines following this one (`islet remote` there runs `status --all --follow`
/// here through ssh), while they do: one process a line in `<store path>.followers` (mode
/// 0600) with the address it came from, a line whose process is gone counting for nothing. The
/// terminal channel leaves ssh sessions from those addresses to them.
package enum RemoteFollowers {
  package static func listPath(storePath: String) -> String { storePath + ".followers" }

  /// Notes this process as following for the machine ssh came from; whether ssh started it.
  package static func register(environment: [String: String], storePath: String) -> Bool {
    guard let client = Terminal.sshClient(environment: environment) else { return false }
    let entry = Entry(pid: getpid(), client: client)
    update(storePath: storePath) { $0 + [entry] }
    return true
  }

  package static func unregister(storePath: String) {
    let me = getpid()
    update(storePath: storePath) { $0.filter { $0.pid != me } }
  }

  /// The addresses of the machines following this store now.
  package static func clients(storePath: String) -> Set<String> {
    Set(
      (LockedListFile.read(listPath(storePath: storePath)).map(parse) ?? []).filter(\.isRunning).map(\.client)
    )
  }

  private struct Entry {
    var pid: pid_t
    var client: String

    var isRunning: Bool { kill(pid, 0) == 0 || errno == EPERM }
  }

  private static func update(storePath: String, _ change: ([Entry]) -> [Entry]) {
    LockedListFile.update(listPath(storePath: storePath)) { text in
      change(parse(text).filter(\.isRunning)).suffix(64).map { "\($0.pid)\t\($0.client)\n" }.joined()
    }
  }

  private static func parse(_ text: String) -> [Entry] {
    text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t")
      guard fields.count == 2, let pid = pid_t(fields[0]), pid > 0 else { return nil }
      return Entry(pid: pid, client: String(fields[1]))
    }
  }
}
