/// What a segment of a plan is for.
public enum SegmentKind: String, Codable, Sendable, CaseIterable {
  case warmUp = "warm-up"
  case work
  case `break`
  case coolDown = "cool-down"

  /// Work and the warm-up and cool-down around it are done; a break is rest.
  public var isBreak: Bool { self == .break }

  /// A segment's `label` as said after the run's `name`: the kind's own word (`Work`) when the
  /// label is the name itself, as a plan made with `--name` labels its work, so that nothing
  /// is said twice (`HIIT · Work`, never `HIIT · HIIT`).
  public func label(_ label: String, after name: String) -> String {
    guard label.lowercased() == name.lowercased() else { return label }
    switch self {
    case .warmUp: return "Warm-up"
    case .work: return "Work"
    case .break: return "Break"
    case .coolDown: return "Cool-down"
    }
  }
}

/// One timed piece of a plan: "Focus 25m", "Rest 10s".
public struct Segment: Codable, Hashable, Sendable {
  public var label: String
  public var duration: Milliseconds
  /// A symbolic icon name, as an activity's.
  public var icon: String
  public var kind: SegmentKind

  public init(label: String, duration: Milliseconds, icon: String, kind: SegmentKind) {
    self.label = label
    self.duration = duration
    self.icon = icon
    self.kind = kind
  }
}

/// When a plan goes on by itself from one segment to the next, and when it waits for the user.
public enum AdvancePolicy: String, Codable, CaseIterable, Sendable {
  /// Always on by itself; after the last segment the run completes.
  case auto
  /// Always waits; after the last segment, going on completes the run.
  case ask
  /// On by itself into breaks (and a cool-down); waits before work.
  case breaks
  /// On by itself into work; waits before breaks.
  case work

  /// Whether the plan goes on by itself into a segment of `kind`; nil is past the last segment,
  /// which completes the run as going back to work would.
  public func goesOn(into kind: SegmentKind?) -> Bool {
    switch self {
    case .auto: return true
    case .ask: return false
    case .breaks: return kind == .break || kind == .coolDown
    case .work: return kind != .break && kind != .coolDown
    }
  }
}

/// A routine of segments: an optional warm-up, rounds of work and its break (every Nth round's
/// break the long one), an optional cool-down. The last round keeps its break, so a pomodoro ends
/// with its long break and a Tabata of 8 × (20 s + 10 s) lasts exactly 4:00.
public struct Plan: Codable, Hashable, Sendable {
  /// How the plan is known: `pomodoro`, `deep`; the activity is named after it.
  public var name: String
  public var work: Segment
  /// The break after each round's work, if the plan has one.
  public var rest: Segment?
  public var rounds: Int
  public var longBreak: Segment?
  /// The long break replaces the break after every this many work segments done.
  public var longBreakEvery: Int
  public var warmUp: Segment?
  public var coolDown: Segment?
  public var advance: AdvancePolicy
  /// The last seconds of each segment are cued (the alert color, a bell each second in the view).
  public var cueSeconds: Int

  public init(
    name: String, work: Segment, rest: Segment? = nil, rounds: Int = 1, longBreak: Segment? = nil,
    longBreakEvery: Int? = nil, warmUp: Segment? = nil, coolDown: Segment? = nil,
    advance: AdvancePolicy = .auto, cueSeconds: Int? = nil
  ) {
    self.name = name
    self.work = work
    self.rest = rest
    self.rounds = rounds
    self.longBreak = longBreak
    self.longBreakEvery = longBreakEvery ?? rounds
    self.warmUp = warmUp
    self.coolDown = coolDown
    self.advance = advance
    self.cueSeconds =
      cueSeconds ?? ([work, rest].compactMap { $0 }.contains { $0.duration <= 60_000 } ? 3 : 0)
  }

  public static let maximumRounds = 99
  public static let maximumCue = 60

  // MARK: - Where a run is

  /// The first segment of a run.
  public var first: PlanProgress {
    PlanProgress(part: warmUp == nil ? .work : .warmUp, round: warmUp == nil ? 1 : 0, worked: 0)
  }

  /// The segment a run is in at `progress`.
  public func segment(at progress: PlanProgress) -> Segment {
    switch progress.part {
    case .warmUp: return warmUp ?? work
    case .work: return work
    case .rest: return rest ?? work
    case .longBreak: return longBreak ?? rest ?? work
    case .coolDown: return coolDown ?? work
    }
  }

  /// Where the run goes after the segment at `progress` ends; nil when it was the last.
  /// `counted`: the segment ran to its end (a skipped one does not count toward the long break
  /// or the goal).
  public func after(_ progress: PlanProgress, counted: Bool) -> PlanProgress? {
    var next = progress
    switch progress.part {
    case .warmUp:
      next.part = .work
      next.round = 1
      return next
    case .work:
      if counted { next.worked += 1 }
      if counted, longBreak != nil, next.worked % longBreakEvery == 0 {
        next.part = .longBreak
        return next
      }
      if rest != nil {
        next.part = .rest
        return next
      }
      return afterRound(next)
    case .rest, .longBreak:
      return afterRound(next)
    case .coolDown:
      return nil
    }
  }

  private func afterRound(_ progress: PlanProgress) -> PlanProgress? {
    var next = progress
    if progress.round < rounds {
      next.part = .work
      next.round += 1
      return next
    }
    guard coolDown != nil else { return nil }
    next.part = .coolDown
    return next
  }

  /// What a user is shown about `progress`: the segment, the round, and what comes next if it
  /// runs to its end.
  public func position(at progress: PlanProgress) -> PlanPosition {
    let segment = segment(at: progress)
    let next = after(progress, counted: true).map { self.segment(at: $0) }
    return PlanPosition(
      name: name, segment: segment.label, kind: segment.kind, icon: segment.icon, round: progress.round,
      rounds: rounds, next: next.map { NextSegment(segment: $0.label, duration: $0.duration) })
  }

  /// Every segment of a run in which each runs to its end.
  public var segments: [Segment] {
    var shown: [Segment] = []
    var progress: PlanProgress? = first
    while let current = progress {
      shown.append(segment(at: current))
      progress = after(current, counted: true)
    }
    return shown
  }

  /// Whether `definition` reads back as this very plan: the store keeps a plan as that line,
  /// so one that would not is never started.
  public var isKeepable: Bool {
    guard case .success(let kept) = Plan.parse(name: name, definition: definition) else { return false }
    return kept == self
  }

  /// How long a run lasts when each segment runs to its end, pauses aside.
  public var total: Milliseconds { segments.reduce(0) { $0 + $1.duration } }
}

/// Where a run of a plan is: the segment's place and the work done so far.
public struct PlanProgress: Codable, Hashable, Sendable {
  public enum Part: String, Codable, Sendable, CaseIterable {
    case warmUp = "warm-up"
    case work
    case rest = "break"
    case longBreak = "long-break"
    case coolDown = "cool-down"
  }

  public var part: Part
  /// 1-based; 0 during the warm-up.
  public var round: Int
  /// Work segments run to their end in this run; skipped ones are not counted.
  public var worked: Int

  public init(part: Part, round: Int, worked: Int) {
    self.part = part
    self.round = round
    self.worked = worked
  }
}

/// The segment after the current one, as "Up next: Break 5:00" shows it.
public struct NextSegment: Codable, Hashable, Sendable {
  public var segment: String
  public var duration: Milliseconds

  public init(segment: String, duration: Milliseconds) {
    self.segment = segment
    self.duration = duration
  }
}

/// A plan run's place as shown and recorded: `plan: {name, segment, kind, round, rounds, next}`
/// in every JSON that shows an activity or an event.
public struct PlanPosition: Codable, Hashable, Sendable {
  public var name: String
  public var segment: String
  public var kind: SegmentKind
  public var icon: String
  public var round: Int
  public var rounds: Int
  public var next: NextSegment?

  /// The round as shown (`2/4`, "Round 2 of 4"): a work segment's or its break's in a plan of
  /// more than one round; nil for a warm-up, a cool-down, or a plan of one round.
  public var shownRound: Int? {
    guard rounds > 1, round >= 1, kind == .work || kind == .break else { return nil }
    return round
  }

  /// `Focus 2/4`: the segment and its round, said in the name's place, or after the run's
  /// `name` (its label as the user wrote it, or its kind's word when that would repeat the
  /// name); a warm-up or cool-down by its label alone.
  public func text(after name: String? = nil) -> String {
    let label = printableName(name.map { kind.label(segment, after: $0) } ?? segment)
    return shownRound.map { "\(label) \($0)/\(rounds)" } ?? label
  }

  public init(
    name: String, segment: String, kind: SegmentKind, icon: String, round: Int, rounds: Int,
    next: NextSegment?
  ) {
    self.name = name
    self.segment = segment
    self.kind = kind
    self.icon = icon
    self.round = round
    self.rounds = rounds
    self.next = next
  }
}

// MARK: - Made from durations

extension Plan {
  /// The plan a work and a break make (`islet start 50m/10m`, or the view's duration field):
  /// named `name` (else Intervals), its work labelled `name` (else Work), then a Break.
  public static func workAndBreak(
    name: String?, work: Milliseconds, rest: Milliseconds?, icon: String, rounds: Int = 1,
    cueSeconds: Int? = nil
  ) -> Plan {
    Plan(
      name: name ?? "Intervals",
      work: Segment(label: name ?? "Work", duration: work, icon: icon, kind: .work),
      rest: rest.map { Segment(label: "Break", duration: $0, icon: "coffee", kind: .break) },
      rounds: rounds, cueSeconds: cueSeconds)
  }
}

// MARK: - As shown

extension Plan {
  /// What a run of the plan is called unless `--name`: its name, capitalized (`Pomodoro`).
  public var runName: String { name.prefix(1).uppercased() + name.dropFirst() }

  /// `Focus 25m, Break 5m × 4, Long break 15m every 4 · ask`: the segments in order, the
  /// rounds, the advance policy and the cue, as `islet plans` and the view's dialog show it.
  public func shape(unicode: Bool) -> String {
    func text(_ segment: Segment) -> String {
      printable(segment.label, limit: UserText.Bounds.label.characters) + " "
        + DurationText.compact(segment.duration)
    }
    var round = ([work] + (rest.map { [$0] } ?? [])).map(text).joined(separator: ", ")
    if rounds > 1 { round += (unicode ? " × " : " x ") + String(rounds) }
    var parts = warmUp.map { [text($0)] } ?? []
    parts.append(round)
    if let longBreak { parts.append(text(longBreak) + " every \(longBreakEvery)") }
    if let coolDown { parts.append(text(coolDown)) }
    var facts = [parts.joined(separator: ", "), advance.rawValue]
    if cueSeconds > 0 { facts.append("cue \(cueSeconds)s") }
    return facts.joined(separator: Self.separator(unicode: unicode))
  }

  /// How long a run lasts, `total`, as a clock rounded up to the second: `2:10:00`.
  public var totalText: String { DurationText.clock(seconds: (total + 999) / 1000) }

  /// What goes between the facts of `shape`, and before `totalText` after it.
  public static func separator(unicode: Bool) -> String { unicode ? " · " : " - " }
}
