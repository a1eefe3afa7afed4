#if canImport(Glibc)
  import Glibc
#endif

/// What a command reads from stdin (`import timewarrior -`, the Taskwarrior hook's task).
enum StandardInput {
  /// All of stdin, to its end.
  static func all() -> [UInt8] {
    var input: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(0, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      input += chunk[0..<count]
    }
    return input
  }
}
