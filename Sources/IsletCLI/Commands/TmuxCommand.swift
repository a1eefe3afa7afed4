import IsletCore

extension Context {
  /// `islet tmux`: a commented snippet for `~/.tmux.conf` that names this binary by its path.
  ///
  /// The path is written once, as the value of tmux's global environment variable `ISLET_BIN`
  /// in a tmux double-quoted string (`\\`, `\"`, `\$` and control characters escaped). Every
  /// command then says `"$ISLET_BIN"` inside tmux single quotes: tmux neither expands nor
  /// unescapes it, no `#` or `)` of the path meets tmux's format expander, and /bin/sh reads the
  /// path from its environment, never parsing it. So any path works that is UTF-8.
  func tmuxSnippet() throws -> ExitStatus {
    let bytes = Spawner.executableBytes ?? Array("islet".utf8)
    guard let binary = String(validating: bytes, as: UTF8.self) else {
      throw CommandFailure(
        message:
          "this binary's path is not valid UTF-8 ('\(escaped(bytes, limit: 200))'), which tmux cannot keep; "
          + "install islet under a UTF-8 path",
        status: .usage)
    }
    var keys: [String: String] = [:]
    for (option, fallback) in [
      ("toggle-key", "P"), ("reset-key", "R"), ("complete-key", "D"), ("end-key", "X"), ("pane-key", "I"),
      ("start-key", "T"), ("rename-key", "N"),
    ] {
      let key = arguments.value(option) ?? fallback
      // One key name as tmux writes them: a character, or a name such as F5 or C-p.
      guard !key.isEmpty, key.count <= 12,
        key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-+_".contains($0)) })
      else {
        throw UsageError(
          message: "--\(option) '\(printable(key))' is not a tmux key; use a key such as P, F5 or C-p",
          command: "tmux")
      }
      keys[option] = key
    }
    let debug = binary.contains("/debug/")
    let run = #""$ISLET_BIN""#
    var lines = ["# Islet for tmux: paste into ~/.tmux.conf, then run: tmux source-file ~/.tmux.conf"]
    if debug {
      let warning =
        "this is a debug build; for a status line that costs nothing, install a release build (see the README)"
      lines.append("# Warning: \(warning)")
      console.err("islet: \(warning)\n")
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
      "bind-key \(keys["toggle-key", default: ""]) run-shell -b '\(run) toggle >/dev/null 2>&1 || true'",
      "bind-key \(keys["reset-key", default: ""]) run-shell -b '\(run) reset >/dev/null 2>&1 || true'",
      "bind-key \(keys["complete-key", default: ""]) run-shell -b '\(run) complete >/dev/null 2>&1 || true'",
      "bind-key \(keys["end-key", default: ""]) run-shell -b '\(run) end >/dev/null 2>&1 || true'",
      "",
      "# Prompts: a countdown of a typed duration, and a new name for the current timer. The typed",
      "# text goes through a tmux buffer, never through a shell, so quotes, $(…) and # stay text.",
      "bind-key \(keys["start-key", default: ""]) command-prompt -p \"Countdown (e.g. 25m):\" \"set-buffer -b islet-input -- \\\"%%%\\\" ; run-shell -b '\\\"\\$ISLET_BIN\\\" start --from-tmux-buffer islet-input >/dev/null 2>&1 || true'\"",
      "bind-key \(keys["rename-key", default: ""]) command-prompt -p \"Rename the timer:\" \"set-buffer -b islet-input -- \\\"%%%\\\" ; run-shell -b '\\\"\\$ISLET_BIN\\\" update --from-tmux-buffer islet-input >/dev/null 2>&1 || true'\"",
      "",
      "# A one-row pane with the live island (q closes it; the timer keeps running).",
      "bind-key \(keys["pane-key", default: ""]) split-window -v -l 1 '\(run) --presentation compact'",
    ]
    console.out(lines.joined(separator: "\n") + "\n")
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
