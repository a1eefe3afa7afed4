import IsletCore

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
      brief: "a snippet for ~/.tmux.conf: status line, keys, a pane",
      summary: "Print a snippet for ~/.tmux.conf: the status-line segment, key bindings and a one-row pane.",
      details: """
        The snippet names this binary by its path. Paste it into ~/.tmux.conf and run
        tmux source-file ~/.tmux.conf. Run it from a release build (see the README): tmux calls the
        status command every second. The plan key starts the plan that 'plan =' names in the
        configuration (pomodoro unless set), as it was when the snippet was printed: print the
        snippet again after changing it.

        Example:
          islet tmux --toggle-key F5 >> ~/.tmux.conf
        """,
      options: [
        OptionSpec(name: "toggle-key", value: "K", help: "start, pause or resume (default P)"),
        OptionSpec(name: "reset-key", value: "K", help: "reset (default R)"),
        OptionSpec(name: "complete-key", value: "K", help: "complete (default D)"),
        OptionSpec(name: "end-key", value: "K", help: "end (default X)"),
        OptionSpec(name: "skip-key", value: "K", help: "skip a plan's segment (default S)"),
        OptionSpec(
          name: "plan-key", value: "K", help: "start the plan the configuration names (default O)"),
        OptionSpec(name: "pane-key", value: "K", help: "open a one-row pane with the island (default I)"),
        OptionSpec(
          name: "start-key", value: "K", help: "prompt for a duration and start a countdown (default T)"),
        OptionSpec(
          name: "rename-key", value: "K", help: "prompt for a new name for the current timer (default N)"),
      ],
      maxOperands: 0)
  ]

  /// The keys bound, after the prefix, each one key name as tmux writes them.
  struct Keys {
    var toggle = "P"
    var reset = "R"
    var complete = "D"
    var end = "X"
    var skip = "S"
    var plan = "O"
    var pane = "I"
    var start = "T"
    var rename = "N"
  }

  let keys: Keys

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    var keys = Keys()
    let options: [(String, WritableKeyPath<Keys, String>)] = [
      ("toggle-key", \.toggle), ("reset-key", \.reset), ("complete-key", \.complete), ("end-key", \.end),
      ("skip-key", \.skip), ("plan-key", \.plan), ("pane-key", \.pane), ("start-key", \.start),
      ("rename-key", \.rename),
    ]
    var bound: [String: String] = [:]
    for (option, path) in options {
      let key = parsed.value(option) ?? keys[keyPath: path]
      // One key name as tmux writes them: a character, or a name such as F5 or C-p.
      guard !key.isEmpty, key.count <= 12,
        key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-+_".contains($0)) })
      else {
        throw UsageError(
          message: "--\(option) '\(printable(key))' is not a tmux key; use a key such as P, F5 or C-p",
          command: "tmux")
      }
      // A second binding of a key would silently replace the first.
      if let other = bound[key] {
        throw UsageError(
          message: "--\(other) and --\(option) are both '\(key)'; give each a key of its own", command: "tmux"
        )
      }
      bound[key] = option
      keys[keyPath: path] = key
    }
    self.keys = keys
  }

  func run(in environment: Environment) throws -> ExitStatus {
    // A plan's name is lowercase letters, digits and '-': safe inside tmux's single quotes.
    let plan = try environment.configuration.plan
    let bytes = Spawner.executableBytes ?? Array("islet".utf8)
    guard let binary = String(validating: bytes, as: UTF8.self) else {
      throw CommandFailure(
        message:
          "this binary's path is not valid UTF-8 ('\(escaped(bytes, limit: 200))'), which tmux cannot keep; "
          + "install islet under a UTF-8 path",
        status: .usage)
    }
    let debug = binary.contains("/debug/")
    let run = #""$ISLET_BIN""#
    var lines = ["# Islet for tmux: paste into ~/.tmux.conf, then run: tmux source-file ~/.tmux.conf"]
    if debug {
      let warning =
        "this is a debug build; for a status line that costs nothing, install a release build (see the README)"
      lines.append("# Warning: \(warning)")
      environment.console.err("islet: \(warning)\n")
    }
    lines += [
      "",
      "# Where this islet is; every command below runs it as \"$ISLET_BIN\".",
      "set-environment -g ISLET_BIN \"\(Self.tmuxDoubleQuoted(binary))\"",
      "",
      "# The status line: the current timer as the Dynamic Island's compact pill, redrawn every",
      "# second; it disappears when nothing is live.",
      "set -g status-interval 1",
      "set -g status-right-length 100",
      "set -ag status-right ' #(\(run) status --format tmux)'",
      "",
      "# Keys (after the prefix). Output is silenced so nothing is printed over your pane.",
      "bind-key \(keys.toggle) run-shell -b '\(run) toggle >/dev/null 2>&1 || true'",
      "bind-key \(keys.reset) run-shell -b '\(run) reset >/dev/null 2>&1 || true'",
      "bind-key \(keys.complete) run-shell -b '\(run) complete >/dev/null 2>&1 || true'",
      "bind-key \(keys.end) run-shell -b '\(run) end >/dev/null 2>&1 || true'",
      "",
      "# Plans: start the configured one (plan = \(plan)), and skip to its next segment.",
      "bind-key \(keys.plan) run-shell -b '\(run) start --plan \(plan) >/dev/null 2>&1 || true'",
      "bind-key \(keys.skip) run-shell -b '\(run) skip >/dev/null 2>&1 || true'",
      "",
      "# Prompts: a countdown of a typed duration, and a new name for the current timer. The typed",
      "# text goes through a tmux buffer, never through a shell, so quotes, $(…) and # stay text.",
      "bind-key \(keys.start) command-prompt -p \"Countdown (e.g. 25m):\" \"set-buffer -b islet-input -- \\\"%%%\\\" ; run-shell -b '\\\"\\$ISLET_BIN\\\" start --from-tmux-buffer islet-input >/dev/null 2>&1 || true'\"",
      "bind-key \(keys.rename) command-prompt -p \"Rename the timer:\" \"set-buffer -b islet-input -- \\\"%%%\\\" ; run-shell -b '\\\"\\$ISLET_BIN\\\" update --from-tmux-buffer islet-input >/dev/null 2>&1 || true'\"",
      "",
      "# A one-row pane with the live island (q closes it; the timer keeps running).",
      "bind-key \(keys.pane) split-window -v -l 1 '\(run) --presentation compact'",
    ]
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
