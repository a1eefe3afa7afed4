import IsletCore
import IsletRuntime

/// `islet __man`: the man page, `islet(1)`, in roff (`ManPage`); `make install` installs it.
struct ManCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__man", operands: "", brief: "the man page", summary: "Print the man page, islet(1), in roff.",
      maxOperands: 0)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {}

  func run(in environment: Environment) throws -> ExitStatus {
    environment.console.out(ManPage.text)
    return .ok
  }
}
