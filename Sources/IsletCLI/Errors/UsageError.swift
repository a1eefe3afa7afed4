import IsletCore
import IsletRuntime

/// Bad usage: printed as `Error: …` and the command's usage line, exit 64.
struct UsageError: UserFacingError {
  var message: String
  /// The command whose usage line follows the error; nil for the top-level usage.
  var command: String?

  var exitStatus: ExitStatus { .usage }

  /// `Usage: islet pause [ACTIVITY]`, the line that follows the message.
  var usageLine: String {
    let usage = command.flatMap { name in commandSpecs.first { $0.name == name }?.usage } ?? topUsage
    return "Usage: islet " + (usage.hasPrefix("islet ") ? String(usage.dropFirst(6)) : usage)
  }
}
