import CSystem
import IsletCore
import IsletRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `islet __hooks FOLDER LOG`: runs each event's hook in turn, events as JSON on stdin; what
/// went wrong goes in LOG (see `HookRunner`, which starts it).
struct HooksCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__hooks", operands: "FOLDER LOG", brief: "runs hooks",
      summary: "Runs hooks for the events on stdin.",
      maxOperands: 2)
  ]

  /// FOLDER and LOG; nil when not both are given (exit 64, silently: no user runs this).
  let paths: (folder: String, log: String)?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    paths = parsed.operands.count == 2 ? (parsed.operands[0], parsed.operands[1]) : nil
  }

  func run(in environment: Environment) throws -> ExitStatus {
    guard let (folder, logPath) = paths else { return .usage }
    var input: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let count = read(0, &chunk, chunk.count), count > 0 { input += chunk[0..<count] }
    for line in String(decoding: input, as: UTF8.self).split(separator: "\n") {
      if line.hasPrefix(HookRunner.buttonLine + "\t") {
        guard runButton(line, logPath: logPath, environment: environment) else { return .dataError }
        continue
      }
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3, let kind = EventKind(rawValue: fields[0]) else { return .dataError }
      let (id, json) = (fields[1], fields[2])
      let hook = folder + "/" + kind.rawValue
      var env = environment.variables
      env["ISLET_EVENT"] = kind.rawValue
      env["ISLET_ACTIVITY"] = id
      if let failure = HookRunner.refusal(of: hook)
        ?? runHook(hook, input: Array((json + "\n").utf8), environment: env)
      {
        HookRunner.appendLog(
          logPath, "\(LocalTime.iso(environment.now)) \(kind.rawValue) \(id): \(hook) \(failure)")
      }
    }
    return .ok
  }

  /// A pressed button's line (`button ID LABEL COMMAND`): its command run by `sh -c` as a hook
  /// is, with the activity and the button in its environment. False for a line it cannot read.
  private func runButton(_ line: Substring, logPath: String, environment: Environment) -> Bool {
    let fields = line.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
    guard fields.count == 4 else { return false }
    let (id, label, command) = (
      String(fields[1]), HookRunner.unescaped(fields[2]), HookRunner.unescaped(fields[3])
    )
    var env = environment.variables
    env["ISLET_EVENT"] = EventKind.pressed.rawValue
    env["ISLET_ACTIVITY"] = id
    env["ISLET_BUTTON"] = label
    if let failure = runHook(["/bin/sh", "-c", command], input: [], environment: env) {
      HookRunner.appendLog(
        logPath,
        "\(LocalTime.iso(environment.now)) pressed \(id): button \(printable(label, limit: 40)) \(failure)")
    }
    return true
  }

  /// Runs one hook to its end or its time limit; what went wrong, or nil. The limit is kept by
  /// the monotonic clock: the environment's clock may stand still (`ISLET_NOW`).
  private func runHook(_ hook: String, input: [UInt8], environment: [String: String]) -> String? {
    runHook([hook], input: input, environment: environment)
  }

  private func runHook(_ arguments: [String], input: [UInt8], environment: [String: String]) -> String? {
    var output: [Int32] = [-1, -1]
    guard islet_pipe_cloexec(&output) == 0 else {
      return "could not start: \(String(cString: strerror(errno)))"
    }
    let pid = Spawner.spawn(arguments, environment: environment, input: input, outputFD: output[1])
    close(output[1])
    defer { close(output[0]) }
    guard let pid else { return "could not start: \(String(cString: strerror(errno)))" }
    let deadline = Spawner.monotonicMilliseconds() + HookRunner.timeLimit
    var captured: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var timedOut = false
    while true {
      let left = deadline - Spawner.monotonicMilliseconds()
      if left <= 0 {
        timedOut = true
        break
      }
      var fds = [pollfd(fd: output[0], events: Int16(POLLIN), revents: 0)]
      if poll(&fds, 1, Int32(left)) <= 0 { continue }
      let count = read(output[0], &chunk, chunk.count)
      if count <= 0 { break }
      if captured.count < 2000 { captured += chunk[0..<count] }
    }
    if timedOut { kill(-pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let said = printable(String(decoding: captured, as: UTF8.self), limit: 300)
    let tail = said.isEmpty ? "" : "; it printed: \(said)"
    if timedOut { return "ran longer than \(HookRunner.timeLimit / 1000)s and was stopped\(tail)" }
    let exited = status & 0x7F == 0
    let code = (status >> 8) & 0xFF
    if exited && code == 0 { return nil }
    return (exited ? "exited with status \(code)" : "was killed by signal \(status & 0x7F)") + tail
  }
}
