import IsletCore

/// A failure of the command line's own (a configuration file, the tmux snippet's path), printed
/// as `Error: …` alone with its own status.
struct CommandFailure: UserFacingError {
  var message: String
  var status: ExitStatus

  var exitStatus: ExitStatus { status }
}
