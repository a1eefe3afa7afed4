import IsletCore
import IsletRuntime

/// `islet completions bash|zsh|fish`: the completion script for that shell
/// (`CompletionScript`), made from the same declarations as `--help`.
struct CompletionsCommand: Command {
  static let specs = [
    CommandSpec(
      // Spelled out, not from `CompletionScript.Shell`: fuzz/run builds the declarations alone.
      name: "completions", operands: "bash|zsh|fish",
      brief: "a completion script for bash, zsh or fish",
      summary:
        "Print the completion script for bash, zsh or fish: commands, options, their values, and the live activities' names where an ACTIVITY goes.",
      details: """
        make install puts each where its shell looks; without it:
          islet completions bash > ~/.local/share/bash-completion/completions/islet
          islet completions zsh > ~/.local/share/zsh/site-functions/_islet   (a folder on $fpath)
          islet completions fish > ~/.config/fish/completions/islet.fish
        """,
      maxOperands: 1)
  ]

  let shell: CompletionScript.Shell

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let shells = CompletionScript.Shell.allCases.map(\.rawValue)
    guard let name = parsed.operands.first else {
      throw UsageError(
        message: "completions needs a shell: \(shells.joined(separator: ", "))", command: "completions")
    }
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw UsageError(
        message: "'\(printable(name))' is not a shell islet completes; use \(shells.joined(separator: ", "))",
        command: "completions")
    }
    self.shell = shell
  }

  func run(in environment: Environment) throws -> ExitStatus {
    environment.console.out(CompletionScript.text(for: shell))
    return .ok
  }
}
