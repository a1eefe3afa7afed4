import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// Turns the notification server's Do Not Disturb on while a plan's work segment runs and back
/// as it was found after (`dnd = …`, `DoNotDisturb`). A commit whose live set wants the switch
/// otherwise than the record says starts `islet __dnd`, which settles the switch from the store
/// under the record's lock: the commands never hold up an intent, and the last to look wins,
/// whichever process recorded what. The record (`dnd` in the state folder) keeps what Islet
/// found, so the switch is turned back even when another process ends the run.
public struct DoNotDisturbSwitch: PostCommitHandler {
  /// How long one command may run before it is killed.
  package static let timeLimit: Milliseconds = 5_000

  public init() {}

  package static func recordPath(environment: [String: String]) -> String {
    StoreLocation.stateFolder(environment: environment) + "/dnd"
  }

  public func handle(_ events: [Event], context: HandlerContext) {
    // Turned off, only a switch Islet still holds (no record: the case of most) is turned back.
    let settings = context.configuration.doNotDisturb
    let path = Self.recordPath(environment: context.environment)
    guard settings.server != .off || access(path, F_OK) == 0,
      Self.mayNeedTurning(settings.wants(context.live), recordPath: path)
    else { return }
    Spawner.spawn(
      [Spawner.selfExecutable, "__dnd"],
      environment: HookRunner.environment(context.environment, storePath: context.store.path))
  }

  /// Whether to start `islet __dnd`: the record says otherwise than `wanted`, or one is at work
  /// (it holds the lock, and may have read the store before this commit). One started but not
  /// yet holding the lock reads the store after it, so it needs no other.
  private static func mayNeedTurning(_ wanted: Bool, recordPath: String) -> Bool {
    let fd = open(recordPath, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return DoNotDisturb.move(wanted: wanted, held: nil) != .stay }
    defer { close(fd) }
    guard flock(fd, LOCK_SH | LOCK_NB) == 0 else { return true }
    defer { flock(fd, LOCK_UN) }
    let held = DoNotDisturb.Record(text: String(decoding: contents(of: fd), as: UTF8.self)).held
    return DoNotDisturb.move(wanted: wanted, held: held) != .stay
  }

  /// Brings the switch to what the live set wants, under the record's lock, and logs in
  /// hooks.log what failed (a failure seen at the last try is not logged again). `live` reads
  /// the store once the lock is held, so that no commit made since the last look is missed.
  package static func settle(
    _ settings: DoNotDisturb, live: () throws -> [Activity], environment: [String: String], now: Instant
  ) rethrows {
    let path = recordPath(environment: environment)
    let log = HookRunner.logPath(environment: environment)
    guard (try? makeFolders(above: path)) != nil else { return }
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
    let before = DoNotDisturb.Record(text: String(decoding: contents(of: fd), as: UTF8.self))
    var record = before
    let say = { (line: String) in HookRunner.appendLog(log, "\(LocalTime.iso(now)) dnd: \(line)") }
    switch DoNotDisturb.move(wanted: settings.wants(try live()), held: before.held) {
    case .stay: return
    case .begin: record = begin(settings, record: before, environment: environment, say: say)
    case .restore:
      if let server = settings.commands(named: before.server),
        let failure = run(server.off, environment: environment)
      {
        say("could not turn Do Not Disturb off: \(failure)")
      }
      record.held = nil
      record.server = nil
    case .release:
      record.held = nil
      record.server = nil
    }
    guard record != before else { return }
    let bytes = Array(record.text.utf8)
    _ = ftruncate(fd, 0)
    _ = bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
  }

  /// A stretch begins: the first server whose switch can be read is found on (kept on after) or
  /// turned on; when none answers, why is logged once.
  private static func begin(
    _ settings: DoNotDisturb, record: DoNotDisturb.Record, environment: [String: String],
    say: (String) -> Void
  ) -> DoNotDisturb.Record {
    var failures: [String] = []
    for server in settings.servers {
      if let state = server.state {
        var printed = ""
        if let failure = run(state, environment: environment, output: &printed) {
          failures.append(failure)
          continue
        }
        if server.isOn(output: printed) { return DoNotDisturb.Record(held: .found, server: server.name) }
      }
      if let failure = run(server.on, environment: environment) {
        failures.append(failure)
        continue
      }
      return DoNotDisturb.Record(held: .set, server: server.name)
    }
    let failure = failures.isEmpty ? "no command to turn it with" : failures.joined(separator: "; ")
    if failure != record.logged { say("Do Not Disturb is left as it is: \(failure)") }
    return DoNotDisturb.Record(held: .unavailable, logged: failure)
  }

  private static func run(_ arguments: [String], environment: [String: String]) -> String? {
    var ignored = ""
    return run(arguments, environment: environment, output: &ignored)
  }

  /// Runs one command, bounded; what went wrong, or nil.
  private static func run(_ arguments: [String], environment: [String: String], output: inout String)
    -> String?
  {
    guard let name = arguments.first else { return nil }
    // A user's command is shown as written, not as `sh -c` runs it.
    let shown = name == "/bin/sh" ? arguments.last ?? name : arguments.joined(separator: " ")
    guard let path = executable(name, environment: environment) else {
      return "\(printable(name, limit: 60)) is not installed (not found on PATH)"
    }
    guard
      let finished = Spawner.run([path] + arguments.dropFirst(), environment: environment, within: timeLimit)
    else {
      return "\(printable(shown, limit: 80)) could not start: \(String(cString: strerror(errno)))"
    }
    output = String(decoding: finished.output, as: UTF8.self)
    guard let status = finished.status else {
      return "\(printable(shown, limit: 80)) ran longer than \(timeLimit / 1000)s or was killed"
    }
    guard status == 0 else {
      let said = printable(finished.firstLine, limit: 120)
      return "\(printable(shown, limit: 80)) exited with status \(status)" + (said.isEmpty ? "" : ": \(said)")
    }
    return nil
  }

  /// `name` when it is a path, else the first executable of that name in `PATH`.
  package static func executable(_ name: String, environment: [String: String]) -> String? {
    if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
    let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    return folders.map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
  }

  /// A small file's bytes (the record is a line or two).
  private static func contents(of fd: Int32) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = pread(fd, &bytes, bytes.count, 0)
    return count > 0 ? Array(bytes[0..<count]) : []
  }
}
