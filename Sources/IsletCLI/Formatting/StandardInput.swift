#if canImport(Glibc)
  import Glibc
#endif

/// What a command reads from stdin (`import timewarrior -`, the Taskwarrior hook's task).
enum StandardInput {
  /// All of stdin (or of `fd`: a pipe named on the command line), to its end or just past
  /// `limit` bytes.
  static func all(from fd: Int32 = 0, upTo limit: Int = .max) -> [UInt8] {
    var input: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while input.count <= limit {
      let count = read(fd, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      input += chunk[0..<count]
    }
    return input
  }
}
