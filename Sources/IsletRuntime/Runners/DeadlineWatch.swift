import CSystem
import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// The deadline watcher's loop and what it keeps between turns: the events it has alerted for,
/// the configuration as last read, whether it holds the lock.
package final class DeadlineWatch {
  let environment: any RunContext
  let lock: WatcherLock
  let intents: IntentService
  let store: SQLiteActivityStore
  let follower: StoreFollower
  let desk: AlertDesk
  let players: MprisPlayers
  /// The user going away and coming back, heard from logind on the system bus.
  let login: LoginWatch
  let log: String
  /// Children (hooks, tmux, players) are reaped as they exit: none is left <defunct>.
  let childExits = islet_child_exits_fd()
  var seen: Int64
  var configuration: Configuration
  var holding = true
  var reportedProblem: String?

  package init(environment: any RunContext, lock: WatcherLock, intents: IntentService) throws {
    self.environment = environment
    self.lock = lock
    self.intents = intents
    store = intents.store
    let path = try environment.storePath
    follower = try StoreFollower(path: path, besideWriter: true)
    log = HookRunner.logPath(environment: environment.variables)
    desk = AlertDesk(storePath: path, environment: environment.variables)
    players = MprisPlayers(environment: environment.variables) { environment.now }
    login = LoginWatch(environment: environment.variables)
    // Where the last watcher stopped, unless the store has been replaced since.
    let newest = follower.seq
    seen = min(lock.alerted ?? newest, newest)
    configuration = intents.configuration
  }

  package func run() throws -> ExitStatus {
    defer { if childExits >= 0 { close(childExits) } }
    // TERM, INT and HUP end it through its loop, so that it withdraws its notifications; they are
    // let in only while it sleeps, where none is lost between a look and the sleep.
    islet_catch_interrupts()
    islet_defer_interrupts()
    // However the watcher ends (a store error too), no notification of its own is left open.
    defer {
      players.closeAll()
      desk.closeOngoing()
      desk.withdrawAll()
      if holding { lock.record(alerted: seen, followed: desk.followed(configuration: configuration)) }
    }
    try resume()
    // It sleeps for hours between deadlines: what start-up alone ran need not stay resident.
    islet_release_startup_memory()
    while true {
      guard let next = try turn() else {
        if try letGo() { return .ok }
        continue
      }
      let also =
        desk.descriptors + players.descriptors + login.descriptors + (childExits >= 0 ? [childExits] : [])
      var wake = follower.wait(until: next, also: also, interruptible: true)
      // A player's call (its position asked, say) is answered here; only a control's needs a turn.
      while case .readable(let fd) = wake,
        fd == childExits
          ? !desk.children.reap(childExits) : players.descriptors.contains(fd) && !players.handleReadable()
      {
        wake = follower.wait(until: next, also: also, interruptible: true)
      }
      switch wake {
      case .gone, .interrupted: return .ok
      case .changed, .deadline, .readable: continue
      }
    }
  }

  /// What a watcher that was killed was still following: its repeats and its notifications.
  private func resume() throws {
    let followed = lock.followed.filter { $0.seq <= seen }
    guard let first = followed.map(\.seq).min() else { return }
    let events = try store.history(after: first - 1)
    desk.resume(
      followed.compactMap { entry in events.first { $0.seq == entry.seq }.map { (entry, $0) } },
      at: environment.now, configuration: configuration
    ) { [store] in try? store.activity(id: $0) }
  }

  /// One look: the configuration read afresh, deadlines recorded, alerts given and repeated,
  /// buttons pressed sent. The next instant to wake at; nil when nothing is left to wait for.
  private func turn() throws -> Instant? {
    while true {
      try reconfigure()
      let settled = try intents.settle()
      follower.recorded(settled.events)
      let recorded = try store.history(after: seen)
      seen = recorded.last?.seq ?? seen
      let now = environment.now
      desk.take(recorded, live: settled.live, at: now, configuration: configuration) { [store] in
        try? store.activity(id: $0)
      }
      desk.endHold(at: now)
      desk.children.enforce()
      var pressed = false
      for press in desk.pressed() {
        if let origin = press.goTo {
          GoTo.start(origin, environment: desk.environment, children: desk.children)
        }
        for intent in press.intents {
          _ = try? intents.send(intent, to: .id(press.activityID), source: .notification)
        }
        desk.answered(press)
        pressed = true
      }
      desk.showOngoing(live: settled.live, at: now, on: configuration.desktopProgress)
      players.update(live: settled.live, now: now, on: configuration.mpris)
      for request in players.takeRequests() {
        _ = try? intents.send(request.intent, to: .id(request.activityID), source: .media)
        pressed = true
      }
      if away(settled.live, at: now) { pressed = true }
      lock.record(alerted: seen, followed: desk.followed(configuration: configuration))
      if pressed { continue }
      // Every deadline not yet recorded, past ones too: one that passed while the handlers
      // ran is due now, and waiting for a past time returns at once.
      return [
        DeadlineWatcherLauncher.nextDeadline(settled.live),
        desk.nextWake(at: now, configuration: configuration),
        desk.nextOngoingWake(at: now, on: configuration.desktopProgress),
        players.nextWake(at: now),
        login.nextWake(at: now),
      ].compactMap { $0 }.min()
    }
  }

  /// Listens to logind while something going away would touch is live, and sends what each
  /// lock, unlock, sleep or wake heard does (`AwayRule`). Whether an intent was sent.
  private func away(_ live: [Activity], at now: Instant) -> Bool {
    login.update(
      wanted: LoginWatch.wanted(live: live, settings: configuration.away, environment: environment.variables))
    var sent = false
    var current = live
    for moment in login.moments() {
      let away = AwayRule.intents(moment, live: current, at: now, settings: configuration.away) {
        (try? intents.store.isProgramRun($0)) ?? false
      }
      for (id, intent) in away {
        if let report = try? intents.send(intent, to: .id(id), source: .session) { current = report.live }
        sent = true
      }
    }
    return sent
  }

  /// Read afresh each time something happens: a changed setting takes effect at once.
  private func reconfigure() throws {
    do {
      configuration = try ConfigurationFile.load(environment: environment.variables)
      reportedProblem = nil
    } catch let error as any UserFacingError {
      if reportedProblem != error.message {
        HookRunner.appendLog(
          log, "\(LocalTime.iso(environment.now)) the deadline watcher keeps its settings: \(error.message)"
        )
        reportedProblem = error.message
      }
    }
    intents.reconfigure(configuration)
  }

  /// Nothing is left: the lock goes. True when the watcher is done; false when a deadline
  /// came meanwhile and it took the lock back.
  private func letGo() throws -> Bool {
    // Between our last look and letting go, a command may have added a deadline and found
    // the lock held; look once more after letting go, and carry on if we can take it back.
    desk.closeOngoing()
    desk.withdrawAll()
    lock.record(alerted: seen, followed: desk.followed(configuration: configuration))
    lock.release()
    holding = false
    let live = try store.liveActivities()
    let again =
      DeadlineWatcherLauncher.nextDeadline(live) != nil
      || players.wouldOpen(live: live, on: configuration.mpris)
      || login.wouldListen(live: live, settings: configuration.away)
      || AlertDesk.wantsOngoing(
        live: live, on: configuration.desktopProgress, environment: environment.variables)
    if again && lock.tryAcquire() {
      holding = true
      return false
    }
    return true
  }
}
