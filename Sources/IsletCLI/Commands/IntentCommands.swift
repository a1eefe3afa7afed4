import IsletCore
import IsletStore

// MARK: - start, pause, resume, toggle, reset, complete, end, adjust, update

extension Context {
  func start() throws -> ExitStatus {
    let at = now
    var attributes = IntentService.attributes(try configuration)
    let durationText = try tmuxBufferText(command: "start") ?? arguments.operands.first
    if durationText != nil && arguments.value("until") != nil {
      throw UsageError(message: "give a DURATION or --until, not both", command: "start")
    }
    if let durationText {
      attributes.mode = .countdown
      attributes.fullDuration = try duration(durationText, command: "start")
    } else if let until = arguments.value("until") {
      guard let time = TimeOfDay(until) else {
        throw UsageError(
          message: "--until '\(printable(until))' is not a time of day; use \(TimeOfDay.acceptedForms)",
          command: "start")
      }
      attributes.mode = .countdown
      attributes.fullDuration = time.nextOccurrence(after: at) - at
    }
    if let icon = arguments.value("icon") {
      guard !icon.isEmpty, icon.count <= 32,
        icon.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
      else {
        throw UsageError(
          message:
            "--icon '\(printable(icon))' is not an icon name; use a word such as timer, run, focus, book, coffee or code",
          command: "start")
      }
      attributes.icon = icon.lowercased()
    }
    attributes.recordID = try label("id", command: "start")
    attributes.owner = try label("owner", command: "start")
    if let stale = arguments.value("stale-after") {
      attributes.staleAfter = try duration(stale, command: "start", option: "--stale-after")
    }
    let request = StartRequest(
      name: try label("name", command: "start") ?? "Timer", attributes: attributes,
      category: try label("category", command: "start"),
      relevance: try relevance(command: "start") ?? 0, paused: arguments.has("paused"))
    return try dispatch(.start(request), command: "start") { activity, _ in activity.id }
  }

  func intent(_ intent: Intent) throws -> ExitStatus {
    try dispatch(intent, target: arguments.operands.first, command: intent.verb, describe: confirmation)
  }

  func adjust() throws -> ExitStatus {
    let operands = arguments.operands
    guard let changeText = operands.last else {
      throw UsageError(message: "adjust needs a change such as +5m or -1m", command: "adjust")
    }
    let change: Milliseconds
    switch DurationText.parseSigned(changeText) {
    case .success(let parsed): change = parsed
    case .failure(let failure):
      let hint =
        changeText.first == "+" || changeText.first == "-"
        ? failure.message
        : "'\(printable(changeText))' is not a change; use a sign and a duration such as +5m or -1m"
      throw UsageError(message: hint, command: "adjust")
    }
    return try dispatch(
      .adjust(by: change), target: operands.count == 2 ? operands[0] : nil, command: "adjust",
      describe: confirmation)
  }

  func update() throws -> ExitStatus {
    if let name = try tmuxBufferText(command: "update") { arguments.values["name"] = name }
    var category: String?
    if let text = arguments.value("category") {
      category = text.isEmpty ? "" : try label("category", command: "update")
    }
    let change = ActivityUpdate(
      name: try label("name", command: "update"), category: category,
      relevance: try relevance(command: "update"))
    guard !change.isEmpty else {
      throw UsageError(message: "update needs --name, --category or --relevance", command: "update")
    }
    return try dispatch(
      .update(change), target: arguments.operands.first, command: "update", describe: confirmation)
  }

  // MARK: - Dispatching

  /// Sends an intent through the dispatcher, prints the result, runs the handlers.
  func dispatch(
    _ intent: Intent, target: String? = nil, command: String,
    describe: (Activity, [Event]) -> String
  ) throws -> ExitStatus {
    let intents = try openIntents()
    defer { intents.close() }
    let outcome: IntentService.Report
    do {
      outcome = try intents.send(intent, to: target.map { .matching($0) } ?? .current, source: .cli)
    } catch let failure as ActivityMatcher.Failure {
      throw matchFailure(failure, command: command)
    }
    if let refusal = outcome.refusal { return refused(refusal.reason) }
    guard let activity = outcome.activity else { return .ok }
    let own = outcome.events.filter { $0.activityID == activity.id && $0.source == .cli }
    console.out(describe(activity, own) + "\n")
    return .ok
  }

  /// `⏸ Workout paused at 12:34`, one line saying what the intent did.
  func confirmation(_ activity: Activity, _ events: [Event]) -> String {
    let g = glyphs
    let name = printableName(activity.name)
    let time = activity.displayTime(at: now)
    guard let event = events.last else { return "\(name) \(time)" }
    let clock = DurationText.clock(seconds: event.elapsed / 1000)
    let what: String
    switch event.kind {
    case .started: what = activity.isCountdown ? "started, \(time) to go" : "started"
    case .paused: what = "paused at \(time)"
    case .resumed: what = "resumed at \(time)"
    case .reset: what = "reset to \(time) (discarded \(clock))"
    case .completed: what = "done \(g.dash) \(clock)"
    case .ended: what = "ended at \(clock)"
    case .adjusted:
      let length = DurationText.clock(seconds: (activity.state.duration ?? 0) / 1000)
      what =
        "now \(length) long, " + (activity.displaySeconds(at: now).overtime ? "time is up" : "\(time) to go")
    case .updated: what = "updated"
    case .finished: what = "finished"
    case .expired: what = "expired"
    }
    return "\(g.event(event.kind)) \(name) \(what)"
  }

  /// The text a key binding's prompt left in a tmux buffer (`--from-tmux-buffer B`), read with
  /// `tmux show-buffer` and then deleted; it never passes through a shell.
  func tmuxBufferText(command: String) throws -> String? {
    guard let buffer = arguments.value("from-tmux-buffer") else { return nil }
    guard let socket = TmuxRefresher.socket(from: environment), let tmux = TmuxRefresher.tmuxPath(environment)
    else {
      throw UsageError(
        message: "--from-tmux-buffer works inside tmux only ($TMUX is not set)", command: command)
    }
    guard
      let bytes = Spawner.output(
        of: [tmux, "-S", socket, "show-buffer", "-b", buffer], environment: environment)
    else {
      throw UsageError(message: "tmux has no buffer '\(printable(buffer))'", command: command)
    }
    _ = Spawner.output(of: [tmux, "-S", socket, "delete-buffer", "-b", buffer], environment: environment)
    // Repaired, bytes that are not UTF-8 would be kept as another text.
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw UsageError(
        message: "what was typed ('\(escaped(bytes))') is not valid UTF-8; type plain text", command: command)
    }
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  // MARK: - Checking input

  func duration(_ text: String, command: String, option: String? = nil) throws -> Milliseconds {
    switch DurationText.parse(text) {
    case .success(let span): return span
    case .failure(let failure):
      throw UsageError(message: (option.map { "\($0) " } ?? "") + failure.message, command: command)
    }
  }

  /// A user's text option (name, category, owner, reference): printable, one line, bounded.
  func label(_ option: String, command: String) throws -> String? {
    guard let text = arguments.value(option) else { return nil }
    switch UserText.problem(with: text, bounds: option == "name" ? .name : .label) {
    case nil: return text
    case .empty: throw UsageError(message: "--\(option) is empty; give some text", command: command)
    case let problem?:
      throw UsageError(
        message: "--\(option) '\(printable(text, limit: 20))' \(problem.message)", command: command)
    }
  }

  func relevance(command: String) throws -> Double? {
    guard let text = arguments.value("relevance") else { return nil }
    guard let value = Double(text), value.isFinite, abs(value) <= 1_000_000 else {
      throw UsageError(
        message: "--relevance '\(printable(text))' is not a number; use a number such as 0, 1 or 2.5",
        command: command)
    }
    return value
  }
}

extension String {
  func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }
}
