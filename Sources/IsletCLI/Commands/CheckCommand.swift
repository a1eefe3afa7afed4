import IsletCore
import IsletRuntime
import IsletStore

/// `islet check`: the whole store checked, which the commands no longer do each time they open
/// it (that cost every intent the whole history); each command still refuses damage it meets.
struct CheckCommand: Command {
  static let specs = [
    CommandSpec(
      name: "check", operands: "", brief: "check the whole store for damage",
      summary: "Check every page of the store, and that its indexes agree with its tables.",
      details: """
        Prints one line: ok, with what the store holds, or what is damaged (exit 65). The
        store is only read, never changed, even when its schema is older. Commands check what
        they read as they read it; this reads everything, and compares the daily roll-up long
        reports read with the history (islet report --rebuild makes it again).
        """,
      maxOperands: 0)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {}

  func run(in environment: Environment) throws -> ExitStatus {
    let path = try environment.storePath
    let found = try SQLiteActivityStore.check(path: path)
    if let difference = found.rollUp { throw RollUpDisagreement(path: path, difference: difference) }
    let held = [count(found.activities, "activity", "activities"), count(found.events, "event", "events")]
    environment.console.out(
      "ok: \(printable(path, limit: 200)) (\(held.joined(separator: ", ")), schema \(found.schema))\n")
    return .ok
  }

  private func count(_ n: Int64, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
}

/// The store's pages are sound, but its daily roll-up is not what the history gives: long
/// reports would tell it wrong. Damage (65), with the command that makes it again.
struct RollUpDisagreement: UserFacingError {
  var path: String
  var difference: String

  var message: String {
    "the daily roll-up of the store \(printable(path, limit: 200)) disagrees with its history: "
      + "\(difference); islet report --rebuild makes it again from the history"
  }

  var exitStatus: ExitStatus { .dataError }
}
