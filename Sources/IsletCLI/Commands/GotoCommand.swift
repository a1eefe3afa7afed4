import IsletCore
import IsletRuntime

/// `islet goto [ACTIVITY]`: the tmux client switched to the pane the activity was started in,
/// as a notification's click and the tmux menu's "Go to" do.
struct GotoCommand: Command {
  static let specs = [
    CommandSpec(
      name: "goto", operands: "[ACTIVITY]",
      brief: "switch tmux to the pane an activity was started in",
      summary:
        "Switch the tmux client to the pane the activity was started in, across sessions and windows.",
      details: activityOperandHelp
        + """

        An ACTIVITY id that is over (a run that failed) is found too. Inside tmux the client you
        are on moves; elsewhere, the client of that tmux server used last. An activity started
        outside tmux has no pane, and one whose pane is closed has none left: both are refused
        (exit 1).

        Example:
          islet goto deploy
        """,
      maxOperands: 1)
  ]

  /// The activity named; nil for the current one.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    target = parsed.operands.first
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let policy = try environment.configuration.policy
    let (store, live, _) = try environment.readLive(policy: policy)
    defer { store?.close() }
    let activity: Activity
    switch ActivityMatcher.match(target, among: live, at: environment.now, policy: policy) {
    case .success(let found): activity = found
    case .failure(let failure):
      // A run that is over is still somewhere to go back to, by its id.
      guard let target, let over = try store?.activity(id: target) else {
        throw environment.matchFailure(failure, command: "goto")
      }
      activity = over
    }
    let name = printableName(activity.name)
    guard let origin = activity.attributes.origin else {
      return environment.refused("\(name) was not started inside tmux: it has no pane to go to")
    }
    switch GoTo.go(to: origin, environment: environment.variables) {
    case .success:
      environment.console.out("\(name): on its pane \(origin.tmuxPane)\n")
      return .ok
    case .failure(let failure):
      return environment.refused("\(name): \(failure.reason)")
    }
  }
}
