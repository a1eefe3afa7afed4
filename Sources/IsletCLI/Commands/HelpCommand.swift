import IsletCore
import IsletRuntime

/// `islet help [COMMAND]`: the top help, or one command's.
struct HelpCommand: Command {
  static let specs = [
    CommandSpec(
      name: "help", operands: "[COMMAND]", brief: "help for a command (or: islet COMMAND --help)",
      summary: "Show help for islet or for one command.",
      maxOperands: 1)
  ]

  /// The command asked about; nil for the top help.
  let spec: CommandSpec?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    guard let name = parsed.operands.first else {
      spec = nil
      return
    }
    guard let spec = commandSpecs.first(where: { $0.words.contains(name) }) else {
      throw UsageError(
        message: "no help for '\(printable(name))'; \(commandHint(for: name, startLike: false))",
        command: "help")
    }
    self.spec = spec
  }

  func run(in environment: Environment) throws -> ExitStatus {
    environment.console.out(spec?.helpText ?? topHelp(aloneOptions: DeviceCommand.options))
    return .ok
  }
}
