import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Starts programs detached from us: no shared stdio, a session of their own, so a test runner
/// or a shell waiting on our pipes never waits for them.
enum Spawner {
  /// The running binary, so background work is done by the same islet.
  static var executablePath: String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Starts `arguments[0]` with `input` written to its stdin; returns its pid, or nil.
  @discardableResult
  static func spawn(
    _ arguments: [String], environment: [String: String], input: [UInt8]? = nil,
    outputFD: Int32 = -1, newSession: Bool = true
  ) -> pid_t? {
    var pipeFDs: [Int32] = [-1, -1]
    if input != nil && islet_pipe_cloexec(&pipeFDs) != 0 { return nil }
    defer {
      for fd in pipeFDs where fd >= 0 { close(fd) }
    }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let status = islet_spawn_detached(
      arguments[0], argv, envp, pipeFDs[0], outputFD, newSession ? 1 : 0, &pid)
    guard status == 0 else { return nil }
    if let input {
      close(pipeFDs[0])
      pipeFDs[0] = -1
      // Hook input is small (well under a pipe's 64 KiB), so this never blocks for long.
      let previous = signal(SIGPIPE, SIG_IGN)
      input.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
          let written = write(pipeFDs[1], bytes.baseAddress! + offset, bytes.count - offset)
          if written <= 0 { break }
          offset += written
        }
      }
      signal(SIGPIPE, previous)
    }
    return pid
  }
}
