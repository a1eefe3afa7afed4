import IsletCore

/// A failure of the command line's own (a configuration file, the tmux snippet's path), printed
/// as `Error: …` alone with its own status.
package struct CommandFailure: UserFacingError {
  package var message: String
  package var status: ExitStatus

  package init(message: String, status: ExitStatus) {
    self.message = message
    self.status = status
  }

  package var exitStatus: ExitStatus { status }
}
