import IsletCore
import IsletRuntime

/// `islet adjust [ACTIVITY] +5m`: a countdown made longer or shorter.
struct AdjustCommand: Command {
  static let specs = [
    CommandSpec(
      name: "adjust", operands: "[ACTIVITY] +5m | -1m",
      brief: "add or take time from a countdown: +5m, -1m",
      summary: "Lengthen or shorten a countdown (never below the time it has run).",
      details: activityOperandHelp + "\n\nThe change is a sign and a duration: +5m, -1m, +30s, -1:00.",
      options: [hostOptionSpec], maxOperands: 2)
  ]

  let change: Milliseconds
  /// The change as typed, for the hint a bare number gets.
  let changeText: String
  /// The activity named, matched when it runs; nil for the current one.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let operands = parsed.operands
    guard let changeText = operands.last else {
      throw UsageError(message: "adjust needs a change such as +5m or -1m", command: "adjust")
    }
    self.changeText = changeText
    switch DurationText.parseSigned(changeText) {
    case .success(let parsed): change = parsed
    case .failure(let failure):
      let hint =
        changeText.first == "+" || changeText.first == "-"
        ? failure.message
        : "'\(printable(changeText))' is not a change; use a sign and a duration such as +5m or -1m"
      throw UsageError(message: hint, command: "adjust")
    }
    target = remoteTarget(operands.count == 2 ? operands[0] : nil, host: parsed.value(.host))
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let status = try environment.dispatch(
      .adjust(by: change), target: target, command: "adjust", describe: environment.confirmation)
    if status == .ok { environment.noteSeconds(changeText) }
    return status
  }
}
