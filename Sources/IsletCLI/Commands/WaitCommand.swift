import CSystem
import IsletCore
import IsletRuntime
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// `islet wait`: 0 when the countdown finishes or the activity is completed; 1 when it is
/// reset, ended or expired, or when nothing is live; 124 on --timeout; 130 on Ctrl-C. On a
/// plan, 0 when the whole run completes and 1 when it is ended or expires.
struct WaitCommand: Command {
  static let specs = [
    CommandSpec(
      name: "wait", operands: "[ACTIVITY]",
      brief: "wait until it finishes (exit 0) or is reset or ended (exit 1)",
      summary: "Wait until an activity finishes or is completed (exit 0), or is reset or ended (exit 1).",
      details: """
        Without ACTIVITY, waits for the most recently started one, so this works:
          islet start 25m && islet wait && notify-send "Time's up"
        Exits 1 at once when nothing is live, 124 when --timeout runs out, 130 on Ctrl-C.
        An ACTIVITY id that is over already exits at once: 0 if it was completed, else 1.
        A stopwatch is waited on until it is completed or ended.
        A plan is waited on until the whole run completes (exit 0) or is ended or expires
        (exit 1); a segment that ends, is skipped or reset, or waits to go on, does not end the wait:
          islet start --plan pomodoro && islet wait && notify-send "Pomodoro done"
        """,
      options: [OptionSpec(.timeout, value: "DURATION", help: "give up after this long (exit 124)")],
      maxOperands: 1)
  ]

  /// `--timeout`: when to give up.
  let giveUpAt: Instant?
  /// The activity named; nil for the most recently started one.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    giveUpAt = try parsed.value(.timeout).map { now + (try parsed.duration($0, option: "timeout")) }
    target = parsed.operands.first
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let configuration = try environment.configuration
    // A host's activity ends there: its own islet waits for it.
    if let target, let (name, host) = RemoteHost.split(target, among: configuration.remotes) {
      throw CommandFailure(
        message:
          "wait follows this machine's activities; wait for \(printable(name, limit: 40)) on \(host.name) with: ssh \(host.address) islet wait \(RemoteIntent.quoted(name))",
        status: .usage)
    }
    guard try SQLiteActivityStore.openForReading(path: environment.storePath).map({ $0.close() }) != nil
    else {
      return environment.refused("nothing is live to wait for; start one with: islet start 25m")
    }
    islet_catch_interrupts()
    // Held back until the sleep: Ctrl-C arriving just before it would otherwise be noted and
    // then slept through.
    islet_defer_interrupts()
    let intents = try environment.openIntents()
    defer { intents.close() }
    // Followed before looking, so a change between the look and the sleep is not missed.
    let follower = try StoreFollower(path: environment.storePath, besideWriter: true)
    let settled = try intents.settle()
    follower.recorded(settled.events)
    let live = settled.live
    let now = environment.now
    let waited: Activity
    if let target {
      switch ActivityMatcher.match(target, among: live, at: now, policy: configuration.policy) {
      case .success(let found): waited = found
      case .failure(let failure):
        // An id that is over already: waited for, it has its answer (`start && wait ID` when
        // the run ended before wait looked).
        if let over = try intents.store.activity(id: target), !over.state.phase.isLive {
          return over.state.phase == .completed ? .ok : .refused
        }
        throw environment.matchFailure(failure, command: "wait")
      }
    } else {
      guard let found = ActivityMatcher.mostRecent(live, at: now, policy: configuration.policy) else {
        return environment.refused("nothing is live to wait for; start one with: islet start 25m")
      }
      waited = found
    }
    // A plan's segment that is over waits to go on: the run is not done.
    if !waited.isPlan, waited.phase(at: now, policy: configuration.policy) == .finished { return .ok }
    // Its terminal, if it runs on one, is given the waited activity's alerts while it waits.
    let path = try environment.storePath
    let watching = WatchingTerminals.register(
      .wait, activityID: waited.id, environment: environment.variables, storePath: path)
    let status = try ActivityWait(activity: waited, giveUpAt: giveUpAt).run(
      intents: intents, follower: follower, context: environment)
    // Ended with the activity: its alert, a moment later, still goes to the shell's terminal.
    if let watching {
      if status == .interrupted || status == .timeout {
        WatchingTerminals.unregister(watching, storePath: path)
      } else {
        WatchingTerminals.handOver(watching, to: getppid(), storePath: path)
      }
    }
    return status
  }
}
