import IsletCore

/// A command's options and operands, parsed by its `CommandSpec`.
struct ParsedArguments {
  var values: [String: String] = [:]
  var flags: Set<String> = []
  var operands: [String] = []

  func value(_ name: String) -> String? { values[name] }
  func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
}

/// One option a command accepts.
struct OptionSpec {
  var name: String
  /// The value's placeholder in help (`N`, `DURATION`); nil for a flag.
  var value: String?
  var help: String
}

/// The global options every command accepts.
let globalOptions: [OptionSpec] = [
  OptionSpec(
    name: "db", value: "PATH", help: "the store (default $ISLET_DB, else ~/.local/state/islet/islet.db)"),
  OptionSpec(name: "theme", value: "NAME|FILE", help: "the theme to draw with"),
  OptionSpec(name: "ascii", value: nil, help: "ASCII glyphs only"),
  OptionSpec(name: "no-color", value: nil, help: "no colors (also when NO_COLOR is set)"),
  OptionSpec(name: "help", value: nil, help: "show this help"),
  OptionSpec(name: "version", value: nil, help: "show the version"),
]

/// Conventional parsing: `--name VALUE`, `--name=VALUE`, `-h`, `--` ends the options, and a
/// leading `-` or `+` before a digit is an operand (so `adjust -1m` works).
func parse(_ arguments: [String], options: [OptionSpec], command: String?) throws
  -> ParsedArguments
{
  var parsed = ParsedArguments()
  var index = 0
  let all = options + globalOptions
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    if argument == "--" {
      parsed.operands += arguments[index...]
      break
    }
    if argument == "-h" {
      parsed.flags.insert("help")
      continue
    }
    let looksNumeric =
      argument.count > 1 && argument.dropFirst().first.map { $0.isNumber || $0 == "." } == true
    guard argument.hasPrefix("-"), argument != "-", !looksNumeric else {
      parsed.operands.append(argument)
      continue
    }
    guard argument.hasPrefix("--") else {
      throw UsageError(
        message: "unknown option '\(printable(argument))'\(helpHint(command))", command: command)
    }
    var name = String(argument.dropFirst(2))
    var inlineValue: String?
    if let equals = name.firstIndex(of: "=") {
      inlineValue = String(name[name.index(after: equals)...])
      name = String(name[..<equals])
    }
    guard let spec = all.first(where: { $0.name == name }) else {
      throw UsageError(message: "unknown option '--\(printable(name))'\(helpHint(command))", command: command)
    }
    if let placeholder = spec.value {
      if let inlineValue {
        parsed.values[name] = inlineValue
      } else if index < arguments.count {
        parsed.values[name] = arguments[index]
        index += 1
      } else {
        throw UsageError(message: "--\(name) needs a value (\(placeholder))", command: command)
      }
    } else {
      if let inlineValue {
        throw UsageError(
          message: "--\(name) takes no value, but was given '\(printable(inlineValue))'", command: command)
      }
      parsed.flags.insert(name)
    }
  }
  return parsed
}

private func helpHint(_ command: String?) -> String {
  "; see 'islet \(command.map { "\($0) " } ?? "")--help'"
}
