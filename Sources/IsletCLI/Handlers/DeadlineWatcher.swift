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
    // A fixed clock (ISLET_NOW) has no real deadlines to wait for.
    if context.environment["ISLET_NOW"] != nil { return }
    guard let live = try? context.store.liveActivities(),
      live.contains(where: { ($0.deadline ?? context.now) > context.now })
    else { return }
    let path = context.store.path
    guard let lock = WatcherLock(storePath: path) else { return }
    // A watcher holds the lock: it sees our commit through the store watcher.
    guard lock.tryAcquire() else { return }
    lock.release()
    guard let binary = Spawner.executablePath else { return }
    Spawner.spawn([binary, "__watch", "--db", path], environment: context.environment)
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
}

extension Context {
  /// `islet __watch`: the deadline watcher's life.
  func watchDeadlines() throws -> ExitStatus {
    let path = storePath
    guard let lock = WatcherLock(storePath: path), lock.tryAcquire() else { return .ok }
    let configuration = try configuration
    let store = try SQLiteActivityStore.openForWriting(path: path)
    defer { store.close() }
    let watcher = try StoreWatcher(path: path)
    let dispatcher = IntentDispatcher(store: store, clock: clock, policy: configuration.policy)
    while true {
      let recorded = try dispatcher.settle()
      try handle(recorded, store: store)
      let at = now
      let next = try store.liveActivities().compactMap(\.deadline).filter { $0 > at }.min()
      guard let next else {
        // Between our last look and letting go, a command may have added a deadline and found
        // the lock held; look once more after letting go, and carry on if we can take it back.
        lock.release()
        let again = try store.liveActivities().contains { ($0.deadline ?? at) > now }
        if again && lock.tryAcquire() { continue }
        return .ok
      }
      switch watcher.wait(until: next) {
      case .gone, .interrupted: return .ok
      case .changed, .deadline: continue
      }
    }
  }
}
