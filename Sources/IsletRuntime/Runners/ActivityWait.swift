import IsletCore
import IsletStore

/// `islet wait`'s loop: follows the store until `activity` ends one way or the other (the
/// status says which), `giveUpAt` passes, or Ctrl-C (let in only while it sleeps). What time
/// causes meanwhile it records itself, down the one intent path.
package struct ActivityWait {
  package let activity: Activity
  /// `--timeout`: when to give up.
  package let giveUpAt: Instant?

  package init(activity: Activity, giveUpAt: Instant?) {
    self.activity = activity
    self.giveUpAt = giveUpAt
  }

  /// Sleeps until the activity's next settlement, a change to the store or the timeout, and
  /// looks at what was recorded for it each time.
  package func run(intents: IntentService, follower: StoreFollower, context: any RunContext)
    throws -> ExitStatus
  {
    let store = intents.store
    let policy = try context.configuration.policy
    var seen = try store.lastEventSeq()
    let ends = activity.isPlan ? Self.planEnds : Self.timerEnds
    while true {
      let current = try store.activity(id: activity.id)
      // What time will record next, even if already past (it passed while we looked).
      let wakeAt =
        [current.flatMap { TimerEngine.nextSettlement($0, policy: policy) }, giveUpAt]
        .compactMap { $0 }.min()
      switch follower.wait(until: wakeAt, interruptible: true) {
      case .interrupted: return .interrupted
      case .gone:
        throw StoreError.unavailable(
          path: try context.storePath, detail: "it was removed or replaced while waiting")
      case .changed, .deadline, .readable: break
      }
      follower.recorded(try intents.settle().events)
      for event in try store.history(activityID: activity.id, after: seen) {
        seen = event.seq ?? seen
        if let status = ends[event.kind] { return status }
      }
      if let giveUpAt, context.now >= giveUpAt { return .timeout }
    }
  }

  /// The events that end a wait, and the status each gives: a single timer's, a plan's.
  static let timerEnds: [EventKind: ExitStatus] = [
    .finished: .ok, .completed: .ok, .reset: .refused, .ended: .refused, .expired: .refused,
  ]
  static let planEnds: [EventKind: ExitStatus] = [.planCompleted: .ok, .ended: .refused, .expired: .refused]
}
