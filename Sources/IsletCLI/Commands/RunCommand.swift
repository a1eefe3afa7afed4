import IsletCore
import IsletRuntime
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// `islet run -- CMD`: runs CMD in the foreground exactly as the shell would, as a live
/// stopwatch named after it, and exits with its status; its end is recorded (done when it exits
/// 0, failed otherwise), and its progress sequences (OSC 9;4) are read on the way to the terminal.
struct RunCommand: Command {
  static let specs = [
    CommandSpec(
      name: "run", operands: "[--name N] [--icon I] [--category C] [--expect DURATION] -- CMD [ARGS…]",
      brief: "run a command as a live activity, and exit with its status",
      summary:
        "Run CMD in the foreground, exactly as the shell would, as a live stopwatch named after it; exit with its status.",
      details: """
        CMD keeps the terminal: what it reads and prints, Ctrl-C, Ctrl-Z and fg, its window size.
        When it ends, the activity is done (exit 0) or failed (any other status), and islet
        exits with CMD's status: 128+N when signal N ended it, 127 when there is no such
        command, 126 when it cannot be run. SIGTERM and SIGHUP sent to islet are passed on to CMD.
        On a terminal, CMD runs on a terminal of islet's own, which reads the progress CMD
        prints as the terminal progress sequence (OSC 9;4) and passes every byte on unchanged.
        Through a pipe, CMD gets islet's own input and output, and islet ignores Ctrl-C
        while it waits, as time does. Stopped with Ctrl-Z, the activity is paused until fg.
        Without --expect, the median of the last five successful runs of the same name is its
        estimate: shown as progress and the time left, and said when it runs past it.

        Examples:
          islet run -- make test
          islet run --name Backup --icon book -- rsync -a ~/ /mnt/backup/
          islet run -- cargo build --release && notify-send built
        """,
      options: [
        OptionSpec(.name, value: "N", help: "what it is called (default: the command, shortened)"),
        OptionSpec(
          .icon, value: "I", help: "its icon (default code)", values: .dynamic(.icons)),
        OptionSpec(.category, value: "C", help: "a category"),
        OptionSpec(
          .expect, value: "DURATION",
          help: "how long it usually takes (default: the median of its last five successful runs)"),
      ],
      maxOperands: Int.max, operandEndsOptions: true)
  ]

  /// CMD and its arguments.
  let arguments: [String]
  let name: String?
  let icon: String?
  let category: String?
  /// `--expect`: how long it usually takes.
  let expected: Milliseconds?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    guard let first = parsed.operands.first, !first.isEmpty else {
      throw UsageError(
        message: "give the command to run after --, such as: islet run -- make test", command: "run")
    }
    arguments = parsed.operands
    name = try parsed.label(.name)
    icon = try parsed.icon()
    category = try parsed.label(.category)
    expected = try parsed.value(.expect).map { try parsed.duration($0, option: "expect") }
  }

  /// The icon a run takes without `--icon`.
  static let defaultIcon = "code"

  func run(in environment: Environment) throws -> ExitStatus {
    let configuration = try environment.configuration
    if let icon { try environment.checkIcon(icon, command: "run") }
    let intents = try environment.openIntents()
    defer { intents.close() }
    // All that can fail is done before the command starts: once it runs, the terminal is
    // raw until `wait` gives it back. A history that cannot be read only means no estimate.
    let shownName = name ?? Self.name(for: arguments)
    var attributes = IntentService.attributes(configuration)
    attributes.icon = icon ?? Self.defaultIcon
    attributes.expected = expected ?? (try? intents.store.recentRunLengths(named: shownName))?.median
    attributes.origin = TmuxRecorder.origin(from: environment.variables)
    attributes.terminal = TerminalAlerts.here(environment: environment.variables)
    let request = StartRequest(name: shownName, attributes: attributes, category: category)
    let process: ForegroundRun
    do {
      process = try ForegroundRun.start(arguments)
    } catch {
      environment.console.err(Self.startFailure(arguments[0], error))
      throw CommandStatus(code: error.status)
    }
    let console = environment.console
    let id = record(.start(request), to: .current, intents: intents, console: console)
    let ending = process.wait(
      progress: { progress in
        guard let id, let update = Self.update(for: progress) else { return }
        _ = record(.update(update), to: .id(id), intents: intents, console: console)
      },
      // Stopped with Ctrl-Z, it is paused until fg: the time it ran is its own.
      stopped: { stopped in
        guard let id else { return }
        _ = record(stopped ? .pause : .resume, to: .id(id), intents: intents, console: console)
      })
    if let id { _ = record(Self.intent(for: ending), to: .id(id), intents: intents, console: console) }
    throw CommandStatus(code: ending.status)
  }

  /// Done when it exited 0; failed otherwise, with its status or signal.
  static func intent(for ending: ForegroundRun.Ending) -> Intent {
    switch ending {
    case .exited(0): return .complete
    case .exited(let code): return .fail(.status(code))
    case .killed(let signal): return .fail(.signal(signal))
    }
  }

  /// What a progress sequence changes in the activity: its percent, or none shown; an error
  /// or a pause without a percent leaves it as it was.
  static func update(for progress: TerminalProgress) -> ActivityUpdate? {
    switch progress {
    case .cleared, .indeterminate: return ActivityUpdate(percent: .some(nil))
    case .value, .error, .paused:
      return progress.percent.map { ActivityUpdate(percent: .some($0)) }
    }
  }

  /// Sends `intent`; a store that fails says so on stderr and leaves CMD running. The id of
  /// the activity it applied to.
  private func record(
    _ intent: Intent, to target: IntentDispatcher.Target, intents: IntentService, console: any Console
  ) -> String? {
    do {
      return try intents.send(intent, to: target, source: .run).activity?.id
    } catch {
      let reason = (error as? any UserFacingError)?.message ?? "\(error)"
      console.err("islet: run: the activity could not be recorded: \(printable(reason, limit: 200))\n")
      return nil
    }
  }

  /// `islet: run: no such command: frob`, as a shell says it.
  static func startFailure(_ command: String, _ failure: ForegroundRun.StartFailure) -> String {
    let shown = printable(command, limit: 200)
    guard failure.status != 127 else { return "islet: run: no such command: \(shown)\n" }
    return "islet: run: cannot run \(shown): \(String(cString: strerror(failure.errno)))\n"
  }

  /// The activity's name without `--name`: the command's own name and its arguments, a word
  /// with spaces quoted, shortened to `longestName` characters.
  static func name(for arguments: [String]) -> String {
    let program = arguments[0].split(separator: "/").last.map(String.init) ?? arguments[0]
    let words = [program] + arguments.dropFirst().map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }
    let name = printable(words.joined(separator: " "), limit: longestName)
    return UserText.problem(with: name, bounds: .name) == nil ? name : "run"
  }

  /// How long a name made from the command may be, in characters.
  static let longestName = 40
}

/// Ends a command with a status of its own making, not one of `ExitStatus`: `islet run` exits
/// with its command's.
struct CommandStatus: Error {
  let code: Int32
}
