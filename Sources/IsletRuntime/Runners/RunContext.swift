import IsletCore
import IsletStore
import IsletUI

/// What a runner (the view's, `status --follow`'s, the deadline watcher's) needs of the run it
/// is part of: the process environment, the clock, the console, the store's path and the
/// configuration, each loaded when first asked for. The command line's `Environment` is one;
/// the runners never see the command line itself.
package protocol RunContext: AnyObject {
  /// The process environment (`ISLET_DB`, `HOME`, `TMUX`, …).
  var variables: [String: String] { get }
  var clock: any WallClock { get }
  var console: any Console { get }
  /// The store's file: absolute, with links followed.
  var storePath: String { get throws }
  var configuration: Configuration { get throws }
  /// Where themes are found.
  var themeCatalog: ThemeCatalog { get }
  /// The terminal's background, as far as anything has said.
  var terminalShade: TerminalShade { get }
  /// The theme the configuration (or `--theme`) names.
  var theme: Theme { get throws }
  /// Whether output may use Unicode glyphs.
  var unicode: Bool { get }
  /// The colors the output may use; `terminalOnly` gives none when it is not a terminal.
  func colorDepth(terminalOnly: Bool) -> ColorDepth
  /// Today's work segments against each configured goal, as a writer would have recorded them.
  func goalTallies(store: SQLiteActivityStore?, pending: [Event]) throws -> [GoalTally]
  /// One line saying what an intent did (`⏸ Workout paused at 12:34`).
  func confirmation(_ activity: Activity, _ events: [Event]) -> String
}

extension RunContext {
  package var now: Instant { clock.now() }
}

/// A value the runner and its caller share and one of them changes (the view's theme, when it
/// cycles themes).
package final class Shown<Value> {
  package var value: Value
  package init(_ value: Value) { self.value = value }
}
