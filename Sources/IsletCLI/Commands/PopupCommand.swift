import CSystem
import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// `islet __popup --db STORE ID`: an alert's popup, which tmux runs on a client (see
/// `TmuxAlerts`). It draws the activity's expanded island with the alert's buttons and reads
/// one key or click: a button's key, or a click on a drawn button, sends its intents through
/// the one intent path (from tmux), any other key closes it, and so do 8 seconds, or the
/// activity being acted on elsewhere. Keys and clicks in its first half second were meant for
/// the pane below, and are dropped.
struct PopupCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__popup", operands: "ID", brief: "an alert's popup", summary: "An alert's popup, run by tmux.",
      maxOperands: 1)
  ]

  let activityID: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    activityID = parsed.operands.first
  }

  func run(in environment: Environment) throws -> ExitStatus {
    guard let id = activityID, !id.isEmpty else {
      throw CommandFailure(
        message: "__popup needs the alert's activity ID: __popup --db STORE ID", status: .usage)
    }
    let path = try environment.storePath
    guard let store = try SQLiteActivityStore.openForReading(path: path) else {
      throw CommandFailure(message: "there is no store at \(printable(path, limit: 200))", status: .usage)
    }
    defer { store.close() }
    let subject = try AlertPopupRunner.Subject(id: id, store: store, context: environment)
    // Acted on before tmux opened it: there is nothing left to ask.
    guard try !subject.actedOn(store) else { return .ok }
    guard isatty(0) == 1, isatty(1) == 1 else {
      throw CommandFailure(message: "__popup draws on a terminal; tmux runs it in a popup", status: .usage)
    }
    islet_catch_interrupts()
    let outcome = try AlertPopupRunner(context: environment).run(for: subject, store: store)
    switch outcome {
    case .closed: return .ok
    case .interrupted: return .interrupted
    case .chosen(let action):
      let intents = try environment.openIntents()
      defer { intents.close() }
      for intent in action.intents {
        let report = try intents.send(intent, to: .id(id), source: .tmux)
        if let refusal = report.refusal { return environment.refused(refusal.reason) }
      }
      return .ok
    }
  }
}
