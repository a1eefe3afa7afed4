#if canImport(Glibc)
  import Glibc
#endif

/// The tmux servers Islet was used from, so that an alert reaches each of them rather than
/// whichever one the deadline watcher happened to inherit: their sockets, one a line, in
/// `<store path>.tmux` (mode 0600), oldest first, at most `limit`.
///
/// ```swift
/// TmuxServers.record("/tmp/tmux-1000/default", storePath: path)  // after every intent
/// let servers = TmuxServers.read(storePath: path)                 // ["/tmp/tmux-1000/default"]
/// ```
package enum TmuxServers {
  /// Enough for every terminal one person keeps open; the oldest give way.
  package static let limit = 16

  package static func listPath(storePath: String) -> String { storePath + ".tmux" }

  /// The sockets recorded, oldest first.
  package static func read(storePath: String) -> [String] {
    LockedListFile.read(listPath(storePath: storePath)).map(parse) ?? []
  }

  /// Adds `socket` (the first field of `$TMUX`) unless it is listed. It runs after every
  /// intent, so a listed socket costs one small read and nothing else.
  package static func record(_ socket: String, storePath: String) {
    guard isRecordable(socket) else { return }
    let path = listPath(storePath: storePath)
    if LockedListFile.read(path, locked: false).map({ parse($0).contains(socket) }) == true { return }
    update(path) { sockets in
      guard !sockets.contains(socket) else { return nil }
      return Array((sockets + [socket]).suffix(limit))
    }
  }

  /// Takes `sockets` off the list: servers that are gone.
  package static func forget(_ sockets: [String], storePath: String) {
    guard !sockets.isEmpty else { return }
    update(listPath(storePath: storePath)) { listed in
      let kept = listed.filter { !sockets.contains($0) }
      return kept.count == listed.count ? nil : kept
    }
  }

  /// Why no server answers at `socket` (`No such file or directory`, `Connection refused`), or
  /// nil when one does. A connect and a close: the server sees a client come and go.
  package static func unreachable(_ socket: String) -> String? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(socket.utf8)
    let room = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < room else { return "its path is longer than a socket's" }
    withUnsafeMutableBytes(of: &address.sun_path) { path in
      for (index, byte) in bytes.enumerated() { path[index] = byte }
    }
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
    let fd = Glibc.socket(AF_UNIX, type, 0)
    guard fd >= 0 else { return String(cString: strerror(errno)) }
    defer { close(fd) }
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    // A server too busy to accept at once (EAGAIN) is still there.
    guard status != 0, errno != EAGAIN, errno != EINPROGRESS else { return nil }
    return String(cString: strerror(errno))
  }

  /// A socket that `read` would give back as it is: an absolute path on one line.
  package static func isRecordable(_ socket: String) -> Bool {
    socket.hasPrefix("/") && !socket.utf8.contains(UInt8(ascii: "\n")) && socket.utf8.count < 4096
  }

  private static func parse(_ text: String) -> [String] {
    var sockets: [String] = []
    for line in text.split(separator: "\n")
    where isRecordable(String(line)) && !sockets.contains(String(line)) {
      sockets.append(String(line))
    }
    return Array(sockets.suffix(limit))
  }

  /// Rewrites the list as `change` says (nil: leave it), under an exclusive lock, so that two
  /// commands recording at once both count.
  private static func update(_ path: String, _ change: ([String]) -> [String]?) {
    LockedListFile.update(path) { text in change(parse(text)).map { $0.map { $0 + "\n" }.joined() } }
  }
}
