import IsletCore

/// A command's name, usage, help and options: one table drives parsing, the usage line and
/// `--help`.
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

  /// `start [DURATION | --until HH:MM] [--name N] …`: the operands, then every option.
  var usage: String {
    let rest = options.filter { !mentions($0.name) }.map { "[" + $0.label + "]" }
    return ([name] + (operands.isEmpty ? [] : [operands]) + rest).joined(separator: " ")
  }

  /// Whether the operands name `--option`.
  private func mentions(_ option: String) -> Bool {
    operands.split { $0 == " " || $0 == "[" || $0 == "]" || $0 == "|" }.contains { $0 == "--" + option }
  }

  var helpText: String {
    var text = "Usage: islet \(usage)\n\n\(summary)\n"
    if !details.isEmpty { text += "\n\(details)\n" }
    let shown = options + globalOptions.filter { $0.name == "db" || $0.name == "help" }
    return text + "\nOptions:\n" + table(shown.map { ($0.label, $0.help) })
  }
}

/// Two columns, indented, the second aligned: `  --name N  what the timer is for`.
func table(_ rows: [(String, String)]) -> String {
  let width = (rows.map(\.0.count).max() ?? 0) + 2
  return rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + $0.1 + "\n" }.joined()
}

let activityOperandHelp = """
  ACTIVITY is an activity's id, its --id reference, or its name (any case), among the live
  ones; without it, the current activity (a finished one first, then by relevance, then the
  most recently started).
  """

func intentSpec(_ name: String, _ brief: String, _ summary: String, _ extra: String = "") -> CommandSpec {
  CommandSpec(
    name: name, operands: "[ACTIVITY]", brief: brief, summary: summary,
    details: activityOperandHelp + (extra.isEmpty ? "" : "\n\n" + extra), maxOperands: 1)
}

let commandSpecs: [CommandSpec] = [
  CommandSpec(
    name: "start",
    operands: "[DURATION | --until HH:MM]",
    brief: "start a countdown of DURATION (or a stopwatch); prints its id",
    summary:
      "Start a new activity: a countdown of DURATION (or until a time of day), or a stopwatch. Prints the new activity's id.",
    details: """
      DURATION is 90s, 25m, 1h30m, 1.5h, 25:00, 1:30:00 or a number of seconds (at most 100 hours).
      --until takes a time of day, 18:30 or 6:30pm: today, or tomorrow when already past.

      Examples:
        islet start                         a stopwatch named Timer
        islet start 25m --name Focus        a 25-minute countdown
        islet start --until 18:00 --icon coffee
        id=$(islet start 45m --name Workout --id 1823 --owner ada)
      """,
    options: [
      OptionSpec(name: "until", value: "HH:MM", help: "count down to a time of day"),
      OptionSpec(name: "name", value: "N", help: "what the timer is for (default Timer)"),
      OptionSpec(
        name: "icon", value: "I",
        help: "timer, run, focus, book, coffee, code, … (default from the configuration)"),
      OptionSpec(name: "id", value: "REF", help: "your own reference, shown as \"ID REF\""),
      OptionSpec(name: "owner", value: "U", help: "who it belongs to"),
      OptionSpec(name: "category", value: "C", help: "a category, changeable later"),
      OptionSpec(
        name: "relevance", value: "R", help: "a number; the higher, the sooner it is the current activity"),
      OptionSpec(
        name: "stale-after", value: "DURATION", help: "dim a finished countdown after this long (default 5m)"),
      OptionSpec(name: "paused", value: nil, help: "create it ready (idle) instead of running"),
      OptionSpec(
        name: "from-tmux-buffer", value: "B", help: "take DURATION from tmux buffer B (for key bindings)"),
    ],
    maxOperands: 1),
  intentSpec("pause", "pause an activity", "Pause a running activity."),
  intentSpec(
    "resume", "resume a paused activity, or start a ready one",
    "Resume a paused activity, or start one that is ready."),
  intentSpec(
    "toggle", "start, pause or resume an activity",
    "Start, pause or resume an activity; a finished countdown is completed. With nothing live, starts a stopwatch."
  ),
  intentSpec(
    "reset", "put an activity back to 0:00 (or its full duration), ready",
    "Reset an activity to 0:00 (a countdown to its full duration), ready to start again. The discarded run is logged."
  ),
  intentSpec(
    "complete", "complete an activity; its time goes in the log",
    "Complete an activity; its elapsed time is recorded in the log."),
  intentSpec("end", "end an activity without completing it", "End an activity without completing it."),
  CommandSpec(
    name: "adjust", operands: "[ACTIVITY] +5m | -1m",
    brief: "add or take time from a countdown: +5m, -1m",
    summary: "Lengthen or shorten a countdown (never below the time it has run).",
    details: activityOperandHelp + "\n\nThe change is a sign and a duration: +5m, -1m, +30s, -1:00.",
    maxOperands: 2),
  CommandSpec(
    name: "update", operands: "[ACTIVITY]",
    brief: "change an activity's name, category or relevance",
    summary: "Change an activity's name, category or relevance (an empty category clears it).",
    details: activityOperandHelp,
    options: [
      OptionSpec(name: "name", value: "N", help: "the new name"),
      OptionSpec(name: "category", value: "C", help: "the new category; '' clears it"),
      OptionSpec(name: "relevance", value: "R", help: "the new relevance (a number)"),
      OptionSpec(
        name: "from-tmux-buffer", value: "B", help: "take the new name from tmux buffer B (for key bindings)"),
    ],
    maxOperands: 1),
  CommandSpec(
    name: "wait", operands: "[ACTIVITY]",
    brief: "wait until it finishes (exit 0) or is reset or ended (exit 1)",
    summary: "Wait until an activity finishes or is completed (exit 0), or is reset or ended (exit 1).",
    details: """
      Without ACTIVITY, waits for the most recently started one, so this works:
        islet start 25m && islet wait && notify-send "Time's up"
      Exits 1 at once when nothing is live, 124 when --timeout runs out, 130 on Ctrl-C.
      A stopwatch is waited on until it is completed or ended.
      """,
    options: [OptionSpec(name: "timeout", value: "DURATION", help: "give up after this long (exit 124)")],
    maxOperands: 1),
  CommandSpec(
    name: "status",
    operands: "[ACTIVITY]",
    brief: "one line: icon, name, time, phase (or a presentation, or JSON)",
    summary:
      "Print an activity's status: one line, or one of the Live Activity presentations. Nothing (exit 1) when nothing is live.",
    details: """
      Without --presentation, plain output is one line: icon, name, time and phase. The ansi and
      tmux formats draw the compact island unless told otherwise; without ACTIVITY, the island
      shows the next live activity as a bubble beside the current one.
      --template takes {icon} {name} {time} {phase} {progress} {id}, e.g. --template '{icon} {time}'.
      JSON prints the activity, the presentation's lines, or null when nothing is live.

      Examples:
        islet status --presentation lockscreen
        islet status --presentation compact --format ansi --theme light
        islet status --format tmux --width 40
      """,
    options: [
      OptionSpec(
        name: "presentation", value: "minimal|compact|expanded|lockscreen",
        help: "one of the Live Activity presentations"),
      OptionSpec(name: "format", value: "plain|ansi|tmux|json", help: "the output (default plain)"),
      OptionSpec(
        name: "width", value: "N", help: "draw N cells wide (default: the presentation's own width)"),
      OptionSpec(
        name: "template", value: "T", help: "a custom line from {icon} {name} {time} {phase} {progress} {id}"),
      OptionSpec(
        name: "theme", value: "NAME|FILE", help: "the theme (default from the configuration, else default)"),
      OptionSpec(name: "ascii", value: nil, help: "ASCII glyphs only"),
      OptionSpec(name: "no-color", value: nil, help: "no colors (also when NO_COLOR is set)"),
    ],
    maxOperands: 1),
  CommandSpec(
    name: "list", operands: "", brief: "the live activities (--all: every one)",
    summary: "List the live activities, the current one marked with *.",
    options: [
      OptionSpec(name: "all", value: nil, help: "include completed, ended and expired ones"),
      OptionSpec(name: "json", value: nil, help: "print JSON (an array)"),
    ],
    maxOperands: 0),
  CommandSpec(
    name: "log", operands: "[--json | --csv]",
    brief: "the history, with totals per name",
    summary: "The history: each session's elapsed time, and totals per name.",
    details: "DATE is YYYY-MM-DD, today, yesterday, or a span back from now such as 7d or 12h.",
    options: [
      OptionSpec(name: "since", value: "DATE", help: "only sessions started from then on"),
      OptionSpec(name: "name", value: "N", help: "only sessions of this name (any case)"),
      OptionSpec(name: "json", value: nil, help: "print JSON"),
      OptionSpec(name: "csv", value: nil, help: "print CSV, one session a row"),
    ],
    maxOperands: 0),
  CommandSpec(
    name: "themes", operands: "", brief: "the themes, with a preview of each",
    summary: "List the themes, each with a preview of the island in it.",
    details: """
      Pick one with --theme NAME on any command, or 'theme = NAME' in the configuration. Your
      own themes go in ~/.config/islet/themes/NAME.json (copy a file from Themes/ to start);
      --theme also takes a path to a .json file.
      """,
    maxOperands: 0),
  CommandSpec(
    name: "tmux",
    operands: "",
    brief: "a snippet for ~/.tmux.conf: status line, keys, a pane",
    summary: "Print a snippet for ~/.tmux.conf: the status-line segment, key bindings and a one-row pane.",
    details: """
      The snippet names this binary by its path. Paste it into ~/.tmux.conf and run
      tmux source-file ~/.tmux.conf. Run it from a release build (see the README): tmux calls the
      status command every second.

      Example:
        islet tmux --toggle-key F5 >> ~/.tmux.conf
      """,
    options: [
      OptionSpec(name: "toggle-key", value: "K", help: "start, pause or resume (default P)"),
      OptionSpec(name: "reset-key", value: "K", help: "reset (default R)"),
      OptionSpec(name: "complete-key", value: "K", help: "complete (default D)"),
      OptionSpec(name: "end-key", value: "K", help: "end (default X)"),
      OptionSpec(name: "pane-key", value: "K", help: "open a one-row pane with the island (default I)"),
      OptionSpec(
        name: "start-key", value: "K", help: "prompt for a duration and start a countdown (default T)"),
      OptionSpec(
        name: "rename-key", value: "K", help: "prompt for a new name for the current timer (default N)"),
    ],
    maxOperands: 0),
  CommandSpec(
    name: "help", operands: "[COMMAND]", brief: "help for a command (or: islet COMMAND --help)",
    summary: "Show help for islet or for one command.",
    maxOperands: 1),
]

/// Commands islet runs itself, in the background; not for users, so not in the help.
let hiddenSpecs: [CommandSpec] = [
  CommandSpec(
    name: "__watch", operands: "", brief: "the deadline watcher", summary: "The deadline watcher.",
    maxOperands: 0),
  CommandSpec(
    name: "__hooks", operands: "FOLDER LOG", brief: "runs hooks",
    summary: "Runs hooks for the events on stdin.",
    maxOperands: 2),
]

let topUsage = "islet [COMMAND] [OPTIONS]"

/// `islet --help`: what islet is, `islet` alone (with `aloneOptions`, those of the view), then
/// the commands, options and exit statuses as they are declared.
func topHelp(aloneOptions: [OptionSpec]) -> String {
  let commands = table(commandSpecs.map { ($0.name, $0.brief) })
  let alone = table(aloneOptions.map { ($0.label, $0.help) })
  let global = table(globalOptions.map { ($0.label, $0.help) })
  let statuses = table(ExitStatus.documented.map { (String($0.rawValue), $0.meaning) })
  return """
    Islet — a timer for the terminal that behaves like an iOS Live Activity.

    Usage: \(topUsage)

    A timer (a stopwatch or a countdown) lives in a small store, not in a window: it keeps
    running when nothing shows it, and every command below acts on it from any shell.
    islet alone opens the interactive view: the island, the clock and a banner for each live
    timer, worked with keys and the mouse (? there lists the keys, q quits).

    Commands:
    \(commands)
    Options of islet alone:
    \(alone)
    Options of every command:
    \(global)
    Examples:
      islet                              the interactive view
      islet --presentation expanded      the expanded island, filling the terminal
      islet start 25m --name Focus
      islet pause
      islet status
      islet start 25m && islet wait && notify-send "Time's up"

    Exit status:
    \(statuses)
    """
}
