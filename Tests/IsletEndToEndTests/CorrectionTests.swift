import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// `edit` and `forget` through the built binary on a fixed clock: what they change, what they
/// ask, and that nothing else in the store changes.
@Suite struct CorrectionTests {
  let islet = Sandbox()

  /// Emails 08:55–09:05 (session 1), Code 09:06–09:16 (3), Tea, a live stopwatch, from 09:20 (5).
  func threeSessions() throws {
    #expect(try islet.run(0, "start", "--ago", "10m", "--name", "Emails").status == 0)
    #expect(try islet.run(0, "complete").status == 0)
    #expect(try islet.run(60, "start", "--name", "Code", "--category", "work").status == 0)
    #expect(try islet.run(660, "complete").status == 0)
    #expect(try islet.run(900, "start", "--name", "Tea").status == 0)
  }

  struct Contents: Equatable {
    var events: [Event]
    var activities: [Activity]
  }

  func contents() throws -> Contents {
    let store = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { store.close() }
    return Contents(events: try store.history(), activities: try store.allActivities())
  }

  /// The store without one activity's rows and without the corrections' own events.
  func others(_ contents: Contents, except name: String) -> Contents {
    let id = contents.activities.first { $0.name == name }?.id
    return Contents(
      events: contents.events.filter { $0.activityID != id && !$0.kind.isCorrection },
      activities: contents.activities.filter { $0.id != id })
  }

  @Test func logShowsEachSessionsId() throws {
    try threeSessions()
    #expect(
      try islet.run(960, "log").stdout.hasPrefix(
        """
        ID  STARTED           NAME    CATEGORY  OUTCOME    ELAPSED
        1   2025-11-30 08:55  Emails  -         completed  10:00
        3   2025-11-30 09:06  Code    work      completed  10:00
        5   2025-11-30 09:20  Tea     -         running    1:00

        """))
  }

  @Test func editChangesOneSessionAndRecordsWhatChanged() throws {
    try threeSessions()
    let before = try contents()
    let edited = try islet.run(
      960, "edit", "1", "--name", "Email", "--category", "admin", "--start", "8:50", "--yes")
    #expect(
      edited.stdout
        == "✎ Edited session 1: name Emails → Email; category - → admin; start 2025-11-30 08:55 → 2025-11-30 08:50\n",
      "\(edited)")
    let log = try islet.run(960, "log")
    #expect(
      log.stdout.hasPrefix(
        """
        ID  STARTED           NAME   CATEGORY  OUTCOME     ELAPSED
        1   2025-11-30 08:50  Email  admin     completed*  15:00
        3   2025-11-30 09:06  Code   work      completed   10:00
        5   2025-11-30 09:20  Tea    -         running     1:00
        * edited afterwards (islet edit)

        """), "\(log)")
    #expect(
      try islet.run(960, "log", "--json").stdout.contains(
        #""counted":true,"session":1,"edited":true,"failure":null,"tags":[]}"#))
    let report = try islet.run(960, "report", "--since", "today")
    #expect(report.stdout.hasSuffix("\nEdited afterwards: 1 session (islet log marks them *)\n"), "\(report)")
    #expect(try islet.run(960, "report", "--json").stdout.hasSuffix(#","edited":1,"failed":0}"# + "\n"))
    let after = try contents()
    #expect(
      others(after, except: "Email") == others(before, except: "Emails"), "the rest of the store is unchanged"
    )
    let record = try #require(after.events.last)
    #expect(record.kind == .edited && record.at == t0 + 960_000 && record.elapsed == 900_000)
    #expect(
      record.detail == "name Emails → Email; category - → admin; start 2025-11-30 08:55 → 2025-11-30 08:50")
    let activity = try #require(after.activities.first { $0.name == "Email" })
    #expect(activity.createdAt == t0 - 900_000 && activity.elapsed(at: t0 + 960_000) == 900_000)
    #expect(activity.state.category == "admin")
  }

  /// A completed countdown ran at most its length: a start or an end that would make it run
  /// longer is refused, saying when it would have finished.
  @Test func aCountdownIsNotEditedToRunPastItsLength() throws {
    #expect(try islet.run(0, "start", "30m", "--ago", "20m", "--name", "Tea").status == 0)
    #expect(try islet.run(0, "complete").status == 0)
    let before = try contents()
    let refused = try islet.run(10, "edit", "1", "--start", "8:10", "--yes")
    #expect(refused.status == 1, "\(refused)")
    #expect(
      refused.stderr
        == "islet: Tea is a 30:00 countdown: with that start it would have finished at 2025-11-30 08:40; give a later start\n",
      "\(refused)")
    #expect(try contents() == before)
    let edited = try islet.run(10, "edit", "1", "--start", "8:40", "--yes")
    #expect(edited.status == 0, "\(edited)")
    #expect(try islet.run(10, "log").stdout.contains("1   2025-11-30 08:40  Tea   completed*  25:00\n"))
  }

  /// Overtime a countdown really ran, and a plan's segments, are not the length rule's: their
  /// names and categories change like any other's.
  @Test func aRenameIsNotHeldToACountdownsLength() throws {
    #expect(try islet.run(0, "start", "1m", "--ago", "3m", "--name", "Tea").status == 0)
    #expect(try islet.run(0, "complete").status == 0)
    let renamed = try islet.run(10, "edit", "1", "--name", "Chai", "--yes")
    #expect(renamed.status == 0, "a countdown stopped in overtime could not be renamed: \(renamed)")
    // One round of 25 and 5 minutes, started 40 minutes ago: over, both segments finished.
    #expect(try islet.run(20, "start", "25m", "5m", "--ago", "40m", "--name", "Study").status == 0)
    let segment = try islet.run(30, "log").stdout.split(separator: "\n").first {
      $0.contains("Study · Break")
    }
    let id = try #require(segment?.split(separator: " ").first.map(String.init), "no break in the log")
    let filed = try islet.run(30, "edit", id, "--category", "rest", "--yes")
    #expect(filed.status == 0, "a plan's break could not take a category: \(filed)")
  }

  /// A session runs at most 100 hours, and starts no earlier than its activity's run before.
  @Test func aStartIsKeptWithinTheActivitysHistory() throws {
    try threeSessions()
    let before = try contents()
    let long = try islet.run(960, "edit", "1", "--start", "2025-11-20 08:00", "--yes")
    #expect(long.status == 1, "\(long)")
    #expect(
      long.stderr == "islet: Emails would run longer than 100 hours; give a later start or an earlier end\n",
      "\(long)")
    #expect(try contents() == before)
    #expect(
      try islet.run(960, "edit", "1", "--start", "2025-11-27 08:00", "--yes").status == 0, "under 100 hours")
  }

  @Test func aStartBeforeThePreviousRunEndedIsRefused() throws {
    #expect(try islet.run(0, "start", "--name", "Run").status == 0)
    #expect(try islet.run(120, "reset").status == 0)
    #expect(try islet.run(180, "resume").status == 0)
    #expect(try islet.run(300, "complete").status == 0)
    let before = try contents()
    let refused = try islet.run(320, "edit", "3", "--start", "9:06", "--yes")
    #expect(refused.status == 1, "\(refused)")
    #expect(
      refused.stderr == "islet: the new start is before Run's previous run ended; give a later one\n",
      "\(refused)")
    #expect(try contents() == before)
  }

  /// What a session already has is no change: left out, and nothing left is refused.
  @Test func anEditOfWhatIsAlreadySoChangesNothing() throws {
    try threeSessions()
    let before = try contents()
    for arguments in [["--category", ""], ["--name", "Emails"], ["--name", "Emails", "--start", "8:55"]] {
      let refused = try Binary.run(
        ["edit", "1"] + arguments + ["--yes"], environment: islet.environment.merging(islet.at(960)) { $1 })
      #expect(refused.status == 64, "\(arguments): \(refused)")
      #expect(
        refused.stderr.hasPrefix(
          "Error: session 1 already has that name, category and times; there is nothing to change\n"),
        "\(refused)")
    }
    #expect(try contents() == before, "nothing is marked edited")
    let edited = try islet.run(960, "edit", "1", "--name", "Emails", "--category", "admin", "--yes")
    #expect(edited.stdout == "✎ Edited session 1: category - → admin\n", "\(edited)")
  }

  @Test func anEndMovedLaterAddsRunningTime() throws {
    try threeSessions()
    #expect(try islet.run(960, "edit", "3", "--end", "2025-11-30 09:19", "--yes").status == 0)
    #expect(
      try islet.run(960, "log").stdout.contains("3   2025-11-30 09:06  Code    work      completed*  13:00\n")
    )
    let refused = try islet.run(960, "edit", "3", "--end", "9:22", "--yes")
    #expect(refused.status == 1)
    #expect(
      refused.stderr == "islet: the new end is later than now; give a time already past\n", "\(refused)")
  }

  @Test func aLiveSessionIsNotEditedOrForgotten() throws {
    try threeSessions()
    let before = try contents()
    let edit = try islet.run(960, "edit", "5", "--name", "Coffee", "--yes")
    #expect(edit.status == 1)
    #expect(
      edit.stderr == "islet: Tea is still going; islet update changes a live one, and edit a past session\n")
    let forget = try islet.run(960, "forget", "5", "--yes")
    #expect(forget.status == 1 && forget.stderr == "islet: Tea is still going; end it, then forget it\n")
    #expect(try contents() == before)
  }

  /// Without a terminal and without --yes, nothing is asked and nothing changes: exit 64.
  @Test func withoutATerminalItRefusesUnlessYes() throws {
    try threeSessions()
    let before = try contents()
    for (arguments, time) in [
      (["edit", "1", "--name", "X"], 960), (["forget", "1"], 960), (["forget", "--before", "today"], 86_400),
    ] {
      let refused = try Binary.run(arguments, environment: islet.environment.merging(islet.at(time)) { $1 })
      #expect(refused.status == 64, "\(arguments): \(refused)")
      #expect(
        refused.stderr.hasPrefix(
          "Error: \(arguments[0]) asks before it changes the history, and there is no terminal to ask on; add --yes\n"
        ),
        "\(refused)")
    }
    #expect(try contents() == before)
  }

  @Test func forgetRemovesOneSessionAndRecordsIt() throws {
    try threeSessions()
    let before = try contents()
    let forgot = try islet.run(960, "forget", "3", "--yes")
    #expect(forgot.stdout == "✗ Forgot session 3 (Code, 2025-11-30 09:06, 10:00)\n", "\(forgot)")
    let after = try contents()
    #expect(others(after, except: "Code") == others(before, except: "Code"))
    let code = try #require(before.activities.first { $0.name == "Code" })
    #expect(after.events.filter { $0.activityID == code.id }.map(\.kind) == [.forgotten])
    #expect(after.events.last?.detail == "session 3: Code, 2025-11-30 09:06, 10:00")
    #expect(!(try islet.run(960, "log").stdout.contains("Code")))
    #expect(
      !(try islet.run(960, "list", "--all").stdout.contains("Code")), "a forgotten activity is not listed")
  }

  /// Run, a stopwatch of two runs: run 1 (session 1) 09:05–09:07 with a lap at 1:00, reset;
  /// run 2 (session 4) 09:08–09:10 with a lap at 1:30, completed.
  func twoRuns() throws {
    #expect(try islet.run(0, "start", "--name", "Run").status == 0)
    #expect(try islet.run(60, "lap").status == 0)
    #expect(try islet.run(120, "reset").status == 0)
    #expect(try islet.run(180, "resume").status == 0)
    #expect(try islet.run(270, "lap").status == 0)
    #expect(try islet.run(300, "complete").status == 0)
    let log = try islet.run(310, "log").stdout
    #expect(log.contains("1   2025-11-30 09:05  Run   reset      2:00\n"), "\(log)")
    #expect(log.contains("4   2025-11-30 09:08  Run   completed  2:00\n"), "\(log)")
  }

  /// An activity's events outside the sessions with these first seqs: timer events only.
  func events(of contents: Contents, except sessions: ClosedRange<Int64>) -> [Event] {
    contents.events.filter { !$0.kind.isCorrection && !sessions.contains($0.seq ?? 0) }
  }

  /// Forgetting an activity's last run leaves it over, showing the run before (a reset one:
  /// 0:00, no laps), never the forgotten run 2, and never live again.
  @Test func forgettingTheLastRunRestoresTheOneBefore() throws {
    try twoRuns()
    let before = try contents()
    #expect(try islet.run(320, "forget", "4", "--yes").status == 0)
    let after = try contents()
    #expect(events(of: after, except: 4...6) == events(of: before, except: 4...6), "run 1 is unchanged")
    #expect(!after.events.contains { (4...6).contains($0.seq ?? 0) }, "\(after.events)")
    let list = try islet.run(320, "list", "--all")
    #expect(list.stdout.contains("Run   completed  ran 0:00  stopwatch"), "\(list)")
    #expect(!list.stdout.contains("2:00"), "\(list)")
    // A forget never makes an activity live again: nothing to show, resume, or keep.
    let live = try islet.run(320, "list")
    #expect(!live.stdout.contains("Run"), "a forgotten run brought its activity back: \(live)")
    #expect(try islet.run(320, "status").status == 1)
    let forgotten = try islet.run(100_000, "forget", "--before", "today", "--yes")
    #expect(forgotten.status == 0 && !forgotten.stdout.hasPrefix("Nothing"), "\(forgotten)")
    // The run left was reset: its laps went with it, and the forgotten run's are gone.
    let laps = try islet.run(320, "laps", "Run")
    #expect(laps.stdout.hasPrefix("Run has no laps"), "\(laps)")
  }

  /// Edit and forget of one run of an activity leave its other run's events as they were.
  @Test func aCorrectionOfOneRunLeavesTheActivitysOtherRuns() throws {
    try twoRuns()
    let before = try contents()
    #expect(try islet.run(320, "edit", "4", "--name", "Sprint", "--start", "9:07", "--yes").status == 0)
    let edited = try contents()
    #expect(events(of: edited, except: 4...6) == events(of: before, except: 4...6))
    #expect(
      edited.events.filter { (4...6).contains($0.seq ?? 0) }.allSatisfy { $0.name == "Sprint" && $0.edited })
    #expect(try islet.run(320, "edit", "1", "--name", "Warm-up", "--yes").status == 0)
    let again = try contents()
    #expect(events(of: again, except: 1...3) == events(of: edited, except: 1...3))
    #expect(try islet.run(320, "forget", "1", "--yes").status == 0)
    let forgot = try contents()
    #expect(events(of: forgot, except: 1...3) == events(of: again, except: 1...3))
    #expect(try islet.run(320, "log").stdout.contains("4   2025-11-30 09:07  Sprint  completed*  3:00\n"))
  }

  @Test func forgetBeforeRemovesWhatEndedBeforeTheDate() throws {
    try threeSessions()
    // The next day, Emails and Code ended before it began; Tea is still live.
    let nextDay = 86_400
    let before = try contents()
    let forgot = try islet.run(nextDay, "forget", "--before", "today", "--yes")
    #expect(forgot.stdout == "✗ Forgot 2 activities that ended before 2025-12-01 00:00\n", "\(forgot)")
    let after = try contents()
    #expect(others(after, except: "Tea").events.isEmpty, "\(after.events)")
    let tea = try #require(before.activities.first { $0.name == "Tea" })
    #expect(
      after.events.filter { $0.activityID == tea.id } == before.events.filter { $0.activityID == tea.id })
    #expect(after.events.filter { $0.kind == .forgotten }.count == 2)
    let again = try islet.run(nextDay, "forget", "--before", "today", "--yes")
    #expect(again.stdout == "Nothing ended before 2025-12-01 00:00; nothing to forget.\n")
  }

  /// On a terminal it asks: n leaves the store as it was, y changes it.
  @Test func onATerminalItAsksYesOrNo() throws {
    try threeSessions()
    let before = try contents()
    let environment = islet.environment.merging(islet.at(960)) { $1 }
    let no = try TmuxSession(
      width: 100, height: 10, environment: environment, command: [Binary.path, "forget", "3"],
      folder: islet.folder.path)
    #expect(
      no.waitFor { $0.contains("Forget session 3 (Code, 2025-11-30 09:06, 10:00)? [y/n]") }, "\(no.text)")
    no.send("n", "Enter")
    #expect(no.waitForExit() == 0)
    #expect(no.text.contains("Left as it was."), "\(no.text)")
    #expect(try contents() == before)

    let yes = try TmuxSession(
      width: 100, height: 10, environment: environment,
      command: [Binary.path, "edit", "3", "--name", "Review"],
      folder: islet.folder.path)
    #expect(
      yes.waitFor { $0.contains("Edit session 3 (Code, 2025-11-30 09:06, 10:00): name Code → Review? [y/n]") }
    )
    yes.send("y", "Enter")
    #expect(yes.waitForExit() == 0)
    #expect(yes.text.contains("✎ Edited session 3: name Code → Review"), "\(yes.text)")
    #expect(
      try islet.run(960, "log").stdout.contains("3   2025-11-30 09:06  Review  work      completed*  10:00"))
  }
}
