import IsletCore
import IsletRuntime

/// `islet snooze [ACTIVITY] [DURATION]`: a finished countdown given more time from now.
struct SnoozeCommand: Command {
  static let specs = [
    CommandSpec(
      name: "snooze", operands: "[ACTIVITY] [DURATION]",
      brief: "give a finished countdown more time: 5m by default",
      summary: "Let a finished countdown run again, with DURATION left from now.",
      details: activityOperandHelp
        + """


        DURATION is 5m unless the configuration's snooze says otherwise; given alone, an operand
        that starts with a digit is the DURATION. The countdown's length becomes the time it has
        run so far plus DURATION, so its log keeps the whole time. Only a finished countdown can
        be snoozed; a running one takes adjust +5m.
        """,
      options: [hostOptionSpec], maxOperands: 2)
  ]

  /// The time given; nil for the configuration's.
  let span: Milliseconds?
  /// The DURATION as typed, for the hint a bare number gets.
  let spanText: String?
  /// The activity named, matched when it runs; nil for the current one.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let operands = parsed.operands
    // One operand is the duration when it starts as one (a digit), else the activity.
    if let last = operands.last, operands.count == 2 || last.first.map({ $0.isASCII && $0.isNumber }) == true
    {
      switch DurationText.parse(last) {
      case .success(let parsed) where parsed >= AlertPolicy.shortestSnooze: span = parsed
      case .success:
        throw UsageError(
          message: "snooze needs a second or more, not '\(printable(last))'", command: "snooze")
      case .failure(let failure): throw UsageError(message: failure.message, command: "snooze")
      }
      target = remoteTarget(operands.count == 2 ? operands[0] : nil, host: parsed.value(.host))
      spanText = last
    } else {
      span = nil
      spanText = nil
      target = remoteTarget(operands.first, host: parsed.value(.host))
    }
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let span = try span ?? environment.configuration.alerts.snooze
    let status = try environment.dispatch(
      .snooze(for: span), target: target, command: "snooze", describe: environment.confirmation)
    if status == .ok, let spanText { environment.noteSeconds(spanText) }
    return status
  }
}
