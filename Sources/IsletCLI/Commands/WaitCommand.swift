import CSystem
import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

extension Context {
  /// `islet wait`: 0 when the countdown finishes or the activity is completed; 1 when it is
  /// reset, ended or expired, or when nothing is live; 124 on --timeout; 130 on Ctrl-C.
  func wait() throws -> ExitStatus {
    var giveUpAt: Instant?
    if let text = arguments.value("timeout") {
      giveUpAt = now + (try duration(text, command: "wait", option: "--timeout"))
    }
    let configuration = try configuration
    guard try SQLiteActivityStore.openForReading(path: storePath).map({ $0.close() }) != nil else {
      return refused("nothing is live to wait for; start one with: islet start 25m")
    }
    islet_catch_interrupts()
    let intents = try openIntents()
    defer { intents.close() }
    let store = intents.store
    // Watch before looking, so a change between the look and the sleep is not missed.
    let watcher = try StoreWatcher(path: storePath)
    let live = try intents.settle().live
    let target: Activity
    if let query = arguments.operands.first {
      switch ActivityMatcher.match(query, among: live, at: now, policy: configuration.policy) {
      case .success(let found): target = found
      case .failure(let failure): throw matchFailure(failure, command: "wait")
      }
    } else {
      guard let found = ActivityMatcher.mostRecent(live, at: now, policy: configuration.policy) else {
        return refused("nothing is live to wait for; start one with: islet start 25m")
      }
      target = found
    }
    if target.phase(at: now, policy: configuration.policy) == .finished { return .ok }
    var seen = try store.lastEventSeq()

    while true {
      let current = try store.activity(id: target.id)
      // What time will record next, even if already past (it passed while we looked).
      let wakeAt =
        [current.flatMap { TimerEngine.nextSettlement($0, policy: configuration.policy) }, giveUpAt]
        .compactMap { $0 }.min()
      switch watcher.wait(until: wakeAt) {
      case .interrupted: return .interrupted
      case .gone:
        throw StoreError.unavailable(path: try storePath, detail: "it was removed or replaced while waiting")
      case .changed, .deadline: break
      }
      _ = try intents.settle()
      for event in try store.history(activityID: target.id, after: seen) {
        seen = event.seq ?? seen
        switch event.kind {
        case .finished, .completed: return .ok
        case .reset, .ended, .expired: return .refused
        default: continue
        }
      }
      if let giveUpAt, now >= giveUpAt { return .timeout }
    }
  }
}
