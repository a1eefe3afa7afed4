import IsletCore
import IsletRuntime
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// `islet __shell-watch FILE PID AFTER`: the watcher one interactive shell's hook starts
/// (`ShellWatch`): it follows FILE, which the hook appends to, while the shell PID lives.
struct ShellWatchCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__shell-watch", operands: "FILE PID AFTER", brief: "a shell's watcher",
      summary: "The watcher of a shell's hook.", maxOperands: 3)
  ]

  let file: String
  let shell: pid_t
  let after: Milliseconds

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let words = parsed.operands
    guard words.count == 3, words[0].hasPrefix("/"), let shell = pid_t(words[1]), shell > 1,
      let after = Milliseconds(words[2]), ShellInitCommand.afterBounds.contains(after)
    else {
      throw UsageError(message: "__shell-watch needs FILE PID AFTER", command: "__shell-watch")
    }
    (file, self.shell, self.after) = (words[0], shell, after)
  }

  func run(in environment: Environment) throws -> ExitStatus {
    // Out of the terminal's session: its Ctrl-C and hangup are the shell's, not ours.
    _ = setsid()
    try? makeFolders(above: file)
    let log = HookRunner.logPath(environment: environment.variables)
    let watch = ShellWatch(
      path: file, shell: shell, after: after, clock: environment.clock, icon: "code",
      origin: TmuxRecorder.origin(from: environment.variables)
    ) { intent, target in
      do {
        let intents = try environment.openIntents()
        defer { intents.close() }
        return try intents.send(intent, to: target, source: .run).activity?.id
      } catch let error as any UserFacingError {
        // Nobody reads a detached watcher's stderr.
        HookRunner.appendLog(
          log,
          "\(LocalTime.iso(environment.now)) the shell hook could not record \(intent.verb): \(error.message)"
        )
      } catch {}
      return nil
    }
    return watch.run() ? .ok : .unavailable
  }
}
