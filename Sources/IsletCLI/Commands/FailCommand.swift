import IsletCore
import IsletRuntime

/// `islet fail [ACTIVITY] [--status N]`: a task ended in failure, as `islet run` records a
/// command that exits non-zero; for scripts and CI jobs posting their own activities.
struct FailCommand: Command {
  static let specs = [
    CommandSpec(
      name: "fail", operands: "[ACTIVITY]",
      brief: "end an activity as failed, with an exit status",
      summary:
        "End an activity as failed: shown in the alert color, in log and report as failed, and as the failed hook event.",
      details: activityOperandHelp
        + """


        --status is the exit status said with it (default 1), as in: Deploy api failed, exit 2.

        Example:
          make deploy || islet fail deploy --status $?
        """,
      options: [
        OptionSpec(.status, value: "N", help: "the exit status it failed with, 1 to 255 (default 1)")
      ],
      maxOperands: 1)
  ]

  let status: Int32
  /// The activity named, matched when it runs; nil for the current one.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let text = parsed.value(.status) ?? "1"
    guard let status = Int32(text), (1...255).contains(status), text.allSatisfy({ $0.isASCII && $0.isNumber })
    else {
      throw UsageError(
        message:
          "--status '\(printable(text, limit: 20))' is not an exit status; use a whole number from 1 to 255",
        command: "fail")
    }
    self.status = status
    target = parsed.operands.first
  }

  func run(in environment: Environment) throws -> ExitStatus {
    try environment.dispatch(
      .fail(.status(status)), target: target, command: "fail", describe: environment.confirmation)
  }
}
