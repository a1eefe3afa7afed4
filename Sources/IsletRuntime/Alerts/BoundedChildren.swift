import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// The watcher's children that must not run for ever (a sound command, the delivery to one
/// tmux server), each in a process group of its own: past its time limit the group is sent
/// SIGTERM, and SIGKILL `grace` later. The watcher reaps them from its poll loop and wakes at
/// `nextDeadline`, so none holds it and none is left behind.
package final class BoundedChildren {
  private struct Child {
    /// When it is sent SIGTERM (nil once sent, or for a child that is only ever killed).
    package var term: Milliseconds?
    package var kill: Milliseconds
  }

  /// Between SIGTERM and SIGKILL, at most: a player given a moment to close its device.
  package static let grace: Milliseconds = 5000

  private var running: [pid_t: Child] = [:]

  package init() {}

  /// Follows `pid`, the leader of its process group, for at most `limit` from now; `terminate`
  /// false: SIGKILL at once (a child of ours that would only catch SIGTERM as we do).
  package func add(_ pid: pid_t, limit: Milliseconds, terminate: Bool = true) {
    let now = Spawner.monotonicMilliseconds()
    running[pid] =
      terminate
      ? Child(term: now + limit, kill: now + limit + min(Self.grace, limit))
      : Child(term: nil, kill: now + limit)
  }

  /// Reaps every child that has exited (the readable `islet_child_exits_fd`, drained), ours or
  /// not (a hook's runner): none is left a zombie. Whether one of those followed ended (the
  /// next deadline may be later now).
  @discardableResult
  package func reap(_ exits: Int32) -> Bool {
    let before = running.count
    var info = [UInt8](repeating: 0, count: 128)
    while exits >= 0 && read(exits, &info, info.count) > 0 {}
    while true {
      let pid = waitpid(-1, nil, WNOHANG)
      if pid <= 0 { break }
      running[pid] = nil
    }
    return running.count != before
  }

  /// Sends what is due to the children over their time: SIGTERM, then SIGKILL.
  package func enforce() {
    let now = Spawner.monotonicMilliseconds()
    for (pid, child) in running {
      if let term = child.term, term <= now {
        kill(-pid, SIGTERM)
        running[pid]?.term = nil
      }
      if child.kill <= now {
        kill(-pid, SIGKILL)
        // Reaped as it dies; until then it is not due again at once.
        running[pid]?.kill = now + Self.grace
      }
    }
  }

  /// The next instant a child is due a signal, on the wall clock of `now`.
  package func nextDeadline(at now: Instant) -> Instant? {
    let monotonic = Spawner.monotonicMilliseconds()
    return running.values.map { $0.term ?? $0.kill }.min().map { now + max(0, $0 - monotonic) }
  }
}
