import IsletCore
import IsletRuntime
import IsletUI

/// `islet tmux`: a commented snippet for `~/.tmux.conf` that names this binary by its path.
///
/// The path is written once, as the value of tmux's global environment variable `ISLET_BIN`
/// in a tmux double-quoted string (`\\`, `\"`, `\$` and control characters escaped). Every
/// command then says `"$ISLET_BIN"` inside tmux single quotes: tmux neither expands nor
/// unescapes it, no `#` or `)` of the path meets tmux's format expander, and /bin/sh reads the
/// path from its environment, never parsing it. So any path works that is UTF-8.
struct TmuxCommand: Command {
  static let specs = [
    CommandSpec(
      name: "tmux",
      operands: "",
      brief: "a snippet for ~/.tmux.conf: status line, keys, clicks, a pane",
      summary:
        "Print a snippet for ~/.tmux.conf: the status-line island, an Islet key table, clicks and a one-row pane.",
      details: """
        The snippet names this binary by its path. Paste it into ~/.tmux.conf after your own
        status-right and run tmux source-file ~/.tmux.conf; sourcing it again changes nothing.
        Its keys live in a key table of their own, entered with prefix T (--table-key), so they
        replace none of tmux's keys: prefix T p pauses or resumes. A click on the island needs
        set -g mouse on: left toggles, right opens a menu, middle shows the expanded island in a
        popup. The snippet is made for the tmux on PATH (tmux -V; --tmux-version says another):
        from tmux 3.4 only the island is a button, before it the right of the status line is.
        Run it from a release build (see the README): tmux calls the status command every
        second. The plan key starts the plan that 'plan =' names in the configuration
        (pomodoro unless set), as it was when the snippet was printed: print the snippet again
        after changing it.

        Example:
          islet tmux --table-key F5 >> ~/.tmux.conf
        """,
      options: [
        OptionSpec(.tableKey, value: "K", help: "after the prefix, enters Islet's keys (default T)"),
        OptionSpec(.toggleKey, value: "K", help: "start, pause or resume (default \(Keys().toggle))"),
        OptionSpec(.resetKey, value: "K", help: "reset (default \(Keys().reset))"),
        OptionSpec(.completeKey, value: "K", help: "complete (default \(Keys().complete))"),
        OptionSpec(.endKey, value: "K", help: "end (default \(Keys().end))"),
        OptionSpec(
          .snoozeKey, value: "K", help: "snooze a finished countdown (default \(Keys().snooze))"),
        OptionSpec(.skipKey, value: "K", help: "skip a plan's segment (default \(Keys().skip))"),
        OptionSpec(
          .planKey, value: "K",
          help: "start the plan the configuration names (default \(Keys().plan))"),
        OptionSpec(
          .paneKey, value: "K", help: "open a one-row pane with the island (default \(Keys().pane))"),
        OptionSpec(
          .startKey, value: "K",
          help: "prompt for a duration and start a countdown (default \(Keys().start))"),
        OptionSpec(
          .renameKey, value: "K",
          help: "prompt for a new name for the current timer (default \(Keys().rename))"),
        OptionSpec(.menuKey, value: "K", help: "open the island's menu (default \(Keys().menu))"),
        OptionSpec(
          .tmuxVersion, value: "V", help: "make the snippet for this tmux (default: tmux -V)"),
      ],
      maxOperands: 0)
  ]

  /// The keys bound in the `islet` key table, each one key name as tmux writes them.
  /// The table's keys: the view's letters where the view has the action (`KeyBindings`), so
  /// a letter does the same in both; the rest are tmux's own and taken by none of the view's.
  struct Keys {
    var toggle = KeyBindings.letter(for: .toggle)
    var reset = KeyBindings.letter(for: .reset)
    var complete = KeyBindings.letter(for: .complete)
    var end = KeyBindings.letter(for: .end)
    var snooze = KeyBindings.letter(for: .more)
    var skip = KeyBindings.letter(for: .skip)
    var start = KeyBindings.letter(for: .new)
    var plan = "P"
    var pane = "o"
    var rename = "u"
    var menu = "m"
  }

  /// Each key's option, and the key it sets.
  static var keyOptions: [(Option, WritableKeyPath<Keys, String>)] {
    [
      (.toggleKey, \.toggle), (.resetKey, \.reset), (.completeKey, \.complete), (.endKey, \.end),
      (.snoozeKey, \.snooze), (.skipKey, \.skip), (.planKey, \.plan), (.paneKey, \.pane),
      (.startKey, \.start), (.renameKey, \.rename), (.menuKey, \.menu),
    ]
  }

  /// The key after the prefix that enters the `islet` table: tmux 3.3 binds neither `T` nor
  /// the plugin manager (`I`, `U`, `M-u`).
  let tableKey: String
  let keys: Keys
  /// The tmux the snippet is for, as `tmux -V` says it; nil to ask the tmux on PATH.
  let version: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    var keys = Keys()
    var bound: [String: String] = [:]
    for (declared, path) in Self.keyOptions {
      let option = declared.name
      let key = try Self.key(parsed.value(declared) ?? keys[keyPath: path], option: option)
      // A second binding of a key in the table would silently replace the first.
      if let other = bound[key] {
        throw UsageError(
          message: "--\(other) and --\(option) are both '\(key)'; give each a key of its own", command: "tmux"
        )
      }
      bound[key] = option
      keys[keyPath: path] = key
    }
    self.keys = keys
    tableKey = try Self.key(parsed.value(.tableKey) ?? "T", option: "table-key")
    version = parsed.value(.tmuxVersion)
    if let version, TmuxVersion(version) == nil {
      throw UsageError(
        message: "--tmux-version '\(printable(version))' is not a tmux version; use one such as 3.3a or 3.4",
        command: "tmux")
    }
  }

  /// One key name as tmux writes them: a character, or a name such as F5 or C-p.
  static func key(_ key: String, option: String) throws -> String {
    guard !key.isEmpty, key.count <= 12,
      key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-+_".contains($0)) })
    else {
      throw UsageError(
        message: "--\(option) '\(printable(key))' is not a tmux key; use a key such as P, F5 or C-p",
        command: "tmux")
    }
    return key
  }

  func run(in environment: Environment) throws -> ExitStatus {
    // A plan's name is lowercase letters, digits and '-': safe inside tmux's single quotes.
    let plan = try environment.configuration.plan
    let binary = try Spawner.pathForConfiguration("tmux")
    let tmux = version.flatMap(TmuxVersion.init) ?? TmuxVersion.onPath(environment.variables)
    var lines = ["# Islet for tmux: paste into ~/.tmux.conf, then run: tmux source-file ~/.tmux.conf"]
    if binary.contains("/debug/") {
      let warning =
        "this is a debug build; for a status line that costs nothing, install a release build (see the README)"
      lines.append("# Warning: \(warning)")
      environment.console.err("islet: \(warning)\n")
    }
    let snippet = TmuxSnippet(
      keys: keys, tableKey: tableKey, plan: plan, ranges: tmux?.hasUserRanges ?? false,
      menuMouse: tmux?.hasMenuMouse ?? false)
    lines += [
      "# Made for \(tmux.map { "tmux \($0.text)" } ?? "tmux 3.3 (no tmux on PATH)"): print it again for another tmux.",
      "",
      "# Where this islet is; every command below runs it as \"$ISLET_BIN\".",
      "set-environment -g ISLET_BIN \"\(Self.tmuxDoubleQuoted(binary))\"",
    ]
    lines += snippet.lines
    environment.console.out(lines.joined(separator: "\n") + "\n")
    return .ok
  }

  /// Text inside a tmux double-quoted string, kept exactly: tmux unescapes `\\`, `\"`, `\$`
  /// and octal `\NNN`, and would otherwise expand `$NAME`.
  static func tmuxDoubleQuoted(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\", "\"", "$": out += "\\" + String(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let octal = String(scalar.value, radix: 8)
        out += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
