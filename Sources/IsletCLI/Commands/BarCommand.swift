import IsletCore
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

        Example:
          islet bar waybar
        """,
      maxOperands: 1)
  ]

  let bar: BarFormat

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let names = BarFormat.names.joined(separator: ", ")
    guard let name = parsed.operands.first else {
      throw UsageError(message: "name a bar: \(names)", command: "bar")
    }
    guard let bar = BarFormat(rawValue: name) else {
      throw UsageError(message: "'\(printable(name))' is not a bar; use \(names)", command: "bar")
    }
    self.bar = bar
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let binary = try Spawner.pathForConfiguration("a bar's configuration")
    environment.console.out(Self.snippet(bar, binary: binary).joined(separator: "\n") + "\n")
    return .ok
  }

  /// The snippet's lines; every command names the binary single-quoted for the shell the bar
  /// runs it with.
  static func snippet(_ bar: BarFormat, binary: String) -> [String] {
    let run = shellQuoted(binary)
    let follow = "\(run) status --follow --format \(bar.rawValue)"
    switch bar {
    case .waybar:
      return [
        "// Islet for waybar: add \"custom/islet\" to a modules list in ~/.config/waybar/config,",
        "// and this module beside the others.",
        "\"custom/islet\": {",
        "  \"exec\": \(json(follow)),",
        "  \"return-type\": \"json\",",
        "  \"restart-interval\": 5,",
        "  \"on-click\": \(json("\(run) toggle")),",
        "  \"on-click-right\": \(json("\(run) complete")),",
        "  \"on-click-middle\": \(json("\(run) reset"))",
        "},",
        "// Style it by phase in style.css: #custom-islet.finished { color: #ff453a; }",
      ]
    case .polybar:
      return [
        "; Islet for polybar: add islet to modules-right (or -left) in ~/.config/polybar/config.ini.",
        "; The clicks are in the line itself: left toggles, right completes, middle resets.",
        "[module/islet]",
        "type = custom/script",
        "exec = \(ini(follow))",
        "tail = true",
      ]
    case .i3blocks:
      return [
        "# Islet for i3blocks: paste into ~/.config/i3blocks/config. Clicks reach it on stdin.",
        "[islet]",
        "command=\(follow)",
        "interval=persist",
        "format=json",
      ]
    case .i3bar:
      return [
        "# Islet for i3bar or swaybar: the bar section of ~/.config/i3/config (or sway's).",
        "# It replaces the bar's status command; clicks reach it on stdin.",
        "bar {",
        "  status_command \(follow)",
        "}",
      ]
    case .i3statusRs:
      return [
        "# Islet for i3status-rust: paste into ~/.config/i3status-rust/config.toml.",
        "[[block]]",
        "block = \"custom\"",
        "command = \(json(follow))",
        "persistent = true",
        "json = true",
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

  /// `'…'` for /bin/sh, a `'` written `'\''`.
  static func shellQuoted(_ text: String) -> String {
    var out = "'"
    for character in text {
      if character == "'" { out += "'\\''" } else { out.append(character) }
    }
    return out + "'"
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
