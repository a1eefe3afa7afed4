import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

/// `islet themes`: each theme's name, where it comes from, and the island drawn in it; with
/// `--export NAME`, one theme as a file to start one's own from.
struct ThemesCommand: Command {
  static let specs = [
    CommandSpec(
      name: "themes", operands: "", brief: "the themes, with a preview of each (or one as a file)",
      summary: "List the themes, each with a preview of the island in it and what it is for.",
      details: """
        Pick one with --theme NAME on any command, or 'theme = NAME' in the configuration. Your
        own themes go in ~/.config/islet/themes/NAME.json, known by the file's name; --export
        prints a theme (built in or your own) as such a file to start from:
          islet themes --export default > ~/.config/islet/themes/mine.json
        --theme also takes a path to a .json file. With none chosen, a light terminal (COLORFGBG)
        gets the light theme, any other the default; t in the view cycles the themes made for
        the terminal's background.
        """,
      options: [
        OptionSpec(
          .export, value: "NAME", help: "print theme NAME in the theme file format",
          values: .dynamic(.themes))
      ],
      maxOperands: 0)
  ]

  /// `--export NAME`: the theme to print as a file; nil lists them all.
  let export: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    export = parsed.value(.export)
  }

  func run(in environment: Environment) throws -> ExitStatus {
    if let export {
      environment.console.out(try environment.themeCatalog.load(export).get().fileText)
      return .ok
    }
    let catalog = environment.themeCatalog
    let now = environment.now
    let sample = Self.sampleActivity(at: now)
    let chosen = try? environment.themeReference
    let console = environment.console
    let depth = environment.colorDepth(terminalOnly: true)
    let names = catalog.names()
    let width = names.map(\.count).max() ?? 0
    for name in names {
      let marker = name == chosen ? "*" : " "
      let padded = name + String(repeating: " ", count: width - name.count)
      switch catalog.load(name) {
      case .success(let theme):
        let look = Look(activity: sample, now: now, theme: theme, ascii: !environment.unicode)
        let island = Compact.draw(look, width: Proportions.compact.natural)
        let preview =
          depth == .none ? PlainText.render(island) : ANSIText.render(island, theme: theme, depth: depth)
        console.out("\(marker) \(padded)  \(preview)\n")
        let indent = String(repeating: " ", count: width + 4)
        let shade = theme.terminal == .any ? "any terminal" : "\(theme.terminal.rawValue) terminals"
        let about = theme.description.isEmpty ? "" : printable(theme.description, limit: 400) + " "
        console.out("\(indent)\(about)(for \(shade))\n")
      case .failure(let failure):
        console.out("\(marker) \(padded)  (broken: \(failure.message))\n")
      }
    }
    return .ok
  }

  /// A 25-minute "Workout" halfway through, as the previews show it.
  static func sampleActivity(at now: Instant) -> Activity {
    let start = now - 750_000
    return Activity(
      id: "demo", attributes: ActivityAttributes(icon: "timer", mode: .countdown, fullDuration: 1_500_000),
      state: ContentState(
        name: "Workout", startedAt: start, duration: 1_500_000, phase: .active, touchedAt: start),
      createdAt: start)
  }
}
