import Testing

@testable import IsletCore

/// `Correction.edit` as values: a session's events rewritten, the others left alone.
@Suite struct CorrectionEditTests {
  func event(_ seq: Int64, _ kind: EventKind, elapsed: Milliseconds, at: Instant, id: String = "sw01")
    -> Event
  {
    Event(
      seq: seq, activityID: id, kind: kind, phase: .active, elapsed: elapsed, source: .cli, at: at,
      name: "Run")
  }

  /// Run 09:05–09:15 with a lap at 09:07 and a pause 09:10–09:12.
  var events: [Event] {
    [
      event(1, .started, elapsed: 0, at: t0), event(2, .lapped, elapsed: 120_000, at: t0 + 120_000),
      event(3, .paused, elapsed: 300_000, at: t0 + 300_000),
      event(4, .resumed, elapsed: 300_000, at: t0 + 420_000),
      event(5, .completed, elapsed: 480_000, at: t0 + 600_000),
    ]
  }

  func session() throws -> Session {
    try #require(SessionLog.sessions(from: events, live: [], at: t0 + 3_600_000).first)
  }

  @Test func aStartMovedEarlierAddsToEveryLaterElapsed() throws {
    let session = try session()
    #expect(session.id == 1 && session.seqs == [1, 2, 3, 4, 5] && !session.edited)
    let edited = try Correction.edit(
      session, events: events, change: SessionChange(name: "Jog", start: t0 - 60_000), at: t0 + 3_600_000
    ).get()
    #expect(edited.map(\.at) == [t0 - 60_000, t0 + 120_000, t0 + 300_000, t0 + 420_000, t0 + 600_000])
    #expect(edited.map(\.elapsed) == [0, 180_000, 360_000, 360_000, 540_000])
    #expect(edited.allSatisfy { $0.edited && $0.name == "Jog" })
    let reread = try #require(SessionLog.sessions(from: edited, live: [], at: t0 + 3_600_000).first)
    #expect(reread.elapsed == 540_000 && reread.startedAt == t0 - 60_000 && reread.edited)
    #expect(
      LapLog.of(edited, elapsed: 540_000).laps.map(\.time) == [180_000], "the first lap grows with the start")
  }

  @Test func timesThatDoNotFitAreRefused() throws {
    let session = try session()
    let now = t0 + 3_600_000
    #expect(
      Correction.edit(session, events: events, change: SessionChange(start: t0 + 200_000), at: now)
        == .failure(Refusal("the new start is after Run first stopped; give an earlier one")))
    #expect(
      Correction.edit(session, events: events, change: SessionChange(end: t0 + 400_000), at: now)
        == .failure(Refusal("the new end is before Run's last start or resume; give a later one")))
    #expect(
      Correction.edit(session, events: events, change: SessionChange(end: now + 1), at: now)
        == .failure(Refusal("the new end is later than now; give a time already past")))
    let ended = try Correction.edit(
      session, events: events, change: SessionChange(end: t0 + 540_000), at: now
    ).get()
    #expect(ended.last?.elapsed == 420_000 && ended.last?.at == t0 + 540_000)
  }

  /// Corrections are no part of a session: an `edited` event after the close opens nothing.
  @Test func correctionEventsAreNoPartOfAnySession() {
    var record = event(6, .edited, elapsed: 480_000, at: t0 + 900_000)
    record.detail = "name Run → Jog"
    #expect(
      SessionLog.sessions(from: events + [record], live: [], at: t0 + 3_600_000)
        == SessionLog.sessions(from: events, live: [], at: t0 + 3_600_000))
  }
}
