#if canImport(Glibc)
  import Glibc
#endif

/// A small file of lines that any islet may rewrite (`<store>.tmux`, `<store>.terminals`):
/// read under a shared lock, rewritten whole under an exclusive one, so that a rewrite is never
/// seen half done and two writers at once both count.
enum LockedListFile {
  /// The file's text; nil when it cannot be opened (not made yet).
  static func read(_ path: String, locked: Bool = true) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    if locked { flock(fd, LOCK_SH) }
    return contents(fd)
  }

  /// Rewrites the file (made 0600 when missing) with what `change` makes of its text; nil
  /// leaves it as it is.
  static func update(_ path: String, _ change: (String) -> String?) {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    guard flock(fd, LOCK_EX) == 0, let text = change(contents(fd)) else { return }
    let bytes = Array(text.utf8)
    guard ftruncate(fd, 0) == 0 else { return }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(offset)) }
      if written <= 0 { return }
      offset += written
    }
  }

  /// The file's text from its start, up to 64 KiB (far more than such a list holds).
  private static func contents(_ fd: Int32) -> String {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 65536 {
      let count = pread(fd, &chunk, chunk.count, off_t(bytes.count))
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
