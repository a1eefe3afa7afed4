import CSystem

#if canImport(Glibc)
  import Glibc
#endif

/// Starts programs detached from us: no shared stdio, a session of their own, so a test runner
/// or a shell waiting on our pipes never waits for them.
package enum Spawner {
  /// The running binary's path as text, or nil when it is not UTF-8 (it would name another file).
  package static var executablePath: String? {
    executableBytes.flatMap { String(validating: $0, as: UTF8.self) }
  }

  /// What background work is started as, so that it is done by this same islet wherever it is
  /// installed, whatever bytes its path holds (and even once it has been replaced on disk).
  package static let selfExecutable = "/proc/self/exe"

  /// The running binary's path for a configuration that names it (`keeper`: tmux, a bar's
  /// configuration); refused when it is not UTF-8, which no such file can keep.
  package static func pathForConfiguration(_ keeper: String) throws -> String {
    let bytes = executableBytes ?? Array("islet".utf8)
    guard let path = String(validating: bytes, as: UTF8.self) else {
      throw CommandFailure(
        message:
          "this binary's path is not valid UTF-8 ('\(escaped(bytes, limit: 200))'), which \(keeper) cannot keep; "
          + "install islet under a UTF-8 path",
        status: .usage)
    }
    return path
  }

  /// The running binary's path as the kernel gives it, which need not be UTF-8.
  package static var executableBytes: [UInt8]? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return buffer[0..<count].map { UInt8(bitPattern: $0) }
  }

  /// Starts `arguments[0]` with `input` written to its stdin; returns its pid, or nil.
  @discardableResult
  package static func spawn(
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

  /// Runs `work` in a child, the leader of a process group of its own (so that what it starts
  /// is stopped with it), which exits when `work` returns; its pid, or nil. For the watcher,
  /// which has one thread: the child shares no lock anyone holds.
  package static func fork(_ work: () -> Void) -> pid_t? {
    let pid = Glibc.fork()
    if pid == 0 {
      setpgid(0, 0)
      // Nothing of ours stays open in it: not the watcher's lock (a successor would wait for
      // the child), nor the bus's socket.
      closefrom(3)
      work()
      _exit(0)
    }
    guard pid > 0 else { return nil }
    setpgid(pid, pid)
    return pid
  }

  /// Runs a program to its end and returns what it printed (at most 64 KiB), or nil when it
  /// failed.
  package static func output(of arguments: [String], environment: [String: String]) -> [UInt8]? {
    guard let finished = run(arguments, environment: environment, within: 3_600_000), finished.status == 0
    else { return nil }
    return finished.output
  }
}
