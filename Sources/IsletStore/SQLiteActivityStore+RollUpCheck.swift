import IsletCore

extension SQLiteActivityStore {
  /// How the roll-up differs from what the history gives, when it says it is current in this
  /// process's zone: a sentence naming the first session that differs; nil when it agrees, or
  /// when it is stale (the next long report builds it again). Reads only, in one snapshot.
  public func rollUpDisagreement() throws -> String? {
    try guarded { try database.execute("BEGIN") }
    defer { try? database.execute("COMMIT") }
    guard try rollUpIsCurrent() else { return nil }
    let history = SessionLog.sessions(from: try history(), live: [], at: Instant(milliseconds: .max))
    let (rolledUp, longest) = Self.rolledUp(history)
    let expected = rolledUp.map(\.entry).sorted(by: Report.Entry.precedes)
    let always = Stretch(from: Instant(milliseconds: .min), to: Instant(milliseconds: .max))
    var kept: [Report.Entry] = []
    do {
      kept = try rolledEntries(days: Int64.min...Int64.max, within: always).map { entry in
        var entry = entry
        entry.label = nil
        return entry
      }
    } catch StoreError.damaged(_, let detail) {
      return detail
    }
    if let sentence = Self.difference(kept: kept, expected: expected) { return sentence }

    // The rows each activity's sessions are in, which a writer making them again reads.
    let listed = Set(
      try guarded { try database.query("SELECT activity_id, day FROM rollup_activity") }.map {
        "\($0[0].string ?? "")\u{0}\($0[1].int ?? 0)"
      })
    for entry in kept
    where !listed.contains("\(entry.activityID)\u{0}\(RollUpDay.day(of: entry.startedAt.milliseconds))") {
      return "\(Self.name(entry)) is not listed among its activity's"
    }
    let held = Set(kept.map { "\($0.activityID)\u{0}\(RollUpDay.day(of: $0.startedAt.milliseconds))" })
    if let extra = listed.first(where: { !held.contains($0) }) {
      let activity = extra.split(separator: "\u{0}", omittingEmptySubsequences: false).first ?? ""
      return
        "activity \(printable(String(activity), limit: 40)) is listed on a day that holds none of its sessions"
    }
    // How far back a report looks for a session that reaches its first day.
    let bound = try guarded { try database.query("SELECT longest FROM rollup_state") }.first?.first?.int ?? 0
    if bound < longest {
      return "it says no session ran longer than \(DurationText.clock(seconds: bound / 1000)), but one ran "
        + DurationText.clock(seconds: longest / 1000)
    }
    return nil
  }

  /// The first difference between the sessions kept and those expected, both in report order.
  static func difference(kept: [Report.Entry], expected: [Report.Entry]) -> String? {
    if let index = kept.indices.dropFirst().first(where: { !Report.Entry.precedes(kept[$0 - 1], kept[$0]) }) {
      return "\(name(kept[index])) is out of order"
    }
    var (k, e) = (0, 0)
    while k < kept.count || e < expected.count {
      if e == expected.count || k < kept.count && Report.Entry.precedes(kept[k], expected[e]) {
        return "it holds \(name(kept[k])), which the history does not"
      }
      if k == kept.count || Report.Entry.precedes(expected[e], kept[k]) {
        return "\(name(expected[e])) is missing from it"
      }
      let (a, b) = (kept[k], expected[e])
      if a != b {
        let what = [
          (a.name != b.name || a.category != b.category || a.title != b.title, "name"),
          (a.kind != b.kind || a.edited != b.edited || a.failed != b.failed, "outcome"),
          (a.pieces != b.pieces, "time"),
        ].filter(\.0).map(\.1)
        return "\(name(b)) differs in its \(what.isEmpty ? "record" : what.joined(separator: " and "))"
      }
      (k, e) = (k + 1, e + 1)
    }
    return nil
  }

  /// `session 1234 of activity k9nk (2026-03-04)`: its id, its activity's, and the local day it began.
  static func name(_ entry: Report.Entry) -> String {
    let (year, month, day) = LocalZone.civil(day: LocalZone.current.day(of: entry.startedAt))
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "session \(entry.id.map(String.init) ?? "?") of activity \(printable(entry.activityID, limit: 40))"
      + " (\(year)-\(two(month))-\(two(day)))"
  }
}
