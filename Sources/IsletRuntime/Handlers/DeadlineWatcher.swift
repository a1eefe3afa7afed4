import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// Makes `finished` fire at a countdown's deadline when nothing else runs: one detached
/// `islet __watch` per store, which sleeps until the earliest deadline, records what is due,
/// runs the handlers and exits when no deadline is left; and takes over the alerts of a
/// watcher that was killed. A commit that records an alert of its own (a call for attention,
/// a long run's end) starts one too, to give it.
public struct DeadlineWatcherLauncher: PostCommitHandler {
  public init() {}

  public func handle(_ events: [Event], context: HandlerContext) {
    let policy = context.configuration.alerts
    let alerting =
      policy.channels.isEmpty
      ? [] : AlertPolicy.alerts(events, runAlertAfter: policy.runAlertAfter).filter { $0.source != .time }
    Self.ensure(
      storePath: context.store.path, live: context.live, environment: context.environment, alerting: alerting,
      mpris: context.configuration.mpris, progress: context.configuration.desktopProgress,
      away: context.configuration.away, newest: events.compactMap(\.seq).max())
  }

  /// The earliest `finished` or `started` still to record: a countdown's or a segment's end, or
  /// a pending activity's start, which may already have passed. An expiry waits for the next
  /// command, which records it: a watcher for every stopwatch left running would sleep for hours.
  package static func nextDeadline(_ live: [Activity]) -> Instant? {
    live.compactMap { $0.state.phase == .active ? $0.deadline : $0.startsAt }.min()
  }

  /// Starts a watcher when a running countdown's `finished` is still to be recorded, the commit
  /// recorded `alerting` events (which the watcher then gives, from the first), a live
  /// activity's alert is still followed (its watcher was killed), or, `mpris` on, anything is
  /// live to show as a media player on a session bus, or, `progress` on, a countdown or task to
  /// keep an ongoing notice for, or something a lock or a sleep would touch with a system bus
  /// to hear it on (`away`), and no watcher holds the store's lock.
  /// Readers call it too, so a watcher that was killed is
  /// replaced by the next command that looks (the status line looks every second).
  package static func ensure(
    storePath path: String, live: [Activity], environment: [String: String], alerting: [Event] = [],
    mpris: Bool = false, progress: Bool = false, away: AwaySettings? = nil, newest: Int64? = nil
  ) {
    // A fixed clock (ISLET_NOW) has no real deadlines to wait for.
    if environment["ISLET_NOW"] != nil { return }
    // A player for each live activity, or an ongoing notice, keeps a watcher as a deadline does.
    let deadline =
      nextDeadline(live) != nil || MprisPlayers.wanted(live: live, on: mpris, environment: environment)
      || AlertDesk.wantsOngoing(live: live, on: progress, environment: environment)
      || LoginWatch.wanted(live: live, settings: away, environment: environment)
    // Only an activity that is over, or one that asks for the user, can have an alert
    // awaiting an answer.
    let awaiting = live.contains { $0.state.phase == .finished || $0.state.posted.attention != nil }
    guard deadline || !alerting.isEmpty || awaiting else { return }
    // A sealed copy has no writer to record anything, and its folder is left as it is.
    guard !SQLiteActivityStore.isSealed(path), let lock = WatcherLock(storePath: path) else { return }
    // A watcher holds the lock: it sees our commit through the store watcher.
    guard lock.tryAcquire() else { return }
    // The watcher starts reading at the first alerting event: it would take what the store
    // holds when it starts as past. No watcher ran since the last one kept where it stopped.
    // A commit with nothing to alert, where no watcher ever kept its place, has it read after
    // itself, so that an alert recorded while the watcher is still starting (a call for
    // attention just after a start) is given. A place kept is left: it covers both.
    if let first = alerting.compactMap(\.seq).min() {
      lock.record(alerted: max(lock.alerted ?? 0, first - 1), followed: lock.followed)
    } else if lock.alerted == nil, let newest {
      lock.record(alerted: newest, followed: lock.followed)
    }
    // Else a watcher that was killed left an alert of a live activity to follow.
    let followed =
      deadline || !alerting.isEmpty
      || lock.followed.contains { entry in live.contains { $0.id == entry.activityID } }
    lock.release()
    guard followed else { return }
    Spawner.spawn(
      [Spawner.selfExecutable, "__watch", "--db", path],
      environment: HookRunner.environment(environment, storePath: path))
  }
}

/// The `flock` beside the store that keeps its deadline watcher single.
package final class WatcherLock {
  package let fd: Int32

  package init?(storePath: String) {
    fd = open(storePath + ".watch", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if fd < 0 { return nil }
  }

  deinit { close(fd) }

  package func tryAcquire() -> Bool { flock(fd, LOCK_EX | LOCK_NB) == 0 }
  package func release() { flock(fd, LOCK_UN) }

  /// The last event the watcher has alerted for, kept in the lock file so that the next
  /// watcher neither misses nor repeats an alert; nil when none was kept.
  package var alerted: Int64? { Int64(lines().first ?? "") }

  /// The alerts the watcher follows (repeats to give, notifications open), kept after
  /// `alerted` a line each, so that the watcher that takes over from one killed carries on.
  package var followed: [AlertDesk.Followed] {
    lines().dropFirst().compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 6, let seq = Int64(fields[1]), let repeats = Int(fields[2]),
        let at = Int64(fields[5])
      else { return nil }
      return AlertDesk.Followed(
        activityID: fields[0], seq: seq, repeats: repeats, notification: UInt32(fields[3]),
        server: fields[4].isEmpty ? nil : fields[4], at: Instant(milliseconds: at))
    }
  }

  /// Keeps `alerted` and `followed` for the next watcher.
  package func record(alerted: Int64, followed: [AlertDesk.Followed]) {
    let lines =
      ["\(alerted)"]
      + followed.map { entry in
        [
          entry.activityID, "\(entry.seq)", "\(entry.repeats)", entry.notification.map { "\($0)" } ?? "",
          entry.server ?? "", "\(entry.at.milliseconds)",
        ].joined(separator: "\t")
      }
    let text = Array((lines.joined(separator: "\n") + "\n").utf8)
    _ = ftruncate(fd, 0)
    _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
  }

  private func lines() -> [String] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < 65536 {
      let count = pread(fd, &chunk, chunk.count, off_t(bytes.count))
      if count <= 0 { break }
      bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
