import CSystem
import IsletCore
import IsletCurses
import IsletRuntime
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// The device view's run loop. One thread waits on the terminal, the store and signals until
/// the next change on screen is due, turns what woke it into `DeviceModel` messages, carries
/// out the commands the model returns, and prints the model's frames (drawn several ahead).
/// Everything the view decides is the model's; this only does the input and output.
final class DeviceRunner {
  private let environment: Environment
  private let intents: IntentService
  private let watcher: StoreWatcher
  private let screen: CursesScreen
  private let theme: Shown<Theme>
  private let presentation: Presentation?
  private var model: DeviceModel
  private var lookahead = DeviceView.Lookahead()
  private var canvas = Canvas(width: 0, height: 0)
  private var frame: DeviceView.Frame
  /// A commit shows a moment after its write: the store is looked at again then.
  private var recheckAt: Instant?
  private var exit: ExitStatus?
  private var settling = false
  /// The configured daily goals, and when their count must be made again (the next midnight).
  private let goals: [DailyGoal]
  private var recountAt: Instant?
  /// Whether start-up's memory has been given back (`draw`).
  private var startedUp = false
  // Kept across wakes, so that a tick allocates nothing to wait.
  private var fds: [pollfd]

  init(
    environment: Environment, intents: IntentService, watcher: StoreWatcher, screen: CursesScreen,
    theme: Shown<Theme>,
    model: DeviceModel, presentation: Presentation?, goals: [DailyGoal]
  ) {
    self.goals = goals
    self.environment = environment
    self.intents = intents
    self.watcher = watcher
    self.screen = screen
    self.theme = theme
    self.model = model
    self.presentation = presentation
    frame = model.frame(at: environment.now)
    fds = [
      pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
    ]
  }

  private var now: Instant { environment.now }
  private var store: SQLiteActivityStore { intents.store }

  func run() throws -> ExitStatus {
    try carry(.reload)
    try count()
    while true {
      try draw()
      if let exit { return exit }
      try wait()
      if let exit { return exit }
    }
  }

  /// Hands a message to the model and carries out what it says. Anything but time moving
  /// changes what the coming frames show, so those drawn ahead go.
  private func send(_ message: DeviceModel.Message) throws {
    if message != .tick { lookahead.drop() }
    for command in model.update(message, at: now) { try carry(command) }
  }

  private func carry(_ command: DeviceModel.Command) throws {
    switch command {
    case .send(let intent, let target, let source):
      try perform(intent, to: target, source: source)
    case .start(let name, let duration, let plan):
      var attributes = IntentService.attributes(try environment.configuration, duration: duration)
      attributes.plan = plan
      try perform(.start(StartRequest(name: name, attributes: attributes)), to: .current, source: .key)
    case .settle:
      let report = try intents.settle()
      let events = try recorded()
      try send(
        .stored(report.live, seq: max(report.newestSeq ?? model.seq, events.last?.seq ?? 0), events: events))
      try countIfChanged(by: events)
      // What it recorded may ring (a countdown just finished): looked at once more, now.
      if !settling {
        settling = true
        defer { settling = false }
        try send(.tick)
      }
    case .reload:
      // The sequence first: a commit between the two reads is then seen again, not missed.
      let seq = try store.lastEventSeq()
      let live = try store.liveActivities()
      let events = try recorded()
      try send(.stored(live, seq: seq, events: events))
      try countIfChanged(by: events)
    case .ring:
      // The bell when its channel is on; the screen flashes either way.
      screen.alert(bell: model.bell)
    case .cue:
      screen.bell()
    case .cycleTheme(let name):
      try cycleTheme(after: name)
    case .repaint:
      screen.invalidate()
    case .quit(let interrupted):
      exit = interrupted ? .interrupted : .ok
    }
  }

  /// An intent of a key or a click, down the one intent path; its report goes to the model.
  private func perform(_ intent: Intent, to target: IntentDispatcher.Target, source: Source) throws {
    do {
      let report = try intents.send(intent, to: target, source: source)
      var line = report.refusal?.reason ?? ""
      if report.refusal == nil, let activity = report.activity {
        let own = report.events.filter { $0.activityID == activity.id && $0.source == source }
        line = environment.confirmation(activity, own)
      }
      var started = false
      if case .start = intent { started = true }
      let events = try recorded()
      try send(
        .reported(
          live: report.live, seq: report.newestSeq, activity: report.activity,
          started: started, line: line, refused: report.refusal != nil, events: events))
      try countIfChanged(by: events)
    } catch let failure as ActivityMatcher.Failure {
      try send(.missed(nothingLive: failure == .nothingLive))
    }
  }

  /// The events recorded since the model's newest, by this view or any other process: a
  /// segment's end rings whoever recorded it. None before the first look, when they are old.
  private func recorded() throws -> [Event] {
    model.looked ? try store.history(after: model.seq) : []
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
    guard let (next, loaded) = environment.themeCatalog.next(after: name, on: environment.terminalShade)
    else {
      try send(.themed(theme.value, saved: "No other theme suits this terminal's background", failed: true))
      return
    }
    theme.value = loaded
    do {
      try ConfigurationFile.save("theme", next, environment: environment.variables)
      try send(.themed(loaded, saved: "Theme: \(next)", failed: false))
    } catch let failure as CommandFailure {
      try send(.themed(loaded, saved: failure.message, failed: true))
    }
  }

  /// Prints the frame due now: one drawn ahead, or a fresh one after time has had its say.
  private func draw() throws {
    let at = now
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
        presentation.map { DeviceView.draw($0, frame, width: size.width, height: size.height) }
        ?? DeviceView.draw(frame, width: size.width, height: size.height)
    }
    screen.draw(canvas, changes: ahead.map { ($0.basis, $0.changes) })
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

  /// Sleeps until the next visible change, a key, a commit elsewhere, or a signal, and hands
  /// over what came.
  private func wait() throws {
    let change = lookahead.nextDue ?? DeviceView.nextChange(frame, clockShown: presentation == nil)
    // The model's own next instant (an alert given again) need not be a change on screen.
    let heard = model.tickAt.flatMap { $0 > now ? $0 : nil }
    let wake = [change, recheckAt, recountAt, heard].compactMap { $0 }.min()
    let timeout = wake.map { Int32(clamping: max(0, $0 - now)) } ?? -1
    fds[0].revents = 0
    fds[1].revents = 0
    let polled = islet_wait_for(&fds, 2, timeout)
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
    if recheckAt.map({ $0 <= now }) == true {
      recheckAt = nil
      try send(.touched(seq: store.lastEventSeq()))
    }
    if fds[1].revents != 0 {
      switch watcher.takeEvents() {
      case .gone:
        throw StoreError.unavailable(
          path: try environment.storePath, detail: "it was removed or replaced while the view was open")
      case .changed:
        try send(.touched(seq: store.lastEventSeq()))
        recheckAt = now + 30
      default: break
      }
    }
    // Keys when there are some, and after a signal: ncurses hands a resize over as a key.
    // (A resize is also seen by `screen.size` at every wake.)
    let keys = fds[0].revents & Int16(POLLIN) != 0 || polled < 0 ? screen.read() : []
    for key in keys where exit == nil {
      try send(.key(key, buttons: canvas.buttons))
    }
  }
}
