import IsletCore

/// `islet start`: a new activity, a countdown or a stopwatch; prints its id.
struct StartCommand: Command {
  static let specs = [
    CommandSpec(
      name: "start",
      operands: "[DURATION | --until HH:MM]",
      brief: "start a countdown of DURATION (or a stopwatch); prints its id",
      summary:
        "Start a new activity: a countdown of DURATION (or until a time of day), or a stopwatch. Prints the new activity's id.",
      details: """
        DURATION is 90s, 25m, 1h30m, 1.5h, 25:00, 1:30:00 or a number of seconds (at most 100 hours).
        --until takes a time of day, 18:30 or 6:30pm: today, or tomorrow when already past.

        Examples:
          islet start                         a stopwatch named Timer
          islet start 25m --name Focus        a 25-minute countdown
          islet start --until 18:00 --icon coffee
          id=$(islet start 45m --name Workout --id 1823 --owner ada)
        """,
      options: [
        OptionSpec(name: "until", value: "HH:MM", help: "count down to a time of day"),
        OptionSpec(name: "name", value: "N", help: "what the timer is for (default Timer)"),
        OptionSpec(
          name: "icon", value: "I",
          help: "timer, run, focus, book, coffee, code, … (default from the configuration)"),
        OptionSpec(name: "id", value: "REF", help: "your own reference, shown as \"ID REF\""),
        OptionSpec(name: "owner", value: "U", help: "who it belongs to"),
        OptionSpec(name: "category", value: "C", help: "a category, changeable later"),
        OptionSpec(
          name: "relevance", value: "R", help: "a number; the higher, the sooner it is the current activity"),
        OptionSpec(
          name: "stale-after", value: "DURATION",
          help: "dim a finished countdown after this long (default 5m)"),
        OptionSpec(name: "paused", value: nil, help: "create it ready (idle) instead of running"),
        OptionSpec(
          name: "from-tmux-buffer", value: "B", help: "take DURATION from tmux buffer B (for key bindings)"),
      ],
      maxOperands: 1)
  ]

  /// How long it runs.
  enum Length: Equatable {
    case stopwatch
    /// A countdown of DURATION, or until the time of day `--until` names.
    case countdown(Milliseconds)
    /// A countdown of the DURATION a tmux prompt left in buffer B (`--from-tmux-buffer B`),
    /// read when it runs.
    case fromTmuxBuffer(String)
  }

  let length: Length
  let icon: String?
  let recordID: String?
  let owner: String?
  let staleAfter: Milliseconds?
  let name: String
  let category: String?
  let relevance: Double
  let paused: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    length = try Self.length(parsed, at: now)
    icon = try Self.icon(parsed)
    recordID = try parsed.label("id")
    owner = try parsed.label("owner")
    staleAfter = try parsed.value("stale-after").map { try parsed.duration($0, option: "stale-after") }
    name = try parsed.label("name") ?? "Timer"
    category = try parsed.label("category")
    relevance = try parsed.relevance() ?? 0
    paused = parsed.has("paused")
  }

  private static func length(_ parsed: ParsedArguments, at now: Instant) throws -> Length {
    let until = parsed.value("until")
    if let buffer = parsed.value("from-tmux-buffer") {
      guard until == nil else { throw notBoth }
      return .fromTmuxBuffer(buffer)
    }
    if let text = parsed.operands.first {
      guard until == nil else { throw notBoth }
      return .countdown(try parsed.duration(text))
    }
    guard let until else { return .stopwatch }
    guard let time = TimeOfDay(until) else {
      throw UsageError(
        message: "--until '\(printable(until))' is not a time of day; use \(TimeOfDay.acceptedForms)",
        command: "start")
    }
    return .countdown(time.nextOccurrence(after: now) - now)
  }

  private static let notBoth = UsageError(
    message: "give a DURATION or --until, not both", command: "start")

  private static func icon(_ parsed: ParsedArguments) throws -> String? {
    guard let icon = parsed.value("icon") else { return nil }
    guard !icon.isEmpty, icon.count <= 32,
      icon.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    else {
      throw UsageError(
        message:
          "--icon '\(printable(icon))' is not an icon name; use a word such as timer, run, focus, book, coffee or code",
        command: "start")
    }
    return icon.lowercased()
  }

  func run(in environment: Environment) throws -> ExitStatus {
    var attributes = IntentService.attributes(try environment.configuration)
    switch length {
    case .stopwatch: break
    case .countdown(let duration):
      attributes.mode = .countdown
      attributes.fullDuration = duration
    case .fromTmuxBuffer(let buffer):
      let text = try environment.tmuxBufferText(buffer, command: "start")
      attributes.mode = .countdown
      attributes.fullDuration = try ParsedArguments(command: "start").duration(text)
    }
    if let icon { attributes.icon = icon }
    attributes.recordID = recordID
    attributes.owner = owner
    if let staleAfter { attributes.staleAfter = staleAfter }
    let request = StartRequest(
      name: name, attributes: attributes, category: category, relevance: relevance, paused: paused)
    return try environment.dispatch(.start(request), command: "start") { activity, _ in activity.id }
  }
}
