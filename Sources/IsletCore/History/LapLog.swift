/// One lap of a stopwatch's run: its number, its length and its split (the running time from
/// the start to its mark). Paused time is in neither: both come from the events' `elapsed`.
public struct Lap: Equatable, Sendable {
  public var number: Int
  public var time: Milliseconds
  public var split: Milliseconds
  /// When it was marked.
  public var at: Instant

  public init(number: Int, time: Milliseconds, split: Milliseconds, at: Instant) {
    self.number = number
    self.time = time
    self.split = split
    self.at = at
  }
}

/// A run's laps and what `islet laps` says of them: the fastest, the slowest, the average.
public struct LapLog: Equatable, Sendable {
  public var laps: [Lap]
  /// The running time after the last mark: the lap going on, or the time from the last mark to
  /// the run's close. Nil when nothing ran after it.
  public var rest: Milliseconds?
  /// The run's running time so far, or in all once closed.
  public var total: Milliseconds

  public init(laps: [Lap], rest: Milliseconds?, total: Milliseconds) {
    self.laps = laps
    self.rest = rest
    self.total = total
  }

  /// The laps of an activity's last run, read from its events (oldest first): those after its
  /// last `started`, each lap the growth of `elapsed` since the previous mark. `elapsed` is the
  /// run's running time now (or at its close).
  public static func of(_ events: [Event], elapsed: Milliseconds) -> LapLog {
    let run = events.lastIndex { $0.kind == .started }.map { events[$0...] } ?? events[...]
    var laps: [Lap] = []
    var previous: Milliseconds = 0
    for event in run where event.kind == .lapped {
      laps.append(
        Lap(number: laps.count + 1, time: event.elapsed - previous, split: event.elapsed, at: event.at))
      previous = event.elapsed
    }
    let rest = elapsed - previous
    return LapLog(laps: laps, rest: rest > 0 ? rest : nil, total: max(elapsed, previous))
  }

  /// The shortest lap (the first of equals); nil without laps.
  public var fastest: Lap? { laps.map(\.time).min().flatMap { time in laps.first { $0.time == time } } }
  /// The longest lap (the first of equals).
  public var slowest: Lap? { laps.map(\.time).max().flatMap { time in laps.first { $0.time == time } } }
  /// The laps' mean length, to the millisecond (rounded down).
  public var average: Milliseconds? {
    laps.isEmpty ? nil : laps.reduce(0) { $0 + $1.time } / Milliseconds(laps.count)
  }
}
