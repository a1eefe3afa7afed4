import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// What every command shares for one run: the process environment, the clock, the handlers,
/// the console and the global options, with the configuration, the theme and the store's path
/// each loaded once, when first asked for.
///
/// ```swift
/// let environment = Environment(variables: ["ISLET_DB": path], clock: clock, console: console)
/// let status = try StatusCommand(parsed, at: environment.now).run(in: environment)
/// ```
final class Environment: RunContext {
  /// The process environment (`ISLET_DB`, `HOME`, `NO_COLOR`, `TMUX`, …).
  package let variables: [String: String]
  package let clock: any WallClock
  let handlers: [any PostCommitHandler]
  package let console: any Console
  let options: GlobalOptions
  /// Set by the device view when the terminal's locale cannot show Unicode, so that its
  /// flashes agree with its screen.
  var asciiOnly = false
  private var loadedConfiguration: Configuration?
  private var loadedTheme: Theme?
  private var resolvedStorePath: String?

  init(
    variables: [String: String], clock: any WallClock, handlers: [any PostCommitHandler] = [],
    console: any Console, options: GlobalOptions = GlobalOptions()
  ) {
    self.variables = variables
    self.clock = clock
    self.handlers = handlers
    self.console = console
    self.options = options
  }

  var now: Instant { clock.now() }

  /// Forgets the configuration and the theme loaded, so that the next use reads them afresh
  /// (a follower, once the configuration has changed).
  func forgetConfiguration() {
    loadedConfiguration = nil
    loadedTheme = nil
  }

  package var configuration: Configuration {
    get throws {
      if let loadedConfiguration { return loadedConfiguration }
      let (loaded, theme) = try ConfigurationFile.loadChecked(environment: variables)
      loadedConfiguration = loaded
      // The check loaded the configuration's theme: the one drawn in unless --theme says another.
      if options.theme == nil, let theme { loadedTheme = theme }
      return loaded
    }
  }

  /// The store's file, resolved once: absolute, with links followed (see `StoreLocation.canonical`).
  package var storePath: String {
    get throws {
      if let resolvedStorePath { return resolvedStorePath }
      let resolved = try StoreLocation.canonical(
        StoreLocation.path(option: options.store, environment: variables))
      resolvedStorePath = resolved
      return resolved
    }
  }

  /// Whether output may use Unicode glyphs: by the locale's name, unless the view has found
  /// the locale itself unusable (`asciiOnly`), so that its flashes agree with its screen.
  package var unicode: Bool {
    !asciiOnly && Glyphs.wantUnicode(ascii: options.ascii, environment: variables)
  }

  var glyphs: Glyphs {
    Glyphs(unicode: unicode, theme: (try? theme) ?? ThemeCatalog.fallback)
  }

  /// Where themes are found: the user's folder, then the ones beside the binary.
  package var themeCatalog: ThemeCatalog { ConfigurationFile.themeCatalog(environment: variables) }

  /// What the terminal itself answered about its background, asked by the view (which owns
  /// the terminal) when `COLORFGBG` says nothing.
  var answeredShade = TerminalShade.any

  /// The terminal's background, as far as the environment (or the terminal) says.
  package var terminalShade: TerminalShade {
    let named = TerminalShade.of(colorFGBG: variables["COLORFGBG"])
    return named == .any ? answeredShade : named
  }

  /// The theme `--theme` or the configuration names; otherwise the default, or the light one
  /// on a light terminal.
  var themeReference: String {
    get throws { try options.theme ?? configuration.theme ?? terminalShade.standardTheme }
  }

  /// The theme `themeReference` names.
  package var theme: Theme {
    get throws {
      if let loadedTheme { return loadedTheme }
      let reference = try themeReference
      switch themeCatalog.load(reference) {
      case .success(let theme):
        loadedTheme = theme
        return theme
      case .failure(let failure): throw failure
      }
    }
  }

  /// The icon names an activity may take: the built-in ones and any the theme adds, sorted.
  var iconNames: [String] {
    get throws { ThemeCatalog.iconNames(with: try theme) }
  }

  /// Refuses `--icon I` when neither the built-in icons nor the theme's have it: known only
  /// once the theme is, since a theme of one's own may add icons.
  func checkIcon(_ icon: String, command: String) throws {
    guard try !iconNames.contains(icon) else { return }
    throw UsageError(
      message:
        "--icon '\(printable(icon, limit: 40))' is not an icon; use one of \(try iconNames.joined(separator: ", ")) (islet icons)",
      command: command)
  }

  func text(_ activity: Activity, policy: TimePolicy, goal: GoalTally? = nil) -> ActivityText {
    ActivityText(activity: activity, now: now, policy: policy, glyphs: glyphs, goal: goal)
  }

  /// The store opened to write, behind the one intent path.
  func openIntents() throws -> IntentService {
    try IntentService.open(
      storePath, clock: clock, configuration: configuration, environment: variables, handlers: handlers)
  }

  /// The live activities, ranked, read without writing; empty when there is no store yet.
  /// They are shown as time has left them (see `TimerEngine.settled`), with the events time
  /// has caused that no writer has recorded yet.
  /// With `remote`, the remote hosts' live activities are among them (`RemoteLive`).
  func readLive(policy: TimePolicy, remote: Bool = true) throws -> (
    store: SQLiteActivityStore?, live: [Activity], pending: [Event]
  ) {
    let hosts = remote ? ((try? configuration.remotes) ?? []) : []
    guard let store = try SQLiteActivityStore.openForReading(path: storePath) else {
      // The link makes the store it keeps the hosts' word in.
      if !hosts.isEmpty { RemoteLinkLauncher.ensure(storePath: try storePath, environment: variables) }
      return (nil, [], [])
    }
    let stored = try store.liveActivities()
    DeadlineWatcherLauncher.ensure(
      storePath: store.path, live: stored, environment: variables)
    let (settled, pending) = try TimerEngine.settled(
      stored, at: now, policy: policy, keeps: store.isProgramRun)
    let away = RemoteLive.activities(
      in: store, hosts: hosts, environment: variables, now: now, policy: policy)
    return (store, ActivityMatcher.ranked(settled + away, at: now, policy: policy), pending)
  }

  /// The history a reader shows: what `store` has recorded (from `since` on), then the
  /// `pending` events `readLive` found that no writer had recorded when it looked. A writer may
  /// have recorded some of them since: those are in the history already, and not added twice.
  func history(_ store: SQLiteActivityStore?, since: Instant? = nil, pending: [Event]) throws -> [Event] {
    history(recorded: try store?.history(since: since) ?? [], since: since, pending: pending)
  }

  /// `recorded`, then the `pending` events (from `since` on) it does not hold yet.
  private func history(recorded: [Event], since: Instant?, pending: [Event]) -> [Event] {
    let due = pending.filter { event in
      (since.map { event.at >= $0 } ?? true)
        && !recorded.contains {
          $0.activityID == event.activityID && $0.kind == event.kind && $0.at == event.at
        }
    }
    return recorded + due.sorted { $0.at < $1.at }
  }

  /// The sessions `log` and `report` show: the history's, and the live runs still going, as a
  /// reader sees them at `now` (see `readLive`). `since` and `until` bound the history read.
  /// With `tags`, each session has its activity's tags (`Session.tags`).
  func sessions(since: Instant?, until: Instant?, policy: TimePolicy, tags: Bool = false) throws -> [Session]
  {
    let (store, live, pending) = try readLive(policy: policy, remote: false)
    defer { store?.close() }
    var sessions = try self.sessions(
      store, live: live, pending: pending, since: since, until: until, policy: policy)
    if tags, let store {
      let tagged = try store.tagsByActivity()
      if !tagged.isEmpty {
        for index in sessions.indices { sessions[index].tags = tagged[sessions[index].activityID] ?? [] }
      }
    }
    return sessions
  }

  private func sessions(
    _ store: SQLiteActivityStore?, live: [Activity], pending: [Event], since: Instant?, until: Instant?,
    policy: TimePolicy
  ) throws -> [Session] {
    // Only the runs that overlap the stretch are read: the cost follows it, not the history.
    let recorded = try store?.history(runsOverlapping: since, until: until) ?? []
    let history = self.history(recorded: recorded, since: nil, pending: pending)
    return SessionLog.sessions(from: history, live: live, at: now, policy: policy)
  }

  /// The report over `from ..< until` (until no later than now) of the sessions `keeps`
  /// keeps (nil: all): over many whole days (`ReportSplit`), from the store's roll-up for those days and
  /// the history for the rest; else, or with `detailed`, from the history alone. The same
  /// report either way. A stale roll-up is built again first where the store can be written;
  /// else the history answers; with `rebuild`, it is built again first whatever it says (an
  /// error when the store cannot be written). With `tags`, each entry has its activity's tags.
  func report(
    from: Instant, until: Instant, by grouping: Report.Grouping, policy: TimePolicy, tags: Bool,
    detailed: Bool = false, rebuild: Bool = false, keeps: ((Report.Entry) -> Bool)?
  ) throws -> Report {
    let zone = LocalZone.current
    let (store, live, pending) = try readLive(policy: policy, remote: false)
    defer { store?.close() }
    if rebuild, let store { try buildRollUp(store.path, always: true) }
    var sink = ReportSink(
      adder: Report.Adder(by: grouping, from: from, until: until, zone: zone), keeps: keeps,
      tagged: tags ? try store?.tagsByActivity() ?? [:] : nil)
    // A report that ends now reads no end edge: nothing is recorded after now, and the edge
    // would cost its statement as much again.
    let end = until < now ? until : nil
    if !detailed, let store, let split = ReportSplit(from: from, until: until, zone: zone), rollUpReady(store)
    {
      // The head holds closed runs only: the tail's read has every run still going, whole.
      let head = try split.head.map {
        SessionLog.sessions(
          from: try store.history(runsOverlapping: $0.from, until: $0.to), live: [], at: now)
      }
      let tail = try sessions(
        store, live: live, pending: pending, since: split.tail.from, until: end, policy: policy)
      var merger = ReportSplit.Merger(split, detailed: tail + (head ?? []), zone: zone)
      try store.rolledEntries(days: split.days, within: split.wholeDays) { merger.add($0) { sink.add($0) } }
      merger.finish { sink.add($0) }
    } else {
      var midnights = Report.Midnights(zone: zone)
      for session in try sessions(
        store, live: live, pending: pending, since: from, until: end, policy: policy)
      {
        sink.add(
          Report.Entry(
            session,
            pieces: Report.Pieces(Report.pieces(of: session, from: from, until: until, midnights: &midnights))
          ))
      }
    }
    return sink.adder.report
  }

  /// Whether the store's roll-up is current, building it again when it is not and the store
  /// can be written (once, for a store a migration or another zone left it stale in).
  private func rollUpReady(_ store: SQLiteActivityStore) -> Bool {
    if (try? store.rollUpIsCurrent()) == true { return true }
    guard !SQLiteActivityStore.isSealed(store.path) else { return false }
    return (try? buildRollUp(store.path, always: false)) != nil
  }

  /// Builds the roll-up again through a writer of its own (unless another built it first and
  /// `always` is false), then empties the write-ahead log the rebuild filled.
  private func buildRollUp(_ path: String, always: Bool) throws {
    let writer = try SQLiteActivityStore.openForWriting(path: path)
    defer { writer.close() }
    try writer.transaction {
      if try always || !writer.rollUpIsCurrent() { try writer.rebuildRollUp() }
    }
    try? writer.checkpoint()
  }

  /// The colors the output may use: none with `--no-color` (or `NO_COLOR`, `TERM=dumb`), else
  /// what the terminal offers; `terminalOnly` gives none when the output is not a terminal.
  package func colorDepth(terminalOnly: Bool) -> ColorDepth {
    if options.noColor || (terminalOnly && !console.isTerminal) { return .none }
    return ColorDepth.of(environment: variables)
  }

  /// How many columns the output may use: `COLUMNS`, the terminal's width, or 80.
  var outputWidth: Int {
    if let text = variables["COLUMNS"], let columns = Int(text), columns >= 20, columns <= 1000 {
      return columns
    }
    var size = winsize()
    if console.isTerminal, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 {
      return Int(size.ws_col)
    }
    return 80
  }

  /// Today's work segments against each configured goal, counted as a writer would have
  /// recorded them by now; none without a goal.
  package func goalTallies(store: SQLiteActivityStore?, pending: [Event]) throws -> [GoalTally] {
    let goals = try configuration.dailyGoals
    guard let start = goals.startOfDay(now) else { return [] }
    return goals.tallies(try history(store, since: start, pending: pending), at: now)
  }

  /// Says why an intent does not apply, as `CommandLineInterface.report(_:)` says it, and
  /// gives its status.
  func refused(_ reason: String) -> ExitStatus {
    let report = CommandLineInterface.report(Refusal(reason))
    console.err(report.text)
    return report.status
  }

  /// A failed match as it reaches the user: nothing live is a refusal; a query that names none
  /// or several is bad usage, with the command's usage line.
  func matchFailure(_ failure: ActivityMatcher.Failure, command: String) -> any UserFacingError {
    failure.exitStatus == .usage ? UsageError(message: failure.message, command: command) : failure
  }

  /// What an answer to the question about time away did, as its confirmation says it.
  static func awaySaid(_ answer: AwayAnswer) -> String {
    switch answer {
    case .keep: return "keeps its time away"
    case .drop: return "dropped its time away and goes on"
    case .stop: return "dropped its time away and stopped"
    }
  }

  /// `⏸ Workout paused at 12:34`, one line saying what the intent did.
  package func confirmation(_ activity: Activity, _ events: [Event]) -> String {
    let g = glyphs
    let name = printableName(activity.name)
    let time = activity.displayTime(at: now)
    guard let event = events.last(where: { $0.kind != .goalReached }) ?? events.last else {
      return "\(name) \(time)"
    }
    let clock = DurationText.clock(seconds: event.elapsed / 1000)
    func said(_ position: PlanPosition) -> String { position.text(after: activity.name) }
    let what: String
    switch event.kind {
    case .started: what = activity.isCountdown ? "started, \(time) to go" : "started"
    case .paused: what = "paused at \(time)"
    case .resumed: what = "resumed at \(time)"
    case .reset: what = "reset to \(time) (discarded \(clock))"
    case .completed: what = "done \(g.dash) \(clock)"
    case .ended where activity.state.startedAt > event.at:
      what = "cancelled, before its start at \(LocalTime.clock(activity.state.startedAt, from: now))"
    case .ended: what = "ended at \(clock)"
    case .adjusted:
      let length = DurationText.clock(seconds: (activity.state.duration ?? 0) / 1000)
      what =
        "now \(length) long, " + (activity.displaySeconds(at: now).overtime ? "time is up" : "\(time) to go")
    case .updated: what = "updated"
    case .snoozed: what = "snoozed, \(time) to go"
    case .finished: what = "finished"
    case .expired: what = "expired"
    case .skipped: what = "skipped \(event.plan.map(said) ?? "a segment")"
    case .segmentStarted: what = "\(event.plan.map(said) ?? "segment") started, \(time) to go"
    case .segmentFinished: what = "\(event.plan.map(said) ?? "segment") finished"
    case .planCompleted: what = "done \(g.dash) the whole plan"
    case .goalReached: what = "reached today's goal"
    case .edited: what = "edited"
    case .forgotten: what = "forgotten"
    case .failed: what = "failed \(g.dash) \(event.detail ?? "") after \(clock)"
    case .attention: what = "needs you: \(printable(event.detail ?? "", limit: 80))"
    case .pressed: what = "\(printable(event.detail ?? "", limit: 40)) pressed"
    case .scheduled: what = "starts at \(LocalTime.clock(activity.state.startedAt, from: now))"
    case .away: what = "away \(event.detail ?? ""): keep it, drop it, or drop it and stop? (islet away)"
    case .awayAnswered:
      what = AwayAnswer(rawValue: event.detail ?? "").map(Self.awaySaid) ?? "answered"
    case .lapped:
      let lap = DurationText.lapClock(activity.state.laps.last ?? 0)
      what = "lap \(activity.state.laps.count) \(lap) (split \(DurationText.lapClock(event.elapsed)))"
    }
    // A skip is said first, then where the plan went: `⏭ Pomodoro skipped Focus 1/4; Break 1/4 started, …`
    if event.kind != .skipped, let skip = events.first(where: { $0.kind == .skipped }) {
      return "\(g.event(.skipped)) \(name) skipped \(skip.plan.map(said) ?? "a segment"); \(what)"
    }
    return "\(g.event(event.kind)) \(name) \(what)"
  }

  /// `⏱ Timer — 25 seconds, until 10:52 · id 9p5k`: what `start` started, said to a terminal.
  func startConfirmation(_ activity: Activity) -> String {
    let g = glyphs
    var what = activity.planPosition.map { [$0.text(after: activity.name)] } ?? []
    what.append(activity.state.duration.map(DurationText.words) ?? "stopwatch")
    if let deadline = activity.deadline {
      // Started in the past (--ago, --at), it may be over already.
      let over = deadline.milliseconds <= now.milliseconds
      what.append("\(over ? "finished at" : "until") \(LocalTime.clock(deadline, from: now))")
    } else if activity.state.phase == .idle {
      what.append("ready")
    } else if let starts = activity.startsAt {
      let wait = DurationText.words((starts - now + 999) / 1000 * 1000)
      what.append("starts at \(LocalTime.clock(starts, from: now)) (in \(wait))")
      if activity.attributes.switches { what.append("ends the stopwatches running then") }
    }
    return
      "\(g.icon(activity.icon)) \(printableName(activity.name)) \(g.dash) \(what.joined(separator: ", ")) \(g.separator) id \(activity.id)"
  }

  /// Says on stderr that a bare number (`25`, `+5`) was read as seconds, the usual slip for
  /// minutes; a hint on stderr leaves what a script reads from stdout as it was.
  func noteSeconds(_ text: String) {
    var number = text.trimmingCharacters(in: " ")
    let sign = number.first == "+" || number.first == "-" ? String(number.removeFirst()) : ""
    guard DurationText.isBareNumber(number) else { return }
    let shown = printable(sign + number, limit: 20)
    console.err("islet: \(shown) is read as seconds; write \(shown)m for minutes\n")
  }

  /// Sends an intent through the one intent path and prints what it did (`describe`), or the
  /// refusal.
  func dispatch(
    _ intent: Intent, target: String? = nil, command: String,
    describe: (Activity, [Event]) -> String
  ) throws -> ExitStatus {
    if let target, let (text, host) = RemoteHost.split(target, among: try configuration.remotes) {
      return try dispatchRemote(intent, target: text.isEmpty ? nil : text, on: host, command: command)
    }
    if target == nil, RemoteIntent.words(intent, id: nil) != nil,
      let (id, host) = try currentAway(for: intent)
    {
      return try dispatchRemote(intent, target: id, on: host, command: command)
    }
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
    // What a switch ended, on a terminal: a pipe reads the started one's id alone.
    if console.isTerminal {
      for stopped in outcome.stopped {
        console.out(confirmation(stopped, outcome.events.filter { $0.activityID == stopped.id }) + "\n")
      }
    }
    console.out(describe(activity, outcome.ownEvents(from: .cli)) + "\n")
    if !outcome.others.isEmpty { console.err(tookCurrent(activity, over: outcome.others)) }
    return .ok
  }

  /// The activity an intent with no ACTIVITY goes to when it is a remote host's, as the local
  /// path would choose it among all shown (the first in the island's order that takes the
  /// intent): its id there and its host; nil when it is this machine's. A host that cannot be
  /// reached now is passed over: nothing local waits on it.
  private func currentAway(for intent: Intent) throws -> (String, RemoteHost)? {
    let hosts = try configuration.remotes
    guard !hosts.isEmpty else { return nil }
    let policy = try configuration.policy
    let (store, live, _) = try readLive(policy: policy)
    store?.close()
    let reachable = live.filter { $0.attributes.host == nil || !$0.isStale(at: now) }
    guard
      let (chosen, _) = IntentDispatcher.current(
        for: intent, among: reachable, at: now, source: .cli, policy: policy),
      chosen.attributes.host != nil
    else { return nil }
    return RemoteHost.split(chosen.id, among: hosts)
  }

  /// An intent on a remote host's activity, run by the host's own islet over ssh: what it
  /// printed and its exit status are this command's.
  private func dispatchRemote(_ intent: Intent, target: String?, on host: RemoteHost, command: String) throws
    -> ExitStatus
  {
    guard let words = RemoteIntent.words(intent, id: target) else {
      throw UsageError(
        message:
          "\(command) is not sent to another host; run it there (ssh \(host.address) islet \(command))",
        command: command)
    }
    let (status, output) = RemoteIntent.run(words, on: host, environment: variables)
    guard let status else {
      console.err("islet: \(host.name): \(output)\n")
      return .unavailable
    }
    if status == 0 { console.out(output) } else { console.err(output) }
    // ssh's own failure (255) is the host being out of reach.
    return status == 255 ? .unavailable : ExitStatus(rawValue: status) ?? .unavailable
  }

  /// What a command without ACTIVITY that could have meant several took, and the others.
  private func tookCurrent(_ taken: Activity, over others: [Activity]) -> String {
    // Settled by the transaction that took it: the stored phase is the phase now.
    let listed = others.prefix(3).map { "\(printableName($0.name)) (\($0.state.phase.word), \($0.id))" }
    let more = others.count > 3 ? " and \(others.count - 3) more" : ""
    let verb = others.count == 1 ? "is" : "are"
    return
      "islet: that was \(printableName(taken.name)), the current activity; "
      + "\(listed.joined(separator: ", "))\(more) \(verb) live too: give a name or id to choose\n"
  }

  /// The text a key binding's prompt left in a tmux buffer (`--from-tmux-buffer B`), read with
  /// `tmux show-buffer` and then deleted; it never passes through a shell.
  func tmuxBufferText(_ buffer: String, command: String) throws -> String {
    guard let socket = TmuxRecorder.socket(from: variables), let tmux = TmuxRecorder.tmuxPath(variables)
    else {
      throw UsageError(
        message: "--from-tmux-buffer works inside tmux only ($TMUX is not set)", command: command)
    }
    guard
      let bytes = Spawner.output(
        of: [tmux, "-S", socket, "show-buffer", "-b", buffer], environment: variables)
    else {
      throw UsageError(message: "tmux has no buffer '\(printable(buffer))'", command: command)
    }
    _ = Spawner.output(of: [tmux, "-S", socket, "delete-buffer", "-b", buffer], environment: variables)
    // Repaired, bytes that are not UTF-8 would be kept as another text.
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw UsageError(
        message: "what was typed ('\(escaped(bytes))') is not valid UTF-8; type plain text", command: command)
    }
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }
}

/// The options every command takes, converted once: `--db`, `--theme`, `--ascii`, `--no-color`.
struct GlobalOptions {
  /// `--db PATH`; nil for `$ISLET_DB` or the default.
  var store: String?
  var theme: String?
  var ascii = false
  var noColor = false

  init() {}

  /// `--db ''` would quietly mean the default store: refused instead.
  init(_ parsed: ParsedArguments) throws {
    if parsed.value(.db) == "" {
      throw UsageError(message: "--db is empty; give the store's file path", command: parsed.command)
    }
    store = parsed.value(.db)
    theme = parsed.value(.theme)
    ascii = parsed.has(.ascii)
    noColor = parsed.has(.noColor)
  }
}

/// What a report adds up: the entries `keeps` keeps (every one without it), each with its
/// activity's tags when it is matched by them. A struct, not a local function: the report's
/// adder captured by one was checked for exclusive access at every entry.
private struct ReportSink {
  var adder: Report.Adder
  let keeps: ((Report.Entry) -> Bool)?
  let tagged: [String: [String]]?

  mutating func add(_ entry: Report.Entry) {
    guard let keeps else { return adder.add(entry) }
    guard let tagged else { return keeps(entry) ? adder.add(entry) : () }
    var entry = entry
    entry.tags = tagged[entry.activityID] ?? []
    if keeps(entry) { adder.add(entry) }
  }
}
