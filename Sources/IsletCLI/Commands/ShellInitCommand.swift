import IsletCore
import IsletRuntime
import IsletStore

/// `islet shell-init bash|zsh|fish [--after DURATION]`: the hook (`ShellHook`) that makes a
/// command still running after DURATION a live activity, for the shell's rc file.
struct ShellInitCommand: Command {
  static let specs = [
    CommandSpec(
      // Spelled out, not from `CompletionScript.Shell`: fuzz/run builds the declarations alone.
      name: "shell-init", operands: "bash|zsh|fish",
      brief: "a hook that makes long commands live activities",
      summary:
        "Print a hook for the shell's rc file: a command still running after --after (default 10s) becomes a live activity named after it, done or failed with its status when it returns.",
      details: """
        Add one line to the shell's rc file:
          eval "$(islet shell-init bash)"          ~/.bashrc
          eval "$(islet shell-init zsh)"           ~/.zshrc
          islet shell-init fish | source           ~/.config/fish/config.fish

        A command that returns sooner records nothing and starts no process: the hook appends
        a line to a file as it begins and ends, which one islet a shell follows. Shown, it is a
        stopwatch started when the command began; exit 0 is done, any other status failed
        with it (128+N: the signal N). Ctrl-Z pauses it and fg resumes it. islet commands,
        editors, pagers, ssh, tmux and shells or interpreters without a script are not shown.
        bash names it after the line's first command, zsh and fish after the whole line.
        """,
      options: [
        OptionSpec(
          .after, value: "DURATION", help: "how long a command runs before it is shown (default 10s)")
      ],
      maxOperands: 1)
  ]

  let shell: CompletionScript.Shell
  let after: Milliseconds

  /// The shortest and the longest `--after`.
  static let afterBounds: ClosedRange<Milliseconds> = 1_000...86_400_000

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let shells = CompletionScript.Shell.allCases.map(\.rawValue)
    guard let name = parsed.operands.first else {
      throw UsageError(
        message: "shell-init needs a shell: \(shells.joined(separator: ", "))", command: "shell-init")
    }
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw UsageError(
        message: "'\(printable(name))' is not a shell islet hooks; use \(shells.joined(separator: ", "))",
        command: "shell-init")
    }
    self.shell = shell
    let text = parsed.value(.after)
    after = try text.map { try parsed.duration($0, option: "after") } ?? 10_000
    guard Self.afterBounds.contains(after) else {
      throw UsageError(
        message: "--after '\(printable(text ?? "", limit: 20))' is out of range; give 1s to 24h",
        command: "shell-init")
    }
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let folder = ShellHook.folder(environment: environment.variables)
    try makeFolders(above: folder + "/shell")
    let islet = Spawner.executablePath ?? "islet"
    // `--db` is kept for the watcher; otherwise it reads the shell's environment, as islet does.
    let store = environment.options.store == nil ? nil : try environment.storePath
    let hook = ShellHook.text(for: shell, islet: islet, folder: folder, after: after, store: store)
    environment.console.out(hook + "\n")
    return .ok
  }
}
