import IsletCore
import IsletRuntime
import IsletUI

/// One command of the command line: declared once, its values converted once when parsed,
/// then run in the shared `Environment`.
///
/// A new command is a type in a file of its own name under `Commands/`, listed in
/// `commandTypes`; its usage line, `--help`, the top help and the suggestions come from `specs`.
///
/// ```swift
/// struct ListCommand: Command {
///   static let specs = [CommandSpec(name: "list", …)]
///   let all: Bool
///   init(_ parsed: ParsedArguments, at now: Instant) { all = parsed.has(.all) }
///   func run(in environment: Environment) throws -> ExitStatus { … }
/// }
/// ```
protocol Command {
  /// Its declarations: one for most commands; one per intent for `IntentCommand`, which reads
  /// the one that was parsed from `ParsedArguments.command`.
  static var specs: [CommandSpec] { get }

  /// Converts each value once (durations, numbers, formats, templates, labels), against the
  /// instant the command line was given (`--until 18:00`, `--since 7d`); bad usage throws a
  /// `UsageError`.
  init(_ parsed: ParsedArguments, at now: Instant) throws

  func run(in environment: Environment) throws -> ExitStatus
}

/// The command type that declares `word`, by its name or an alias, hidden ones too.
func commandType(named word: String) -> (any Command.Type)? {
  (commandTypes + hiddenCommandTypes).first { type in type.specs.contains { $0.words.contains(word) } }
}

extension ParsedArguments {
  /// `--presentation P`: one of the Live Activity presentations, for `status` and the view.
  func presentation() throws -> Presentation? {
    guard let name = value(.presentation) else { return nil }
    guard let presentation = Presentation(rawValue: name) else {
      throw UsageError(
        message:
          "--presentation '\(printable(name))' is not a presentation; use \(Presentation.names.joined(separator: ", "))",
        command: command)
    }
    return presentation
  }
}
