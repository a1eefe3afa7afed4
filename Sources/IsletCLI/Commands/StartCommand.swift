import IsletCore
import IsletRuntime

/// `islet start`: a new activity, a countdown, a stopwatch or a plan; prints its id.
struct StartCommand: Command {
  static let specs = [
    CommandSpec(
      name: "start",
      operands: "[DURATION | WORK/BREAK | --until HH:MM | --plan NAME]",
      brief: "start a countdown of DURATION (or a stopwatch, or a plan); says what started",
      summary:
        "Start a new activity: a countdown of DURATION (or until a time of day), a stopwatch, or a plan of segments. On a terminal it says what started; to a pipe it prints the new activity's id alone.",
      details: """
        DURATION is \(DurationText.acceptedForms) (at most 100 hours).
        Units may be words (25 minutes, 90sec, 2hrs); a number alone is seconds, which stderr says.
        Parts in descending units are one duration, with or without spaces: 1h 30m, 1 hour 30 min
        and 1h30m are all 1:30:00. A number without its unit after one with it (1h 30) is refused
        as ambiguous.
        --until takes a time of day, 18:30 or 6:30pm: today, or tomorrow when already past.

        A plan runs a routine as one activity: rounds of work and a break, with a long break
        every so many rounds. --plan NAME starts one that islet plans lists (a preset, or a
        plan.NAME line of your configuration), named after it unless --name.
        WORK/BREAK, two durations with a / between (50m/10m, 50 min / 10 min), makes a plan of
        work and a Break: the work labelled after --name (else Work), going on by itself, one
        round unless --rounds, a --long-break after the last round. Two durations apart that
        cannot be one (50m 10m, 20s 10s) are still read as work and a break.
        One DURATION with --rounds is rounds of work with no break.
        --rounds, --advance, --long-break, --cue and --icon (the work's) change the plan started.
        With --rounds fewer than its long break's every N, a plan still ends with its long break:
        --plan pomodoro --rounds 2 is Focus, Break, Focus, Long break.
        --advance auto goes on by itself; ask waits before each segment until toggle; breaks
        goes on by itself into breaks only, and work into work only.
        --ago and --at start it as if it had been started then: a countdown started in the past
        may already be finished, and a plan may be segments on, each recorded at its true time.
        --switch ends the running stopwatches at the instant this one starts, as islet switch
        does; stopwatch-switch = on in the configuration makes it what starting a stopwatch
        does, and --no-switch leaves them running. --tag adds a tag beside the category (repeat
        it for several); islet report and log match tags with --only and --exclude.
        --in, or --at a time still ahead today, makes it pending: it shows "starts in 12 min",
        starts by itself then (with an alert), and resume starts it at once, end cancels it.
        --until then counts to its time after the start.

        Examples:
          islet start                         a stopwatch named Timer
          islet start 25m --name Focus        a 25-minute countdown
          islet start 1h 30m                  a countdown of 1:30:00
          islet start --until 18:00 --icon coffee
          islet start --plan pomodoro         Focus 25m, Break 5m × 4, Long break 15m
          islet start --plan tabata           Work 20s, Rest 10s × 8: 4:00 in all
          islet start 50m/10m --rounds 3 --name "Deep work" --ask
          islet start 20s/10s --rounds 8      an interval timer
          islet start --ago 10m --name Emails a stopwatch started ten minutes ago
          islet start --switch --name "Code review" --tag team
          islet start 25m --at 14:00          a countdown that starts at 14:00
          islet start --in 10m --plan pomodoro
          id=$(islet start 45m --name Workout --id 1823 --owner ada)
        """,
      options: [
        OptionSpec(.until, value: "HH:MM", help: "count down to a time of day"),
        OptionSpec(
          .plan, value: "NAME", help: "start a plan: pomodoro, tabata, … (islet plans)",
          values: .dynamic(.plans)),
        OptionSpec(.rounds, value: "N", help: "a plan's rounds, 1 to 99"),
        OptionSpec(
          .advance, value: "WHEN", help: "when a plan goes on by itself: auto, ask, breaks or work",
          values: .words(AdvancePolicy.allCases.map(\.rawValue))),
        OptionSpec(.auto, value: nil, help: "the same as --advance auto"),
        OptionSpec(.ask, value: nil, help: "the same as --advance ask"),
        OptionSpec(.longBreak, value: "DURATION", help: "a plan's long break"),
        OptionSpec(.cue, value: "N", help: "cue a plan's segments' last N seconds, 0 to 60 (0 off)"),
        OptionSpec(
          .name, value: "N", help: "what the timer is for (default Timer, or the plan's name)"),
      ] + identityOptionSpecs + [
        OptionSpec(.category, value: "C", help: "a category, changeable later"),
        tagOptionSpec,
        OptionSpec(.switchRunning, value: nil, help: "end the running stopwatches as this one starts"),
        OptionSpec(.noSwitch, value: nil, help: "leave them running, whatever stopwatch-switch says"),
        OptionSpec(
          .relevance, value: "R", help: "a number; the higher, the sooner it is the current activity"),
        OptionSpec(
          .staleAfter, value: "DURATION",
          help: "dim a finished countdown after this long (default 5m)"),
        OptionSpec(.paused, value: nil, help: "create it ready (idle) instead of running"),
        OptionSpec(
          .expect, value: "DURATION", help: "how long a stopwatch's task should take: shows time left"),
        OptionSpec(.ago, value: "DURATION", help: "started this long ago (at most 24 hours)"),
        OptionSpec(.at, value: "HH:MM", help: "started at this time today; a time ahead starts then"),
        OptionSpec(.in, value: "DURATION", help: "start this long from now (at most 24 hours)"),
        OptionSpec(
          .fromTmuxBuffer, value: "B", help: "take DURATION from tmux buffer B (for key bindings)"),
      ] + PostedOptions.specs(clearing: false),
      // One duration's words (1 hour 30 minutes 15 seconds), or a work and a break.
      maxOperands: 8)
  ]

  /// How long it runs.
  enum Length: Equatable {
    case stopwatch
    /// A countdown of DURATION, or until the time of day `--until` names.
    case countdown(Milliseconds)
    /// A countdown of the DURATION a tmux prompt left in buffer B (`--from-tmux-buffer B`),
    /// read when it runs.
    case fromTmuxBuffer(String)
    /// A plan: one by its name, found in the configuration when it runs, or one made of the
    /// durations given; then changed as the options say.
    case plan(PlanSource, PlanChanges)
  }

  enum PlanSource: Equatable {
    case named(String)
    /// `start 25m/5m`: work and its break; `start 25m --rounds 4`: work alone.
    case made(work: Milliseconds, rest: Milliseconds?)
  }

  /// What the plan options change in the plan started; nil leaves the plan's value.
  struct PlanChanges: Equatable {
    var rounds: Int?
    var advance: AdvancePolicy?
    var longBreak: Milliseconds?
    var cue: Int?
    /// The plan options given, by name, for the error that says one needs a plan.
    var given: [String] = []
  }

  let length: Length
  let icon: String?
  let recordID: String?
  let owner: String?
  let staleAfter: Milliseconds?
  /// `--name`; nil for the default (Timer, or the plan's name).
  let name: String?
  let category: String?
  let relevance: Double
  let paused: Bool
  /// `--ago`, `--at` or `--in`: when it started (already past) or starts (still ahead, which
  /// makes it pending); nil for now.
  let startedAt: Instant?
  /// What a program posts on it: `--state`, `--progress`, `--attention`, `--button`.
  let posted: Posted
  /// `--expect`: how long a stopwatch's task should take.
  let expected: Milliseconds?
  /// `--tag`s, in the order given.
  let tags: [String]
  /// `--switch` (true) or `--no-switch` (false); nil for what `stopwatch-switch` says.
  let switching: Bool?

  /// How far back `--ago` and `--at` may go, and how far ahead `--in`.
  static let furthestBack: Milliseconds = 24 * 3_600_000

  /// The DURATION operands (and `--in`, `--ago`) as typed, for the hint a bare number gets.
  let typedDurations: [String]

  /// When the command was read: what "ahead" and "already past" were judged by.
  let readAt: Instant

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    readAt = now
    startedAt = try Self.startedAt(parsed, at: now)
    let ahead = startedAt.map { $0 > now } ?? false
    // A start still ahead counts `--until` from then.
    length = try Self.length(parsed, at: ahead ? startedAt ?? now : now)
    icon = try parsed.icon()
    recordID = try parsed.label(.id)
    owner = try parsed.label(.owner)
    staleAfter = try parsed.value(.staleAfter).map { try parsed.duration($0, option: "stale-after") }
    name = try parsed.label(.name)
    category = try parsed.label(.category)
    relevance = try parsed.relevance() ?? 0
    paused = parsed.has(.paused)
    posted = try parsed.posted()
    expected = try parsed.value(.expect).map { try parsed.duration($0, option: "expect") }
    tags = try parsed.tags() ?? []
    switching = try Self.switching(parsed, startedAt: startedAt, at: now)
    if expected != nil, length != .stopwatch {
      throw Self.usage("--expect is for a stopwatch, which counts up; a countdown knows its length")
    }
    if startedAt != nil {
      let option = parsed.has(.ago) ? "--ago" : parsed.has(.in) ? "--in" : "--at"
      if paused { throw Self.usage("\(option) starts it running; it does not go with --paused") }
      if parsed.has(.until) && !ahead {
        throw Self.usage("\(option) does not go with --until; give the countdown's DURATION instead")
      }
    }
    typedDurations = Self.typed(parsed.operands) + [parsed.value(.in), parsed.value(.ago)].compactMap { $0 }
    if case .plan(.made, _) = length { try checkMadePlan() }
  }

  /// The durations in the words typed, each as one, for the note a bare number gets: `25/5` is
  /// `25` and `5`.
  static func typed(_ words: [String]) -> [String] {
    let words = DurationText.joiningUnitWords(words)
    return words.flatMap { $0.split(separator: DurationReading.separator).map(String.init) }
  }

  /// `--switch` or `--no-switch`: a switch starts running, now or ahead (`--in`, `--at` a
  /// later time), where the ended ones end.
  static func switching(_ parsed: ParsedArguments, startedAt: Instant?, at now: Instant) throws -> Bool? {
    if parsed.has(.switchRunning) && parsed.has(.noSwitch) {
      throw usage("give --switch or --no-switch, not both")
    }
    guard parsed.has(.switchRunning) else { return parsed.has(.noSwitch) ? false : nil }
    for option in [Option.paused, .ago] where parsed.has(option) {
      throw usage(
        "--switch starts it running, the instant the running stopwatches end; it does not go with --\(option.name)"
      )
    }
    if let startedAt, startedAt < now, let at = parsed.value(.at) {
      throw usage("--switch starts it now or ahead; --at \(printable(at, limit: 40)) is already past")
    }
    return true
  }

  /// `--ago DURATION` (at most a day), `--in DURATION` (at most a day ahead) or `--at HH:MM`
  /// (today: already past, or still ahead), as an instant.
  private static func startedAt(_ parsed: ParsedArguments, at now: Instant) throws -> Instant? {
    let given = [Option.ago, .at, .in].filter { parsed.has($0) }.map { "--" + $0.name }
    if given.count > 1 {
      throw usage("give one of --ago, --at and --in, not \(given.joined(separator: " and "))")
    }
    if let text = parsed.value(.in) { return try startsIn(text, parsed, at: now) }
    if let text = parsed.value(.ago) {
      let ago = try parsed.duration(text, option: "ago")
      guard ago <= furthestBack else {
        throw usage("--ago '\(printable(text, limit: 20))' is more than 24 hours back; give 24h or less")
      }
      return now - ago
    }
    guard let text = parsed.value(.at) else { return nil }
    guard let time = TimeOfDay(text) else {
      throw usage("--at '\(printable(text))' is not a time of day; use \(TimeOfDay.acceptedForms)")
    }
    // Already past today: started then; still ahead: starts then.
    return time.today(before: now) ?? time.nextOccurrence(after: now)
  }

  /// `--in DURATION`: a start still ahead, at most a day away; a duration back is refused.
  private static func startsIn(_ text: String, _ parsed: ParsedArguments, at now: Instant) throws -> Instant {
    let typed = text.trimmingCharacters(in: " ")
    if typed.hasPrefix("-") {
      throw usage(
        "--in '\(printable(text, limit: 20))' is in the past; give a time ahead (--in 10m), or --ago \(printable(String(typed.dropFirst()), limit: 20)) for a start already past"
      )
    }
    let ahead = try parsed.duration(typed.hasPrefix("+") ? String(typed.dropFirst()) : typed, option: "in")
    guard ahead <= furthestBack else {
      throw usage("--in '\(printable(text, limit: 20))' is more than 24 hours ahead; give 24h or less")
    }
    return now + ahead
  }

  private static func length(_ parsed: ParsedArguments, at now: Instant) throws -> Length {
    let changes = try planChanges(parsed)
    let until = parsed.value(.until)
    let buffer = parsed.value(.fromTmuxBuffer)
    let operands = parsed.operands
    let option = changes.given.first.map { "--" + $0 }
    if let name = parsed.value(.plan) {
      guard !name.isEmpty else { throw usage("--plan is empty; give a plan's name (islet plans lists them)") }
      if until != nil { throw usage("give --plan or --until, not both") }
      if buffer != nil { throw usage("give --plan or --from-tmux-buffer, not both") }
      if !operands.isEmpty { throw usage("give --plan or durations, not both") }
      return .plan(.named(name), changes)
    }
    if let buffer {
      guard until == nil else { throw notBoth }
      if let option { throw usage("\(option) is for a plan; it does not go with --from-tmux-buffer") }
      return .fromTmuxBuffer(buffer)
    }
    if !operands.isEmpty {
      guard until == nil else { throw notBoth }
      let work: Milliseconds
      switch try parsed.reading(operands) {
      case .workAndBreak(let work, let rest): return .plan(.made(work: work, rest: rest), changes)
      case .one(let span): work = span
      }
      if changes.rounds != nil { return .plan(.made(work: work, rest: nil), changes) }
      if let option {
        throw usage(
          "\(option) is for a plan; add a break (islet start \(DurationText.compact(work))/5m) or --rounds N")
      }
      return .countdown(work)
    }
    if let option {
      guard until == nil else {
        throw usage("\(option) is for a plan and --until for one countdown; give one or the other")
      }
      throw usage(
        "\(option) is for a plan; add --plan NAME or a work and a break duration, such as islet start 25m/5m --rounds 4"
      )
    }
    guard let until else { return .stopwatch }
    guard let time = TimeOfDay(until) else {
      throw usage("--until '\(printable(until))' is not a time of day; use \(TimeOfDay.acceptedForms)")
    }
    return .countdown(time.nextOccurrence(after: now) - now)
  }

  /// `--rounds`, `--advance` (or `--auto`, `--ask`), `--long-break` and `--cue`, converted.
  private static func planChanges(_ parsed: ParsedArguments) throws -> PlanChanges {
    var changes = PlanChanges()
    changes.given = [Option.rounds, .advance, .auto, .ask, .longBreak, .cue].filter { parsed.has($0) }.map(
      \.name)
    if let text = parsed.value(.rounds) {
      guard text.allSatisfy(\.isASCIIDigit), let rounds = Int(text), (1...Plan.maximumRounds).contains(rounds)
      else {
        throw usage(
          "--rounds '\(printable(text, limit: 20))' is not a number of rounds; use a whole number from 1 to \(Plan.maximumRounds)"
        )
      }
      changes.rounds = rounds
    }
    let policies = changes.given.filter { ["advance", "auto", "ask"].contains($0) }
    if policies.count > 1 {
      throw usage("give one of --advance, --auto and --ask")
    }
    if let text = parsed.value(.advance) {
      guard let policy = AdvancePolicy(rawValue: text.lowercased()) else {
        throw usage(
          "--advance '\(printable(text, limit: 20))' is not a policy; use auto, ask, breaks or work")
      }
      changes.advance = policy
    }
    if parsed.has(.auto) { changes.advance = .auto }
    if parsed.has(.ask) { changes.advance = .ask }
    changes.longBreak = try parsed.value(.longBreak).map { try parsed.duration($0, option: "long-break") }
    if let text = parsed.value(.cue) {
      let cue = text.lowercased() == "off" ? 0 : text.allSatisfy(\.isASCIIDigit) ? Int(text) : nil
      guard let cue, (0...Plan.maximumCue).contains(cue) else {
        throw usage(
          "--cue '\(printable(text, limit: 20))' is not a number of seconds; use a whole number from 0 to \(Plan.maximumCue) (0 is off)"
        )
      }
      changes.cue = cue
    }
    return changes
  }

  private static func usage(_ message: String) -> UsageError {
    UsageError(message: message, command: "start")
  }

  private static let notBoth = usage("give a DURATION or --until, not both")

  /// A made plan keeps `--name` as its work's label, which its one-line definition must read
  /// back: within a label's bounds. (`--icon` is an icon name, never read as a duration.)
  private func checkMadePlan() throws {
    if let name, let problem = UserText.problem(with: name, bounds: .label) {
      throw Self.usage(
        "--name '\(printable(name, limit: 20))' labels the plan's work and \(problem.message)")
    }
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let configuration = try environment.configuration
    if let icon { try environment.checkIcon(icon, command: "start") }
    var attributes = IntentService.attributes(configuration)
    var shownName = name ?? "Timer"
    var durationTexts = typedDurations
    switch length {
    case .stopwatch: break
    case .countdown(let duration):
      attributes.mode = .countdown
      attributes.fullDuration = duration
    case .fromTmuxBuffer(let buffer):
      // Read as the operands are, so a prompt takes what the command line takes.
      let typed = try environment.tmuxBufferText(buffer, command: "start")
      let words = typed.split(whereSeparator: \.isWhitespace).map(String.init)
      durationTexts = Self.typed(words)
      switch try ParsedArguments(command: "start").reading(words) {
      case .one(let duration):
        attributes.mode = .countdown
        attributes.fullDuration = duration
      case .workAndBreak(let work, let rest):
        let plan = try self.plan(.made(work: work, rest: rest), PlanChanges(), configuration: configuration)
        attributes.plan = plan
        shownName = name ?? plan.runName
      }
    case .plan(let source, let changes):
      let plan = try self.plan(source, changes, configuration: configuration)
      attributes.plan = plan
      shownName = name ?? plan.runName
    }
    if let icon { attributes.icon = icon }
    attributes.recordID = recordID
    attributes.owner = owner
    if let staleAfter { attributes.staleAfter = staleAfter }
    attributes.expected = expected
    attributes.origin = TmuxRecorder.origin(from: environment.variables)
    attributes.terminal = TerminalAlerts.here(environment: environment.variables)
    attributes.tags = tags
    var request = StartRequest(
      name: shownName, attributes: attributes, category: category, relevance: relevance, paused: paused,
      startedAt: startedAt, posted: posted)
    request.switching = switching ?? configuration.switchesByDefault(request, at: readAt)
    // A terminal is told what started; a pipe gets the id alone, which scripts keep.
    let status = try environment.dispatch(.start(request), command: "start") { activity, _ in
      environment.console.isTerminal ? environment.startConfirmation(activity) : activity.id
    }
    if status == .ok { durationTexts.forEach(environment.noteSeconds) }
    return status
  }

  /// The plan to start: the one named (the user's before a preset) or the one the durations
  /// make, with the options' changes.
  func plan(_ source: PlanSource, _ changes: PlanChanges, configuration: Configuration) throws -> Plan {
    var plan: Plan
    switch source {
    case .named(let wanted):
      guard let found = configuration.plan(named: wanted) else {
        let names = configuration.allPlans.map(\.name)
        let hint = suggestion(for: wanted, among: names).map { "did you mean '\($0)'? Known" } ?? "known"
        throw Self.usage(
          "unknown plan '\(printable(wanted, limit: 40))'; \(hint) plans: \(names.joined(separator: ", "))")
      }
      plan = found
      if let rounds = changes.rounds {
        plan.rounds = rounds
        // Fewer rounds than the long break waits for would drop it: it comes after the last.
        plan.longBreakEvery = min(plan.longBreakEvery, rounds)
      }
      if let icon { plan.work.icon = icon }
    case .made(let work, let rest):
      plan = Plan.workAndBreak(
        name: name, work: work, rest: rest, icon: icon ?? configuration.icon, rounds: changes.rounds ?? 1,
        cueSeconds: changes.cue)
    }
    if let advance = changes.advance { plan.advance = advance }
    if let cue = changes.cue { plan.cueSeconds = cue }
    if let longBreak = changes.longBreak {
      if plan.longBreak == nil {
        plan.longBreak = Segment(label: "Long break", duration: longBreak, icon: "coffee", kind: .break)
        plan.longBreakEvery = plan.rounds
      }
      plan.longBreak?.duration = longBreak
    }
    // Without a long break, its count is the rounds', as the definition reads it back.
    if plan.longBreak == nil { plan.longBreakEvery = plan.rounds }
    // The store keeps the definition: a plan it would read back otherwise is not started.
    guard plan.isKeepable else {
      throw Self.usage(
        "this plan cannot be kept as its definition '\(printable(plan.definition, limit: 80))'")
    }
    return plan
  }
}
