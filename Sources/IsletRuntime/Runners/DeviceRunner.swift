import CSystem
import IsletCore
import IsletCurses
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// The device view's run loop. One thread waits on the terminal, the store and signals until
/// the next change on screen is due, turns what woke it into `DeviceModel` messages, carries
/// out the commands the model returns, and prints the model's frames (drawn several ahead).
/// Everything the view decides is the model's; this only does the input and output.
///
/// A test drives it on a stand-in `Screen`: `start`, then `send` a message (its commands are
/// carried out, and what they bring back is sent in turn), `draw`, or `wait` for the store.
package final class DeviceRunner {
  private let environment: any RunContext
  private let intents: IntentService
  private let follower: StoreFollower
  private let screen: any Screen
  private let theme: Shown<Theme>
  private let presentation: Presentation?
  private var model: DeviceModel
  /// The remote hosts' live activities (`RemoteLive`), shown after the local ones' every change.
  private var away: [Activity] = []
  private var lookahead = DeviceView.Lookahead()
  private var canvas = Canvas(width: 0, height: 0)
  private var frame: DeviceView.Frame
  package private(set) var exit: ExitStatus?
  private var settling = false
  /// The configured daily goals, and when their count must be made again (the next midnight).
  private let goals: [DailyGoal]
  private var recountAt: Instant?
  /// Whether start-up's memory has been given back (`draw`).
  private var startedUp = false
  /// What the terminal's tab was told (`TerminalTab`): the progress, and with `title = on` the
  /// title, when it was sent and what waits for the next second.
  private var tabProgress: TerminalProgress?
  private let titled: Bool
  private var tabTitle: (text: String, at: Instant)?
  private var heldTitle: String?
  // Kept across wakes, so that a tick allocates nothing to wait.
  private var fds: [pollfd]

  package init(
    environment: any RunContext, intents: IntentService, follower: StoreFollower, screen: any Screen,
    theme: Shown<Theme>,
    model: DeviceModel, presentation: Presentation?, goals: [DailyGoal], title: Bool = false
  ) {
    self.goals = goals
    titled = title
    self.environment = environment
    self.intents = intents
    self.follower = follower
    self.screen = screen
    self.theme = theme
    self.model = model
    self.presentation = presentation
    frame = model.frame(at: environment.now)
    fds = [
      pollfd(fd: screen.inputDescriptor, events: Int16(POLLIN), revents: 0),
      pollfd(fd: follower.fileDescriptor, events: Int16(POLLIN), revents: 0),
    ]
  }

  /// What the view shows and has decided: for a test to look at.
  package var shown: DeviceModel { model }

  private var now: Instant { environment.now }
  private var store: SQLiteActivityStore { intents.store }

  package func run() throws -> ExitStatus {
    try start()
    while true {
      try draw()
      if let exit { return exit }
      try wait()
      if let exit { return exit }
    }
  }

  /// The first look at the store, and today's goals counted.
  package func start() throws {
    try carry(.reload)
    try count()
  }

  /// Hands a message to the model and carries out what it says. Frames drawn ahead go when
  /// the model changed (time moving changes only what they already show).
  package func send(_ message: DeviceModel.Message) throws {
    let before = model
    let commands = model.update(message, at: now)
    if message != .tick && model != before { lookahead.drop() }
    for command in commands { try carry(command) }
  }

  private func carry(_ command: DeviceModel.Command) throws {
    switch command {
    case .send(let intent, let target, let source):
      try perform(intent, to: target, source: source)
    case .start(let name, let duration, let plan):
      let configuration = try environment.configuration
      var attributes = IntentService.attributes(configuration, duration: duration)
      attributes.plan = plan
      var request = StartRequest(name: name, attributes: attributes)
      request.switching = configuration.switchesByDefault(request, at: now)
      try perform(.start(request), to: .current, source: .key)
    case .settle:
      // What it recorded, and what others recorded before it (the deadline watcher may have
      // been first): a finish rings whoever recorded it.
      let report = try intents.settle()
      try follower.catchUp()
      let events = model.looked ? follower.news : []
      try send(.stored(report.live + away, seq: follower.seq, events: events))
      try countIfChanged(by: events)
      // What it recorded may ring (a countdown just finished): looked at once more, now.
      if !settling {
        settling = true
        defer { settling = false }
        try send(.tick)
      }
    case .reload:
      try follower.catchUp()
      try adoptNews()
    case .ring:
      // The bell when its channel is on; the screen flashes either way.
      screen.alert(bell: model.bell)
    case .cue:
      screen.bell()
    case .cycleTheme(let name):
      try cycleTheme(after: name)
    case .goTo(let origin):
      if case .failure(let failure) = GoTo.go(to: origin, environment: environment.variables) {
        try send(.flashed(failure.reason, alert: true))
      }
    case .repaint:
      screen.invalidate()
    case .quit(let interrupted):
      exit = interrupted ? .interrupted : .ok
    }
  }

  /// An intent of a key or a click, down the one intent path; its report goes to the model.
  private func perform(_ intent: Intent, to target: IntentDispatcher.Target, source: Source) throws {
    if case .id(let id) = target, let (_, host) = RemoteHost.split(id, among: remoteHosts) {
      return try sendAway(intent, to: id, on: host)
    }
    do {
      let report = try intents.send(intent, to: target, source: source)
      var line = report.refusal?.reason ?? ""
      if report.refusal == nil, let activity = report.activity {
        line = environment.confirmation(activity, report.ownEvents(from: source))
      }
      var started = false
      if case .start = intent { started = true }
      // Its own events are handed over here: when the follower sees them, they are not news.
      follower.recorded(report.events)
      try send(
        .reported(
          live: report.live + away, seq: report.newestSeq, activity: report.activity,
          started: started, line: line, refused: report.refusal != nil, events: report.events))
      try countIfChanged(by: report.events)
    } catch let failure as ActivityMatcher.Failure {
      try send(.missed(nothingLive: failure == .nothingLive))
    }
  }

  /// The live set read after the follower's events (a commit between the two reads is then
  /// seen again, not missed), with those events: a segment's end rings whoever recorded it.
  /// None before the first look, when they are old.
  private func adoptNews() throws {
    let live = try store.liveActivities()
    let events = model.looked ? follower.news : []
    away = RemoteLive.activities(
      in: store, hosts: remoteHosts, environment: environment.variables, now: now,
      policy: (try? environment.configuration.policy) ?? .standard)
    try send(.stored(live + away, seq: follower.seq, events: events))
    try countIfChanged(by: events)
  }

  private var remoteHosts: [RemoteHost] { (try? environment.configuration.remotes) ?? [] }

  /// An intent on a remote host's activity: this binary sends it there over ssh (`islet pause
  /// ID@HOST`), in a child of its own so the view never waits on a host; the change comes back
  /// through the link like any of the host's.
  private func sendAway(_ intent: Intent, to id: String, on host: RemoteHost) throws {
    guard RemoteIntent.start(intent, id: id, environment: environment.variables) else {
      return try send(.flashed("\(intent.verb) is not sent to \(host.name)", alert: true))
    }
    try send(.flashed("Sent to \(host.name): \(intent.verb)", alert: false))
  }

  /// Counts today's goals from the day's history, for the frames, and when to count them again.
  private func count() throws {
    guard let start = goals.startOfDay(now) else { return }
    try send(.counted(goals.tallies(try store.history(since: start), at: now)))
    // A local day lasts 23 to 25 hours: 26 after its start is always in the next one.
    recountAt = goals.startOfDay(start + 26 * 3_600_000)
  }

  private func countIfChanged(by events: [Event]) throws {
    if events.contains(where: DailyGoal.isWork) { try count() }
  }

  private func cycleTheme(after name: String) throws {
    guard let (next, found) = environment.themeCatalog.next(after: name, on: environment.terminalShade)
    else {
      try send(.themed(theme.value, saved: "No other theme suits this terminal's background", failed: true))
      return
    }
    // The terminal is the same: a new theme's cards are raised on it as the last one's were.
    var loaded = found
    loaded.backdrop = theme.value.backdrop
    theme.value = loaded
    do {
      try ConfigurationFile.save("theme", next, environment: environment.variables)
      try send(.themed(loaded, saved: "Theme: \(next)", failed: false))
    } catch let failure as CommandFailure {
      try send(.themed(loaded, saved: failure.message, failed: true))
    }
  }

  /// Prints the frame due now: one drawn ahead, or a fresh one after time has had its say.
  package func draw() throws {
    let at = now
    if let heldTitle { offer(title: heldTitle, at: at) }
    let size = screen.size
    if (size.width, size.height) != (model.screenWidth, model.screenHeight) {
      try send(.resized(width: size.width, height: size.height))
    }
    let upcoming = lookahead.upcoming(at: at)
    let ahead = lookahead.take(at: at, width: size.width, height: size.height)
    // Woken before the next frame drawn ahead with nothing changed (a file written beside the
    // store, say): the screen is still right.
    let early =
      ahead == nil && screen.showsLastDrawing && (size.width, size.height) == (canvas.width, canvas.height)
      && upcoming.map { at < $0.frame.now } ?? false
    if early { return }
    if let ahead {
      (frame, canvas) = (ahead.frame, ahead.canvas)
    } else {
      lookahead.drop()
      if let recountAt, at >= recountAt { try count() }
      try send(.tick)
      if exit != nil { return }
      frame = model.frame(at: now)
      canvas =
        lookahead.draw(frame, presentation: presentation, width: size.width, height: size.height)
    }
    screen.draw(canvas, changes: ahead.map { ($0.basis, $0.changes) })
    showOnTab(frame, at: at)
    // The first frame drawn ahead is out, so start-up is over (options, configuration, the
    // store's schema, terminfo, the watcher's start): what only it ran need not stay resident
    // for the hours a view may run.
    if ahead != nil && !startedUp {
      startedUp = true
      islet_release_startup_memory()
    }
    if lookahead.isEmpty {
      lookahead.fill(
        after: frame, canvas: canvas, stored: model.stored, presentation: presentation,
        settleAt: [model.tickAt, recountAt].compactMap { $0 }.min())
    }
  }

  /// The frame's progress on the terminal's tab when it changed (a whole percent, a state), and
  /// its title when asked for.
  private func showOnTab(_ frame: DeviceView.Frame, at now: Instant) {
    let progress = TerminalTab.progress(frame)
    if progress != tabProgress {
      tabProgress = progress
      screen.progress(progress)
    }
    if titled { offer(title: TerminalTab.title(frame), at: now) }
  }

  /// Sends a title that changed, at most once a wall-clock second: one that comes sooner is
  /// held until the next second begins (`titleDue`), and sent then unless it changed back.
  private func offer(title text: String, at now: Instant) {
    heldTitle = nil
    guard text != tabTitle?.text else { return }
    if let sent = tabTitle?.at, now.milliseconds / 1000 == sent.milliseconds / 1000 {
      heldTitle = text
      return
    }
    tabTitle = (text, now)
    screen.title(text)
  }

  /// When the held title may be sent: the second after the last one's.
  private var titleDue: Instant? {
    guard heldTitle != nil, let sent = tabTitle?.at else { return nil }
    return Instant(milliseconds: (sent.milliseconds / 1000 + 1) * 1000)
  }

  /// Sleeps until the next visible change, a key, news in the store, or a signal, and hands
  /// over what came.
  package func wait() throws {
    let change = lookahead.nextDue ?? DeviceView.nextChange(frame, clockShown: presentation == nil)
    // The model's own next instant (an alert given again) need not be a change on screen.
    let heard = model.tickAt.flatMap { $0 > now ? $0 : nil }
    let wake = [change, recountAt, heard, titleDue].compactMap { $0 }.min()
    let timeout = [wake.map { Int32(clamping: max(0, $0 - now)) }, follower.timeout].compactMap { $0 }.min()
    fds[0].revents = 0
    fds[1].revents = 0
    let polled = islet_wait_for(&fds, 2, timeout ?? -1)
    switch islet_take_signal() {
    case SIGINT: return try send(.interrupt)
    case SIGTERM, SIGHUP: return try send(.terminate)
    case SIGTSTP: screen.suspend(while: islet_stop_self)
    // Continued after a stop it did not see coming (SIGSTOP): whatever ran meanwhile may have
    // changed the terminal's modes and drawn on it.
    case SIGCONT: screen.retake()
    default: break
    }
    if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
      exit = .ok
      return
    }
    switch try follower.look(heard: fds[1].revents != 0) {
    case .gone:
      throw StoreError.unavailable(
        path: try environment.storePath, detail: "it was removed or replaced while the view was open")
    case .changed: try adoptNews()
    default: break
    }
    // Keys when there are some, and after a signal: ncurses hands a resize over as a key.
    // (A resize is also seen by `screen.size` at every wake.)
    let keys = fds[0].revents & Int16(POLLIN) != 0 || polled < 0 ? screen.read() : []
    for key in keys where exit == nil {
      try send(.key(key, buttons: canvas.buttons))
    }
  }
}
