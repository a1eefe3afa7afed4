import IsletCore
import IsletStore

/// The one path every intent takes, whatever sent it: a command, a key or a click in the view,
/// a tmux binding. It dispatches to its target through the one engine, in one transaction,
/// runs the post-commit handlers with the live set that transaction left, and reports; each
/// caller only renders the report. Time-caused events (`settle`) go the same way.
///
/// ```swift
/// let intents = try IntentService.open(path, configuration: configuration, clock: clock, ...)
/// defer { intents.close() }
/// let report = try intents.send(.pause, to: .matching("Workout"), source: .cli)
/// ```
package final class IntentService {
  /// What an intent did: the activity (or the refusal), every event recorded, the live set after.
  package typealias Report = IntentDispatcher.Outcome

  package let store: SQLiteActivityStore
  private var dispatcher: IntentDispatcher
  package private(set) var configuration: Configuration
  private let environment: [String: String]
  private let clock: any WallClock
  private let handlers: [any PostCommitHandler]

  package init(
    store: SQLiteActivityStore, clock: any WallClock, configuration: Configuration,
    environment: [String: String], handlers: [any PostCommitHandler]
  ) {
    self.store = store
    self.clock = clock
    self.configuration = configuration
    self.environment = environment
    self.handlers = handlers
    dispatcher = Self.dispatcher(store, clock: clock, configuration: configuration)
  }

  private static func dispatcher(
    _ store: SQLiteActivityStore, clock: any WallClock, configuration: Configuration
  )
    -> IntentDispatcher
  {
    IntentDispatcher(
      store: store, clock: clock, policy: configuration.policy,
      defaultStart: StartRequest(name: "Timer", attributes: Self.attributes(configuration)),
      goals: configuration.dailyGoals)
  }

  /// Goes on with a configuration read afresh (the deadline watcher's, for each event).
  package func reconfigure(_ configuration: Configuration) {
    guard configuration != self.configuration else { return }
    self.configuration = configuration
    dispatcher = Self.dispatcher(store, clock: clock, configuration: configuration)
  }

  /// Opens the store at `path` to write.
  package static func open(
    _ path: String, clock: any WallClock, configuration: Configuration, environment: [String: String],
    handlers: [any PostCommitHandler]
  ) throws -> IntentService {
    IntentService(
      store: try SQLiteActivityStore.openForWriting(path: path), clock: clock, configuration: configuration,
      environment: environment, handlers: handlers)
  }

  package func close() { store.close() }

  /// A new activity's attributes before what its start says: the configured icon.
  package static func attributes(_ configuration: Configuration, duration: Milliseconds? = nil)
    -> ActivityAttributes
  {
    var attributes = ActivityAttributes(icon: configuration.icon)
    if let duration {
      attributes.mode = .countdown
      attributes.fullDuration = duration
    }
    return attributes
  }

  /// Sends `intent` to `target`. Throws `ActivityMatcher.Failure` when the target cannot be
  /// found, and the store's errors; a refusal is in the report.
  package func send(_ intent: Intent, to target: IntentDispatcher.Target, source: Source) throws -> Report {
    let report = try dispatcher.dispatch(intent, to: target, source: source)
    runHandlers(report.events, live: report.live)
    return report
  }

  /// Records what time has caused (finishes, expiries) and runs their handlers.
  package func settle() throws -> Report {
    let (events, live) = try dispatcher.settleAndRead()
    runHandlers(events, live: live)
    return Report(activity: nil, refusal: nil, events: events, live: live)
  }

  /// Only the process that recorded events runs their handlers.
  private func runHandlers(_ events: [Event], live: [Activity]) {
    guard !events.isEmpty else { return }
    let context = HandlerContext(
      store: store, configuration: configuration, environment: environment, now: clock.now(), live: live)
    for handler in handlers { handler.handle(events, context: context) }
  }
}

extension IntentService.Report {
  /// The events the intent's own activity recorded as sent by `source` (not what time
  /// recorded on the way, nor other activities'): what a confirmation line tells.
  package func ownEvents(from source: Source) -> [Event] {
    guard let activity else { return [] }
    return events.filter { $0.activityID == activity.id && $0.source == source }
  }
}
