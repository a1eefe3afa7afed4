import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletStore

/// What is put in the sandbox before a bad command runs.
enum Preparation: Sendable {
  /// A file with these bytes (its folders made).
  case file(String, [UInt8])
  case folder(String)
  /// Another program's SQLite database.
  case foreignDatabase(String)
  /// An Islet store cut short.
  case damagedStore(String)
  /// An Islet store whose schema version is from the future.
  case newerStore(String)
}

/// One bad input: the command, what it finds, and what must come back: the exit status and
/// a part of the one `Error:` line that names the value and says what would be right.
struct BadInput: Sendable, CustomTestStringConvertible {
  var arguments: [String]
  var status: Int32
  var says: String
  var prepared: [Preparation] = []

  var testDescription: String {
    let shown = arguments.map { printableForTest($0) }.joined(separator: " ")
    return shown.count > 80 ? String(shown.prefix(80)) + "…" : shown
  }
}

func printableForTest(_ text: String) -> String {
  String(
    text.unicodeScalars.map { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) ? "^" : Character($0) })
}

private func theme(_ json: String) -> [Preparation] { [.file("bad.json", Array(json.utf8))] }
private func config(_ text: String) -> [Preparation] { [.file("config/islet/config", Array(text.utf8))] }

/// The catalogue: every case is run through the built binary against a store holding one
/// running countdown, and must be refused with its status, one `Error:` line (and the usage
/// for usage errors), nothing on stdout, no escape sequence echoed, and the store unchanged.
@Suite struct BadInputTests {
  static let durationForms = "use 90s, 25m, 25min, 1h30m, 1h30, 1.5h, 25:00, 1:30:00 or a number of seconds"
  static let timeForms = "is not a time of day; use HH:MM (18:30) or H:MMam/pm (6:30pm)"
  static let knownIcons =
    "alarm, book, call, code, coffee, cook, focus, meeting, music, run, sleep, stopwatch, tea, timer, tomato, workout, write"
  static let longName = String(repeating: "a", count: 101)
  static let hugeName = String(repeating: "a", count: 100_000)

  static let durations: [BadInput] = [
    BadInput(arguments: ["start", "25x"], status: 64, says: "'25x' is not a duration; \(durationForms)"),
    BadInput(arguments: ["start", "abc"], status: 64, says: "'abc' is not a duration"),
    BadInput(arguments: ["start", ""], status: 64, says: "'' is not a duration"),
    BadInput(arguments: ["start", "1h2x"], status: 64, says: "'1h2x' is not a duration"),
    BadInput(arguments: ["start", "1.2.3m"], status: 64, says: "'1.2.3m' is not a duration"),
    BadInput(arguments: ["start", "1:2:3:4"], status: 64, says: "'1:2:3:4' is not a duration"),
    BadInput(arguments: ["start", "25:61"], status: 64, says: "'25:61' is not a duration"),
    BadInput(arguments: ["start", "m5"], status: 64, says: "'m5' is not a duration"),
    BadInput(arguments: ["start", "5m5m"], status: 64, says: "'5m5m' is not a duration"),
    BadInput(arguments: ["start", "1e3"], status: 64, says: "'1e3' is not a duration"),
    BadInput(arguments: ["start", "nan"], status: 64, says: "'nan' is not a duration"),
    BadInput(arguments: ["start", "inf"], status: 64, says: "'inf' is not a duration"),
    BadInput(arguments: ["start", "0x10"], status: 64, says: "'0x10' is not a duration"),
    BadInput(arguments: ["start", "٣m"], status: 64, says: "'٣m' is not a duration"),
    BadInput(arguments: ["start", "１０m"], status: 64, says: "'１０m' is not a duration"),
    BadInput(
      arguments: ["start", "0"], status: 64, says: "'0' is not a positive duration; \(durationForms)"),
    BadInput(arguments: ["start", "0s"], status: 64, says: "'0s' is not a positive duration"),
    BadInput(arguments: ["start", "0:00"], status: 64, says: "'0:00' is not a positive duration"),
    BadInput(arguments: ["start", "--", "-5m"], status: 64, says: "'-5m' is not a positive duration"),
    BadInput(arguments: ["start", "0.0001s"], status: 64, says: "'0.0001s' is not a positive duration"),
    BadInput(
      arguments: ["start", "101h"], status: 64,
      says: "'101h' is longer than the 100 hours a timer can run; use a shorter duration"),
    BadInput(arguments: ["start", "4167d"], status: 64, says: "'4167d' is longer than the 100 hours"),
    BadInput(
      arguments: ["start", "99999999999999999999999"], status: 64,
      says: "'99999999999999999999999' is longer than the 100 hours"),
    BadInput(
      arguments: ["start", "9999999999999999999999999999999999999d"], status: 64,
      says: "'9999999999999999999999999999999999999d' is longer than the 100 hours"),
    BadInput(arguments: ["adjust", "+abc"], status: 64, says: "'+abc' is not a duration"),
    BadInput(
      arguments: ["adjust", "5m"], status: 64,
      says: "'5m' is not a change; use a sign and a duration such as +5m"),
    BadInput(arguments: ["adjust", "+0"], status: 64, says: "'+0' is not a positive duration"),
    BadInput(arguments: ["adjust", "+101h"], status: 64, says: "'+101h' is longer than the 100 hours"),
    BadInput(arguments: ["snooze", "Tea", "soon"], status: 64, says: "'soon' is not a duration"),
    BadInput(arguments: ["snooze", "0s"], status: 64, says: "'0s' is not a positive duration"),
    BadInput(arguments: ["snooze", "0.5s"], status: 64, says: "snooze needs a second or more, not '0.5s'"),
    BadInput(arguments: ["snooze", "101h"], status: 64, says: "'101h' is longer than the 100 hours"),
    BadInput(arguments: ["snooze", "a", "5m", "b"], status: 64, says: "unexpected argument 'b'"),
    BadInput(
      arguments: ["away", "later"], status: 64,
      says: "'later' is not an answer (keep, drop or stop), and no live activity matches it"),
    BadInput(arguments: ["away", "Focus", "maybe"], status: 64, says: "'maybe' is not an answer"),
    BadInput(arguments: ["away", "a", "keep", "b"], status: 64, says: "unexpected argument 'b'"),
    BadInput(arguments: ["alert"], status: 64, says: "use islet alert test"),
    BadInput(
      arguments: ["alert", "tset"], status: 64, says: "'tset' is not an alert command; use islet alert test"),
    BadInput(
      arguments: ["wait", "--timeout", "0"], status: 64, says: "--timeout '0' is not a positive duration"),
    BadInput(
      arguments: ["wait", "--timeout", "soon"], status: 64, says: "--timeout 'soon' is not a duration"),
    BadInput(
      arguments: ["start", "--stale-after", "soon"], status: 64,
      says: "--stale-after 'soon' is not a duration"),
    BadInput(
      arguments: ["start", "--stale-after", "0"], status: 64,
      says: "--stale-after '0' is not a positive duration"),
  ]

  static let timesOfDay: [BadInput] =
    ["25:00", "24:00", "12:60", "13pm", "0am", "9", "9:5", "noon", "", "-1:00", "999:00", "9:00xm"].map {
      BadInput(arguments: ["start", "--until", $0], status: 64, says: "--until '\($0)' \(timeForms)")
    } + [
      BadInput(
        arguments: ["start", "25m", "--until", "9:00"], status: 64,
        says: "give a DURATION or --until, not both")
    ]

  static let words: [BadInput] = [
    // The version is printed into the snippet: a line break would make a command of the rest.
    BadInput(
      arguments: ["tmux", "--tmux-version", "3.3a\nrun-shell 'touch x'"], status: 64,
      says: "--tmux-version '3.3a\\nrun-shell 'touch x'' is not a tmux version"),
    BadInput(arguments: ["tmux", "--tmux-version", "3.4\""], status: 64, says: "is not a tmux version"),
    BadInput(arguments: ["frob"], status: 64, says: "unknown command 'frob'; commands: start, switch,"),
    BadInput(arguments: ["START"], status: 64, says: "unknown command 'START'; did you mean 'start'?"),
    BadInput(arguments: ["stat"], status: 64, says: "unknown command 'stat'; did you mean 'status'?"),
    BadInput(arguments: ["25m"], status: 64, says: "unknown command '25m'; did you mean 'islet start 25m'?"),
    BadInput(
      arguments: ["start", "--nmae", "X"], status: 64, says: "unknown option '--nmae'; did you mean '--name'?"
    ),
    BadInput(arguments: ["help", "stat"], status: 64, says: "no help for 'stat'; did you mean 'status'?"),
    BadInput(
      arguments: ["\u{1B}[2Jstat"], status: 64, says: "unknown command '\\e[2Jstat'; commands: start,"),
    BadInput(arguments: ["--frob"], status: 64, says: "unknown option '--frob'; see 'islet --help'"),
    BadInput(
      arguments: ["pause", "--frob"], status: 64, says: "unknown option '--frob'; see 'islet pause --help'"),
    BadInput(arguments: ["pause", "-x"], status: 64, says: "unknown option '-x'; see 'islet pause --help'"),
    BadInput(arguments: ["pause", "a", "b"], status: 64, says: "unexpected argument 'b'"),
    BadInput(arguments: ["pause", "nope"], status: 64, says: "no live activity matches 'nope'; live: "),
    BadInput(
      arguments: ["list", "--all=yes"], status: 64, says: "--all takes no value, but was given 'yes'"),
    BadInput(
      arguments: ["status", "--format", "xml"], status: 64,
      says:
        "--format 'xml' is not a format; use plain, ansi, tmux, json, waybar, polybar, i3blocks, i3bar, i3status-rs"
    ),
    BadInput(
      arguments: ["status", "--presentation", "huge"], status: 64,
      says: "--presentation 'huge' is not a presentation; use minimal, compact, expanded, lockscreen"),
    BadInput(
      arguments: ["status", "--template", "{nope} {time}"], status: 64,
      says: "--template has an unknown field {nope}; use {icon}, {name}, {time}"),
    BadInput(
      arguments: ["status", "--format", "i3bar", "--read-clicks"], status: 64,
      says: "--read-clicks is for --follow --format i3blocks"),
    BadInput(
      arguments: ["status", "--follow", "--format", "i3blocks", "--click", "1"], status: 64,
      says: "--click is for one line of a bar's --format, not --follow"),
    BadInput(
      arguments: ["status", "--click", "1"], status: 64,
      says: "--click is for one line of a bar's --format, not --follow"),
    BadInput(
      arguments: ["status", "--format", "i3bar", "--part", "bubble"], status: 64,
      says: "--part is for --format waybar"),
    BadInput(
      arguments: ["status", "--format", "waybar", "--part", "half"], status: 64,
      says: "--part 'half' is not a part; use island, pill, bubble"),
    BadInput(arguments: ["bar", "polybar", "--for", "1.5"], status: 64, says: "--for is for i3blocks"),
    BadInput(
      arguments: ["bar", "i3blocks", "--for", "1"], status: 64,
      says: "--for '1' is not a version; use one like 1.4 or 1.5"),
    BadInput(arguments: ["help", "nope"], status: 64, says: "no help for 'nope'; commands: start,"),
    BadInput(
      arguments: ["completions", "csh"], status: 64,
      says: "'csh' is not a shell islet completes; use bash, zsh, fish"),
    BadInput(arguments: ["completions"], status: 64, says: "completions needs a shell: bash, zsh, fish"),
    BadInput(arguments: ["completions", "bash", "zsh"], status: 64, says: "unexpected argument 'zsh'"),
    BadInput(
      arguments: ["__complete", "colors"], status: 64, says: "'colors' is not a kind of value; use themes,"),
    BadInput(
      arguments: ["log", "--since", "2025-13-45"], status: 64,
      says:
        "--since '2025-13-45' is not a date; use YYYY-MM-DD, today, yesterday, this-week, last-week, this-month, last-month or a span back such as 7d, 12h or 2w"
    ),
    BadInput(arguments: ["log", "--json", "--csv"], status: 64, says: "choose one of --json and --csv"),
    BadInput(
      arguments: ["log", "--format", "toml"], status: 64,
      says: "--format 'toml' is not a log format; use json, csv or timewarrior"),
    BadInput(arguments: ["import", "timewarrior"], status: 64, says: "give the format and the file"),
    BadInput(arguments: ["check", "now"], status: 64, says: "unexpected argument 'now'"),
    BadInput(arguments: ["themes", "frob"], status: 64, says: "unexpected argument 'frob'"),
    BadInput(
      arguments: ["tmux", "--toggle-key", ""], status: 64,
      says: "--toggle-key '' is not a tmux key; use a key such as P, F5 or C-p"),
    BadInput(
      arguments: ["--theme", "nosuch", "status"], status: 64,
      says: "unknown theme 'nosuch'; known themes: default, light, high-contrast, mono"),
    BadInput(
      arguments: ["--theme", "a\u{1B}[31mb", "status"], status: 64, says: "unknown theme 'a\\e[31mb'; known"),
    BadInput(
      arguments: ["update"], status: 64,
      says:
        "update needs --name, --category, --tag, --relevance, --icon, --state, --progress, --attention or --button"
    ),
    BadInput(
      arguments: ["update", "--progress", "140%"], status: 64,
      says: "--progress '140%' is not a progress; use a percentage from 0% to 100%"),
    BadInput(
      arguments: ["update", "--progress", "-5"], status: 64, says: "--progress '-5' is not a progress"),
    BadInput(
      arguments: ["update", "--progress", "40", "--no-progress"], status: 64,
      says: "give --progress or --no-progress, not both"),
    BadInput(
      arguments: ["start", "--state", "Up\u{1B}]0;pwned\u{07}loading"], status: 64,
      says: "--state 'Up\\e]0;pwned\\u{7}loading' contains control characters; use plain text"),
    BadInput(
      arguments: ["update", "--attention", "\u{1B}[2J"], status: 64,
      says: "--attention '\\e[2J' contains control"),
    BadInput(
      arguments: ["start", "--button", "Approve"], status: 64,
      says: "--button 'Approve' has no label; use LABEL=COMMAND, such as Approve='make deploy'"),
    BadInput(
      arguments: ["start", "--button", "A=x", "--button", "B=x", "--button", "C=x", "--button", "D=x"],
      status: 64, says: "--button is given 4 times; an activity has at most 3 buttons"),
    BadInput(
      arguments: ["start", "--button", "Go=x", "--button", "go=y"], status: 64,
      says: "--button 'go' is given twice; give each label once"),
    BadInput(
      arguments: ["start", "--tag", "a\u{1B}[31mb"], status: 64,
      says: "--tag 'a\\e[31mb' contains control characters; use plain text"),
    BadInput(
      arguments: ["switch", "Emails", "--tag", ""], status: 64, says: "--tag is empty; give some text"),
    BadInput(
      arguments: ["start", "--tag", "team", "--tag", "Team"], status: 64,
      says: "--tag 'Team' is given twice; give each tag once"),
    BadInput(
      arguments: ["start"] + (0...16).flatMap { ["--tag", "t\($0)"] }, status: 64,
      says: "--tag is given 17 times; an activity has at most 16 tags"),
    BadInput(
      arguments: ["update", "--tag", "a", "--no-tags"], status: 64, says: "give --tag or --no-tags, not both"),
    BadInput(arguments: ["switch"], status: 64, says: "switch needs the NAME of what you start"),
    BadInput(
      arguments: ["switch", String(repeating: "a", count: 101)], status: 64,
      says: "NAME 'aaaaaaaaaaaaaaaaaaaa…' is 101 characters long; use at most 100"),
    BadInput(arguments: ["switch", " "], status: 64, says: "NAME ' ' is empty; give some text"),
    BadInput(
      arguments: ["start", "--switch", "--paused"], status: 64,
      says:
        "--switch starts it running, the instant the running stopwatches end; it does not go with --paused"),
    BadInput(
      arguments: ["start", "--switch", "--ago", "5m"], status: 64,
      says: "--switch starts it running, the instant the running stopwatches end; it does not go with --ago"),
    BadInput(
      arguments: ["start", "--switch", "--no-switch"], status: 64,
      says: "give --switch or --no-switch, not both"),
    BadInput(
      arguments: ["continue", "--switch", "--no-switch"], status: 64,
      says: "give --switch or --no-switch, not both"),
    BadInput(
      arguments: ["log", "--only", "\u{7}"], status: 64,
      says: "--only '\\u{7}' contains control characters; use plain text"),
    BadInput(arguments: ["report", "--exclude", ""], status: 64, says: "--exclude is empty; give some text"),
    BadInput(
      arguments: ["start", "25m", "--expect", "5m"], status: 64,
      says: "--expect is for a stopwatch, which counts up; a countdown knows its length"),
    BadInput(
      arguments: ["fail", "--status", "0"], status: 64,
      says: "--status '0' is not an exit status; use a whole number from 1 to 255"),
    BadInput(
      arguments: ["press"], status: 64, says: "press needs a BUTTON's label, such as islet press Approve"),
    BadInput(
      arguments: ["run"], status: 64,
      says: "give the command to run after --, such as: islet run -- make test"),
    BadInput(
      arguments: ["update", "--icon", "no such"], status: 64,
      says: "--icon 'no such' is not an icon name; use a word such as timer, run, focus, book, coffee or code"
    ),
    BadInput(
      arguments: ["update", "--icon", "kite"], status: 64,
      says: "--icon 'kite' is not an icon; use one of alarm,"),
    BadInput(
      arguments: ["start", "--name", "A", "--name", "B"], status: 64,
      says: "--name is given twice, 'A' and 'B'; give it once"),
    BadInput(
      arguments: ["--db", "a.db", "status", "--db=b.db"], status: 64,
      says: "--db is given twice, 'a.db' and 'b.db'; give it once"),
    BadInput(
      arguments: ["themes", "--export", "ocean"], status: 64,
      says: "unknown theme 'ocean'; known themes: default, light, high-contrast, mono"),
    BadInput(
      arguments: ["--db", "", "status"], status: 64, says: "--db is empty; give the store's file path"),
  ]

  static let plans: [BadInput] =
    [
      (["start", "--plan", "nope"], "unknown plan 'nope'; known plans: pomodoro, tabata, hiit, 52-17"),
      (
        ["start", "--plan", "pomodor"],
        "unknown plan 'pomodor'; did you mean 'pomodoro'? Known plans: pomodoro, tabata, hiit, 52-17"
      ),
      (["start", "--plan", "\u{1B}[31m"], "unknown plan '\\e[31m'; known plans: pomodoro,"),
      (["start", "--plan", ""], "--plan is empty; give a plan's name (islet plans lists them)"),
      (["start", "--plan", "tabata", "25m"], "give --plan or durations, not both"),
      (["start", "--plan", "tabata", "--until", "9:00"], "give --plan or --until, not both"),
      (
        ["start", "--plan", "tabata", "--from-tmux-buffer", "b"],
        "give --plan or --from-tmux-buffer, not both"
      ),
      (["start", "25m", "5m", "--until", "9:00"], "give a DURATION or --until, not both"),
      (["start", "25m", "5m", "1m"], "'25m 5m 1m' is not a duration; \(durationForms)"),
      (
        ["start", "1h", "30"],
        "'1h 30' is ambiguous: write 1h30m for one countdown, or 1h/30s for 1h of work and a 30s break"
      ),
      (
        ["start", "50m/10m/5m"],
        "'50m/10m/5m' is not a work and a break; write one duration on each side of one /, such as 50m/10m"
      ),
      (["start", "50m/soon"], "'soon' is not a duration; \(durationForms)"),
      (["start", "1", "2", "3", "4", "5", "6", "7", "8", "9"], "unexpected argument '9'"),
      (["start", "25m", "5x"], "'25m 5x' is not a duration; \(durationForms)"),
      (["start", "25m/5m", "--until", "9:00"], "give a DURATION or --until, not both"),
      (["start", "25m", "0"], "'0' is not a positive duration"),
      (["start", "--plan", "tabata", "--auto", "--ask"], "give one of --advance, --auto and --ask"),
      (["start", "25m", "5m", "--advance", "ask", "--auto"], "give one of --advance, --auto and --ask"),
      (
        ["start", "25m", "5m", "--advance", "sometimes"],
        "--advance 'sometimes' is not a policy; use auto, ask, breaks or work"
      ),
      (
        ["start", "25m", "5m", "--long-break", "soon"],
        "--long-break 'soon' is not a duration; \(durationForms)"
      ),
      (["start", "25m", "5m", "--long-break", "0"], "--long-break '0' is not a positive duration"),
      (["start", "25m", "5m", "--long-break", "101h"], "'101h' is longer than the 100 hours"),
      (
        ["start", "25m", "5m", "--name", String(repeating: "a", count: 65)],
        "--name 'aaaaaaaaaaaaaaaaaaaa…' labels the plan's work and is 65 characters long; use at most 64"
      ),
      (
        ["start", "25m", "5m", "--icon", "90"],
        "--icon '90' is not an icon name; use a word such as timer, run, focus, book, coffee or code"
      ),
      (
        ["start", "25m", "--icon", "9lives"],
        "--icon '9lives' is not an icon name; use a word such as timer, run, focus, book, coffee or code"
      ),
      (
        ["start", "--rounds", "4"],
        "--rounds is for a plan; add --plan NAME or a work and a break duration, such as islet start 25m/5m --rounds 4"
      ),
      (
        ["start", "25m", "--cue", "3"], "--cue is for a plan; add a break (islet start 25m/5m) or --rounds N"
      ),
      (
        ["start", "--until", "9:00", "--ask"],
        "--ask is for a plan and --until for one countdown; give one or the other"
      ),
      (
        ["start", "--from-tmux-buffer", "b", "--rounds", "2"],
        "--rounds is for a plan; it does not go with --from-tmux-buffer"
      ),
      (["skip", "nope"], "no live activity matches 'nope'; live: "),
      (["skip", "a", "b"], "unexpected argument 'b'"),
      (["plans", "deep"], "unexpected argument 'deep'"),
      (["plans", "--json=yes"], "--json takes no value, but was given 'yes'"),
      (["tmux", "--skip-key", ""], "--skip-key '' is not a tmux key; use a key such as P, F5 or C-p"),
      (["tmux", "--plan-key", "O; rm -rf ~"], "--plan-key 'O; rm -rf ~' is not a tmux key"),
      (["tmux", "--skip-key", "p"], "--toggle-key and --skip-key are both 'p'; give each a key of its own"),
      (
        ["tmux", "--reset-key", "F5", "--pane-key", "F5"],
        "--reset-key and --pane-key are both 'F5'; give each a key of its own"
      ),
    ].map { BadInput(arguments: $0.0, status: 64, says: $0.1) }
    + ["0", "100", "two", "1.5", "", "-1", "+3", "99999999999999999999"].map {
      BadInput(
        arguments: ["start", "--plan", "pomodoro", "--rounds", $0], status: 64,
        says: "--rounds '\($0)' is not a number of rounds; use a whole number from 1 to 99")
    }
    + ["61", "-1", "+3", "3s", "lots", ""].map {
      BadInput(
        arguments: ["start", "20s", "10s", "--cue", $0], status: 64,
        says: "--cue '\($0)' is not a number of seconds; use a whole number from 0 to 60 (0 is off)")
    }

  static let missingValues: [BadInput] = [
    (["start", "--name"], "--name needs a value (N)"),
    (["start", "--until"], "--until needs a value (HH:MM)"),
    (["start", "--icon"], "--icon needs a value (I)"),
    (["start", "--relevance"], "--relevance needs a value"),
    (["status", "--width"], "--width needs a value (N)"), (["status", "--format"], "--format needs a value"),
    (["status", "--template"], "--template needs a value"),
    (["wait", "--timeout"], "--timeout needs a value"),
    (["status", "--db"], "--db needs a value (PATH)"),
    (["update", "--category"], "--category needs a value"),
    (["log", "--since"], "--since needs a value"), (["--theme"], "--theme needs a value (NAME|FILE)"),
    (["start", "--plan"], "--plan needs a value (NAME)"),
    (["start", "25m", "5m", "--rounds"], "--rounds needs a value (N)"),
    (["start", "--advance"], "--advance needs a value (WHEN)"),
    (["start", "--long-break"], "--long-break needs a value (DURATION)"),
    (["start", "--cue"], "--cue needs a value (N)"),
  ].map { BadInput(arguments: $0.0, status: 64, says: $0.1) }

  static let widths: [BadInput] = ["0", "-1", "1001", "99999999999999999999", "1e3", "wide", " 5"].map {
    BadInput(
      arguments: ["status", "--width", $0], status: 64,
      says: "--width '\($0)' is not a width; use a number of cells from 1 to 1000")
  }

  static let labels: [BadInput] =
    [
      BadInput(
        arguments: ["start", "--name", longName], status: 64,
        says: "--name 'aaaaaaaaaaaaaaaaaaaa…' is 101 characters long; use at most 100"),
      BadInput(
        arguments: ["start", "--name", hugeName], status: 64,
        says: "is 100000 bytes long in UTF-8; use at most 400 bytes"),
      BadInput(
        arguments: ["start", "--name", "a" + String(repeating: "\u{301}", count: 40_000)], status: 64,
        says: "is 80001 bytes long in UTF-8; use at most 400 bytes"),
      BadInput(
        arguments: ["start", "--name", "Pay \u{202E}gnp.exe"], status: 64,
        says: "--name 'Pay \\u{202e}gnp.exe' contains the bidirectional control character U+202E"),
      BadInput(
        arguments: ["start", "--owner", "\u{2066}ada"], status: 64,
        says: "contains the bidirectional control character U+2066"),
      BadInput(
        arguments: [
          "start", "--category", String(repeating: "é", count: 64) + String(repeating: "a", count: 150),
        ],
        status: 64, says: "is 278 bytes long in UTF-8; use at most 256 bytes"),
      BadInput(
        arguments: ["start", "--id", String(repeating: "🍅", count: 65)], status: 64,
        says: "is 260 bytes long in UTF-8; use at most 256 bytes"),
      BadInput(
        arguments: ["update", "--name", "x\u{2069}"], status: 64,
        says: "contains the bidirectional control character U+2069"),
      BadInput(
        arguments: ["status", "--template", "{name}\u{202D}"], status: 64,
        says: "--template '{name}\\u{202d}' contains the bidirectional control character U+202D"),
      BadInput(
        arguments: ["status", "--template", "\u{1B}]0;x\u{07}{name}"], status: 64,
        says: "--template '\\e]0;x\\u{7}{name}' contains control characters; use plain text"),
      BadInput(
        arguments: ["status", "--template", String(repeating: "{name}", count: 200)], status: 64,
        says: "is 1200 bytes long in UTF-8; use at most 800 bytes"),
      BadInput(
        arguments: ["start", "--owner", String(repeating: "o", count: 65)], status: 64,
        says: "is 65 characters long; use at most 64"),
      BadInput(
        arguments: ["start", "--category", String(repeating: "c", count: 65)], status: 64,
        says: "is 65 characters long; use at most 64"),
      BadInput(
        arguments: ["start", "--id", String(repeating: "1", count: 65)], status: 64,
        says: "is 65 characters long; use at most 64"),
      BadInput(
        arguments: ["start", "--name", "\u{1B}[31mred"], status: 64,
        says: "--name '\\e[31mred' contains control characters; use plain text"),
      BadInput(arguments: ["start", "--name", "a\u{07}b"], status: 64, says: "contains control characters"),
      BadInput(
        arguments: ["start", "--name", "line\nbreak"], status: 64, says: "contains control characters"),
      BadInput(arguments: ["start", "--name", "\u{9B}31m"], status: 64, says: "contains control characters"),
      BadInput(
        arguments: ["start", "--category", "\u{1B}]0;title\u{07}"], status: 64,
        says: "--category '\\e]0;title"),
      BadInput(
        arguments: ["start", "--owner", "\tada"], status: 64, says: "--owner '\\tada' contains control"),
      BadInput(
        arguments: ["update", "--name", "\u{1B}[2J"], status: 64, says: "--name '\\e[2J' contains control"),
      BadInput(arguments: ["start", "--name", "   "], status: 64, says: "--name is empty; give some text"),
      BadInput(
        arguments: ["start", "--icon", "a b"], status: 64,
        says: "--icon 'a b' is not an icon name; use a word such as timer, run, focus"),
      BadInput(
        arguments: ["start", "--icon", "\u{1B}"], status: 64, says: "--icon '\\e' is not an icon name"),
      BadInput(
        arguments: ["start", "--icon", "banana"], status: 64,
        says: "--icon 'banana' is not an icon; use one of \(knownIcons) (islet icons)"),
      BadInput(
        arguments: ["start", "--plan", "pomodoro", "--icon", "Nonsense"], status: 64,
        says: "--icon 'nonsense' is not an icon; use one of alarm,"),
    ]
    + ["high", "nan", "inf", "1e309"].map {
      BadInput(
        arguments: ["start", "--relevance", $0], status: 64,
        says: "--relevance '\($0)' is not a number; use a number such as 0, 1 or 2.5")
    }

  static let themes: [BadInput] = [
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65,
      says:
        "theme file {folder}/bad.json is not valid JSON; a theme is a JSON object with \"roles\" and \"icons\"",
      prepared: theme("")),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65, says: "is not valid JSON",
      prepared: theme("{\"roles\":")),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65,
      says: "bad.json: roles must be an object mapping roles (background, island,",
      prepared: theme("{\"roles\":[]}")),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65,
      says: "bad.json: roles.timer.fg is 256; use \"#RRGGBB\" or a number 0–255",
      prepared: theme("{\"roles\":{\"timer\":{\"fg\":256}}}")),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65, says: "roles.timer.fg is -1; use",
      prepared: theme("{\"roles\":{\"timer\":{\"fg\":-1}}}")),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65,
      says: "roles.timer.fg is '#GGGGGG'; use",
      prepared: theme("{\"roles\":{\"timer\":{\"fg\":\"#GGGGGG\"}}}")),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65, says: "roles.timer.fg is true; use",
      prepared: theme("{\"roles\":{\"timer\":{\"fg\":true}}}")),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65,
      says: "roles.nope is not a role; use one of background,",
      prepared: theme("{\"roles\":{\"nope\":{\"fg\":1}}}")),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65,
      says: "frob is not a theme key; use name, description, terminal, glyphs, roles and icons",
      prepared: theme("{\"frob\":1}")
    ),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65, says: "is not valid JSON",
      prepared: [.file("bad.json", [0xFF, 0xFE, 0x7B])]),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 65, says: "is not valid JSON",
      prepared: theme(String(repeating: "[", count: 100_000))),
    BadInput(
      arguments: ["--theme", "{folder}/bad.json", "status"], status: 74,
      says: "cannot read the theme file {folder}/bad.json: it is a folder, not a regular file",
      prepared: [.folder("bad.json")]),
    BadInput(
      arguments: ["--theme", "{folder}/missing.json", "status"], status: 74,
      says: "cannot read the theme file {folder}/missing.json: No such file or directory"),
  ]

  static let configurations: [BadInput] =
    [
      ("bell = maybe\n", "config:1: bell is 'maybe'; use on or off"),
      ("stopwatch-switch = always\n", "config:1: stopwatch-switch is 'always'; use on or off"),
      (
        "on-lock = stop\n",
        "config:1: on-lock is 'stop'; use pause, nothing, or one or both of countdowns and work"
      ),
      (
        "away-after = soon\n",
        "config:1: away-after is 'soon'; use a duration from 1s to 24h, such as 10m, or 0 for never"
      ),
      (
        "frob = 1\n",
        "config:1: unknown key 'frob'; known keys: theme, bell, alerts, alert-repeat, alert-every, alert-after-run, snooze, sound, max-idle, stale-after, icon, hooks, mpris, desktop-progress, title, stopwatch-switch, on-lock, on-unlock, away-after, away-default, dnd, dnd-on, dnd-off, dnd-state, plan, goal, plan.NAME, goal.NAME, remote.NAME"
      ),
      ("theme\n", "config:1: 'theme' is not a 'key = value' line"),
      (
        "max-idle = soon\n",
        "config:1: max-idle is 'soon'; use a duration from 1s to 100h, such as 8h, or 0 for never"
      ),
      ("stale-after = -5m\n", "config:1: stale-after is '-5m'; use a duration"),
      ("icon = a b\n", "config:1: icon is 'a b'; use a name such as timer"),
      ("theme = \n", "config:1: theme needs a name or a file"),
      ("hooks =\n", "config:1: hooks needs a folder"),
      ("# fine\n\nbell = loud\n", "config:3: bell is 'loud'"),
      ("bell = \u{1B}[31m\n", "config:1: bell is '\\e[31m'; use on or off"),
      (
        "plan.x = Focus; rounds two\n",
        "config:1: plan.x: 'Focus' has no duration at its end; write a label and a duration, such as 'Focus 25m'"
      ),
      (
        "\nplan.deep = Deep work 50m; rounds two\n",
        "config:2: plan.deep: rounds is 'two'; use a whole number"
      ),
      (
        "plan.deep = Deep work 50m; advance never\n", "config:1: plan.deep: advance is 'never'; use auto, ask"
      ),
      ("plan.x = Work 5m, Break 1m, Walk 1m\n", "config:1: plan.x: a round is a work segment and its break"),
      ("plan.x = Work 5m;\n", "config:1: plan.x: a ';' has nothing after it"),
      ("plan.x = Work 5m, Break 5\n", "config:1: plan.x: 'Break 5': '5' has no unit; write 5s or 5m"),
      (
        "plan.x = Work 5m; long-break 15m every 4\n",
        "config:1: plan.x: a long break every 4 rounds would never come in a plan of 1 round"
      ),
      ("plan.x = Work\\q 5m\n", #"config:1: plan.x: '\q' is not an escape"#),
      ("plan.Deep = Work 5m\n", "config:1: 'plan.Deep' does not name a plan; write plan.NAME with lowercase"),
      (
        "plan.x = Work\u{202E} 5m\n",
        "config:1: plan.x: the label 'Work\\u{202e}' contains the bidirectional control character U+202E"
      ),
      (
        "bell = off\nplan = nope\n",
        "config:2: plan 'nope' is not a plan; use one of pomodoro, tabata, hiit, 52-17"
      ),
      ("plan = two words\n", "config:1: plan is 'two words'; use a plan's name, such as pomodoro or tabata"),
      (
        "goal = lots\n",
        "config:1: goal is 'lots'; use a number of work segments a day, from 0 (no goal) to 999"
      ),
      (
        "# mine\n\ntheme = ocean # blue\nbell = on\n",
        "config:3: unknown theme 'ocean' (themes: default, light, high-contrast, mono, or a path to a .json file)"
      ),
      ("icon = banana\n", "config:1: unknown icon 'banana' (icons: \(knownIcons))"),
      ("bell = on\nplan.x = Work 5m banana\n", "config:2: plan.x: unknown icon 'banana' (icons: alarm,"),
    ].map { BadInput(arguments: ["status"], status: 64, says: $0.1, prepared: config($0.0)) } + [
      BadInput(
        arguments: ["status"], status: 74,
        says: "config:1: cannot read the theme file /nonexistent/nope.json: No such file or directory",
        prepared: config("theme = /nonexistent/nope.json\n")),
      BadInput(
        arguments: ["status"], status: 64, says: "config:1: unknown key",
        prepared: [.file("config/islet/config", [0xFF, 0xFE, 0x20, 0x3D, 0x20, 0x31, 0x0A])]),
      BadInput(
        arguments: ["status"], status: 74,
        says: "{folder}/config/islet/config is a folder, not a regular file; make it a file, or remove it",
        prepared: [.folder("config/islet/config")]),
    ]

  static let stores: [BadInput] = [
    BadInput(
      arguments: ["--db", "{folder}", "start"], status: 74,
      says: "cannot use the store {folder}: it is a directory; give a file path"),
    BadInput(
      arguments: ["--db", "/dev/null", "start"], status: 74,
      says: "cannot use the store /dev/null: it is not a regular file; give a file path"),
    BadInput(arguments: ["--db", "/dev/null", "status"], status: 74, says: "it is not a regular file"),
    BadInput(
      arguments: ["--db", "{folder}/notes.txt", "start"], status: 65,
      says:
        "{folder}/notes.txt is not an Islet store (not a SQLite database); it was left untouched — use --db to choose another file",
      prepared: [.file("notes.txt", Array("my notes\n".utf8))]),
    BadInput(
      arguments: ["--db", "{folder}/other.db", "start"], status: 65,
      says:
        "{folder}/other.db is not an Islet store (another program's SQLite database); it was left untouched",
      prepared: [.foreignDatabase("other.db")]),
    BadInput(
      arguments: ["--db", "{folder}/other.db", "status"], status: 65,
      says: "is not an Islet store (another program's SQLite database)",
      prepared: [.foreignDatabase("other.db")]),
    BadInput(
      arguments: ["--db", "{folder}/cut.db", "status"], status: 65,
      says: "the store {folder}/cut.db is damaged (", prepared: [.damagedStore("cut.db")]),
    BadInput(
      arguments: ["--db", "{folder}/cut.db", "pause"], status: 65, says: "is damaged (",
      prepared: [.damagedStore("cut.db")]),
    BadInput(
      arguments: ["--db", "{folder}/cut.db", "check"], status: 65, says: "is damaged (",
      prepared: [.damagedStore("cut.db")]),
    BadInput(
      arguments: ["--db", "{folder}/new.db", "start"], status: 65,
      says:
        "the store {folder}/new.db has schema version 99, newer than this Islet knows (\(Schema.version)); update Islet",
      prepared: [.newerStore("new.db")]),
    BadInput(
      arguments: ["--db", "/proc/1/nope/islet.db", "start"], status: 74,
      says: "cannot use the store /proc/1/nope/islet.db: cannot make the folder /proc/1/nope"),
  ]

  static let history: [BadInput] = [
    BadInput(arguments: ["laps", "--json", "--csv"], status: 64, says: "choose one of --json and --csv"),
    BadInput(arguments: ["laps", "Nobody"], status: 64, says: "no stopwatch is named 'Nobody'"),
    BadInput(arguments: ["lap", "a", "b"], status: 64, says: "unexpected argument 'b'"),
    BadInput(arguments: ["start", "--ago", "soon"], status: 64, says: "--ago 'soon' is not a duration"),
    BadInput(
      arguments: ["start", "--ago", "25h"], status: 64,
      says: "--ago '25h' is more than 24 hours back; give 24h or less"),
    BadInput(arguments: ["start", "--at", "25:00"], status: 64, says: "--at '25:00' \(timeForms)"),
    BadInput(
      arguments: ["start", "--in=-5m"], status: 64,
      says: "--in '-5m' is in the past; give a time ahead (--in 10m), or --ago 5m for a start already past"),
    BadInput(
      arguments: ["start", "--in", "25h"], status: 64,
      says: "--in '25h' is more than 24 hours ahead; give 24h or less"),
    BadInput(arguments: ["start", "--in", "soon"], status: 64, says: "--in 'soon' is not a duration"),
    BadInput(
      arguments: ["start", "--in", "5m", "--paused"], status: 64,
      says: "--in starts it running; it does not go with --paused"),
    BadInput(
      arguments: ["start", "--ago", "1m", "--at", "9:00"], status: 64,
      says: "give one of --ago, --at and --in, not --ago and --at"),
    BadInput(
      arguments: ["start", "--in", "5m", "--ago", "3m"], status: 64,
      says: "give one of --ago, --at and --in, not --ago and --in"),
    BadInput(
      arguments: ["start", "--ago", "1m", "--paused"], status: 64,
      says: "--ago starts it running; it does not go with --paused"),
    BadInput(
      arguments: ["start", "--at", "9:00", "--until", "10:00"], status: 64,
      says: "--at does not go with --until; give the countdown's DURATION instead"),
    BadInput(
      arguments: ["edit", "abc", "--name", "X"], status: 64,
      says: "'abc' is not a session id; use a number from the ID column of islet log"),
    BadInput(arguments: ["edit", "1"], status: 64, says: "edit needs --name, --category, --start or --end"),
    BadInput(arguments: ["edit", "--name", "X"], status: 64, says: "edit needs a SESSION"),
    BadInput(
      arguments: ["edit", "99", "--name", "X", "--yes"], status: 64,
      says: "there is no session 99; islet log lists the sessions with their ids"),
    BadInput(
      arguments: ["edit", "1", "--start", "soon"], status: 64,
      says: "--start 'soon' is not a time; use HH:MM or YYYY-MM-DD HH:MM"),
    BadInput(
      arguments: ["edit", "1", "--end", "2025-13-01 9:00"], status: 64,
      says: "--end '2025-13-01 9:00' is not a time; use HH:MM or YYYY-MM-DD HH:MM"),
    BadInput(
      arguments: ["edit", "1", "--start", "1900-01-01 00:00"], status: 64,
      says: "--start '1900-01-01 00:00' is before 1970; give a date from 1970 on"),
    BadInput(
      arguments: ["edit", "1", "--end", "0000-01-01 09:00"], status: 64,
      says: "--end '0000-01-01 09:00' is before 1970; give a date from 1970 on"),
    BadInput(
      arguments: ["forget"], status: 64,
      says: "forget needs a SESSION (an id from islet log) or --before DATE"),
    BadInput(arguments: ["forget", "0"], status: 64, says: "'0' is not a session id"),
    BadInput(
      arguments: ["forget", "--before", "soon"], status: 64, says: "--before 'soon' is not a date; use"),
    BadInput(
      arguments: ["forget", "1", "--before", "today"], status: 64,
      says: "give a SESSION or --before DATE, not both"),
  ]

  static let catalogue =
    durations + timesOfDay + words + plans + missingValues + widths + labels + themes
    + configurations + stores + history

  @Test func theCatalogueIsLarge() {
    #expect(Self.catalogue.count >= 80)
  }

  @Test(arguments: catalogue)
  func isRefusedInOneLineAndChangesNothing(_ input: BadInput) throws {
    let islet = Sandbox()
    let now = ["ISLET_NOW": String(t0.milliseconds / 1000)]
    #expect(try islet.binary("start", "25m", "--name", "Workout", extra: now).status == 0)
    try prepare(input.prepared, in: islet)
    let folder = islet.folder.path
    // Every file it was given stays as it was: a store it refused too.
    let touched = input.prepared.compactMap { preparation -> String? in
      switch preparation {
      case .file(let path, _), .foreignDatabase(let path), .damagedStore(let path), .newerStore(let path):
        return path
      case .folder: return nil
      }
    }
    let filesBefore = touched.map { islet.folder.bytes($0) }
    let storeBefore = try contents(of: islet.storePath)

    let arguments = input.arguments.map { $0.replacingOccurrences(of: "{folder}", with: folder) }
    let run = try Binary.run(arguments, environment: islet.environment.merging(now) { $1 })

    #expect(run.status == input.status, "\(run)")
    #expect(run.stdout == "")
    let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(run.stderr.hasSuffix("\n") && (lines.count == 2 || lines.count == 3), "\(run)")
    #expect(lines.first?.hasPrefix("Error: ") == true, "\(run)")
    #expect(
      lines.first?.contains(input.says.replacingOccurrences(of: "{folder}", with: folder)) == true, "\(run)")
    if lines.count == 3 { #expect(lines[1].hasPrefix("Usage: islet"), "\(run)") }
    // Whatever was typed, nothing but text reaches the terminal.
    #expect(
      !run.stderr.unicodeScalars.contains {
        $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value)
      })
    #expect(try contents(of: islet.storePath) == storeBefore)
    #expect(touched.map { islet.folder.bytes($0) } == filesBefore)
  }

  /// `ISLET_NOW` out of the range of times (a script's typo, 1e17) is one line, not a crash.
  @Test(arguments: ["100000000000000000", "-5", "1e400", "soon"])
  func aFixedClockOutOfRangeIsOneLine(_ value: String) throws {
    let islet = Sandbox()
    let run = try islet.binary("status", extra: ["ISLET_NOW": value])
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: ISLET_NOW '\(value)' is not a time; use Unix seconds from 0 to 253402300799, or unset it\n"
        ))
  }

  /// A disk that is full, as far as the store is concerned: the file may not grow
  /// (RLIMIT_FSIZE, with SIGXFSZ ignored so the write fails instead of killing the process).
  @Test func aFullDiskIsExit74AndTheStoreIsUnchanged() throws {
    let islet = Sandbox()
    // A stopwatch starts no deadline watcher, so no process keeps the store open and its log's
    // index must be made anew: that file may not grow either.
    #expect(try islet.binary("start", "--name", "Workout").status == 0)
    // Fold the write-ahead log in, so the next intent must grow a file.
    let database = try Database(path: islet.storePath, readOnly: false)
    try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    database.close()
    let before = try contents(of: islet.storePath)
    for command in [["start", "5m", "--name", "Full"], ["pause"], ["update", "--name", "Renamed"]] {
      let run = try Binary.run(
        ["-c", "trap '' XFSZ; ulimit -f 1; exec \"$@\"", "sh", Binary.path] + command,
        environment: islet.environment, executable: "/bin/sh")
      #expect(run.status == 74, "\(command): \(run)")
      #expect(
        run.stderr
          == "Error: cannot use the store \(islet.storePath): disk I/O error (writing failed: the disk may be full or the file too large; make room and try again)\n",
        "\(command): \(run)")
      #expect(try contents(of: islet.storePath) == before)
    }
    // With room again, the same intent goes through.
    #expect(try islet.binary("pause").status == 0)
  }

  /// Text that tmux would run (`#(…)`) or format is fine as a name: it is kept as typed, and
  /// the status line escapes it.
  @Test func tmuxFormatsInANameAreKeptAndEscaped() throws {
    let islet = Sandbox()
    let now = ["ISLET_NOW": String(t0.milliseconds / 1000)]
    try islet.binary("start", "--name", "#(touch pwned) #[fg=red]", extra: now)
    #expect(try islet.binary("list", extra: now).stdout.contains("#(touch pwned) #[fg=red]"))
    let line = try islet.binary("status", "--format", "tmux", "--template", "{name}", extra: now)
    #expect(line == Run(status: 0, stdout: "##(touch pwned) ##[fg=red]\n", stderr: ""))
  }

  func prepare(_ preparations: [Preparation], in islet: Sandbox) throws {
    for preparation in preparations {
      switch preparation {
      case .file(let path, let bytes):
        try FileManager.default.createDirectory(
          atPath: (islet.folder.file(path) as NSString).deletingLastPathComponent,
          withIntermediateDirectories: true)
        islet.folder.write(path, bytes)
      case .folder(let path):
        try FileManager.default.createDirectory(
          atPath: islet.folder.file(path), withIntermediateDirectories: true)
      case .foreignDatabase(let path):
        let database = try Database(path: islet.folder.file(path), readOnly: false)
        try database.execute("CREATE TABLE notes(text); INSERT INTO notes VALUES ('mine')")
        database.close()
      case .damagedStore(let path):
        let file = islet.folder.file(path)
        #expect(try islet.binary("--db", file, "start", "--name", "Cut").status == 0)
        let bytes = islet.folder.bytes(path) ?? []
        for suffix in ["-wal", "-shm"] { unlink(file + suffix) }
        islet.folder.write(path, Array(bytes.prefix(100)))
      case .newerStore(let path):
        let file = islet.folder.file(path)
        #expect(try islet.binary("--db", file, "start", "--name", "Later").status == 0)
        let database = try Database(path: file, readOnly: false)
        try database.execute("PRAGMA user_version = 99")
        database.close()
      }
    }
  }
}

/// Every row of every table, to compare a store before and after.
func contents(of path: String) throws -> [String] {
  let database = try Database(path: path, readOnly: true)
  defer { database.close() }
  var rows: [String] = []
  let tables = try database.query("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
  for row in tables {
    guard let table = row[0].string else { continue }
    // A table without a rowid (the roll-up) is read in the order of its key.
    let order = row[1].string?.contains("WITHOUT ROWID") == true ? "" : " ORDER BY rowid"
    rows += try database.query("SELECT * FROM \"\(table)\"\(order)").map { "\(table): \($0)" }
  }
  rows.append("user_version: \(try database.query("PRAGMA user_version"))")
  return rows
}
