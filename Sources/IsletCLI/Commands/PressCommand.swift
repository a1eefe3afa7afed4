import IsletCore
import IsletRuntime

/// `islet press [ACTIVITY] BUTTON`: one of a posted activity's buttons pressed, as from the
/// view, a notification or the tmux menu; its command runs as hooks do.
struct PressCommand: Command {
  static let specs = [
    CommandSpec(
      name: "press", operands: "[ACTIVITY] BUTTON",
      brief: "press one of an activity's buttons: runs its command",
      summary:
        "Press a button that a program posted on an activity (start or update --button LABEL=COMMAND), by its label in any case.",
      details: activityOperandHelp
        + """


        The button's command runs with sh -c in the background, bounded to 10 seconds as hooks
        are, with ISLET_ACTIVITY (the id) and ISLET_BUTTON (the label) in its environment; what
        goes wrong is written to hooks.log. Pressing answers the activity's attention.

        Example:
          islet press deploy Approve
        """,
      options: [hostOptionSpec], maxOperands: 2)
  ]

  let label: String
  /// The activity named, matched when it runs; nil for the current one.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    guard let label = parsed.operands.last else {
      throw UsageError(message: "press needs a BUTTON's label, such as islet press Approve", command: "press")
    }
    self.label = label
    target = remoteTarget(parsed.operands.count == 2 ? parsed.operands[0] : nil, host: parsed.value(.host))
  }

  func run(in environment: Environment) throws -> ExitStatus {
    try environment.dispatch(
      .press(label), target: target, command: "press", describe: environment.confirmation)
  }
}
