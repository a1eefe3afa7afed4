import IsletCore
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
  public static let version = "0.1.0"

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
    if let text = environment["ISLET_NOW"], let seconds = Double(text), seconds.isFinite {
      return ManualClock(Instant(milliseconds: Int64((seconds * 1000).rounded())))
    }
    return SystemClock()
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
    let context = Context(environment: environment, clock: clock, handlers: handlers, console: console)
    var status: ExitStatus
    do {
      status = try context.run(arguments)
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
}

/// One run of one command: its parsed arguments, configuration, store and output.
final class Context {
  let environment: [String: String]
  let clock: any WallClock
  let handlers: [any PostCommitHandler]
  let console: any Console
  var arguments = ParsedArguments()
  private var loadedConfiguration: Configuration?
  private var loadedTheme: Theme?
  private var resolvedStorePath: String?

  init(
    environment: [String: String], clock: any WallClock, handlers: [any PostCommitHandler],
    console: any Console
  ) {
    self.environment = environment
    self.clock = clock
    self.handlers = handlers
    self.console = console
  }

  /// Options before the command word that take a value, so their value is not the command.
  static let leadingOptions = globalOptions + [deviceOption]
  static let deviceOption = OptionSpec(
    name: "presentation", value: "P",
    help: "fill the terminal with one presentation: " + Presentation.names.joined(separator: ", "))

  /// The index of the command word: the first word that is not an option or an option's value.
  func commandIndex(_ all: [String]) -> Int? {
    var index = 0
    while index < all.count {
      let word = all[index]
      if word == "--" { return index + 1 < all.count ? index + 1 : nil }
      if !word.hasPrefix("-") || word == "-" { return index }
      let name = String(word.dropFirst(2))
      if !name.contains("="), Self.leadingOptions.contains(where: { $0.name == name && $0.value != nil }) {
        index += 1
      }
      index += 1
    }
    return nil
  }

  /// `--db ''` would quietly mean the default store: refused instead.
  private func checkStoreOption(command: String?) throws {
    if arguments.value("db") == "" {
      throw UsageError(message: "--db is empty; give the store's file path", command: command)
    }
  }

  func run(_ all: [String]) throws -> ExitStatus {
    guard let position = commandIndex(all) else {
      // No command word: the device view, or help or the version.
      arguments = try parse(all, options: [Self.deviceOption], command: nil)
      try checkStoreOption(command: nil)
      if arguments.has("help") {
        console.out(topHelp(aloneOptions: [Self.deviceOption]))
        return .ok
      }
      if arguments.has("version") {
        console.out("islet \(CommandLineInterface.version)\n")
        return .ok
      }
      return try device()
    }
    let first = all[position]
    guard let spec = (commandSpecs + hiddenSpecs).first(where: { $0.name == first }) else {
      // A mistyped option before it took this word for the command: that is said first.
      _ = try parse(Array(all[..<position]), options: [Self.deviceOption], command: nil)
      throw UsageError(
        message: "unknown command '\(printable(first))'; \(commandHint(for: first))", command: nil)
    }
    var rest = all
    rest.remove(at: position)
    arguments = try parse(rest, options: spec.options, command: spec.name)
    try checkStoreOption(command: spec.name)
    if arguments.has("help") {
      console.out(spec.helpText)
      return .ok
    }
    if arguments.has("version") {
      console.out("islet \(CommandLineInterface.version)\n")
      return .ok
    }
    if arguments.operands.count > spec.maxOperands {
      let extra = arguments.operands[spec.maxOperands]
      throw UsageError(message: "unexpected argument '\(printable(extra))'", command: spec.name)
    }
    return try perform(spec.name)
  }

  private func perform(_ command: String) throws -> ExitStatus {
    switch command {
    case "start": return try start()
    case "pause": return try intent(.pause)
    case "resume": return try intent(.resume)
    case "toggle": return try intent(.toggle)
    case "reset": return try intent(.reset)
    case "complete": return try intent(.complete)
    case "end": return try intent(.end)
    case "adjust": return try adjust()
    case "update": return try update()
    case "wait": return try wait()
    case "status": return try status()
    case "list": return try list()
    case "log": return try log()
    case "help": return try help()
    case "themes": return try themes()
    case "tmux": return try tmuxSnippet()
    case "__watch": return try watchDeadlines()
    case "__hooks": return try runHooks()
    default: throw UsageError(message: "unknown command '\(command)'", command: nil)
    }
  }

  private func help() throws -> ExitStatus {
    guard let name = arguments.operands.first else {
      console.out(topHelp(aloneOptions: [Self.deviceOption]))
      return .ok
    }
    guard let spec = commandSpecs.first(where: { $0.name == name }) else {
      throw UsageError(
        message: "no help for '\(printable(name))'; \(commandHint(for: name, startLike: false))",
        command: "help")
    }
    console.out(spec.helpText)
    return .ok
  }

  // MARK: - Shared pieces

  var now: Instant { clock.now() }

  var configuration: Configuration {
    get throws {
      if let loadedConfiguration { return loadedConfiguration }
      let loaded = try ConfigurationFile.load(environment: environment)
      loadedConfiguration = loaded
      return loaded
    }
  }

  /// The store's file, resolved once: absolute, with links followed (see `StoreLocation.canonical`).
  var storePath: String {
    get throws {
      if let resolvedStorePath { return resolvedStorePath }
      let resolved = try StoreLocation.canonical(
        StoreLocation.path(option: arguments.value("db"), environment: environment))
      resolvedStorePath = resolved
      return resolved
    }
  }

  /// Whether output may use Unicode glyphs: by the locale's name, unless the view has found
  /// the locale itself unusable (`asciiOnly`), so that its flashes agree with its screen.
  var unicode: Bool {
    !asciiOnly && Glyphs.wantUnicode(ascii: arguments.has("ascii"), environment: environment)
  }
  var asciiOnly = false

  var glyphs: Glyphs {
    Glyphs(unicode: unicode, theme: (try? theme) ?? ThemeCatalog.fallback)
  }

  /// The theme `--theme` or the configuration names; the default otherwise.
  var theme: Theme {
    get throws {
      if let loadedTheme { return loadedTheme }
      let reference = try arguments.value("theme") ?? configuration.theme ?? "default"
      let catalog = ThemeCatalog.standard(
        configFolder: StoreLocation.configFolder(environment: environment),
        executablePath: Spawner.executablePath)
      switch catalog.load(reference) {
      case .success(let theme):
        loadedTheme = theme
        return theme
      case .failure(let failure): throw failure
      }
    }
  }

  func text(_ activity: Activity, policy: TimePolicy) -> ActivityText {
    ActivityText(activity: activity, now: now, policy: policy, glyphs: glyphs)
  }

  /// The store opened to write, behind the one intent path.
  func openIntents() throws -> IntentService {
    try IntentService.open(
      storePath, clock: clock, configuration: configuration, environment: environment, handlers: handlers)
  }

  /// Says why an intent does not apply, as `report(_:)` says it, and gives its status.
  func refused(_ reason: String) -> ExitStatus {
    let report = CommandLineInterface.report(Refusal(reason))
    console.err(report.text)
    return report.status
  }

  /// A failed match as it reaches the user: nothing live is a refusal; a query that names none
  /// or several is bad usage, with the command's usage line.
  func matchFailure(_ failure: ActivityMatcher.Failure, command: String) -> any UserFacingError {
    failure.exitStatus == .usage ? UsageError(message: failure.message, command: command) : failure
  }
}
