import IsletCore
import IsletStore

/// Reacts to events after they are committed (hooks, the deadline watcher, later the tmux
/// refresh). Only the process that recorded an event runs its handlers.
public protocol PostCommitHandler {
  func handle(_ events: [Event], context: HandlerContext)
}

/// What a handler may need to know about where it runs.
public struct HandlerContext {
  public var store: SQLiteActivityStore
  public var configuration: Configuration
  public var environment: [String: String]
  public var now: Instant
  /// The live activities as the commit left them, so that no handler reads them again.
  public var live: [Activity]

  package init(
    store: SQLiteActivityStore, configuration: Configuration, environment: [String: String], now: Instant,
    live: [Activity]
  ) {
    self.store = store
    self.configuration = configuration
    self.environment = environment
    self.now = now
    self.live = live
  }
}
