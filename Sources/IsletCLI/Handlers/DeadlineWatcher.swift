import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// Makes `finished` fire at a countdown's deadline when nothing else runs: one detached
/// `islet __watch` per store, which sleeps until the earliest deadline, records what is due,
/// runs the handlers and exits when no deadline is left.
public struct DeadlineWatcherLauncher: PostCommitHandler {
  public init() {}

  public func handle(_ events: [Event], context: HandlerContext) {
    Self.ensure(storePath: context.store.path, live: context.live, environment: context.environment)
  }

  /// The earliest `finished` still to record: a countdown's or a segment's end, which may
  /// already have passed. An expiry waits for the next command, which records it: a watcher
  /// for every stopwatch left running would sleep for hours.
  static func nextDeadline(_ live: [Activity]) -> Instant? {
    live.filter { $0.state.phase == .active }.compactMap(\.deadline).min()
  }

  /// Starts a watcher when a running countdown's `finished` is still to be recorded and no
  /// watcher holds the store's lock. Readers call it too, so a watcher that was killed is
  /// replaced by the next command that looks (the status line looks every second).
  static func ensure(storePath path: String, live: [Activity], environment: [String: String]) {
    // A fixed clock (ISLET_NOW) has no real deadlines to wait for.
    if environment["ISLET_NOW"] != nil { return }
    guard nextDeadline(live) != nil else { return }
    // A sealed copy has no writer to record anything, and its folder is left as it is.
    guard !SQLiteActivityStore.isSealed(path), let lock = WatcherLock(storePath: path) else { return }
    // A watcher holds the lock: it sees our commit through the store watcher.
    guard lock.tryAcquire() else { return }
    lock.release()
    Spawner.spawn(
      [Spawner.selfExecutable, "__watch", "--db", path],
      environment: HookRunner.environment(environment, storePath: path))
  }
}

/// The `flock` beside the store that keeps its deadline watcher single.
final class WatcherLock {
  let fd: Int32

  init?(storePath: String) {
    fd = open(storePath + ".watch", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    if fd < 0 { return nil }
  }

  deinit { close(fd) }

  func tryAcquire() -> Bool { flock(fd, LOCK_EX | LOCK_NB) == 0 }
  func release() { flock(fd, LOCK_UN) }

  /// The last event the watcher has alerted for, kept in the lock file so that the next
  /// watcher neither misses nor repeats an alert; nil when none was kept.
  var alerted: Int64? {
    get {
      var bytes = [UInt8](repeating: 0, count: 32)
      let count = pread(fd, &bytes, bytes.count, 0)
      guard count > 0 else { return nil }
      return Int64(String(decoding: bytes[..<count], as: UTF8.self).trimmingNewline)
    }
    set {
      guard let newValue else { return }
      let text = Array("\(newValue)\n".utf8)
      _ = ftruncate(fd, 0)
      _ = text.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }
  }
}

extension String {
  fileprivate var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
