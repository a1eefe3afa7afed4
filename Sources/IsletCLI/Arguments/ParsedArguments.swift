import IsletCore
import IsletRuntime

/// A command's options and operands, parsed by its `CommandSpec`.
struct ParsedArguments {
  /// The command word they were given to; nil for `islet` alone.
  var command: String?
  var values: [String: String] = [:]
  /// A repeatable option's values, in the order given.
  var lists: [String: [String]] = [:]
  var flags: Set<String> = []
  var operands: [String] = []

  func value(_ option: Option) -> String? { values[option.name] }
  /// Every value of a repeatable option (`--button A=x --button B=y`).
  func list(_ option: Option) -> [String] { lists[option.name] ?? [] }
  func has(_ option: Option) -> Bool {
    flags.contains(option.name) || values[option.name] != nil || lists[option.name] != nil
  }
}

/// One option a command accepts.
struct OptionSpec {
  var name: String
  /// The value's placeholder in help (`N`, `DURATION`); nil for a flag.
  var value: String?
  var help: String
  /// The one-letter spelling, if it has one (`-h`).
  var short: Character? = nil
  /// The values the completions offer, when its placeholder does not list them (`ValueSet`).
  var values: ValueSet? = nil
  /// Given once per value, each kept (`--button`); others are given once.
  var repeatable = false

  init(
    _ option: Option, value: String? = nil, help: String, short: Character? = nil, values: ValueSet? = nil,
    repeatable: Bool = false
  ) {
    name = option.name
    self.value = value
    self.help = help
    self.short = short
    self.values = values
    self.repeatable = repeatable
  }

  /// `--name N`, or `-h, --help`, as help shows it.
  var label: String {
    (short.map { "-\($0), " } ?? "") + "--\(name)" + (value.map { " \($0)" } ?? "")
  }
}

/// The global options every command accepts.
let globalOptions: [OptionSpec] = [
  OptionSpec(
    .db, value: "PATH",
    help: "the store (default $ISLET_DB, else $XDG_STATE_HOME/islet/islet.db, ~/.local/state/…)",
    values: .files),
  OptionSpec(
    .theme, value: "NAME|FILE", help: "the colors and icons (islet themes lists them)",
    values: .dynamic(.themes)),
  OptionSpec(.ascii, value: nil, help: "ASCII glyphs only"),
  OptionSpec(.noColor, value: nil, help: "no colors (also when NO_COLOR is set)"),
  OptionSpec(.help, value: nil, help: "show this help", short: "h"),
  OptionSpec(.version, value: nil, help: "show the version", short: "v"),
]

/// Conventional parsing: `--name VALUE`, `--name=VALUE`, a flag's one letter (`-h`), `--` ends
/// the options, and a leading `-` or `+` before a digit is an operand (so `adjust -1m` works).
/// An option that takes a value takes one: given again with another, it is refused.
func parse(
  _ arguments: [String], options: [OptionSpec], command: String?, operandEndsOptions: Bool = false
) throws -> ParsedArguments {
  var parsed = ParsedArguments()
  parsed.command = command
  var index = 0
  let all = options + globalOptions
  while index < arguments.count {
    let argument = arguments[index]
    index += 1
    if argument == "--" {
      parsed.operands += arguments[index...]
      break
    }
    if argument.count == 2, argument.first == "-",
      let flag = all.first(where: { $0.short == argument.last && $0.value == nil })
    {
      parsed.flags.insert(flag.name)
      continue
    }
    guard isOptionWord(argument) else {
      parsed.operands.append(argument)
      // `run make -j4`: what follows the command is the command's.
      if operandEndsOptions {
        parsed.operands += arguments[index...]
        break
      }
      continue
    }
    guard argument.hasPrefix("--") else {
      throw unknownOption(argument, among: all, command: command)
    }
    let (name, inlineValue) = nameAndValue(of: argument)
    guard let spec = all.first(where: { $0.name == name }) else {
      throw unknownOption("--" + name, among: all, command: command)
    }
    guard let placeholder = spec.value else {
      if let inlineValue {
        throw UsageError(
          message: "--\(name) takes no value, but was given '\(printable(inlineValue))'", command: command)
      }
      parsed.flags.insert(name)
      continue
    }
    let value: String
    if let inlineValue {
      value = inlineValue
    } else if index < arguments.count {
      value = arguments[index]
      index += 1
    } else {
      throw UsageError(message: "--\(name) needs a value (\(placeholder))", command: command)
    }
    if spec.repeatable {
      parsed.lists[name, default: []].append(value)
    } else {
      try parsed.setValue(value, of: name)
    }
  }
  return parsed
}

/// Whether `argument` is meant as an option: it starts with `-`, but a lone `-` and a leading
/// `-` or `+` before a digit are operands.
private func isOptionWord(_ argument: String) -> Bool {
  let looksNumeric =
    argument.count > 1 && argument.dropFirst().first.map { $0.isNumber || $0 == "." } == true
  return argument.hasPrefix("-") && argument != "-" && !looksNumeric
}

/// `--name=VALUE` as `name` and `VALUE`; `--name` as `name` and nil.
private func nameAndValue(of argument: String) -> (name: String, inlineValue: String?) {
  let name = argument.dropFirst(2)
  guard let equals = name.firstIndex(of: "=") else { return (String(name), nil) }
  return (String(name[..<equals]), String(name[name.index(after: equals)...]))
}

extension ParsedArguments {
  /// Keeps an option's value, refusing another given before: the last would win unseen (a
  /// script's option and the user's own, say).
  fileprivate mutating func setValue(_ value: String, of name: String) throws {
    if let earlier = values[name], earlier != value {
      throw UsageError(
        message:
          "--\(name) is given twice, '\(printable(earlier, limit: 40))' and '\(printable(value, limit: 40))'; give it once",
        command: command)
    }
    values[name] = value
  }
}

/// `unknown option '--nmae'; did you mean '--name'?` among the options `command` takes (the
/// global ones too), or else where to look them up.
private func unknownOption(_ option: String, among options: [OptionSpec], command: String?) -> UsageError {
  let word = String(option.drop { $0 == "-" }.prefix { $0 != "=" })
  let hint =
    suggestion(for: word, among: options.map(\.name)).map { "did you mean '--\($0)'?" }
    ?? "see 'islet \(command.map { "\($0) " } ?? "")--help'"
  return UsageError(message: "unknown option '\(printable(option))'; \(hint)", command: command)
}
