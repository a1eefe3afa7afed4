import IsletCore

/// The island growing into the expanded one, or shrinking back, in a few frames at the change
/// (about 200 ms, as iOS animates it); nothing is drawn for it once it is over.
public struct IslandMotion: Equatable, Sendable {
  public var since: Instant
  /// Growing into the expanded island; false: shrinking back to compact.
  public var growing: Bool

  public static let duration: Milliseconds = 200
  static let frames = 4

  public init(since: Instant, growing: Bool) {
    self.since = since
    self.growing = growing
  }

  /// How far grown at `now`, from 0 (compact) to 1 (expanded); nil once it is over.
  func growth(at now: Instant) -> Double? {
    let elapsed = now - since
    guard elapsed >= 0, elapsed < Self.duration else { return nil }
    let done = Double(elapsed) / Double(Self.duration)
    return growing ? done : 1 - done
  }

  /// Its frames after `now`, the last when it is over.
  func frames(after now: Instant) -> [Instant] {
    (1...Self.frames).map { since + Self.duration * Milliseconds($0) / Milliseconds(Self.frames) }
      .filter { $0 > now }
  }
}
