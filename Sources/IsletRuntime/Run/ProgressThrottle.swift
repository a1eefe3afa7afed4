import IsletUI

/// How often a run's progress reaches the store: once a change of what it says (its state or
/// its whole percent), and never sooner than `interval` after the last, so a program that
/// prints its progress a thousand times a second costs at most ten writes. What is held back
/// is written once the interval is over (`due`), so the last word is never lost.
package struct ProgressThrottle: Sendable {
  /// The shortest time between two writes, in milliseconds.
  package let interval: Int64
  /// The last progress written, and when.
  private var written: (progress: TerminalProgress, at: Int64)?
  /// What is held back until the interval is over.
  private var held: TerminalProgress?

  package init(interval: Int64 = 100) { self.interval = interval }

  /// What to write now for `progress` read at `now` (monotonic milliseconds): it, or nil when
  /// it says nothing new or comes too soon (then it is held for `due`).
  package mutating func offer(_ progress: TerminalProgress, at now: Int64) -> TerminalProgress? {
    guard progress != (held ?? written?.progress) else { return nil }
    if let written, now - written.at < interval {
      held = progress == written.progress ? nil : progress
      return nil
    }
    held = nil
    written = (progress, now)
    return progress
  }

  /// When the held progress is due, if one is held.
  package var nextDue: Int64? {
    guard held != nil, let written else { return nil }
    return written.at + interval
  }

  /// The held progress, once its time has come.
  package mutating func due(at now: Int64) -> TerminalProgress? {
    guard let held, let nextDue, now >= nextDue else { return nil }
    self.held = nil
    written = (held, now)
    return held
  }

  /// The held progress now, whatever the time: the last word when the command has ended.
  package mutating func flush(at now: Int64) -> TerminalProgress? {
    guard let held else { return nil }
    self.held = nil
    written = (held, now)
    return held
  }
}
