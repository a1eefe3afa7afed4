import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// The `islet` command line as a library: parse, run one command, return the exit status.
///
/// ```swift
/// let console = RecordingConsole()
/// let status = CommandLineInterface(environment: ["ISLET_DB": path]).run(["start", "25m"], console: console)
/// ```
public struct CommandLineInterface {
  public static let version = IsletVersion.text

  let environment: [String: String]
  let clock: any WallClock
  let handlers: [any PostCommitHandler]

  public init(
    environment: [String: String], clock: (any WallClock)? = nil,
    handlers: [any PostCommitHandler] = []
  ) {
    self.environment = environment
    self.clock = clock ?? Self.clock(for: environment)
    self.handlers = handlers
  }

  /// The system clock, or the fixed instant `ISLET_NOW` names (Unix seconds) for scripted demos
  /// and tests of the built binary.
  public static func clock(for environment: [String: String]) -> any WallClock {
    if let text = environment["ISLET_NOW"], let seconds = fixedSeconds(text) {
      return ManualClock(Instant(milliseconds: Int64((seconds * 1000).rounded())))
    }
    return SystemClock()
  }

  /// The latest `ISLET_NOW` taken: the last second of the year 9999.
  static let latestFixedSecond: Double = 253_402_300_799

  /// `ISLET_NOW`'s Unix seconds, when they name a time from 1970 to 9999.
  static func fixedSeconds(_ text: String) -> Double? {
    guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= latestFixedSecond else {
      return nil
    }
    return seconds
  }

  /// Runs one command line (without the program name) and returns its exit status.
  ///
  /// An error that ends the command is printed and given its status by `report(_:)`. Output
  /// that could not be written decides the status here, once for every command: exit 74
  /// and `islet: write error: …` (as coreutils says it), even when an intent was already
  /// committed; a reader that went away (`EPIPE`: the binary ignores SIGPIPE, so that the
  /// handlers still run) ends it quietly with 141, the status a shell shows for a command
  /// SIGPIPE stopped.
  public func run(_ arguments: [String], console: any Console) -> Int32 {
    var status: ExitStatus
    do {
      status = try perform(arguments, console: console)
    } catch let ended as CommandStatus {
      // `islet run`'s command's own status, whatever it is.
      return ended.code
    } catch {
      let report = Self.report(error)
      console.err(report.text)
      status = report.status
    }
    switch console.outputFailure {
    case nil: break
    case EPIPE: status = .readerGone
    case let failure?:
      console.err("islet: write error: \(String(cString: strerror(failure)))\n")
      status = .ioError
    }
    return status.rawValue
  }

  // MARK: - Errors

  /// What the user reads for an error that ended a command, and the status it exits with: the
  /// one place both are decided, for every command.
  ///
  /// A `UserFacingError` brings its sentence and status. A refusal (status 1: nothing is wrong,
  /// the intent does not apply) is `islet: …`; anything else is `Error: …`, and bad usage is
  /// followed by the command's usage line. An error with no sentence is a bug: it says so, and
  /// names its type after that, exit 70. Whatever a message holds, it reaches the terminal as
  /// one line of text: a control character the thrower did not escape is escaped here.
  static func report(_ error: any Error) -> (text: String, status: ExitStatus) {
    guard let error = error as? any UserFacingError else {
      let type = printable(String(reflecting: Swift.type(of: error)), limit: 200)
      return (
        "Error: islet met an error it has no message for, which is a bug; please report it (\(type))\n",
        .internalError
      )
    }
    let prefix = error.exitStatus == .refused ? "islet" : "Error"
    let usage = (error as? UsageError).map { $0.usageLine + "\n" } ?? ""
    return ("\(prefix): \(printable(error.message, limit: 4000))\n" + usage, error.exitStatus)
  }

  // MARK: - Parsing and running

  /// Options before the command word that take a value, so their value is not the command.
  static let leadingOptions = globalOptions + DeviceCommand.options

  /// The index of the command word: the first word that is not an option or an option's value.
  static func commandIndex(_ all: [String]) -> Int? {
    var index = 0
    while index < all.count {
      let word = all[index]
      if word == "--" { return index + 1 < all.count ? index + 1 : nil }
      if !word.hasPrefix("-") || word == "-" { return index }
      let name = String(word.dropFirst(2))
      if !name.contains("="), leadingOptions.contains(where: { $0.name == name && $0.value != nil }) {
        index += 1
      }
      index += 1
    }
    return nil
  }

  /// Parses `all` by the declaration of the command it names (`islet` alone: the device view),
  /// answers `--help` and `--version`, converts the values into the command, and runs it.
  private func perform(_ all: [String], console: any Console) throws -> ExitStatus {
    if let text = environment["ISLET_NOW"], Self.fixedSeconds(text) == nil {
      throw CommandFailure(
        message:
          "ISLET_NOW '\(printable(text, limit: 40))' is not a time; use Unix seconds from 0 to \(Int(Self.latestFixedSecond)), or unset it",
        status: .usage)
    }
    let type: any Command.Type
    let spec: CommandSpec?
    var rest = all
    if let position = Self.commandIndex(all) {
      let word = all[position]
      guard let found = commandType(named: word) else {
        // A mistyped option before it took this word for the command: that is said first.
        _ = try parse(Array(all[..<position]), options: DeviceCommand.options, command: nil)
        throw UsageError(
          message:
            "unknown command '\(printable(word))'; \(commandHint(for: word, then: all.dropFirst(position + 1).first))",
          command: nil)
      }
      type = found
      spec = found.specs.first { $0.words.contains(word) }
      rest.remove(at: position)
    } else {
      type = DeviceCommand.self
      spec = nil
    }
    let parsed = try parse(
      rest, options: spec?.options ?? DeviceCommand.options, command: spec?.name,
      operandEndsOptions: spec?.operandEndsOptions ?? false)
    let options = try GlobalOptions(parsed)
    if parsed.has(.help) {
      console.out(spec?.helpText ?? topHelp(aloneOptions: DeviceCommand.options))
      return .ok
    }
    if parsed.has(.version) {
      console.out("islet \(Self.version)\n")
      return .ok
    }
    if let spec, parsed.operands.count > spec.maxOperands {
      let extra = parsed.operands[spec.maxOperands]
      throw UsageError(message: "unexpected argument '\(printable(extra))'", command: spec.name)
    }
    let command = try type.init(parsed, at: clock.now())
    let shared = Environment(
      variables: environment, clock: clock, handlers: handlers, console: console, options: options)
    return try command.run(in: shared)
  }
}
