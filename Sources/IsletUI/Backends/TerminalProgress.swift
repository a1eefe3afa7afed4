import IsletCore

/// What a program says of its progress with the terminal progress sequence, OSC 9;4
/// (`ESC ] 9 ; 4 ; STATE ; PERCENT ST`), as cargo, systemd's tools and others print it.
public enum TerminalProgress: Equatable, Sendable {
  /// State 0: no progress to show any more.
  case cleared
  /// State 1: this far, 0 to 100.
  case value(Int)
  /// State 2: an error, with how far it had come when it says.
  case error(Int?)
  /// State 3: busy, how far unknown.
  case indeterminate
  /// State 4: paused or warning, with how far it had come when it says.
  case paused(Int?)

  /// The percent it says, if any.
  public var percent: Int? {
    switch self {
    case .value(let percent): return percent
    case .error(let percent), .paused(let percent): return percent
    case .cleared, .indeterminate: return nil
    }
  }

  /// The body of an OSC (what lies between `ESC ]` and its terminator) read as progress: nil
  /// for any other OSC, or a state outside 0…4. A percent past 100 is 100, as terminals take it.
  public init?(oscBody body: [UInt8]) {
    let prefix = Array("9;4;".utf8)
    guard body.count > prefix.count, Array(body.prefix(prefix.count)) == prefix else { return nil }
    let fields = body.dropFirst(prefix.count).split(
      separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    guard fields.count <= 2, let state = Self.number(fields[0]) else { return nil }
    let percent = fields.count == 2 ? Self.number(fields[1]).map { min($0, 100) } : nil
    if fields.count == 2, !fields[1].isEmpty, percent == nil { return nil }
    switch state {
    case 0: self = .cleared
    case 1: self = .value(percent ?? 0)
    case 2: self = .error(percent)
    case 3: self = .indeterminate
    case 4: self = .paused(percent)
    default: return nil
    }
  }

  /// Up to three ASCII digits.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 3,
      digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { return nil }
    return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
  }
}

extension TerminalProgress {
  /// What the terminal's tab shows for `activity` at `now`: a countdown's or a plan segment's
  /// fraction done, a task's posted or estimated progress (`Activity.shownProgress(at:)`), in
  /// whole percent; paused with it when paused; an error once its time is up or its run failed;
  /// cleared for nothing, for a stopwatch with nothing to show, and for what is not running.
  public init(showing activity: Activity?, at now: Instant, policy: TimePolicy = .standard) {
    guard var activity else {
      self = .cleared
      return
    }
    // A plan may have gone on into later segments since it was read.
    if activity.isPlan { activity = TimerEngine.settle(activity, at: now, policy: policy).activity }
    let percent = activity.shownProgress(at: now).map { Int(($0 * 100).rounded(.down)) }
    switch activity.phase(at: now, policy: policy) {
    case .active: self = percent.map { .value($0) } ?? .cleared
    case .paused: self = percent.map { .paused($0) } ?? .cleared
    case .finished, .failed: self = .error(percent ?? 100)
    case .pending, .idle, .completed, .ended, .expired: self = .cleared
    }
  }

  /// The sequence's body, what goes between `ESC ]` and its terminator: `9;4;1;40`, `9;4;0`.
  public var oscBody: String {
    let state: Int
    switch self {
    case .cleared: state = 0
    case .value: state = 1
    case .error: state = 2
    case .indeterminate: state = 3
    case .paused: state = 4
    }
    return "9;4;\(state)" + (percent.map { ";\($0)" } ?? "")
  }
}
