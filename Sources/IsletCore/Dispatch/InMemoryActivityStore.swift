/// An `ActivityStore` in memory: the test double for the dispatcher, kept as a real type.
public final class InMemoryActivityStore: ActivityStore {
  public private(set) var activities: [String: Activity] = [:]
  public private(set) var history: [Event] = []
  /// How many changes recorded no event.
  public private(set) var changesWithoutEvents = 0
  private var inTransaction = false

  public init() {}

  public func transaction<T>(_ body: () throws -> T) throws -> T {
    let (savedActivities, savedHistory) = (activities, history)
    inTransaction = true
    defer { inTransaction = false }
    do {
      return try body()
    } catch {
      (activities, history) = (savedActivities, savedHistory)
      throw error
    }
  }

  public func markChanged() throws {
    precondition(inTransaction, "markChanged outside a transaction")
    changesWithoutEvents += 1
  }

  public func liveActivities() throws -> [Activity] {
    // The SQLite store's order: by creation, then by id.
    activities.values.filter { $0.state.phase.isLive }.sorted {
      ($0.createdAt, $0.id) < ($1.createdAt, $1.id)
    }
  }

  public func activity(id: String) throws -> Activity? { activities[id] }

  public func insert(_ activity: Activity) throws {
    precondition(inTransaction, "insert outside a transaction")
    // As the SQLite store's primary key does: an id is never reused.
    guard activities[activity.id] == nil else { throw DuplicateID(id: activity.id) }
    activities[activity.id] = activity
  }

  public func save(_ activity: Activity) throws -> Bool {
    precondition(inTransaction, "save outside a transaction")
    guard activities[activity.id]?.revision == activity.revision else { return false }
    var saved = activity
    saved.revision += 1
    activities[activity.id] = saved
    return true
  }

  public func append(_ events: [Event]) throws -> [Event] {
    precondition(inTransaction, "append outside a transaction")
    let numbered = events.enumerated().map { offset, event in
      var copy = event
      copy.seq = Int64(history.count + offset + 1)
      return copy
    }
    history += numbered
    return numbered
  }

  public func events(from start: Instant, through end: Instant) throws -> [Event] {
    history.filter { $0.at >= start && $0.at <= end }
  }

  /// `SQLiteActivityStore.history(runsOverlapping:until:)`, told plainly: the events that
  /// tell every run overlapping a window. Not in `ActivityStore`: the dispatcher never needs it.
  public func history(runsOverlapping since: Instant?, until: Instant?) throws -> [Event] {
    let (from, to) = (since ?? Instant(milliseconds: .min), until ?? Instant(milliseconds: .max))
    let inside = { (event: Event) in event.at >= from && event.at <= to }
    let overlapping = Set(history.filter(inside).map(\.activityID)).union(
      activities.values.filter { $0.createdAt <= to && ($0.endedAt ?? to) >= from }.map(\.id))
    var opened: [String: Int64] = [:]
    var closed: [String: Int64] = [:]
    for event in history where overlapping.contains(event.activityID) {
      if event.kind.opensRun && event.at <= from { opened[event.activityID] = event.seq }
      if event.kind.closesRun && event.at > to && closed[event.activityID] == nil {
        closed[event.activityID] = event.seq
      }
    }
    return history.filter { event in
      let seq = event.seq ?? 0
      if inside(event) { return true }
      if event.at < from { return opened[event.activityID].map { seq >= $0 } ?? false }
      return overlapping.contains(event.activityID) && seq <= closed[event.activityID] ?? .max
    }
  }
}

/// An insert of an id the store already holds.
public struct DuplicateID: Error, Equatable, Sendable {
  public var id: String
}
