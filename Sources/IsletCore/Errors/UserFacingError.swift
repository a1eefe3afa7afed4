/// An error a user can meet: the sentence that says what went wrong (and, where it can, what
/// would be right), and the status the command exits with. Every error thrown to the command
/// line is one; how it is printed (`Error:` or `islet:`, a usage line) is decided in one place,
/// `CommandLineInterface.report(_:)`.
///
/// ```swift
/// extension IntentDispatcher.Conflict: UserFacingError {
///   public var message: String { "another islet changed the store at the same moment; try again" }
///   public var exitStatus: ExitStatus { .tryAgain }
/// }
/// ```
public protocol UserFacingError: Error {
  /// One line, without a prefix or a newline: `'25x' is not a duration; use 90s, 25m, …`.
  var message: String { get }
  var exitStatus: ExitStatus { get }
}
