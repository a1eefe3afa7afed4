import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// A report over more than a month reads the store's daily roll-up for its whole days: it must
/// say exactly what the history read in detail says (`ISLET_REPORT_DETAILED=1`), whatever the
/// history holds, and the roll-up the writers kept must be the one a rebuild makes.
@Suite struct ReportRollUpTests {
  let islet = Sandbox()
  /// 2025-11-30 00:00 UTC, the day `t0` falls on.
  let midnight = Instant(seconds: 1_764_460_800)
  let detailed = ["ISLET_REPORT_DETAILED": "1"]

  /// Runs a command in this process at `minutes` after midnight UTC, `day` days after the first.
  @discardableResult
  func at(_ day: Int, _ minutes: Int, _ arguments: String...) -> Run {
    islet.clock.set(midnight + Milliseconds(day) * 86_400_000 + Milliseconds(minutes) * 60_000)
    let run = islet.run(arguments)
    #expect(run.status == 0, "day \(day) \(minutes) min, \(arguments.joined(separator: " ")): \(run)")
    return run
  }

  /// Each day of `days`: a stopwatch with a pause (tagged every other day), a countdown thrown
  /// away by reset, a plan with breaks, a run past midnight, a run renamed twice, a failed run.
  func makeHistory(days: Int) {
    for n in 0..<days {
      at(n, 540, "start", "--name", "Emails", "--category", "admin", "--tag", n % 2 == 0 ? "team" : "solo")
      at(n, 570, "pause", "Emails")
      at(n, 580, "resume", "Emails")
      at(n, 600, "end", "Emails")
      if n % 3 == 0 {
        at(n, 620, "start", "25m", "--name", "Tea")
        at(n, 625, "reset", "Tea")
        at(n, 630, "end", "Tea")
      }
      // Its segments are settled by the next command, at their true times.
      if n % 4 == 1 {
        at(n, 660, "start", "25m/5m", "--rounds", "2", "--auto", "--name", "Deep", "--category", "work")
      }
      if n % 6 == 3 {
        at(n, 800, "start", "--name", "Draft", "--category", "work", "--tag", "team")
        at(n, 830, "update", "Draft", "--name", "Essay")
        at(n, 860, "update", "Essay", "--category", "study")
        at(n, 900, "complete", "Essay")
      }
      if n % 7 == 4 {
        at(n, 950, "start", "--name", "Build")
        at(n, 955, "fail", "Build", "--status", "2")
      }
      if n % 5 == 2 {
        at(n, 1410, "start", "--name", "Reading")
        at(n + 1, 40, "complete", "Reading")
      }
    }
  }

  func sessions() throws -> [Session] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return SessionLog.sessions(from: try reader.history(), live: [], at: islet.clock.now())
  }

  /// What the roll-up holds, every day of it (its labels' numbers aside: they are the order
  /// they were met in).
  func rolled() throws -> [Report.Entry] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    let always = Stretch(from: Instant(milliseconds: .min), to: Instant(milliseconds: .max))
    return try reader.rolledEntries(days: Int64.min...Int64.max, within: always).map { entry in
      var entry = entry
      entry.label = nil
      return entry
    }
  }

  func rollUpIsCurrent() throws -> Bool {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.rollUpIsCurrent()
  }

  static let stretches = [
    ["--since", "2025-11-30"], ["--since", "2025-12-03", "--until", "2026-01-10"], ["--since", "40d"],
    ["--since", "2025-12-05", "--until", "2026-01-15"],
  ]
  static let formats = [
    [], ["--json"], ["--csv"], ["--by", "category"], ["--csv", "--by", "category"], ["--only", "team"],
    ["--exclude", "admin", "--json"], ["--name", "emails", "--json"], ["--only", "work", "--csv"],
    ["--category", "study", "--by", "category"],
  ]

  /// Each stretch and format, from the roll-up and from the history alone; the differences.
  func differences() -> [String] {
    var found: [String] = []
    for stretch in Self.stretches {
      for format in Self.formats {
        let arguments = ["report"] + stretch + format
        islet.extra = [:]
        let rolled = islet.run(arguments)
        islet.extra = detailed
        let read = islet.run(arguments)
        islet.extra = [:]
        if rolled != read || rolled.status != 0 {
          // From a little before the first character that differs.
          let same = zip(rolled.stdout, read.stdout).prefix { $0 == $1 }.count
          func near(_ text: String) -> String { String(text.dropFirst(max(0, same - 40)).prefix(120)) }
          found.append(
            "\(arguments.joined(separator: " ")) (status \(rolled.status) \(read.status)) at character \(same):"
              + "\nroll-up: \(near(rolled.stdout))\ndetail:  \(near(read.stdout))\(rolled.stderr)")
        }
      }
    }
    return found
  }

  @Test func aLongReportFromTheRollUpIsTheReportOfTheHistory() throws {
    at(0, 530, "start", "--name", "Emails", "--category", "admin")
    at(0, 535, "end", "Emails")
    // The first long report builds the roll-up; every write after keeps it.
    at(0, 536, "report", "--since", "2025-10-01")
    #expect(try rollUpIsCurrent())
    makeHistory(days: 48)
    // A stopwatch running for three days; a run across today's midnight.
    at(45, 1000, "start", "--name", "Marathon", "--category", "health")
    at(47, 1380, "start", "--name", "Night")
    at(48, 60, "end", "Night")

    // Corrections: names, categories and times edited, sessions forgotten.
    let all = try sessions().filter { $0.counts && $0.name == "Emails" }
    let ids = all.compactMap(\.id)
    at(48, 100, "edit", "\(ids[10])", "--name", "Mail", "--yes")
    at(48, 101, "edit", "\(ids[20])", "--category", "office", "--yes")
    at(48, 102, "edit", "\(ids[30])", "--start", "2025-12-29 08:30", "--yes")
    at(48, 103, "forget", "\(ids[40])", "--yes")
    at(48, 104, "forget", "--before", "2025-12-03", "--yes")
    islet.clock.set(midnight + 48 * 86_400_000 + 12 * 3_600_000)

    #expect(try rollUpIsCurrent(), "the writers kept the roll-up")
    let kept = try rolled()
    #expect(kept.count > 100)
    let found = differences()
    #expect(found.isEmpty, "\(found.count) reports differ; the first: \(found.first ?? "")")

    // What the writers kept is what a rebuild makes.
    let writer = try SQLiteActivityStore.openForWriting(path: islet.storePath)
    try writer.transaction { try writer.rebuildRollUp() }
    writer.close()
    let rebuilt = try rolled()
    let differing = zip(kept, rebuilt).first { $0 != $1 }
    #expect(
      kept == rebuilt,
      "kept \(kept.count) sessions, rebuilt \(rebuilt.count); first differing: \(String(describing: differing))"
    )
  }

  @Test func theReportReadsTheRollUp() throws {
    at(0, 530, "start", "--name", "Emails")
    at(0, 535, "end", "Emails")
    at(0, 536, "report", "--since", "2025-10-01")
    makeHistory(days: 34)
    let arguments = ["report", "--since", "2025-11-30", "--json"]
    let before = islet.run(arguments)
    // A minute more on one session of the roll-up shows in the report: it is what was read.
    try islet.addMinuteToRollUp(row: 3)
    let after = islet.run(arguments)
    #expect(before != after, "the report did not change with the roll-up")
    islet.extra = detailed
    #expect(islet.run(arguments) == before)
  }

  @Test func aStaleRollUpIsBuiltAgainByTheReportThatNeedsIt() throws {
    at(0, 530, "start", "--name", "Emails")
    at(0, 535, "end", "Emails")
    // A new store's roll-up is stale: no writer keeps it until a report builds it.
    makeHistory(days: 34)
    #expect(try !rollUpIsCurrent())
    let found = differences()
    #expect(found.isEmpty, "\(found.count) reports differ; the first: \(found.first ?? "")")
    #expect(try rollUpIsCurrent())
    #expect(try rolled().count > 34)
  }

  /// Local days are the zone's: a report in another zone builds the roll-up again in its own,
  /// and a writer back in the first leaves it stale for the next report there.
  @Test func aReportInAnotherZoneBuildsItsOwnRollUp() throws {
    at(0, 530, "start", "--name", "Emails")
    at(0, 535, "end", "Emails")
    at(0, 536, "report", "--since", "2025-10-01")
    makeHistory(days: 34)
    let arguments = ["report", "--since", "2025-11-30", "--csv"]
    let zone = ["TZ": "America/New_York"]
    islet.clock.set(midnight + 34 * 86_400_000)
    let now = ["ISLET_NOW": String(islet.clock.now().milliseconds / 1000)]
    func binary(_ extra: [String: String]) throws -> Run {
      try Binary.run(arguments, environment: islet.environment.merging(now) { $1 }.merging(extra) { $1 })
    }
    let elsewhere = try binary(zone)
    let read = try binary(zone.merging(detailed) { $1 })
    #expect(elsewhere.status == 0 && elsewhere == read, "roll-up:\n\(elsewhere)\ndetail:\n\(read)")
    #expect(try !rollUpIsCurrent(), "the roll-up is in New York's days, not UTC's")
    let utc = try binary([:])
    #expect(utc != elsewhere, "UTC days differ from New York's")
    #expect(try rollUpIsCurrent())
    at(34, 10, "start", "--name", "Late")
    #expect(try rollUpIsCurrent(), "the writer in UTC keeps it")
  }

  /// A zone is its rules, not only its name: the file `TZ` names, rewritten with another zone's
  /// rules, leaves the roll-up stale as a new name would, and the next report builds it again in
  /// the new rules' days (as a copied `/etc/localtime` replaced would).
  @Test func aZoneFileRewrittenUnderItsNameMakesTheRollUpStale() throws {
    at(0, 530, "start", "--name", "Emails")
    at(0, 535, "end", "Emails")
    makeHistory(days: 34)
    islet.clock.set(midnight + 34 * 86_400_000)
    let zone = islet.folder.file("zone")
    let environment = islet.environment.merging([
      "ISLET_NOW": String(islet.clock.now().milliseconds / 1000), "TZ": zone,
    ]) { $1 }
    let arguments = ["report", "--since", "2025-11-30", "--csv"]
    func rolledZone() throws -> String? {
      let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
      defer { reader.close() }
      return try reader.database.query("SELECT zone FROM rollup_state").first?.first?.string
    }

    islet.folder.write(
      "zone",
      try #require(
        FileManager.default.contents(atPath: "/usr/share/zoneinfo/America/New_York").map { [UInt8]($0) }))
    let newYork = try Binary.run(arguments, environment: environment)
    let made = try rolledZone()
    #expect(newYork.status == 0 && made?.hasPrefix("TZ=\(zone) ") == true, "\(newYork) \(made ?? "")")

    islet.folder.write(
      "zone",
      try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Asia/Tokyo").map { [UInt8]($0) })
    )
    let tokyo = try Binary.run(arguments, environment: environment)
    let read = try Binary.run(arguments, environment: environment.merging(detailed) { $1 })
    #expect(tokyo.status == 0 && tokyo == read, "roll-up:\n\(tokyo)\ndetail:\n\(read)")
    #expect(tokyo != newYork, "Tokyo's days differ from New York's")
    #expect(try rolledZone() != made, "built again for Tokyo's rules")
  }
}
