import IsletCore
import IsletStore

/// `islet __watch`: the deadline watcher's life. It holds the store's watcher lock, records
/// each deadline as it passes (so the handlers run when no command does), and ends when no
/// live activity has a deadline left.
struct WatchCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__watch", operands: "", brief: "the deadline watcher", summary: "The deadline watcher.",
      maxOperands: 0)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {}

  func run(in environment: Environment) throws -> ExitStatus {
    let path = try environment.storePath
    guard let lock = WatcherLock(storePath: path), lock.tryAcquire() else { return .ok }
    let intents: IntentService
    do {
      intents = try environment.openIntents()
    } catch let error as any UserFacingError {
      // Nobody reads a detached watcher's stderr: say in hooks.log why deadlines now wait for
      // the next command (which reports the same error).
      HookRunner.appendLog(
        HookRunner.logPath(environment: environment.variables),
        "\(LocalTime.iso(environment.now)) the deadline watcher stopped: \(error.message); deadlines are recorded by the next islet command that runs"
      )
      return error.exitStatus
    }
    defer { intents.close() }
    let store = intents.store
    let watcher = try StoreWatcher(path: path)
    while true {
      let settled = try intents.settle()
      // Every deadline not yet recorded, past ones too: one that passed while the handlers
      // ran is due now, and waiting for a past time returns at once.
      guard let next = DeadlineWatcherLauncher.nextDeadline(settled.live) else {
        // Between our last look and letting go, a command may have added a deadline and found
        // the lock held; look once more after letting go, and carry on if we can take it back.
        lock.release()
        let again = try DeadlineWatcherLauncher.nextDeadline(store.liveActivities()) != nil
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
