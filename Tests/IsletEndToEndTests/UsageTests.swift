import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI

@Suite struct UsageTests {
  let islet = Sandbox()

  static let commands = [
    "start", "pause", "resume", "toggle", "skip", "reset", "complete", "end", "adjust", "update", "wait",
    "status", "list", "log", "plans", "themes", "tmux", "help",
  ]

  @Test(arguments: commands)
  func everyCommandHasHelp(command: String) {
    let help = islet(command, "--help")
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(help.stdout.hasPrefix("Usage: islet \(command)"))
    #expect(help.stdout.contains("Options:\n"))
    #expect(islet("help", command) == help)
    #expect(islet(command, "-h") == help)
  }

  @Test func topLevelHelpAndVersion() {
    let help = islet("--help")
    #expect(help.status == 0)
    #expect(
      help.stdout.hasPrefix(
        "Islet — a timer for the terminal that behaves like an iOS Live Activity.\n\nUsage: islet [COMMAND] [OPTIONS]\n"
      ))
    for command in Self.commands { #expect(help.stdout.contains(command), "\(command) missing from --help") }
    #expect(help.stdout.contains("\nislet alone opens the interactive view: "))
    #expect(
      help.stdout.contains(
        "\n  --presentation P  fill the terminal with one presentation: minimal, compact, expanded, lockscreen\n"
      ))
    // Every option and every command as declared, each on a line of its own.
    let lines = help.stdout.split(separator: "\n").map(String.init)
    for option in globalOptions + DeviceCommand.options {
      #expect(
        lines.contains { $0.hasPrefix("  " + option.label + " ") }, "\(option.name) missing from --help")
    }
    for spec in commandSpecs {
      #expect(lines.contains { $0.hasPrefix("  \(spec.listedName) ") && $0.hasSuffix(spec.brief) })
    }
    #expect(!help.stdout.contains("__"), "a hidden command in --help")
    #expect(islet("help") == help)
    #expect(islet("--version") == Run(status: 0, stdout: "islet 0.1.0\n", stderr: ""))
  }

  static let statusUsage =
    "Usage: islet status [ACTIVITY] [--presentation minimal|compact|expanded|lockscreen] [--format plain|ansi|tmux|json|waybar|polybar|i3blocks|i3bar|i3status-rs] [--width N] [--template T] [--follow] [--read-clicks] [--click BUTTON] [--part island|pill|bubble] [--all] [--theme NAME|FILE] [--ascii] [--no-color]\n"
  static let startUsage =
    "Usage: islet start [DURATION | WORK/BREAK | --until HH:MM | --plan NAME] [--rounds N] [--advance WHEN] [--auto] [--ask] [--long-break DURATION] [--cue N] [--name N] [--icon I] [--id REF] [--owner U] [--category C] [--tag T] [--switch] [--no-switch] [--relevance R] [--stale-after DURATION] [--paused] [--expect DURATION] [--ago DURATION] [--at HH:MM] [--in DURATION] [--from-tmux-buffer B] [--state TEXT] [--progress P] [--attention TEXT] [--button LABEL=CMD]\n"

  /// Bad usage: one `Error:` line naming the value and what would be right, the usage, exit 64.
  @Test(
    arguments: [
      (
        ["frob"],
        "Error: unknown command 'frob'; commands: start, switch, continue, pause, resume, toggle, skip, lap, reset, complete, end, adjust, snooze, update, press, away, fail, goto, wait, run, status, list, laps, log, edit, forget, report, import, plans, themes, icons, check, tmux, bar, taskwarrior, alert, remote, shell-init, completions, help\nUsage: islet [COMMAND] [OPTIONS]\n"
      ),
      (
        ["pause", "--frob"],
        "Error: unknown option '--frob'; see 'islet pause --help'\nUsage: islet pause [ACTIVITY] [--host NAME]\n"
      ),
      (
        ["pause", "-x"],
        "Error: unknown option '-x'; see 'islet pause --help'\nUsage: islet pause [ACTIVITY] [--host NAME]\n"
      ),
      (["--frob"], "Error: unknown option '--frob'; see 'islet --help'\nUsage: islet [COMMAND] [OPTIONS]\n"),
      (["pause", "a", "b"], "Error: unexpected argument 'b'\nUsage: islet pause [ACTIVITY] [--host NAME]\n"),
      (
        ["list", "--all=yes"],
        "Error: --all takes no value, but was given 'yes'\nUsage: islet list [--all] [--json]\n"
      ),
      (["start", "--name"], "Error: --name needs a value (N)\n" + startUsage),
      (
        ["start", "25x"],
        "Error: '25x' is not a duration; use 90s, 25m, 25min, 1h30m, 1h30, 1.5h, 25:00, 1:30:00 or a number of seconds\n"
          + startUsage
      ),
      (
        ["start", "0"],
        "Error: '0' is not a positive duration; use 90s, 25m, 25min, 1h30m, 1h30, 1.5h, 25:00, 1:30:00 or a number of seconds\n"
          + startUsage
      ),
      (
        ["start", "--", "-5m"],
        "Error: '-5m' is not a positive duration; use 90s, 25m, 25min, 1h30m, 1h30, 1.5h, 25:00, 1:30:00 or a number of seconds\n"
          + startUsage
      ),
      (
        ["start", "101h"],
        "Error: '101h' is longer than the 100 hours a timer can run; use a shorter duration\n" + startUsage
      ),
      (
        ["start", "99999999999999999999999"],
        "Error: '99999999999999999999999' is longer than the 100 hours a timer can run; use a shorter duration\n"
          + startUsage
      ),
      (["start", "25m", "--until", "9:00"], "Error: give a DURATION or --until, not both\n" + startUsage),
      (
        ["start", "--until", "25:00"],
        "Error: --until '25:00' is not a time of day; use HH:MM (18:30) or H:MMam/pm (6:30pm)\n" + startUsage
      ),
      (
        ["start", "--relevance", "high"],
        "Error: --relevance 'high' is not a number; use a number such as 0, 1 or 2.5\n" + startUsage
      ),
      (
        ["start", "--icon", "a b"],
        "Error: --icon 'a b' is not an icon name; use a word such as timer, run, focus, book, coffee or code\n"
          + startUsage
      ),
      (["start", "--name", ""], "Error: --name is empty; give some text\n" + startUsage),
      (
        ["start", "--stale-after", "soon"],
        "Error: --stale-after 'soon' is not a duration; use 90s, 25m, 25min, 1h30m, 1h30, 1.5h, 25:00, 1:30:00 or a number of seconds\n"
          + startUsage
      ),
      (
        ["status", "--format", "xml"],
        "Error: --format 'xml' is not a format; use plain, ansi, tmux, json, waybar, polybar, i3blocks, i3bar, i3status-rs\n"
          + statusUsage
      ),
      (
        ["status", "--presentation", "huge"],
        "Error: --presentation 'huge' is not a presentation; use minimal, compact, expanded, lockscreen\n"
          + statusUsage
      ),
      (
        ["status", "--width", "0"],
        "Error: --width '0' is not a width; use a number of cells from 1 to 1000\n" + statusUsage
      ),
      (
        ["status", "--width", "wide"],
        "Error: --width 'wide' is not a width; use a number of cells from 1 to 1000\n" + statusUsage
      ),
      (
        ["status", "--presentation", "compact", "--template", "{time}"],
        "Error: give --presentation or --template, not both\n" + statusUsage
      ),
      (
        ["update"],
        "Error: update needs --name, --category, --tag, --relevance, --icon, --state, --progress, --attention or --button\nUsage: islet update [ACTIVITY] [--name N] [--category C] [--tag T] [--no-tags] [--relevance R] [--icon I] [--from-tmux-buffer B] [--state TEXT] [--progress P] [--attention TEXT] [--button LABEL=CMD] [--no-progress] [--no-attention] [--no-buttons]\n"
      ),
      (
        ["wait", "--timeout", "0"],
        "Error: --timeout '0' is not a positive duration; use 90s, 25m, 25min, 1h30m, 1h30, 1.5h, 25:00, 1:30:00 or a number of seconds\nUsage: islet wait [ACTIVITY] [--timeout DURATION]\n"
      ),
      (
        ["log", "--json", "--csv"],
        "Error: choose one of --json and --csv\nUsage: islet log [--json | --csv | --format timewarrior] [--since DATE] [--until DATE] [--name N] [--category C] [--only C] [--exclude C]\n"
      ),
      (
        ["help", "nope"],
        "Error: no help for 'nope'; commands: start, switch, continue, pause, resume, toggle, skip, lap, reset, complete, end, adjust, snooze, update, press, away, fail, goto, wait, run, status, list, laps, log, edit, forget, report, import, plans, themes, icons, check, tmux, bar, taskwarrior, alert, remote, shell-init, completions, help\nUsage: islet help [COMMAND]\n"
      ),
    ] as [([String], String)])
  func badUsageIsExit64WithTheUsageLine(arguments: [String], stderr: String) {
    #expect(islet.run(arguments) == Run(status: 64, stdout: "", stderr: stderr))
    // A refused command leaves no store behind.
    #expect(islet.folder.bytes("state/islet/islet.db") == nil)
  }

  @Test func aTmuxBufferNeedsTmux() {
    #expect(
      islet("start", "--from-tmux-buffer", "islet-input").stderr.hasPrefix(
        "Error: --from-tmux-buffer works inside tmux only ($TMUX is not set)\n"))
  }

  @Test func optionsTakeBothSpellingsAndMayComeAnywhere() {
    #expect(islet("start", "--name=Tea", "90s").status == 0)
    #expect(islet("--ascii", "status").stdout == "[T] Tea 1:30 >\n")
    #expect(islet("status", "--db", islet.storePath).stdout == "⏱ Tea 1:30 ●\n")
    #expect(islet("update", "--name", "--dashing").stdout == "✎ --dashing updated\n")
  }

  @Test func aForeignStoreIsExit65AndLeftAlone() {
    islet.folder.write("notes.txt", Array("not a database".utf8))
    let path = islet.folder.file("notes.txt")
    let run = islet("--db", path, "start")
    #expect(
      run
        == Run(
          status: 65, stdout: "",
          stderr:
            "Error: \(path) is not an Islet store (not a SQLite database); it was left untouched — use --db to choose another file\n"
        ))
    #expect(islet("--db", path, "status").status == 65)
    #expect(islet.folder.bytes("notes.txt") == Array("not a database".utf8))
  }

  @Test func aDirectoryStoreIsExit74() {
    #expect(
      islet("--db", islet.folder.path, "start")
        == Run(
          status: 74, stdout: "",
          stderr: "Error: cannot use the store \(islet.folder.path): it is a directory; give a file path\n"))
    #expect(islet("--db", islet.folder.path, "status").status == 74)
  }
}

@Suite struct LocaleTests {
  @Test(
    arguments: [
      (["LANG": "C.UTF-8"], true), (["LANG": "en_US.utf8"], true), (["LANG": "de_DE.UTF-8@euro"], true),
      (["LC_ALL": "C", "LANG": "en_US.UTF-8"], false), (["LC_ALL": "", "LC_CTYPE": "fr_FR.UTF8"], true),
      (["LANG": "POSIX"], false), ([:], false), (["LANG": "utf"], false),
      // The Linux console's fonts lack the island's glyphs, whatever the locale.
      (["LANG": "C.UTF-8", "TERM": "linux"], false), (["LANG": "C.UTF-8", "TERM": "xterm-256color"], true),
    ] as [([String: String], Bool)])
  func unicodeFollowsTheFirstLocaleVariableSet(environment: [String: String], unicode: Bool) {
    #expect(Glyphs.wantUnicode(ascii: false, environment: environment) == unicode)
    #expect(!Glyphs.wantUnicode(ascii: true, environment: environment))
  }
}

/// Usage lines and help are made from the command's declaration, so none can drift from it:
/// every option of every command is in its usage line and in its help, as the binary prints.
@Suite struct DeclaredOptionsTests {
  @Test(arguments: commandSpecs.map(\.name))
  func everyOptionIsInTheUsageLineAndTheHelp(_ command: String) throws {
    let spec = try #require(commandSpecs.first { $0.name == command })
    let help = try Binary.run(
      [command, "--help"], environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
    #expect(help.status == 0, "\(help)")
    let usage = help.stdout.split(separator: "\n").first.map(String.init) ?? ""
    #expect(usage == "Usage: islet " + spec.usage)
    for option in spec.options {
      #expect(usage.contains("--" + option.name), "\(command): --\(option.name) is not in \(usage)")
      #expect(
        help.stdout.contains("  " + option.label + " "), "\(command): --\(option.name) is not in the help")
    }
  }
}
