import IsletCore
import IsletRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The command line and the environment as the kernel gave them: bytes, not yet text.
///
/// Swift's `CommandLine.arguments` and `String(cString:)` repair bytes that are not UTF-8 into
/// U+FFFD, so `--db $'/tmp/\xff.db'` would quietly name another file. These are checked instead.
public struct RawCommandLine: Equatable, Sendable {
  /// The words after the program name.
  public var arguments: [[UInt8]]
  /// The `NAME=value` entries.
  public var environment: [[UInt8]]

  public init(arguments: [[UInt8]], environment: [[UInt8]]) {
    self.arguments = arguments
    self.environment = environment
  }

  /// This process's own.
  public static func current() -> RawCommandLine {
    func bytes(_ text: UnsafePointer<CChar>) -> [UInt8] {
      Array(UnsafeBufferPointer(start: text, count: strlen(text))).map { UInt8(bitPattern: $0) }
    }
    let arguments = (1..<Int(CommandLine.argc)).compactMap { CommandLine.unsafeArgv[$0].map { bytes($0) } }
    var environment: [[UInt8]] = []
    var entry = environ
    while let pair = entry.pointee {
      environment.append(bytes(UnsafePointer(pair)))
      entry += 1
    }
    return RawCommandLine(arguments: arguments, environment: environment)
  }

  /// The variables Islet reads as paths, in the order they are checked.
  static let pathVariables = ["ISLET_DB", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "HOME"]

  /// The arguments and the environment as text. Throws bad usage for the first argument that
  /// is not UTF-8, or a path variable this command line would read that is not. Other
  /// variables that are not UTF-8 are kept, repaired, and never refused.
  func decoded() throws -> (arguments: [String], environment: [String: String]) {
    var arguments: [String] = []
    for (index, word) in self.arguments.enumerated() {
      guard let text = String(validating: word, as: UTF8.self) else {
        let repaired = self.arguments.map { String(decoding: $0, as: UTF8.self) }
        throw UsageError(
          message: "argument \(index + 1) is not valid UTF-8 ('\(escaped(word))'); give it as UTF-8 text",
          command: Self.command(of: repaired))
      }
      arguments.append(text)
    }
    var environment: [String: String] = [:]
    var broken: [String: [UInt8]] = [:]
    for entry in self.environment {
      guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { continue }
      let name = String(decoding: entry[..<equals], as: UTF8.self)
      let value = Array(entry[(equals + 1)...])
      if String(validating: value, as: UTF8.self) == nil { broken[name] = value }
      environment[name] = String(decoding: value, as: UTF8.self)
    }
    for name in Self.pathVariables where broken[name] != nil {
      guard Self.reads(name, environment: environment, arguments: arguments) else { continue }
      throw CommandFailure(
        message:
          "\(name) is not valid UTF-8 ('\(escaped(broken[name]!))'); set it to a UTF-8 path, or unset it",
        status: .usage)
    }
    return (arguments, environment)
  }

  /// The command word, if the command line names one Islet knows.
  static func command(of arguments: [String]) -> String? {
    guard let index = CommandLineInterface.commandIndex(arguments) else { return nil }
    return commandSpecs.first { $0.words.contains(arguments[index]) }?.name
  }

  /// Whether running `arguments` reads the path variable `name`, by StoreLocation's rules:
  /// help, the version and the tmux snippet read none; `--db` replaces `ISLET_DB`; a relative
  /// XDG folder is ignored, and then `HOME` is read in its place.
  static func reads(_ name: String, environment: [String: String], arguments: [String]) -> Bool {
    let options = arguments.prefix { $0 != "--" }
    if options.contains(where: { ["--help", "-h", "--version", "-v"].contains($0) }) { return false }
    if let command = command(of: arguments), command == "help" || command == "tmux" { return false }
    func absolute(_ variable: String) -> Bool { environment[variable]?.hasPrefix("/") == true }
    switch name {
    case "ISLET_DB":
      return environment[name]?.isEmpty == false
        && !options.contains { $0 == "--db" || $0.hasPrefix("--db=") }
    case "XDG_STATE_HOME", "XDG_CONFIG_HOME": return absolute(name)
    case "HOME": return !absolute("XDG_STATE_HOME") || !absolute("XDG_CONFIG_HOME")
    default: return true
    }
  }
}

extension CommandLineInterface {
  /// Runs a command line given as bytes (see `RawCommandLine`): text that is not UTF-8 where
  /// Islet would read it is refused with exit 64, before anything else happens.
  ///
  /// ```swift
  /// exit(CommandLineInterface.run(.current(), handlers: [HookRunner()], console: StandardConsole()))
  /// ```
  public static func run(
    _ raw: RawCommandLine, handlers: [any PostCommitHandler], console: any Console
  ) -> Int32 {
    do {
      let (arguments, environment) = try raw.decoded()
      return CommandLineInterface(environment: environment, handlers: handlers).run(
        arguments, console: console)
    } catch {
      let report = report(error)
      console.err(report.text)
      return report.status.rawValue
    }
  }
}
