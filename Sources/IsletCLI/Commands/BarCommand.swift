import IsletCore
import IsletRuntime
import IsletUI

/// `islet bar NAME`: a configuration snippet for a desktop bar that runs
/// `islet status --follow --format NAME`, naming this binary by its path, as `islet tmux` does.
struct BarCommand: Command {
  static let specs = [
    CommandSpec(
      name: "bar",
      operands: "waybar|polybar|i3blocks|i3bar|i3status-rs",
      brief: "a snippet for a desktop bar's configuration",
      summary:
        "Print a snippet for a desktop bar's configuration: a module that follows the current timer and whose clicks send intents.",
      details: """
        The snippet names this binary by its path and runs islet status --follow, which prints a
        new line whenever the island changes. A left click toggles, a right click completes, a
        middle click resets. Paste it where the comment at its top says.
        i3blocks 1.4 (Debian 12's) sends no clicks to a block that keeps running, so its block
        is run each second and again on a click; --for 1.5 (or later) makes a block that
        follows and reads its clicks.

        Examples:
          islet bar waybar
          islet bar i3blocks --for 1.5
        """,
      options: [
        OptionSpec(
          .forDuration, value: "VERSION",
          help: "the i3blocks version the block is for (default 1.4: runs on every one)")
      ],
      maxOperands: 1, globals: [.theme])
  ]

  let bar: BarFormat
  /// For i3blocks: a persistent block that reads its clicks (1.5 and later), or one run again
  /// each second and on a click (1.4).
  let persistent: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let names = BarFormat.names.joined(separator: ", ")
    guard let name = parsed.operands.first else {
      throw UsageError(message: "name a bar: \(names)", command: "bar")
    }
    guard let bar = BarFormat(rawValue: name) else {
      throw UsageError(message: "'\(printable(name))' is not a bar; use \(names)", command: "bar")
    }
    self.bar = bar
    persistent = try Self.persistent(parsed, bar: bar)
  }

  /// `--for VERSION`: i3blocks only; from 1.5 on it writes a persistent block's clicks to it.
  private static func persistent(_ parsed: ParsedArguments, bar: BarFormat) throws -> Bool {
    guard let text = parsed.value(.forDuration) else { return false }
    guard bar == .i3blocks else { throw UsageError(message: "--for is for i3blocks", command: "bar") }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 2, let major = parts[0], let minor = parts[1], major >= 0, minor >= 0 else {
      throw UsageError(
        message: "--for '\(printable(text))' is not a version; use one like 1.4 or 1.5", command: "bar")
    }
    return BarFormat.i3blocksClicksPersistentBlocks(major: major, minor: minor)
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let binary = try Spawner.pathForConfiguration("a bar's configuration")
    let lines = Self.snippet(bar, binary: binary, persistent: persistent, theme: try environment.theme)
    environment.console.out(lines.joined(separator: "\n") + "\n")
    return .ok
  }

  /// The snippet's lines; every command names the binary single-quoted for the shell the bar
  /// runs it with. `persistent`: i3blocks' form for 1.5 and later; `theme`: the colors of
  /// waybar's style sheet.
  static func snippet(
    _ bar: BarFormat, binary: String, persistent: Bool = false, theme: Theme = ThemeCatalog.fallback
  ) -> [String] {
    let run = shellQuoted(binary)
    let follow = "\(run) status --follow --format \(bar.rawValue)"
    switch bar {
    case .waybar: return waybarSnippet(run: run, follow: follow, theme: theme)
    case .polybar: return polybarSnippet(follow: follow)
    case .i3blocks: return i3blocksSnippet(run: run, follow: follow, persistent: persistent)
    case .i3bar: return i3barSnippet(binary: binary)
    case .i3statusRs: return i3statusRsSnippet(run: run, follow: follow)
    }
  }

  /// `'…'` for /bin/sh, a `'` written `quote` (`'\''`, or `'"'"'` where a backslash would be
  /// read before sh reads it).
  static func shellQuoted(_ text: String, quote: String = "'\\''") -> String {
    var out = "'"
    for character in text {
      if character == "'" { out += quote } else { out.append(character) }
    }
    return out + "'"
  }

  /// `"…"` for i3's and sway's configuration parsers, which both take the quotes off (sway
  /// drops single quotes standing alone, i3 keeps them): a `"` in it written `\"`, which both
  /// unescape. (A backslash they read apart: i3 keeps `\\` as it is, sway halves it.)
  static func configQuoted(_ text: String) -> String {
    var out = "\""
    for character in text {
      if character == "\"" { out.append("\\") }
      out.append(character)
    }
    return out + "\""
  }

  /// A double-quoted string as JSON and TOML both read it.
  static func json(_ text: String) -> String { JSON.string(text).text }

  /// A polybar value: its backslash is an escape, so it is doubled.
  static func ini(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "\\" { out += "\\\\" } else { out.append(character) }
    }
    return out
  }
}

// MARK: - Each bar's snippet

extension BarCommand {
  /// The pill and the bubble are modules of their own, so each has its own clicks; the style
  /// sheet's colors are the theme's.
  fileprivate static func waybarSnippet(run: String, follow: String, theme: Theme) -> [String] {
    let bubble = "\(run) status --format waybar --part bubble --click"
    var lines = [
      "// Islet for waybar: add \"custom/islet\" and \"custom/islet-next\" to a modules list in",
      "// ~/.config/waybar/config, and these modules beside the others.",
      "\"custom/islet\": {",
      "  \"exec\": \(json(follow + " --part pill")),",
      "  \"return-type\": \"json\",",
      "  \"restart-interval\": 5,",
      "  \"on-click\": \(json("\(run) toggle")),",
      "  \"on-click-right\": \(json("\(run) complete")),",
      "  \"on-click-middle\": \(json("\(run) reset"))",
      "},",
      "\"custom/islet-next\": {",
      "  \"exec\": \(json(follow + " --part bubble")),",
      "  \"return-type\": \"json\",",
      "  \"restart-interval\": 5,",
      "  \"on-click\": \(json("\(bubble) 1 >/dev/null")),",
      "  \"on-click-right\": \(json("\(bubble) 3 >/dev/null")),",
      "  \"on-click-middle\": \(json("\(bubble) 2 >/dev/null"))",
      "},",
      "// And in ~/.config/waybar/style.css (without the //), each phase in its color:",
    ]
    for (name, role) in BarFormat.waybarClassRoles {
      if let color = BarFormat.color(role, in: theme) {
        lines.append("// #custom-islet.\(name) { color: \(color); }")
      }
    }
    if let color = BarFormat.color(.secondary, in: theme) {
      lines.append("// #custom-islet-next { color: \(color); }")
    }
    return lines
  }

  fileprivate static func polybarSnippet(follow: String) -> [String] {
    return [
      "; Islet for polybar: add islet to modules-right (or -left) in ~/.config/polybar/config.ini.",
      "; The clicks are in the line itself: left toggles, right completes, middle resets.",
      "[module/islet]",
      "type = custom/script",
      "exec = \(ini(follow))",
      "tail = true",
    ]
  }

  /// `persistent`: the form for i3blocks 1.5 and later, which writes its clicks to the command.
  fileprivate static func i3blocksSnippet(run: String, follow: String, persistent: Bool) -> [String] {
    if persistent {
      return [
        "# Islet for i3blocks 1.5 and later: paste into ~/.config/i3blocks/config.",
        "# It follows the timer; i3blocks writes its clicks to it.",
        "[islet]",
        "command=\(follow) --read-clicks",
        "interval=persist",
        "format=json",
      ]
    }
    return [
      "# Islet for i3blocks (1.4, Debian 12's, and later): paste into ~/.config/i3blocks/config.",
      "# i3blocks runs it each second, and again on a click with the button in BLOCK_BUTTON.",
      "[islet]",
      "command=\(run) status --format i3blocks --click \"$BLOCK_BUTTON\"",
      "interval=1",
      "format=json",
    ]
  }

  fileprivate static func i3barSnippet(binary: String) -> [String] {
    // i3 unescapes only `\"` in a quoted string, sway `\\` too: a `'` in the path is quoted
    // without a backslash, so that both read the same command.
    let i3barFollow = shellQuoted(binary, quote: "'\"'\"'") + " status --follow --format i3bar"
    return [
      "# Islet for i3bar or swaybar: the bar section of ~/.config/i3/config (or sway's).",
      "# It replaces the bar's status command; clicks reach it on stdin. i3 and sway both",
      "# take off the double quotes (sway drops bare single quotes).",
      "bar {",
      "  status_command \(configQuoted(i3barFollow))",
      "}",
    ]
  }

  fileprivate static func i3statusRsSnippet(run: String, follow: String) -> [String] {
    return [
      "# Islet for i3status-rust: paste into ~/.config/i3status-rust/config.toml.",
      "[[block]]",
      "block = \"custom\"",
      "command = \(json(follow))",
      "persistent = true",
      "json = true",
      "# Islet's text alone: the default format puts the icon set's icon before it.",
      "format = \" $text.pango-str() \"",
      "hide_when_empty = true",
      "[[block.click]]",
      "button = \"left\"",
      "cmd = \(json("\(run) toggle"))",
      "[[block.click]]",
      "button = \"right\"",
      "cmd = \(json("\(run) complete"))",
      "[[block.click]]",
      "button = \"middle\"",
      "cmd = \(json("\(run) reset"))",
    ]
  }
}
