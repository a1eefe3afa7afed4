import CSystem
import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the user's hooks (`<hooks folder>/<event>`, e.g. `hooks/finished`) after a commit,
/// with the event as JSON on stdin. They run in a detached `islet __hooks`, which bounds their
/// time and logs their failures, so a slow or broken hook never holds up an intent.
///
/// The detached process has no stderr anyone reads: when hooks.log cannot be written (a file
/// where its folder should be, a folder that cannot be made), the command that recorded the
/// events says so on its own stderr, and the hooks still run.
public struct HookRunner: PostCommitHandler {
  /// How long one hook may run before it is killed.
  static let timeLimit: Milliseconds = 10_000
  let warnings: (any Console)?

  /// `warnings`: where to say that hook failures cannot be logged (the command's console).
  public init(warnings: (any Console)? = nil) {
    self.warnings = warnings
  }

  static func folder(_ configuration: Configuration, environment: [String: String]) -> String {
    guard let folder = configuration.hooks else {
      return StoreLocation.configFolder(environment: environment) + "/hooks"
    }
    if folder.hasPrefix("~/"), let home = environment["HOME"] { return home + folder.dropFirst() }
    return folder
  }

  static func logPath(environment: [String: String]) -> String {
    StoreLocation.stateFolder(environment: environment) + "/hooks.log"
  }

  public func handle(_ events: [Event], context: HandlerContext) {
    let folder = Self.folder(context.configuration, environment: context.environment)
    let due = events.filter { access(folder + "/" + $0.kind.rawValue, X_OK) == 0 }
    guard !due.isEmpty else { return }
    // A line per event: its kind, its activity and the JSON its hook reads (JSON text has no
    // tab or newline of its own).
    let lines = due.map { "\($0.kind.rawValue)\t\($0.activityID)\t\(hookJSON($0).text)\n" }.joined()
    let log = Self.logPath(environment: context.environment)
    if let reason = Self.prepareLog(log) {
      warnings?.err("islet: hook failures cannot be logged in \(printable(log, limit: 200)): \(reason)\n")
    }
    Spawner.spawn(
      [Spawner.selfExecutable, "__hooks", folder, log],
      environment: context.environment, input: Array(lines.utf8))
  }
}

extension HookRunner {
  /// Makes hooks.log's folders; why it cannot be written, or nil.
  static func prepareLog(_ path: String) -> String? {
    do {
      try makeFolders(above: path)
    } catch {
      return printable(error.message, limit: 200)
    }
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    if access(path, W_OK) == 0 || (errno == ENOENT && access(folder, W_OK) == 0) { return nil }
    return String(cString: strerror(errno))
  }
}

/// What a hook reads on stdin: one event.
func hookJSON(_ event: Event) -> JSON {
  .object([
    ("event", .string(event.kind.rawValue)), ("id", .string(event.activityID)),
    ("name", .string(event.name)), ("phase", .string(event.phase.rawValue)),
    ("elapsed", .number(Double(event.elapsed) / 1000)), ("source", .string(event.source.rawValue)),
    ("at", .string(LocalTime.iso(event.at))),
  ])
}

extension Context {
  /// `islet __hooks FOLDER LOG`: runs each event's hook in turn, events as JSON on stdin.
  func runHooks() throws -> ExitStatus {
    guard arguments.operands.count == 2 else { return .usage }
    let folder = arguments.operands[0]
    let logPath = arguments.operands[1]
    var input: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let count = read(0, &chunk, chunk.count), count > 0 { input += chunk[0..<count] }
    for line in String(decoding: input, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: "\t", maxSplits: 2).map(String.init)
      guard fields.count == 3, let kind = EventKind(rawValue: fields[0]) else { return .dataError }
      let (id, json) = (fields[1], fields[2])
      let hook = folder + "/" + kind.rawValue
      var env = environment
      env["ISLET_EVENT"] = kind.rawValue
      env["ISLET_ACTIVITY"] = id
      if let failure = runHook(hook, input: Array((json + "\n").utf8), environment: env) {
        appendLog(logPath, "\(LocalTime.iso(now)) \(kind.rawValue) \(id): \(hook) \(failure)")
      }
    }
    return .ok
  }

  /// Runs one hook to its end or its time limit; what went wrong, or nil.
  private func runHook(_ hook: String, input: [UInt8], environment: [String: String]) -> String? {
    var output: [Int32] = [-1, -1]
    guard islet_pipe_cloexec(&output) == 0 else {
      return "could not start: \(String(cString: strerror(errno)))"
    }
    let pid = Spawner.spawn([hook], environment: environment, input: input, outputFD: output[1])
    close(output[1])
    defer { close(output[0]) }
    guard let pid else { return "could not start: \(String(cString: strerror(errno)))" }
    let deadline = now + HookRunner.timeLimit
    var captured: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    var timedOut = false
    while true {
      let left = deadline - now
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

  /// Appends one line to hooks.log; if it cannot (its folders were taken away since the
  /// command checked them), the line is lost: this process's stderr goes nowhere.
  private func appendLog(_ path: String, _ line: String) {
    guard HookRunner.prepareLog(path) == nil else { return }
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }
}
