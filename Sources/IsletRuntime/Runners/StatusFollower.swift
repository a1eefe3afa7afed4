import CSystem
import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// What a status line is drawn from: the live activities, ranked, as time has left them at
/// `now`, and today's goals (each plan's runs show their own).
package struct LiveSet {
  package var live: [Activity]
  package var now: Instant
  package var policy: TimePolicy
  package var goals: [GoalTally]

  package init(live: [Activity], now: Instant, policy: TimePolicy, goals: [GoalTally]) {
    self.live = live
    self.now = now
    self.policy = policy
    self.goals = goals
  }
}

/// `islet status --follow`'s loop: prints `render`'s text for the live set at once, then again
/// each time it would print something else, and sleeps in between, until the next instant the
/// text can change (a displayed second, a settlement, a stale date), a commit from any process,
/// a signal, or its reader going away. It reads the store read-only, as `status` does.
///
/// `render` is the format: the text for a live set (empty live included), without its line
/// break. Bar formats plug in here, with their `prologue` (lines printed once, first).
package final class StatusFollower {
  package typealias Render = (LiveSet) throws -> String

  private let environment: any RunContext
  private let policy: TimePolicy
  private let goals: [DailyGoal]
  private let prologue: [String]
  private let render: Render
  /// What to do with each line read from stdin (a bar's clicks); nil leaves stdin alone.
  private let clicks: ((String) -> Void)?
  /// Told when each line after the prologue is printed.
  private let printedLine: ((Instant) -> Void)?
  /// tmux's job, told too, and woken for its redraw after a quiet spell begins.
  private let job: TmuxStatusJob?
  /// Readable when the configuration has changed: the loop then ends, for its caller to load it.
  private let configuration: ConfigurationWatch?
  /// Whether the loop ended because the configuration changed.
  package private(set) var configurationChanged = false
  private var printed: String?
  private var unread: [UInt8] = []
  /// The store's file as last looked at while it did not read as a store yet.
  private var unreadFile: [Int]?
  /// The live activities as last read, and today's goals as last counted (from the events time
  /// had caused that no writer had recorded, `pending`, until the instant they must be again).
  private var stored: [Activity] = []
  private var tallies: [GoalTally] = []
  private var counted: (pending: [Event], until: Instant)?
  /// The events time has caused that no writer had recorded at the last line.
  private var unrecorded: [Event] = []
  /// The instant time alone next changes the line; nil while nothing runs.
  private var shownUntil: Instant?
  /// Whether the remote hosts' activities are shown beside this machine's (not when serving
  /// `--all` to another machine).
  private let remote: Bool
  /// The remote hosts' activities as the link last kept them: read again when the store changes.
  private var away: [Activity]?

  package init(
    environment: any RunContext, policy: TimePolicy, goals: [DailyGoal], prologue: [String] = [],
    remote: Bool = true, configuration: ConfigurationWatch? = nil, clicks: ((String) -> Void)? = nil,
    printedLine: ((Instant) -> Void)? = nil, job: TmuxStatusJob? = nil, render: @escaping Render
  ) {
    self.environment = environment
    self.policy = policy
    self.goals = goals
    self.prologue = prologue
    self.remote = remote
    self.clicks = clicks
    self.printedLine = printedLine
    self.job = job
    self.configuration = configuration
    self.render = render
  }

  /// Why the loop stopped short: a signal, or the reader gone.
  private struct Stop: Error { let status: ExitStatus }

  /// Its interrupts are caught and deferred by the caller (`islet_catch_interrupts`,
  /// `islet_defer_interrupts`): they are let in only while asleep.
  package func run() throws -> ExitStatus {
    do {
      for line in prologue { try emit(line, always: true) }
      let path = try environment.storePath
      var store: SQLiteActivityStore
      while true {
        if let opened = try SQLiteActivityStore.openForReading(path: path) {
          store = opened
          break
        }
        try emit(try render(LiveSet(live: [], now: environment.now, policy: policy, goals: [])))
        // The link to the remote hosts makes the store it keeps their word in.
        if !hosts.isEmpty {
          RemoteLinkLauncher.ensure(storePath: path, environment: environment.variables)
        }
        try awaitStore(at: path)
      }
      defer { store.close() }
      return try follow(store, follower: try StoreFollower(path: path))
    } catch let stop as Stop {
      return stop.status
    }
  }

  /// Prints `text` as one line when it differs from the last printed; a failed write stops the
  /// loop (`CommandLineInterface.run` says how: quietly when the reader has gone).
  private func emit(_ text: String, always: Bool = false) throws {
    guard always || text != printed else { return }
    printed = text
    try awaitRoom()
    environment.console.out(text + "\n")
    if environment.console.outputFailure != nil { throw Stop(status: .ok) }
    if !always {
      printedLine?(environment.now)
      job?.printed(at: environment.now)
    }
  }

  /// Waits until stdout takes a line without blocking: a reader that stops reading (a full
  /// pipe) must not hold off Ctrl-C, TERM and HUP, which are let in only while waiting. (A
  /// pipe with room takes up to PIPE_BUF bytes at once.)
  private func awaitRoom() throws {
    var out = [pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)]
    repeat {
      out[0].revents = 0
      _ = islet_wait_for(&out, 1, -1)
      try Self.stopIfSignalled()
    } while out[0].revents == 0
  }

  /// Throws the stop a signal let in by the last wait asks for.
  private static func stopIfSignalled() throws {
    switch islet_take_signal() {
    case SIGINT: throw Stop(status: .interrupted)
    case SIGTERM, SIGHUP: throw Stop(status: .ok)
    default: break
    }
  }

  /// Follows the store: a line whenever what it shows changes, until a signal, the reader
  /// going, or the configuration changing. The follower is made before the first read, so a
  /// commit between the two is seen.
  private func follow(_ store: SQLiteActivityStore, follower: StoreFollower) throws -> ExitStatus {
    stored = try store.liveActivities()
    DeadlineWatcherLauncher.ensure(storePath: store.path, live: stored, environment: environment.variables)
    var fds = [
      pollfd(fd: follower.fileDescriptor, events: Int16(POLLIN), revents: 0),
      // No events asked: a pipe's write end still reports POLLERR once its reader is gone.
      pollfd(fd: 1, events: 0, revents: 0),
      // A bar's clicks, one JSON line each; until stdin ends.
      pollfd(fd: clicks == nil ? -1 : 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: configuration?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
    ]
    // The line is drawn again only when what it shows may have changed: news in the store, or
    // the instant time changes it (`shownUntil`). Any other wake (a write to another file in
    // the folder, a write the follower found was no news) leaves it be: a format that shows
    // milliseconds (JSON) would print a new line for each.
    var fresh = true
    // A bar runs this for days: what start-up alone ran need not stay resident.
    islet_release_startup_memory()
    while true {
      let now = environment.now
      if fresh || shownUntil.map({ now >= $0 }) == true {
        try show(store, at: now)
        fresh = false
      }
      let timeout = [
        shownUntil.map { Int32(clamping: max(0, $0 - now)) }, follower.timeout,
        job?.settleAt.map { Int32(clamping: max(0, $0 - now)) },
      ].compactMap { $0 }
      for index in fds.indices { fds[index].revents = 0 }
      _ = islet_wait_for(&fds, nfds_t(fds.count), timeout.min() ?? -1)
      try Self.stopIfSignalled()
      job?.settle(at: environment.now)
      if fds[1].revents != 0 { return .readerGone }
      if fds[3].revents != 0, configuration?.take() == true {
        configurationChanged = true
        return .ok
      }
      if fds[2].revents != 0 && !readClicks() { fds[2].fd = -1 }
      switch try follower.look(heard: fds[0].revents != 0) {
      case .gone: throw Self.gone(store.path)
      case .changed:
        stored = try store.liveActivities()
        away = nil
        fresh = true
        counted = nil
        DeadlineWatcherLauncher.ensure(
          storePath: store.path, live: stored, environment: environment.variables)
      default: break
      }
    }
  }

  /// The hosts shown beside this machine's activities.
  private var hosts: [RemoteHost] { remote ? (try? environment.configuration.remotes) ?? [] : [] }

  /// Prints the line for `now` if it differs from the last, and notes when time next changes it.
  private func show(_ store: SQLiteActivityStore, at now: Instant) throws {
    let (settled, pending) = try TimerEngine.settled(
      stored, at: now, policy: policy, keeps: store.isProgramRun)
    if away == nil {
      away = RemoteLive.kept(in: store, hosts: hosts, environment: environment.variables)
    } else if !hosts.isEmpty {
      // A link that was killed is replaced while the line is followed, as by any reader.
      RemoteLinkLauncher.ensure(storePath: store.path, environment: environment.variables)
    }
    let shownAway = TimerEngine.settled(away ?? [], at: now, policy: policy).0
    let live = ActivityMatcher.ranked(settled + shownAway, at: now, policy: policy)
    if let start = goals.startOfDay(now), counted.map({ $0.pending != pending || now >= $0.until }) ?? true {
      tallies = try environment.goalTallies(store: store, pending: pending)
      counted = (pending, goals.startOfDay(start + 26 * 3_600_000) ?? start)
    }
    try emit(try render(LiveSet(live: live, now: now, policy: policy, goals: tallies)))
    // Time has caused what no writer recorded (its watcher killed, say): one is started, as
    // any reader would.
    if !pending.isEmpty && pending != unrecorded {
      DeadlineWatcherLauncher.ensure(storePath: store.path, live: stored, environment: environment.variables)
    }
    unrecorded = pending
    shownUntil = [Self.nextChange(live, at: now, policy: policy), counted?.until].compactMap { $0 }.min()
  }

  /// Reads what stdin has and hands each whole line to `clicks`; false once stdin has ended.
  private func readClicks() -> Bool {
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = read(0, &chunk, chunk.count)
    if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
    guard count > 0 else { return false }
    unread += chunk[0..<count]
    while let end = unread.firstIndex(of: UInt8(ascii: "\n")) {
      let line = String(decoding: unread[..<end], as: UTF8.self)
      unread.removeSubrange(...end)
      clicks?(line)
    }
    // A line longer than any click is garbage: dropped rather than kept growing.
    if unread.count > 65536 { unread.removeAll() }
    return true
  }

  private static func gone(_ path: String) -> StoreError {
    .unavailable(path: path, detail: "it was removed or replaced while following")
  }

  /// The next instant anything a line shows can change with time alone: a running timer's
  /// next displayed second, a deadline, a stale date, an expiry, a settlement. Nil while
  /// everything is paused or idle.
  package static func nextChange(_ live: [Activity], at now: Instant, policy: TimePolicy) -> Instant? {
    var times: [Instant] = []
    for activity in live {
      let phase = activity.phase(at: now, policy: policy)
      // A pending one counts down to its start, a second at a time.
      if phase == .active || phase == .finished || phase == .pending {
        let anchor = activity.deadline ?? activity.state.startedAt
        let offset = ((now - anchor) % 1000 + 1000) % 1000
        times.append(now + (1000 - offset))
      }
      let moments = [
        activity.deadline, activity.state.staleDate, activity.expiresAt(policy: policy),
        TimerEngine.nextSettlement(activity, policy: policy),
      ]
      times += moments.compactMap { $0 }.filter { $0 > now }
    }
    return times.min()
  }

  /// Sleeps until something is made or written in the nearest folder on the store's path that
  /// exists, so that a store made later is followed from then on; a signal or the reader
  /// going away stops the loop.
  private func awaitStore(at path: String) throws {
    let folder = StoreLocation.nearestExisting(StoreLocation.parent(of: path))
    var info = stat()
    let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    defer { if inotify >= 0 { close(inotify) } }
    // In the store's own folder, its first writes too (it is read once it has a header).
    let mine = folder == StoreLocation.parent(of: path)
    let mask = UInt32(IN_CREATE | IN_MOVED_TO) | (mine ? UInt32(IN_MODIFY | IN_CLOSE_WRITE) : 0)
    guard inotify >= 0, inotify_add_watch(inotify, folder, mask) >= 0 else {
      throw StoreError.unavailable(
        path: path, detail: "cannot watch \(folder) for it: \(String(cString: strerror(errno)))")
    }
    // Made or written while the watch was being set up: no event will come for it. A file
    // that did not read as a store and has not changed since is waited on, not read again.
    if stat(path, &info) == 0 && info.st_size > 0 {
      let seen = [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
      if seen != unreadFile {
        unreadFile = seen
        return
      }
    }
    var fds = [
      pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: 1, events: 0, revents: 0),
    ]
    _ = islet_wait_for(&fds, 2, -1)
    try Self.stopIfSignalled()
    if fds[1].revents != 0 { throw Stop(status: .readerGone) }
  }
}
