import IsletCore
import IsletRuntime

/// `islet switch NAME`: one task at a time. The running stopwatches end and a stopwatch named
/// NAME starts, in one transaction, at one instant.
struct SwitchCommand: Command {
  static let specs = [
    CommandSpec(
      name: "switch", operands: "NAME",
      brief: "end the running stopwatches and start NAME, at the same instant",
      summary:
        "One task at a time: end the running stopwatches and start a stopwatch named NAME in the same moment, so that no time falls between them and none is counted twice.",
      details: """
        The stopwatches ended are those running (not paused) on their own: countdowns, plans
        and a program's islet run go on. Each is recorded as ended, with the time it ran, and
        the new one as started at the instant they ended. NAME may be several words.
        On a terminal it says what ended and what started; to a pipe it prints the new
        activity's id alone. islet start --switch does the same for any start, and
        stopwatch-switch = on in the configuration makes every stopwatch's start a switch.

        Examples:
          islet switch Emails
          islet switch Code review --category work --tag team
        """,
      options: [
        OptionSpec(.category, value: "C", help: "a category, changeable later"),
        tagOptionSpec,
      ] + identityOptionSpecs + [
        OptionSpec(
          .relevance, value: "R", help: "a number; the higher, the sooner it is the current activity"),
        OptionSpec(
          .expect, value: "DURATION", help: "how long the task should take: shows time left"),
      ],
      maxOperands: 16)
  ]

  let request: StartRequest
  /// `--icon`; nil for the configuration's.
  let icon: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    guard !parsed.operands.isEmpty else {
      throw UsageError(message: "switch needs the NAME of what you start", command: "switch")
    }
    let name = parsed.operands.joined(separator: " ")
    if let problem = UserText.problem(with: name, bounds: .name) {
      throw UsageError(message: "NAME '\(printable(name, limit: 20))' \(problem.message)", command: "switch")
    }
    var attributes = ActivityAttributes()
    attributes.recordID = try parsed.label(.id)
    attributes.owner = try parsed.label(.owner)
    attributes.tags = try parsed.tags() ?? []
    attributes.expected = try parsed.value(.expect).map { try parsed.duration($0, option: "expect") }
    icon = try parsed.icon()
    request = StartRequest(
      name: name, attributes: attributes, category: try parsed.label(.category),
      relevance: try parsed.relevance() ?? 0, switching: true)
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let status = try environment.startStopwatch(request, icon: icon, command: "switch")
    // `islet switch 25m`: a name that reads as a duration was likely meant as a countdown.
    if status == .ok, case .success = DurationReading.of(request.name.split(separator: " ").map(String.init))
    {
      environment.console.err(
        "islet: '\(printable(request.name, limit: 20))' is the stopwatch's name; islet start --switch \(printable(request.name, limit: 20)) starts a countdown\n"
      )
    }
    return status
  }
}

extension Environment {
  /// Starts `request` (a stopwatch, switching as it says) with `icon` (`--icon`, checked), else
  /// `kept` (what the store kept), else the configured one, and the tmux pane it is started in;
  /// says what started (and what a switch ended), or prints its id to a pipe.
  func startStopwatch(_ request: StartRequest, icon: String?, kept: String? = nil, command: String) throws
    -> ExitStatus
  {
    var request = request
    if let icon { try checkIcon(icon, command: command) }
    request.attributes.icon = try icon ?? kept ?? configuration.icon
    request.attributes.origin = TmuxRecorder.origin(from: variables)
    return try dispatch(.start(request), command: command) { activity, _ in
      console.isTerminal ? startConfirmation(activity) : activity.id
    }
  }
}
