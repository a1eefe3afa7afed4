import IsletCore

extension Context {
  /// `islet tmux`: a commented snippet for `~/.tmux.conf` that names this binary by its path.
  func tmuxSnippet() throws -> ExitStatus {
    let binary = Spawner.executablePath ?? "islet"
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
    let quoted = "'" + binary.replacingAll("'", with: "'\\''") + "'"
    var lines = ["# Islet for tmux: paste into ~/.tmux.conf, then run: tmux source-file ~/.tmux.conf"]
    if debug {
      let warning =
        "this is a debug build; for a status line that costs nothing, install a release build (see the README)"
      lines.append("# Warning: \(warning)")
      console.err("islet: \(warning)\n")
    }
    lines += [
      "",
      "# The status line: the current timer as the Dynamic Island's compact pill, redrawn every",
      "# second; it disappears when nothing is live.",
      "set -g status-interval 1",
      "set -g status-right-length 100",
      "set -ag status-right \" #(\(quoted) status --format tmux)\"",
      "",
      "# Keys (after the prefix). Output is silenced so nothing is printed over your pane.",
      "bind-key \(keys["toggle-key", default: ""]) run-shell -b \"\(quoted) toggle >/dev/null 2>&1 || true\"",
      "bind-key \(keys["reset-key", default: ""]) run-shell -b \"\(quoted) reset >/dev/null 2>&1 || true\"",
      "bind-key \(keys["complete-key", default: ""]) run-shell -b \"\(quoted) complete >/dev/null 2>&1 || true\"",
      "bind-key \(keys["end-key", default: ""]) run-shell -b \"\(quoted) end >/dev/null 2>&1 || true\"",
      "",
      "# Prompts: a countdown of a typed duration, and a new name for the current timer. The typed",
      "# text goes through a tmux buffer, never through a shell, so quotes, $(…) and # stay text.",
      "bind-key \(keys["start-key", default: ""]) command-prompt -p \"Countdown (e.g. 25m):\" \"set-buffer -b islet-input -- \\\"%%%\\\" ; run-shell -b \\\"\(quoted) start --from-tmux-buffer islet-input >/dev/null 2>&1 || true\\\"\"",
      "bind-key \(keys["rename-key", default: ""]) command-prompt -p \"Rename the timer:\" \"set-buffer -b islet-input -- \\\"%%%\\\" ; run-shell -b \\\"\(quoted) update --from-tmux-buffer islet-input >/dev/null 2>&1 || true\\\"\"",
      "",
      "# A one-row pane with the live island (q closes it; the timer keeps running).",
      "bind-key \(keys["pane-key", default: ""]) split-window -v -l 1 \"\(quoted) --presentation compact\"",
    ]
    console.out(lines.joined(separator: "\n") + "\n")
    return .ok
  }
}
