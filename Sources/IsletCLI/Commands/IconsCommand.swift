import IsletCore
import IsletRuntime
import IsletUI

/// `islet icons`: the icon names `--icon` and `icon =` take, each with its glyph in the theme
/// and the ASCII one `--ascii` shows.
struct IconsCommand: Command {
  static let specs = [
    CommandSpec(
      name: "icons", operands: "", brief: "the icon names, with their glyphs",
      summary:
        "List the icon names that --icon, the configuration's icon = and a plan's segments take, each with its glyph in the theme and its ASCII stand-in.",
      details: """
        The glyphs are the theme's (--theme, or the configuration's theme); a theme of your own
        may add icons of its own, which are listed too. With --ascii, or a locale that is not
        UTF-8, only the ASCII column is shown.
        """,
      maxOperands: 0)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {}

  func run(in environment: Environment) throws -> ExitStatus {
    let theme = try environment.theme
    let unicode = environment.unicode
    let rows = try environment.iconNames.map { name in
      [name, theme.icon(name, ascii: true)] + (unicode ? [theme.icon(name, ascii: false)] : [])
    }
    environment.console.out(table(rows))
    return .ok
  }
}
