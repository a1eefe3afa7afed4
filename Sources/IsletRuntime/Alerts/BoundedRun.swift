import CSystem
import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

extension Spawner {
  /// What a program did, run to its end within a time limit.
  package struct Finished {
    /// Its exit status; nil when it was killed (it ran over, or a signal ended it).
    package var status: Int32?
    /// Its stdout and stderr together, at most 64 KiB.
    package var output: [UInt8]

    /// The first line it printed, for saying why it failed.
    package var firstLine: String {
      String(decoding: output.prefix { $0 != UInt8(ascii: "\n") }.prefix(200), as: UTF8.self)
    }
  }

  /// Runs a program for at most `limit`, killing it when it runs over (a tmux server that is
  /// stopped never answers), and always waits for it; nil when it cannot be started.
  package static func run(_ arguments: [String], environment: [String: String], within limit: Milliseconds)
    -> Finished?
  {
    var pipeFDs: [Int32] = [-1, -1]
    guard islet_pipe_cloexec(&pipeFDs) == 0 else { return nil }
    let pid = spawn(arguments, environment: environment, outputFD: pipeFDs[1], newSession: false)
    close(pipeFDs[1])
    defer { close(pipeFDs[0]) }
    guard let pid else { return nil }
    let end = monotonicMilliseconds() + limit
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var ended = false
    while bytes.count < 65536 {
      let left = end - monotonicMilliseconds()
      var ready = [pollfd(fd: pipeFDs[0], events: Int16(POLLIN), revents: 0)]
      guard left > 0 else { break }
      let polled = poll(&ready, 1, Int32(left))
      if polled < 0 && errno == EINTR { continue }
      if polled <= 0 { break }
      let count = read(pipeFDs[0], &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        ended = true
        break
      }
      bytes += chunk[0..<count]
    }
    // Out of time, or more output than is read: it would wait on us forever.
    if !ended { kill(pid, SIGKILL) }
    let killed = !ended
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exited = !killed && status & 0x7F == 0
    return Finished(status: exited ? (status >> 8) & 0xFF : nil, output: bytes)
  }

  package static func monotonicMilliseconds() -> Milliseconds {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Milliseconds(now.tv_sec) * 1000 + Milliseconds(now.tv_nsec / 1_000_000)
  }
}
