import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

/// `islet __complete KIND`: the values the completion scripts offer that only the user's files
/// and store know, one `VALUE<tab>DESCRIPTION` a line (the description may be empty; an
/// activity's name holds no tab or newline: `UserText`). A shell calls it while the user types, so it writes nothing, starts no
/// watcher, and prints what it can when a file is missing or broken.
struct CompleteCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__complete", operands: DynamicValues.allCases.map(\.rawValue).joined(separator: "|"),
      brief: "values for the completions", summary: "Print the values a completion script offers.",
      maxOperands: 1)
  ]

  let kind: DynamicValues

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let text = parsed.operands.first ?? ""
    guard let kind = DynamicValues(rawValue: text) else {
      let kinds = DynamicValues.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError(
        message: "'\(printable(text))' is not a kind of value; use \(kinds)", command: "__complete")
    }
    self.kind = kind
  }

  func run(in environment: Environment) throws -> ExitStatus {
    // A theme's file name could hold a tab or a newline, which would break the lines.
    let lines = values(in: environment)
      .filter { value, _ in !value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
      .map { value, about in value + "\t" + about + "\n" }
    environment.console.out(lines.joined())
    return .ok
  }

  /// Each value and a few words about it.
  private func values(in environment: Environment) -> [(String, String)] {
    switch kind {
    case .themes:
      let catalog = environment.themeCatalog
      return catalog.names().map { name in
        let theme = try? catalog.load(name).get()
        return (name, theme.map { printable($0.description, limit: 80) } ?? "")
      }
    case .icons:
      let theme = (try? environment.theme) ?? ThemeCatalog.fallback
      return theme.icons.keys.sorted().map { ($0, theme.icons[$0].map { printable($0.glyph) } ?? "") }
    case .plans:
      let plans = (try? environment.configuration.allPlans) ?? Configuration().allPlans
      return plans.map { ($0.name, $0.shape(unicode: environment.unicode)) }
    case .activities:
      let policy = (try? environment.configuration.policy) ?? Configuration().policy
      guard let path = try? environment.storePath,
        let store = try? SQLiteActivityStore.openForReading(path: path)
      else { return [] }
      defer { store.close() }
      let now = environment.now
      guard let stored = try? store.liveActivities(),
        let settled = try? TimerEngine.settled(stored, at: now, policy: policy, keeps: store.isProgramRun)
      else { return [] }
      let live = ActivityMatcher.ranked(settled.activities, at: now, policy: policy)
      // Each by its id and by its name, the other said beside it.
      return live.map { ($0.id, printableName($0.name)) } + live.map { ($0.name, $0.id) }
    }
  }
}
