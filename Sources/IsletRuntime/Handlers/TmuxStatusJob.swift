import IsletCore

/// The status line's `#()` job when it keeps running (`islet status --follow --format tmux`,
/// the snippet's island): tmux shows each line the job prints, but redraws for a job at most
/// once a wall-clock second (`format_job_update`), so a line printed in the same second as the
/// last (an intent just after a tick) would wait for the next second. Setting any option
/// redraws the server's clients without restarting the job (`refresh-client -S` would kill
/// and restart it), so that is what a line that comes too soon does: one tmux command, only
/// then (a tick a second after the last needs none, unless tmux may have read the last one
/// late, in the next second). A busy tmux may read a line later still, in a second it already
/// redrew in: the last line before a quiet spell (a pause: no tick follows) is redrawn once more
/// after the next second begins (`settleAt`), so that it never waits for `status-interval`.
package final class TmuxStatusJob {
  /// tmux reads a line a moment after it is printed: a line this close to a new second may be
  /// read in it.
  package static let readingTime: Milliseconds = 10

  private let tmux: String
  private let socket: String
  private let environment: [String: String]
  /// When the last line was printed; at first, when tmux started the job (about when this
  /// process started), which tmux counts as the job's last redraw: the first line comes in
  /// the same second.
  private var last: Instant
  /// When the last line is redrawn once more, unless another comes first.
  package private(set) var settleAt: Instant?

  /// How late past the next second the last line is redrawn again: tmux has read it by then.
  package static let lateReading: Milliseconds = 250

  /// Nil outside tmux (no `TMUX`, as tmux gives its jobs) or without a tmux to run.
  package init?(environment: [String: String], startedAt: Instant) {
    guard let socket = TmuxRecorder.socket(from: environment), let tmux = TmuxRecorder.tmuxPath(environment)
    else { return nil }
    self.tmux = tmux
    self.socket = socket
    self.environment = environment
    last = startedAt
  }

  /// After a line is printed at `now`.
  package func printed(at now: Instant) {
    defer { last = now }
    settleAt = Self.settles(after: now)
    guard Self.mayWait(after: last, at: now) else { return }
    redraw(at: now)
  }

  /// At `now`: the redraw after a quiet spell began, if it is due.
  package func settle(at now: Instant) {
    guard let settleAt, now >= settleAt else { return }
    self.settleAt = nil
    redraw(at: now)
  }

  private func redraw(at now: Instant) {
    _ = Spawner.run(
      [tmux, "-S", socket, "set-option", "-g", "@islet-redraw", "\(now.milliseconds)"],
      environment: environment,
      within: TmuxAlerts.timeLimit)
  }

  /// When a line printed at `now` is redrawn once more if none follows: after the next
  /// wall-clock second begins, by when tmux has read it.
  package static func settles(after now: Instant) -> Instant {
    Instant(milliseconds: (now.milliseconds.floorDivided(by: 1000) + 1) * 1000 + lateReading)
  }

  /// Whether tmux may read a line printed at `now` in the same second as the one printed at
  /// `last` (which it may have read up to `readingTime` later), and so not redraw for it.
  package static func mayWait(after last: Instant, at now: Instant) -> Bool {
    (last.milliseconds + readingTime).floorDivided(by: 1000) >= now.milliseconds.floorDivided(by: 1000)
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
