import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Where the engine's `now` comes from: the system's wall clock, or a test's hand.
public protocol WallClock: Sendable {
  func now() -> Instant
}

/// The real wall clock (`CLOCK_REALTIME`): it is what users read, and it moves across suspend.
public struct SystemClock: WallClock {
  public init() {}
  public func now() -> Instant {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Instant(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
  }
}

/// A clock that moves only when told to, so tests run hours of timer life in microseconds.
public final class ManualClock: WallClock {
  private let current: Mutex<Instant>

  public init(_ start: Instant = Instant(seconds: 1_764_493_500)) { current = Mutex(start) }

  public func now() -> Instant { current.withLock { $0 } }
  public func advance(by span: Milliseconds) { current.withLock { $0 = $0 + span } }
  public func set(_ instant: Instant) { current.withLock { $0 = instant } }
}
