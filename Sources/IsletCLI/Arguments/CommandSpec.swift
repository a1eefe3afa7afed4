import IsletCore
import IsletRuntime

/// A command's name, usage, help and options, declared once by its type (`Command.specs`):
/// parsing, the usage line, `--help`, the top help and the suggestions are made from it.
struct CommandSpec {
  var name: String
  /// What follows the name before the options: `[ACTIVITY]`, `[DURATION | --until HH:MM]`. An
  /// option named here is not repeated after it.
  var operands: String
  /// A few words for the list of commands in the top help.
  var brief: String
  var summary: String
  var details: String = ""
  var options: [OptionSpec] = []
  var maxOperands: Int
  /// Global options that matter to this command in particular (`--theme` to `status`): shown
  /// in its usage line and help as they are declared among the global ones.
  var globals: [Option] = []
  /// What an operand may be, for the completions, when `operands` does not say (`ValueSet`).
  var operandValues: ValueSet? = nil
  /// Other words that run it, as other tools taught users to type them (`stop` runs
  /// `complete`): parsed as the command itself, and shown wherever the command is.
  var aliases: [String] = []
  /// Whether the first operand ends the options, as for a command that runs another
  /// (`run make -j4`), whose options follow it.
  var operandEndsOptions = false

  /// Every word that runs it: its name, then its aliases.
  var words: [String] { [name] + aliases }

  /// The options its usage line and help show: its own, then the globals it names.
  var shownOptions: [OptionSpec] {
    options + globalOptions.filter { option in globals.contains { $0.name == option.name } }
  }

  /// `start [DURATION | --until HH:MM] [--name N] …`: the operands, then every option.
  var usage: String {
    let rest = shownOptions.filter { !mentions($0.name) }.map { "[" + $0.label + "]" }
    return ([name] + (operands.isEmpty ? [] : [operands]) + rest).joined(separator: " ")
  }

  /// Whether the operands name `--option`.
  private func mentions(_ option: String) -> Bool {
    operands.split { $0 == " " || $0 == "[" || $0 == "]" || $0 == "|" }.contains { $0 == "--" + option }
  }

  var helpText: String {
    var text = "Usage: islet \(usage)\n\n\(summary)\n"
    if let also = alsoRunAs { text += "\(also)\n" }
    if !details.isEmpty { text += "\n\(details)\n" }
    let shown =
      shownOptions + globalOptions.filter { $0.name == Option.db.name || $0.name == Option.help.name }
    return text + "\nOptions:\n" + table(shown.map { ($0.label, $0.help) })
  }
}

extension CommandSpec {
  /// `Also run as: islet stop.`, for its help and the man page; nil without aliases.
  var alsoRunAs: String? {
    aliases.isEmpty ? nil : "Also run as: " + aliases.map { "islet " + $0 }.joined(separator: ", ") + "."
  }

  /// `complete, stop`: its words, as the top help lists the command.
  var listedName: String { words.joined(separator: ", ") }
}

/// Two columns, indented, the second aligned: `  --name N  what the timer is for`.
func table(_ rows: [(String, String)]) -> String {
  let width = (rows.map(\.0.count).max() ?? 0) + 2
  return rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + $0.1 + "\n" }.joined()
}

let activityOperandHelp = """
  ACTIVITY is an activity's id, its --id reference, or its name (any case), among the live
  ones; without it, the current activity (a finished one first, then by relevance, then the
  most recently started). ACTIVITY@HOST (Build@server) is one of a remote host's (islet
  remote); the intent runs there, over ssh.
  """

func intentSpec(
  _ name: String, _ brief: String, _ summary: String, _ extra: String = "", aliases: [String] = []
) -> CommandSpec {
  CommandSpec(
    name: name, operands: "[ACTIVITY]", brief: brief, summary: summary,
    details: activityOperandHelp + (extra.isEmpty ? "" : "\n\n" + extra),
    options: [hostOptionSpec], maxOperands: 1, aliases: aliases)
}

/// `--host NAME`, on every command that sends an intent to an activity.
let hostOptionSpec = OptionSpec(
  .host, value: "NAME", help: "the activity is on the remote host NAME (islet remote)")

/// Every command's declaration, from its type (see `commandTypes`), in the order the top help
/// lists them.
let commandSpecs: [CommandSpec] = commandTypes.flatMap { $0.specs }

/// The declarations of the commands islet runs itself, not in the help.
let hiddenSpecs: [CommandSpec] = hiddenCommandTypes.flatMap { $0.specs }

let topUsage = "islet [COMMAND] [OPTIONS]"

/// What islet is, in a line: the top help's and the man page's.
let tagline = "a timer for the terminal that behaves like an iOS Live Activity"

/// What islet is, for the top help and the man page.
let aboutIslet = """
  A timer (a stopwatch or a countdown) lives in a small store, not in a window: it keeps
  running when nothing shows it, and every command below acts on it from any shell.
  islet alone opens the interactive view: the island, the clock and a banner for each live
  timer, worked with keys and the mouse (? there lists the keys, q quits).
  """

/// The top help's examples, each indented two spaces, for the help and the man page.
let topExamples = """
    islet                              the interactive view
    islet --presentation expanded      the expanded island alone, centered in the terminal
    islet start 25m --name Focus
    islet pause
    islet status
    islet start 25m && islet wait && notify-send "Time's up"
  """

/// `islet --help`: what islet is, `islet` alone (with `aloneOptions`, those of the view), then
/// the commands, options and exit statuses as they are declared.
func topHelp(aloneOptions: [OptionSpec]) -> String {
  let commands = table(commandSpecs.map { ($0.listedName, $0.brief) })
  let alone = table(aloneOptions.map { ($0.label, $0.help) })
  let global = table(globalOptions.map { ($0.label, $0.help) })
  let statuses = table(ExitStatus.documented.map { (String($0.rawValue), $0.meaning) })
  return """
    Islet — \(tagline).

    Usage: \(topUsage)

    \(aboutIslet)

    Commands:
    \(commands)
    Options of islet alone:
    \(alone)
    Options of every command:
    \(global)
    Examples:
    \(topExamples)

    Exit status:
    \(statuses)
    """
}

/// ACTIVITY as the intent path takes it: `--host NAME` marks it `@NAME` (alone, the host's
/// current activity).
func remoteTarget(_ operand: String?, host: String?) -> String? {
  guard let host else { return operand }
  return (operand ?? "") + "@" + host
}
