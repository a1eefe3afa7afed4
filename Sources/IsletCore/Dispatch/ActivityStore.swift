/// Where activities and their history live. The dispatcher works only through this, so the
/// core knows no SQL; `SQLiteActivityStore` is the real one, `InMemoryActivityStore` the double.
public protocol ActivityStore: AnyObject {
  /// Runs `body` as one transaction that no other writer interleaves with; a throw rolls back.
  func transaction<T>(_ body: () throws -> T) throws -> T
  /// The live activities (idle, active, paused, finished as stored).
  func liveActivities() throws -> [Activity]
  func activity(id: String) throws -> Activity?
  func insert(_ activity: Activity) throws
  /// Saves `activity` only if the stored revision is still `activity.revision`, and bumps it.
  /// Returns false when another process changed it first.
  func save(_ activity: Activity) throws -> Bool
  /// Appends to the history, returning the events with their sequence numbers.
  func append(_ events: [Event]) throws -> [Event]
  /// Tells followers of a change that records no event (a posted progress): every other
  /// change records one, which is how they hear of it.
  func markChanged() throws
  /// The history between two instants (both included), oldest first: what a day's goal counts.
  func events(from start: Instant, through end: Instant) throws -> [Event]
}

extension ActivityStore {
  /// Whether `islet run` started it (its `started` event's source): a program's run, which a
  /// switch leaves running.
  public func isProgramRun(_ activity: Activity) throws -> Bool {
    try events(from: activity.createdAt, through: activity.createdAt).contains {
      $0.activityID == activity.id && $0.kind == .started && $0.source == .run
    }
  }
}
