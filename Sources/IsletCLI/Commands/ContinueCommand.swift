import IsletCore
import IsletRuntime

/// `islet continue`: the task stopped last, again, as a new session started now.
struct ContinueCommand: Command {
  static let specs = [
    CommandSpec(
      name: "continue", operands: "",
      brief: "start the task stopped last again, as a new session",
      summary:
        "Start the stopwatch stopped last (completed, ended or expired) again: a new activity with its name, category, tags and icon, started now.",
      details: """
        Plans, countdowns and a program's islet run are not tasks it takes up again. Like
        starting a stopwatch, it ends the running stopwatches first with --switch, or when
        stopwatch-switch = on in the configuration (--no-switch leaves them running). With no
        stopped task yet, it says so and changes nothing.

        Examples:
          islet switch Emails; islet switch Call; islet continue --switch    back to Emails
        """,
      options: [
        OptionSpec(.switchRunning, value: nil, help: "end the running stopwatches as it starts"),
        OptionSpec(.noSwitch, value: nil, help: "leave them running, whatever stopwatch-switch says"),
      ],
      maxOperands: 0)
  ]

  /// `--switch` (true) or `--no-switch` (false); nil for what `stopwatch-switch` says.
  let switching: Bool?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    if parsed.has(.switchRunning) && parsed.has(.noSwitch) {
      throw UsageError(message: "give --switch or --no-switch, not both", command: "continue")
    }
    switching = parsed.has(.switchRunning) ? true : parsed.has(.noSwitch) ? false : nil
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let configuration = try environment.configuration
    let intents = try environment.openIntents()
    let stopped = try intents.store.lastStopped()
    intents.close()
    guard let stopped else {
      return environment.refused(
        "there is no stopped task to continue; start one with islet start --name NAME or islet switch NAME")
    }
    var attributes = ActivityAttributes()
    attributes.recordID = stopped.attributes.recordID
    attributes.owner = stopped.attributes.owner
    attributes.tags = stopped.attributes.tags
    var request = StartRequest(
      name: stopped.name, attributes: attributes, category: stopped.state.category,
      relevance: stopped.state.relevance)
    request.switching = switching ?? configuration.switchesByDefault(request, at: environment.now)
    return try environment.startStopwatch(
      request, icon: nil, kept: stopped.attributes.icon, command: "continue")
  }
}
