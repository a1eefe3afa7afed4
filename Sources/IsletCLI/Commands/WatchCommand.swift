import CSystem
import IsletCore
import IsletRuntime
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// `islet __watch`: the deadline watcher's life. It holds the store's watcher lock, records
/// each deadline as it passes (so the handlers run when no command does), gives the alerts
/// (whoever recorded their events), serves the notification's buttons, and ends when no live
/// activity has a deadline left and no alert of its own repeats or is still open (at most an
/// hour after its last alert), withdrawing its notifications as it goes.
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
    let watch = try DeadlineWatch(environment: environment, lock: lock, intents: intents)
    return try watch.run()
  }
}
