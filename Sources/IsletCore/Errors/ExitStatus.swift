/// Exit statuses, after sysexits as Swift's argument-parser tools use them.
public enum ExitStatus: Int32, Sendable, CaseIterable {
  case ok = 0
  /// An intent was refused, or there was nothing to act on.
  case refused = 1
  /// Bad usage or input.
  case usage = 64
  /// A damaged store or theme file, or a file to import that is not what it should be.
  case dataError = 65
  /// An alert channel could not deliver, or a hook is not run (`islet alert test`; sysexits'
  /// EX_UNAVAILABLE).
  case unavailable = 69
  /// An error islet has no message for: a bug (sysexits' EX_SOFTWARE).
  case internalError = 70
  /// The store cannot be read or written, or the output could not be written.
  case ioError = 74
  /// Another islet changed the store at the same moment; trying again will do (EX_TEMPFAIL).
  case tryAgain = 75
  /// `wait --timeout` ran out.
  case timeout = 124
  /// Interrupted (Ctrl-C).
  case interrupted = 130
  /// The reader of the output went away (`EPIPE`); quiet, as a command SIGPIPE stopped.
  case readerGone = 141

  /// The statuses a user may meet, in the order the help lists them.
  public static let documented: [ExitStatus] = [
    .ok, .refused, .usage, .dataError, .unavailable, .ioError, .tryAgain, .timeout, .interrupted,
  ]

  /// What the status means, in a few words, for the help.
  public var meaning: String {
    switch self {
    case .ok: return "done"
    case .refused: return "an intent refused, or nothing to act on"
    case .usage: return "bad usage or input"
    case .dataError: return "a damaged store, theme or imported file"
    case .unavailable: return "an alert channel could not deliver, or a hook is not run (alert test)"
    case .internalError: return "a bug in islet (please report it)"
    case .ioError: return "the store cannot be read or written"
    case .tryAgain: return "another islet changed the store at the same moment; try again"
    case .timeout: return "wait --timeout ran out"
    case .interrupted: return "interrupted"
    case .readerGone: return "the reader of the output went away"
    }
  }
}
