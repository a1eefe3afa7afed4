import IsletCore
import IsletRuntime

/// `islet(1)` in roff, made from the declarations `--help` is made from (`commandSpecs`,
/// `globalOptions`, `DeviceCommand.options`, `ExitStatus.documented`), so the two cannot differ.
/// `islet __man` prints it; `make install` installs it.
enum ManPage {
  static var text: String {
    var page = """
      .TH ISLET 1 "" "islet \(CommandLineInterface.version)" "User Commands"
      .\\" Made by islet __man from the command declarations; do not edit.
      .nh
      .ad l
      .SH NAME
      islet \\- \(Roff.escape(tagline))
      .SH SYNOPSIS
      .B islet
      [\\fIOPTIONS\\fR]
      .br
      .B islet
      \\fICOMMAND\\fR [\\fIOPERANDS\\fR] [\\fIOPTIONS\\fR]
      .SH DESCRIPTION

      """
    page += Roff.paragraphs(aboutIslet)
    page += ".SH OPTIONS\nOptions of \\fBislet\\fR alone:\n" + options(DeviceCommand.options)
    page += ".PP\nOptions of every command:\n" + options(globalOptions)
    page += ".SH COMMANDS\n"
    for spec in commandSpecs { page += command(spec) }
    page += ".SH EXIT STATUS\n"
    for status in ExitStatus.documented {
      page += ".TP\n.B \(status.rawValue)\n\(Roff.escape(status.meaning))\n"
    }
    page += ".SH CONFIGURATION\n" + Roff.paragraphs(configurationAbout) + settings
    page += ".SH ENVIRONMENT\n" + items(environment)
    page += ".SH FILES\n" + items(files)
    page += ".SH EXAMPLES\n" + Roff.paragraphs(topExamples)
    page += ".SH SEE ALSO\n.BR tmux (1)\n"
    return page
  }

  /// A command's usage, summary, details and options, as its `--help` says them.
  private static func command(_ spec: CommandSpec) -> String {
    let rest = spec.usage.dropFirst(spec.name.count).drop { $0 == " " }
    var text =
      ".SS \(spec.name)\n.B islet \(spec.name)\n" + (rest.isEmpty ? "" : Roff.escape(String(rest)) + "\n")
    text += ".PP\n" + Roff.paragraphs(spec.summary)
    if let also = spec.alsoRunAs { text += ".PP\n" + Roff.paragraphs(also) }
    if !spec.details.isEmpty { text += ".PP\n" + Roff.paragraphs(spec.details) }
    return text + options(spec.shownOptions)
  }

  private static func options(_ options: [OptionSpec]) -> String {
    options.map { option in
      let short = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
      let value = option.value.map { " \\fI" + Roff.escape($0) + "\\fR" } ?? ""
      return ".TP\n\(short)\\fB\\-\\-\(Roff.escape(option.name))\\fR\(value)\n\(Roff.escape(option.help))\n"
    }.joined()
  }

  private static let configurationAbout = """
    ~/.config/islet/config holds key = value lines, with # comments; a line that is not
    accepted is refused with its number. The keys:
    """

  /// Every key the configuration reads (`Configuration.settings`), its value and its meaning.
  private static var settings: String {
    Configuration.settings.map { setting in
      let rule = setting.durations.map { "; " + $0.rule } ?? ""
      return ".TP\n\\fB\(Roff.escape(setting.key))\\fR = \\fI\(Roff.escape(setting.value))\\fR\n"
        + Roff.escape(setting.meaning + rule) + "\n"
    }.joined()
  }

  private static func items(_ rows: [(String, String)]) -> String {
    rows.map { ".TP\n.B \(Roff.escape($0.0))\n\(Roff.escape($0.1))\n" }.joined()
  }

  private static let environment = [
    ("ISLET_DB", "the store, when --db is not given"),
    ("XDG_STATE_HOME", "where the store and hooks.log are by default (~/.local/state)"),
    ("XDG_CONFIG_HOME", "where the configuration, themes and hooks are (~/.config)"),
    ("NO_COLOR", "no colors, as --no-color"),
    ("COLORFGBG", "the terminal's background: a light one gets the light theme"),
    ("LANG, LC_ALL", "a locale that is not UTF-8 gets ASCII glyphs, as --ascii"),
    ("COLUMNS", "how wide printed output may be (else the terminal's width, or 80)"),
  ]

  private static let files = [
    ("~/.local/state/islet/islet.db", "the store: every activity and its history (SQLite)"),
    ("~/.local/state/islet/hooks.log", "what the hooks that failed said"),
    ("~/.config/islet/config", "the configuration: key = value lines, # comments"),
    ("~/.config/islet/themes/NAME.json", "your own themes (islet themes lists them)"),
    ("~/.config/islet/hooks/EVENT", "an executable run after each EVENT, with the event as JSON on stdin"),
  ]
}

/// Text made safe for roff: a backslash and a hyphen escaped, an ellipsis spelled out, and a
/// line that would start with a request (`.` or `'`) made plain text.
enum Roff {
  static func escape(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      // groff's ASCII output (a C locale) has no ellipsis.
      case "…": escaped += "..."
      default: escaped.append(character)
      }
    }
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }

  /// Help text as roff: its lines run on into paragraphs, a blank line starts a new one, and
  /// indented lines (examples) are kept as they are, indented.
  static func paragraphs(_ text: String) -> String {
    var roff = ""
    var literal = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let isIndented = line.hasPrefix("  ")
      if isIndented != literal {
        roff += isIndented ? ".RS 2\n.nf\n" : ".fi\n.RE\n"
        literal = isIndented
      }
      if line.allSatisfy({ $0 == " " }) {
        if !literal { roff += ".PP\n" }
        continue
      }
      roff += escape(isIndented ? String(line.dropFirst(2)) : String(line.drop { $0 == " " })) + "\n"
    }
    return roff + (literal ? ".fi\n.RE\n" : "")
  }
}
