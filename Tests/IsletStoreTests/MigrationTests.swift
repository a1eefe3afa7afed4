import IsletTestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// Stores written by older Islets (schemas 2, 3 and 4, filled as those versions wrote them)
/// migrated to the current schema by opening them: every activity and every event is there
/// with its values, and events take the category of their activity.
@Suite struct MigrationTests {
  let folder = TemporaryFolder()

  @Test(arguments: [2, 3, 4])
  func nothingIsLost(schema: Int) throws {
    let path = folder.file("old.db")
    let old = try SQLiteActivityStore.openForWriting(path: path, upTo: Int64(schema))
    try old.database.execute("BEGIN; " + OldStore.rows(schema: schema) + "COMMIT;")
    old.close()

    let store = try SQLiteActivityStore.openForWriting(path: path)
    defer { store.close() }
    #expect(try store.database.query("PRAGMA user_version").first?.first?.int == Schema.version)
    #expect(try SQLiteActivityStore.check(path: path).schema == Schema.version)
    let history = try store.history()
    let expected = Self.history(schema: schema)
    #expect(history.count == expected.count)
    for (found, wanted) in zip(history, expected) { #expect(found == wanted) }

    let activities = try store.allActivities()
    #expect(activities.map(\.id) == ["emai", "teaa", "read"] + (schema >= 4 ? ["plan"] : []))
    #expect(activities.map(\.name) == ["Code review", "Tea", "Reading"] + (schema >= 4 ? ["Deep"] : []))
    #expect(activities.map(\.state.category) == ["work", nil, "study"] + (schema >= 4 ? ["focus"] : []))
    #expect(
      activities.map(\.state.idleLimit) == Array(repeating: schema >= 3 ? 28_800_000 : nil, count: 3)
        + (schema >= 4 ? [28_800_000] : []))
    let tea = try #require(activities.first { $0.id == "teaa" })
    #expect(
      (tea.attributes.mode, tea.attributes.fullDuration, tea.state.phase) == (.countdown, 600_000, .ended))
    #expect(try store.liveActivities().map(\.id) == ["read"])
    #expect(try store.liveActivities().first?.state.relevance == 1.5)
    if schema >= 4 {
      let plan = try #require(activities.last)
      #expect(
        plan.attributes.plan?.definition == "Work 25m timer, Rest 5m coffee; rounds 1; advance auto; cue 0")
      #expect(plan.state.progress == PlanProgress(part: .rest, round: 1, worked: 1))
    }
  }

  /// The events as the current schema reads them back.
  static func history(schema: Int) -> [Event] {
    let t = Instant(milliseconds: OldStore.start)
    var seq: Int64 = 0
    func event(
      _ id: String, _ kind: EventKind, _ phase: Phase, _ elapsed: Milliseconds, _ source: Source,
      _ at: Milliseconds,
      _ name: String, _ category: String?, _ plan: PlanPosition? = nil
    ) -> Event {
      seq += 1
      return Event(
        seq: seq, activityID: id, kind: kind, phase: phase, elapsed: elapsed, source: source, at: t + at,
        name: name, category: category, plan: plan)
    }
    var events = [
      event("emai", .started, .active, 0, .cli, 0, "Emails", "work"),
      event("emai", .updated, .active, 600_000, .cli, 600_000, "Code review", "work"),
      event("emai", .completed, .completed, 1_800_000, .key, 1_800_000, "Code review", "work"),
      event("teaa", .started, .active, 0, .tmux, 3_600_000, "Tea", nil),
      event("teaa", .finished, .finished, 600_000, .time, 4_200_000, "Tea", nil),
      event("teaa", .ended, .ended, 900_000, .cli, 4_500_000, "Tea", nil),
      event("read", .started, .active, 0, .cli, 5_000_000, "Reading", "study"),
      event("read", .paused, .paused, 300_000, .cli, 5_300_000, "Reading", "study"),
    ]
    guard schema >= 4 else { return events }
    let work = PlanPosition(
      name: "deep", segment: "Work", kind: .work, icon: "timer", round: 1, rounds: 1,
      next: NextSegment(segment: "Rest", duration: 300_000))
    let rest = PlanPosition(
      name: "deep", segment: "Rest", kind: .break, icon: "coffee", round: 1, rounds: 1, next: nil)
    events += [
      event("plan", .started, .active, 0, .cli, 6_000_000, "Deep", "focus", work),
      event("plan", .segmentStarted, .active, 0, .cli, 6_000_000, "Deep", "focus", work),
      event("plan", .segmentFinished, .active, 1_500_000, .time, 7_500_000, "Deep", "focus", work),
      event("plan", .segmentStarted, .active, 0, .time, 7_500_000, "Deep", "focus", rest),
      event("plan", .segmentFinished, .completed, 300_000, .time, 7_800_000, "Deep", "focus", rest),
      event("plan", .planCompleted, .completed, 300_000, .time, 7_800_000, "Deep", "focus", rest),
    ]
    return events
  }
}
