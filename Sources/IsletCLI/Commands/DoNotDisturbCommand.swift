import IsletCore
import IsletRuntime

/// `islet __dnd`: turns the notification server's Do Not Disturb to what the live set wants now
/// (see `DoNotDisturbSwitch`, which starts it after a commit); what fails goes in hooks.log.
struct DoNotDisturbCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__dnd", operands: "", brief: "turns Do Not Disturb",
      summary: "Turns the notification server's Do Not Disturb to what the live activities want.",
      maxOperands: 0)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {}

  func run(in environment: Environment) throws -> ExitStatus {
    let configuration = try environment.configuration
    try DoNotDisturbSwitch.settle(
      configuration.doNotDisturb,
      live: { try environment.readLive(policy: configuration.policy, remote: false).live },
      environment: environment.variables, now: environment.now)
    return .ok
  }
}
