import Testing

@testable import IsletCore

/// The report's sums from sessions made by the engine: cut at local midnights, clipped to the
/// stretch, grouped by name or category, discarded and uncounted time apart.
@Suite struct ReportTests {
  let utc = LocalZone { _ in 0 }
  /// Monday 2026-11-23 00:00 UTC.
  let monday = Instant(seconds: 1_795_392_000)
  let hour: Milliseconds = 3_600_000

  /// A history made by applying each intent at its hour from `monday`, and its sessions read
  /// at `hours`.
  func sessions(_ steps: [(Double, Intent)], at hours: Double = 24 * 14) throws -> [Session] {
    var activity: Activity?
    var history: [Event] = []
    for (at, intent) in steps {
      let step = try TimerEngine.reduce(
        activity, intent, at: monday + Milliseconds(at * Double(hour)), source: .cli
      )
      .get()
      activity = step.activity
      history += step.events
    }
    // As a reader sees it then: what time has caused is in the history.
    let now = monday + Milliseconds(hours * Double(hour))
    let (live, pending) = TimerEngine.settled(activity.map { [$0] } ?? [], at: now)
    return SessionLog.sessions(from: history + pending, live: live, at: now)
  }

  func start(_ name: String, category: String? = nil, id: String = "a1") -> Intent {
    .start(StartRequest(id: id, name: name, category: category))
  }

  func report(_ sessions: [Session], by: Report.Grouping = .name, days: Int64 = 7) -> Report {
    Report(sessions: sessions, by: by, from: monday, until: monday + days * 24 * hour, zone: utc)
  }

  @Test func aRunAcrossMidnightCountsOnBothDays() throws {
    let night = try sessions([(22, start("Reading")), (25.5, .complete)])
    let report = report(night)
    #expect(report.days.map(\.day) == [DateWord.date("2026-11-23")!, DateWord.date("2026-11-24")!])
    #expect(report.days.map(\.elapsed) == [2 * hour, hour + hour / 2])
    #expect(report.weeks.map(\.elapsed) == [3 * hour + hour / 2])
    #expect(report.weeks.first?.totals.map(\.sessions) == [1], "one session, though it is on two days")
    #expect(report.days.map { $0.totals.map(\.sessions) } == [[1], [1]])
    #expect(report.totals == [Report.Total(label: "Reading", elapsed: 3 * hour + hour / 2, sessions: 1)])
  }

  /// The day of each cut is remembered until its midnight: across a change of offset the days
  /// are still what the zone says of each minute.
  @Test func daysFollowTheZoneAcrossAChangeOfOffset() throws {
    // UTC+1, then UTC+2 from Sunday 2026-11-29 01:00 UTC.
    let change = (monday + 6 * 24 * hour + hour).milliseconds / 1000
    let zone = LocalZone { $0 < change ? 3600 : 7200 }
    // Saturday 20:00 UTC to Monday 03:00 UTC, paused and resumed every 2½ hours (before max-idle).
    let toggles = stride(from: 142.5, to: 170, by: 2.5).enumerated().map { n, at in
      (at, n % 2 == 0 ? Intent.pause : .resume)
    }
    let run = try sessions([(140, start("Reading"))] + toggles + [(171, .complete)])
    let report = Report(sessions: run, by: .name, from: monday, until: monday + 14 * 24 * hour, zone: zone)
    var perMinute: [Int64: Milliseconds] = [:]
    for stretch in run.flatMap(\.stretches) {
      for minute in stride(from: stretch.from.milliseconds, to: stretch.to.milliseconds, by: 60_000) {
        perMinute[zone.day(of: Instant(milliseconds: minute)), default: 0] += 60_000
      }
    }
    #expect(report.days.map(\.day) == perMinute.keys.sorted())
    #expect(report.days.map(\.elapsed) == perMinute.keys.sorted().map { perMinute[$0]! })
  }

  @Test func onlyTimeInsideTheStretchCounts() throws {
    // Sunday 22:00 before the week until Monday 02:00; and Sunday 23:00 into the next week.
    var all = try sessions([(-2, start("Late")), (2, .complete)])
    all += try sessions([(24 * 6 + 23, start("Later", id: "a2")), (24 * 7 + 3, .complete)])
    let report = report(all)
    #expect(report.totals.map(\.label) == ["Late", "Later"])
    #expect(
      report.totals.map(\.elapsed) == [2 * hour, hour], "the part before and after the week is left out")
  }

  @Test func timeGoesToTheNameAndCategoryItRanUnder() throws {
    let day = try sessions([
      (9, start("Emails", category: "admin")),
      (10, .update(ActivityUpdate(name: "Code review", category: "work"))),
      (11, .pause), (12, .resume), (13, .complete),
    ])
    let byName = report(day)
    #expect(byName.totals.map(\.label) == ["Code review", "Emails"])
    #expect(byName.totals.map(\.elapsed) == [2 * hour, hour], "the pause is not counted")
    let byCategory = report(day, by: .category)
    #expect(byCategory.totals.map(\.label) == ["work", "admin"])
    #expect(byCategory.days.first?.totals.map(\.elapsed) == [2 * hour, hour])
  }

  @Test func namesAreGroupedIgnoringCaseAndNoCategoryIsAGroup() throws {
    var all = try sessions([(9, start("Focus")), (10, .complete)])
    all += try sessions([(11, start("focus", category: "deep", id: "a2")), (13, .complete)])
    #expect(report(all).totals == [Report.Total(label: "Focus", elapsed: 3 * hour, sessions: 2)])
    let byCategory = report(all, by: .category)
    #expect(byCategory.totals.map(\.label) == ["deep", nil])
  }

  @Test func discardedRunsAreApartAndNeverCounted() throws {
    let tea = try sessions([
      (
        9,
        .start(
          StartRequest(
            id: "t1", name: "Tea", attributes: ActivityAttributes(mode: .countdown, fullDuration: hour)))
      ),
      (9.5, .reset), (10, .toggle), (11, .complete),
    ])
    let report = report(tea)
    #expect(report.totals == [Report.Total(label: "Tea", elapsed: hour, sessions: 1)])
    #expect(report.discarded == [Report.Total(label: "Tea", elapsed: hour / 2, sessions: 1)])
    #expect(report.elapsed == hour)
  }

  @Test func aPlansWorkReportsUnderItsLabelAndBreaksAreUncounted() throws {
    let plan = try Plan.parse(name: "pomodoro", definition: "Focus 25m, Break 5m; rounds 2; advance auto")
      .get()
    let run = try sessions(
      [
        (
          9,
          .start(
            StartRequest(
              id: "p1", name: "Pomodoro", attributes: ActivityAttributes(plan: plan), category: "work"))
        )
      ],
      at: 11)
    let report = report(run)
    #expect(report.totals == [Report.Total(label: "Pomodoro · Focus", elapsed: 50 * 60_000, sessions: 2)])
    #expect(report.uncounted.map(\.label) == ["Pomodoro · Break"])
    #expect(self.report(run, by: .category).totals.map(\.label) == ["work"])
  }

  @Test func aLiveRunCountsUpToNow() throws {
    let running = try sessions([(9, start("Writing"))], at: 10.25)
    #expect(report(running).totals.first?.elapsed == hour + hour / 4)
  }
}
