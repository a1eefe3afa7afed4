import IsletCore

/// Exit statuses, after sysexits as Swift's argument-parser tools use them.
public enum ExitStatus: Int32, Sendable {
  case ok = 0
  /// An intent was refused, or there was nothing to act on.
  case refused = 1
  /// Bad usage or input.
  case usage = 64
  /// A damaged store or theme file.
  case dataError = 65
  /// The store cannot be read or written, or the output could not be written.
  case ioError = 74
  /// `wait --timeout` ran out.
  case timeout = 124
  /// Interrupted (Ctrl-C).
  case interrupted = 130
  /// The reader of the output went away (`EPIPE`); quiet, as a command SIGPIPE stopped.
  case readerGone = 141
}

extension ExitStatus {
  /// The statuses a user may meet, in the order the help lists them.
  static let documented: [ExitStatus] = [
    .ok, .refused, .usage, .dataError, .ioError, .timeout, .interrupted,
  ]

  /// What the status means, in a few words, for the help.
  var meaning: String {
    switch self {
    case .ok: return "done"
    case .refused: return "an intent refused, or nothing to act on"
    case .usage: return "bad usage or input"
    case .dataError: return "a damaged store or theme file"
    case .ioError: return "the store cannot be read or written"
    case .timeout: return "wait --timeout ran out"
    case .interrupted: return "interrupted"
    case .readerGone: return "the reader of the output went away"
    }
  }
}

/// Bad usage: printed as `Error: …` and the command's usage line, exit 64.
struct UsageError: Error {
  var message: String
  /// The command whose usage line follows the error; nil for the top-level usage.
  var command: String?

  /// `Error: …` and the usage line, as printed.
  var text: String {
    let usage = command.flatMap { name in commandSpecs.first { $0.name == name }?.usage } ?? topUsage
    let line = usage.hasPrefix("islet ") ? String(usage.dropFirst(6)) : usage
    return "Error: \(message)\nUsage: islet \(line)\n"
  }
}

/// A failure of another kind, printed as `Error: …` alone with its own status.
struct CommandFailure: Error {
  var message: String
  var status: ExitStatus
}
