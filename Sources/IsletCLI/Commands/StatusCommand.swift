import CSystem
import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

/// `islet status`: an activity as one line, a Live Activity presentation, or JSON; nothing
/// (exit 1) when nothing is live. With `--follow`, a new line each time it changes.
struct StatusCommand: Command {
  static let specs = [
    CommandSpec(
      name: "status",
      operands: "[ACTIVITY]",
      brief: "one line: icon, name, time, phase (or a presentation, or JSON)",
      summary:
        "Print an activity's status: one line, or one of the Live Activity presentations. Nothing (exit 1) when nothing is live.",
      details: """
        Without --presentation, plain output is one line: icon, name, time and phase; a plan
        shows its segment and round instead of its name (Focus 2/4 12:04). The ansi and
        tmux formats draw the compact island unless told otherwise; without ACTIVITY, the island
        shows the next live activity as a bubble beside the current one.
        --template T prints T with these fields filled in, each empty where it means nothing
        (a plan's for a single timer, a countdown's for a stopwatch):
        \(TemplateField.described)
        For example: --template '{icon} {segment} {round}/{rounds} {time}'.
        JSON prints the activity with its plan (null for a single timer) and its plan's goal today
        (null without one), the presentation's lines, or null when nothing is live.
        --follow keeps going, for a bar: it prints the line at once, then again each time it
        changes (each second while a timer runs, at once after an intent from any shell, never
        while all is paused); an empty line (null for JSON) while nothing is live. It ends when
        its reader goes away, or on Ctrl-C, SIGTERM or SIGHUP.
        A bar's clicks are read from stdin by --follow for i3bar, and for i3blocks only with
        --read-clicks. --click BUTTON sends a click's intent to the activity the line shows
        before printing it, and then exits 0 whatever is live, as a bar's block must.

        Examples:
          islet status --presentation lockscreen
          islet status --presentation compact --format ansi --theme light
          islet status --format tmux --width 40
          islet status --follow --format json
          islet status --all --follow --format json
        --all prints every live activity of this machine (not those it shows of other
        hosts), a line each; with --format json, one object:
        {"islet": version, "protocol": N, "at": time, "activities": [each as above]}. It is
        what another machine's islet remote follows over ssh.
        """,
      options: [
        OptionSpec(
          .presentation, value: "minimal|compact|expanded|lockscreen",
          help: "one of the Live Activity presentations"),
        OptionSpec(
          .format, value: "plain|ansi|tmux|json|waybar|polybar|i3blocks|i3bar|i3status-rs",
          help: "the output (default plain); the bars' formats are described by islet bar"),
        OptionSpec(
          .width, value: "N",
          help: "N cells to draw in: a bar's island fills them, a --presentation is centered in them"),
        OptionSpec(
          .template, value: "T",
          help: "a custom line from " + TemplateField.listed),
        OptionSpec(.follow, value: nil, help: "keep printing: a new line each time it changes"),
        OptionSpec(
          .readClicks, value: nil,
          help: "with --follow and i3blocks: read the bar's clicks from stdin (i3blocks 1.5 and later)"),
        OptionSpec(
          .click, value: "BUTTON",
          help:
            "a bar's click first, as i3blocks gives it: 1 toggles (presses a program's first button), 2 resets, 3 completes, empty none"
        ),
        OptionSpec(.part, value: "island|pill|bubble", help: "with waybar: a part of the island"),
        OptionSpec(
          .all, value: nil,
          help: "every live activity: a line each, or with --format json one object (what islet remote reads)"
        ),
      ],
      maxOperands: 1, globals: [.theme, .ascii, .noColor])
  ]

  /// `--format`: what the output is made of.
  enum Format: String, CaseIterable {
    case plain, ansi, tmux, json, waybar, polybar, i3blocks, i3bar
    case i3statusRs = "i3status-rs"

    /// A desktop bar's line (`BarFormat`), drawn from the live set rather than one activity.
    var bar: BarFormat? { BarFormat(rawValue: rawValue) }
  }

  let format: Format
  /// `--presentation`; the ansi and tmux formats draw the compact island unless told otherwise.
  let presentation: Presentation?
  /// Whether `--presentation` was asked for: then it is drawn on its own, centered in
  /// `--width`; a bar's implied island takes the width exactly.
  let standalone: Bool
  let width: Int?
  let template: String?
  /// The activity named; nil for the current one, with the next beside it on the island.
  let target: String?
  /// `--follow`: a new line each time the output changes, until the reader goes away.
  let follow: Bool
  /// `--read-clicks`: the follower reads the bar's clicks from stdin (`BarFormat.readsClicks`).
  let readClicks: Bool
  /// `--click BUTTON`: a bar's click to send before the one line; `.some(nil)` for an empty or
  /// unknown button (a block run without a click), nil without the option.
  let click: Intent??
  /// `--part`: which part of the island a bar's module shows.
  let part: BarPart
  /// `--all`: every live activity, for a script or another machine's `islet remote`.
  let all: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let text = parsed.value(.format) ?? "plain"
    guard let format = Format(rawValue: text) else {
      throw UsageError(
        message:
          "--format '\(printable(text))' is not a format; use \(Format.allCases.map(\.rawValue).joined(separator: ", "))",
        command: "status")
    }
    var presentation = try parsed.presentation()
    standalone = presentation != nil
    width = try Self.width(parsed)
    template = try Self.template(parsed)
    if presentation != nil && template != nil {
      throw UsageError(message: "give --presentation or --template, not both", command: "status")
    }
    if presentation == nil && (format == .ansi || format == .tmux) && template == nil {
      presentation = .compact
    }
    self.format = format
    self.presentation = presentation
    target = parsed.operands.first
    follow = parsed.has(.follow)
    readClicks = parsed.has(.readClicks)
    if readClicks && !(follow && format.bar?.stdinClicks == .whenAsked) {
      throw UsageError(message: "--read-clicks is for --follow --format i3blocks", command: "status")
    }
    click = try Self.click(parsed, format: format, follow: follow)
    let partText = parsed.value(.part) ?? BarPart.island.rawValue
    guard let part = BarPart(rawValue: partText) else {
      throw UsageError(
        message:
          "--part '\(printable(partText))' is not a part; use \(BarPart.allCases.map(\.rawValue).joined(separator: ", "))",
        command: "status")
    }
    if part != .island && format.bar?.hasParts != true {
      throw UsageError(message: "--part is for --format waybar", command: "status")
    }
    self.part = part
    all = parsed.has(.all)
    if all && (format != .plain && format != .json || target != nil || presentation != nil || template != nil)
    {
      throw UsageError(
        message:
          "--all prints every live activity as plain lines or JSON; give no ACTIVITY, --presentation or --template",
        command: "status")
    }
  }

  /// `--click BUTTON`: one line of a bar's format, not followed; an empty or other button is
  /// no click, as i3blocks runs a block without one.
  private static func click(_ parsed: ParsedArguments, format: Format, follow: Bool) throws -> Intent?? {
    guard let text = parsed.value(.click) else { return nil }
    if format.bar == nil || follow {
      throw UsageError(
        message: "--click is for one line of a bar's --format, not --follow", command: "status")
    }
    return .some(Int(text).flatMap(BarClick.intent(button:)))
  }

  private static func width(_ parsed: ParsedArguments) throws -> Int? {
    guard let text = parsed.value(.width) else { return nil }
    guard let value = Int(text), (1...1000).contains(value) else {
      throw UsageError(
        message: "--width '\(printable(text))' is not a width; use a number of cells from 1 to 1000",
        command: "status")
    }
    return value
  }

  private static func template(_ parsed: ParsedArguments) throws -> String? {
    guard let template = parsed.value(.template) else { return nil }
    if let problem = UserText.problem(with: template, bounds: .template) {
      throw UsageError(
        message: "--template '\(printable(template, limit: 40))' \(problem.message)", command: "status")
    }
    if let field = TemplateField.unknown(in: template) {
      throw UsageError(
        message:
          "--template has an unknown field \(printable(field)); use \(TemplateField.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", "))",
        command: "status")
    }
    return template
  }

  func run(in environment: Environment) throws -> ExitStatus {
    if follow { return try runFollowing(in: environment) }
    let policy: TimePolicy
    let theme: Theme
    do {
      (policy, theme) = try loaded(in: environment, prologue: format.bar?.prologue ?? [])
    } catch let problem as ConfigurationProblem {
      // A bar's block keeps its old text on any other status: the line says it instead.
      if format.bar != nil && click != nil { return .ok }
      throw problem
    }
    if let bar = format.bar, let click {
      try send(click, policy: policy, in: environment)
      _ = try printBar(bar, policy: policy, theme: theme, in: environment)
      return .ok
    }
    if let bar = format.bar { return try printBar(bar, policy: policy, theme: theme, in: environment) }
    // What --all serves another machine is this machine's own: a host that follows itself, or
    // two that follow each other, would pass the same activities round without end.
    let (store, live, pending) = try environment.readLive(policy: policy, remote: !all)
    if all {
      store?.close()
      let set = LiveSet(live: live, now: environment.now, policy: policy, goals: [])
      if format == .json || !live.isEmpty {
        environment.console.out(everything(in: set, environment: environment) + "\n")
      }
      return live.isEmpty ? .refused : .ok
    }
    defer { store?.close() }
    let now = environment.now
    let goals = try environment.goalTallies(store: store, pending: pending)
    let set = LiveSet(live: live, now: now, policy: policy, goals: goals)
    let activity: Activity
    switch ActivityMatcher.match(target, among: live, at: now, policy: policy) {
    case .success(let found): activity = found
    case .failure(.nothingLive):
      if format == .json { environment.console.out("null\n") }
      return .refused
    case .failure(let failure): throw environment.matchFailure(failure, command: "status")
    }
    environment.console.out(render(activity, in: set, theme: theme, environment: environment) + "\n")
    return .ok
  }

  /// A bar's one line: its prologue and the scene; refused (1) when it shows nothing.
  private func printBar(_ bar: BarFormat, policy: TimePolicy, theme: Theme, in environment: Environment)
    throws
    -> ExitStatus
  {
    let (store, live, pending) = try environment.readLive(policy: policy)
    defer { store?.close() }
    let goals = try environment.goalTallies(store: store, pending: pending)
    let set = LiveSet(live: live, now: environment.now, policy: policy, goals: goals)
    let shown: [Activity]
    switch barShown(in: set) {
    case .success(let found): shown = found
    case .failure(let failure): throw environment.matchFailure(failure, command: "status")
    }
    let scene = barScene(
      shown, in: set, theme: theme, binary: Spawner.executablePath ?? "islet", environment: environment)
    environment.console.out((bar.prologue + [bar.line(scene)]).joined(separator: "\n") + "\n")
    return scene.shown == nil ? .refused : .ok
  }

  /// `--click`'s intent, sent through the one intent path to the activity the line shows (the
  /// one named, the current one, or the next for the bubble alone). No click, nothing shown,
  /// or a refusal changes nothing and is not said: a bar shows no stderr.
  private func send(_ click: Intent?, policy: TimePolicy, in environment: Environment) throws {
    guard let click else { return }
    let shown: Activity?
    do {
      let (store, live, _) = try environment.readLive(policy: policy)
      defer { store?.close() }
      let set = LiveSet(live: live, now: environment.now, policy: policy, goals: [])
      let found = (try? barShown(in: set).get()) ?? []
      shown = BarScene(live: found, now: set.now, policy: policy, part: part).shown
    }
    guard let shown else { return }
    // Another host's activity is clicked there.
    if shown.attributes.host != nil {
      RemoteIntent.start(BarClick.intent(click, on: shown), id: shown.id, environment: environment.variables)
      return
    }
    guard let intents = try? environment.openIntents() else { return }
    defer { intents.close() }
    _ = try? intents.send(BarClick.intent(click, on: shown), to: .id(shown.id), source: .mouse)
  }

  /// What a bar shows of the live set: a named activity is the pill alone; otherwise the
  /// island, the next one beside it.
  private func barShown(in set: LiveSet) -> Result<[Activity], ActivityMatcher.Failure> {
    guard target != nil else { return .success(set.live) }
    switch ActivityMatcher.match(target, among: set.live, at: set.now, policy: set.policy) {
    case .success(let found): return .success([found])
    case .failure(.nothingLive): return .success([])
    case .failure(let failure): return .failure(failure)
    }
  }

  /// `binary`: what a bar's click runs (polybar's actions), looked up once per command.
  private func barScene(
    _ shown: [Activity], in set: LiveSet, theme: Theme, binary: String, environment: Environment
  ) -> BarScene {
    BarScene(
      live: shown, now: set.now, policy: set.policy, theme: theme, ascii: !environment.unicode,
      goals: set.goals, binary: binary, part: part)
  }

  /// A bar's click (i3bar's, i3blocks'), sent through the one intent path; what is not a
  /// click, or is refused, changes nothing and is not said (a bar shows no stderr).
  private static func click(_ line: String, in environment: Environment) {
    guard let click = BarClick.parse(line), let intents = try? environment.openIntents() else { return }
    defer { intents.close() }
    let live = (try? intents.store.liveActivities()) ?? []
    let policy = (try? environment.configuration.policy) ?? .standard
    let target =
      click.target.flatMap { id in live.first { $0.id == id } }
      ?? ActivityMatcher.ranked(live, at: environment.now, policy: policy).first
    let intent = BarClick.intent(click.intent, on: target)
    // A press is for the activity whose button it is; a timer's click, for whichever takes it.
    let to = intent != click.intent ? target.map { IntentDispatcher.Target.id($0.id) } : nil
    _ = try? intents.send(intent, to: to ?? click.dispatchTarget, source: .mouse)
  }

  /// The configuration's time policy and the theme. A problem with them is also printed short
  /// where a status line shows stdout (after `prologue`, a bar's header not yet printed), since
  /// that is the island's place.
  private func loaded(in environment: Environment, prologue: [String]) throws -> (TimePolicy, Theme) {
    do {
      return (try environment.configuration.policy, try environment.theme)
    } catch let problem as ConfigurationProblem {
      if format == .tmux {
        environment.console.out(TmuxText.escaped(problem.short) + "\n")
      } else if let bar = format.bar {
        environment.console.out((prologue + [bar.message(problem.short)]).joined(separator: "\n") + "\n")
      }
      throw problem
    }
  }

  /// `--follow`: the follower, which loads the configuration afresh when it changes (a bar or
  /// tmux would not start it again soon); for a status line it shows a problem with it in the
  /// island's place until it is mended.
  private func runFollowing(in environment: Environment) throws -> ExitStatus {
    let watch = ConfigurationWatch(environment: environment.variables)
    islet_catch_interrupts()
    // Signals are let in only while asleep (`islet_wait_for`), so none falls between a look
    // and the sleep.
    islet_defer_interrupts()
    let bar = format.bar
    // tmux's status line runs it as a job, whose lines it redraws once a second at most.
    let job =
      format == .tmux ? TmuxStatusJob(environment: environment.variables, startedAt: environment.now) : nil
    var prologue = bar?.prologue ?? []
    // Its terminal, if it runs on one, is given the terminal channel's alerts while it runs.
    let path = try environment.storePath
    let watching = WatchingTerminals.register(.follow, environment: environment.variables, storePath: path)
    defer { watching.map { WatchingTerminals.unregister($0, storePath: path) } }
    // Another machine's link (`--all` through ssh): it alerts there, so ssh terminals here need not.
    let following = all && RemoteFollowers.register(environment: environment.variables, storePath: path)
    defer { if following { RemoteFollowers.unregister(storePath: path) } }
    while true {
      environment.forgetConfiguration()
      let policy: TimePolicy
      let theme: Theme
      do {
        (policy, theme) = try loaded(in: environment, prologue: prologue)
      } catch let problem as ConfigurationProblem {
        // A status line shows the reason in the island's place and waits for it to be mended;
        // other output stops, as a one-shot status does.
        guard format == .tmux || bar != nil, let watch else { throw problem }
        prologue = []
        job?.printed(at: environment.now)
        let clicks: Int32 = bar?.readsClicks(asked: readClicks) == true ? 0 : -1
        if let ended = watch.awaitChange(discarding: clicks) { return ended }
        continue
      }
      let follower = StatusFollower(
        environment: environment, policy: policy, goals: try environment.configuration.dailyGoals,
        prologue: prologue, remote: !all, configuration: watch,
        clicks: bar?.readsClicks(asked: readClicks) == true
          ? { line in Self.click(line, in: environment) } : nil,
        job: job,
        render: followed(policy: policy, theme: theme, in: environment))
      // A bar's header is printed once, by the first follower.
      prologue = []
      let status = try follower.run()
      guard follower.configurationChanged else { return status }
    }
  }

  /// What `--follow` prints for each live set: this format's output, or what a bar shows while
  /// nothing (or not the activity named) is live. A bar's format gives its own.
  private func followed(policy: TimePolicy, theme: Theme, in environment: Environment)
    -> StatusFollower.Render
  {
    let binary = Spawner.executablePath ?? "islet"
    return { set in
      if all { return everything(in: set, environment: environment) }
      if let bar = format.bar {
        // A bar clears itself with its own empty form, for nothing live or the named one gone.
        let shown = (try? barShown(in: set).get()) ?? []
        return bar.line(barScene(shown, in: set, theme: theme, binary: binary, environment: environment))
      }
      guard
        case .success(let activity) = ActivityMatcher.match(
          target, among: set.live, at: set.now, policy: policy)
      else { return format == .json ? "null" : "" }
      return render(activity, in: set, theme: theme, environment: environment)
    }
  }

  /// `--all`: each live activity's line, or the JSON object another machine's `islet remote`
  /// reads (`RemoteSnapshot`), without the last line break.
  private func everything(in set: LiveSet, environment: Environment) -> String {
    let texts = set.live.map { activity in
      ActivityText(activity: activity, now: set.now, policy: set.policy, glyphs: environment.glyphs)
    }
    guard format == .json else { return texts.map(\.line).joined(separator: "\n") }
    return JSON.object([
      (RemoteSnapshot.Key.islet, .string(IsletVersion.text)),
      (RemoteSnapshot.Key.protocolVersion, .number(Double(RemoteSnapshot.protocolVersion))),
      (RemoteSnapshot.Key.at, .string(LocalTime.iso(set.now))),
      (RemoteSnapshot.Key.activities, .array(texts.map(\.json))),
    ]).text
  }

  /// `activity`'s output among the live `set`, without its line break.
  private func render(_ activity: Activity, in set: LiveSet, theme: Theme, environment: Environment) -> String
  {
    // The island shows the next activity beside the current one, unless one was named.
    let next = target == nil && set.live.count > 1 ? set.live[1] : nil
    let canvas = presentation.map { presentation in
      let ascii = !environment.unicode
      let look = Look(
        activity: activity, now: set.now, policy: set.policy, theme: theme, ascii: ascii,
        goal: set.goals.tally(for: activity))
      let beside = next.map {
        Look(activity: $0, now: set.now, policy: set.policy, theme: theme, ascii: ascii)
      }
      return presentation.draw(look, next: beside, width: width, centered: standalone)
    }
    let shown = ActivityText(
      activity: activity, now: set.now, policy: set.policy, glyphs: environment.glyphs,
      goal: set.goals.tally(for: activity))
    return output(shown, canvas: canvas, theme: theme, in: environment)
  }

  /// What is printed, without its line break: the activity `shown`, drawn on `canvas` when a
  /// presentation was asked for (or implied by the format).
  private func output(_ shown: ActivityText, canvas: Canvas?, theme: Theme, in environment: Environment)
    -> String
  {
    let lines = canvas.map(PlainText.lines)
    switch format {
    case .json:
      var json = shown.json
      if case .object(var members) = json {
        members.append(("goal", .goal(shown.goal)))
        members.append(("presentation", .string(presentation?.rawValue ?? "line")))
        members.append(("lines", .array((lines ?? [shown.line]).map { .string($0) })))
        json = .object(members)
      }
      return json.text
    case .ansi:
      let depth = environment.colorDepth(terminalOnly: false)
      guard let canvas else { return shown.filled(template ?? "") }
      return ANSIText.render(canvas, theme: theme, depth: depth)
    case .tmux:
      let depth: ColorDepth =
        environment.options.noColor || environment.variables["NO_COLOR"].map({ !$0.isEmpty }) == true
        ? .none : .trueColor
      if let template { return TmuxText.escaped(shown.filled(template)) }
      guard let canvas else { return TmuxText.escaped(shown.line) }
      return TmuxText.render(canvas, theme: theme, depth: depth)
    case .waybar, .polybar, .i3blocks, .i3bar, .i3statusRs:
      // `run` prints the bars' lines from the live set before it gets here.
      return shown.line
    case .plain:
      if let lines { return lines.joined(separator: "\n") }
      if let template { return shown.filled(template) }
      return shown.line
    }
  }
}
