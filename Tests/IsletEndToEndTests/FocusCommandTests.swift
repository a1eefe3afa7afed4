import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// One task at a time through the built binary: `switch`, `start --switch` and
/// `stopwatch-switch`, `continue`, tags, and `report`/`log` `--only`/`--exclude`. Serialized:
/// the tmux server one test starts would inherit, and hold open, the pipes of a command
/// another test runs meanwhile.
@Suite(.serialized) struct FocusCommandTests {
  let islet = Sandbox()

  func history() throws -> [Event] {
    guard let reader = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { reader.close() }
    return try reader.history()
  }

  func live() throws -> [Activity] {
    guard let reader = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { reader.close() }
    return try reader.liveActivities()
  }

  /// The issue's morning: Emails from 9:05, Code review from 10:05, Lunch from 11:05, looked at
  /// at 12:05. Each switch ends the one before, so the report says three hours, not six.
  @Test func aMorningOfSwitchesReportsTheHoursItHad() throws {
    #expect(try islet.run(0, "switch", "Emails", "--category", "mail").status == 0)
    #expect(try islet.run(3600, "switch", "Code", "review", "--tag", "team").status == 0)
    let lunch = try islet.run(7200, "switch", "Lunch")
    #expect(lunch.status == 0 && lunch.stderr == "", "\(lunch)")
    let events = try history()
    #expect(
      events.map { "\($0.kind.rawValue) \($0.name) \(($0.at - t0) / 1000)" } == [
        "started Emails 0", "ended Emails 3600", "started Code review 3600", "ended Code review 7200",
        "started Lunch 7200",
      ])
    #expect(try live().map(\.name) == ["Lunch"])
    let report = try islet.run(10800, "report", "--json")
    #expect(report.stdout.contains("\"seconds\":10800,\"totals\""), "\(report)")
    let log = try islet.run(10800, "log")
    #expect(
      log.stdout.hasPrefix(
        """
        ID  STARTED           NAME         CATEGORY  OUTCOME  ELAPSED
        1   2025-11-30 09:05  Emails       mail      ended    1:00:00
        3   2025-11-30 10:05  Code review  -         ended    1:00:00
        5   2025-11-30 11:05  Lunch        -         running  1:00:00
        """), "\(log)")
  }

  /// `islet switch 25m` starts a stopwatch named 25m, as asked, and says how to start a
  /// countdown; `start --in 90` says 90 is seconds, as a bare DURATION does.
  @Test func aNameOrADelayThatLooksLikeASlipIsSaid() throws {
    let named = try islet.run(0, "switch", "25m")
    #expect(named.status == 0)
    #expect(
      named.stderr == "islet: '25m' is the stopwatch's name; islet start --switch 25m starts a countdown\n",
      "\(named)")
    let soon = try islet.run(0, "start", "--in", "90", "--name", "Call")
    #expect(
      soon.status == 0 && soon.stderr == "islet: 90 is read as seconds; write 90m for minutes\n", "\(soon)")
  }

  @Test func theConfigurationMakesAStopwatchsStartASwitch() throws {
    islet.writeConfig("stopwatch-switch = on\n")
    #expect(try islet.run(0, "start", "--name", "Emails").status == 0)
    #expect(try islet.run(60, "start", "--name", "Chat").status == 0)
    #expect(try live().map(\.name) == ["Chat"], "the stopwatch started ended Emails")
    // A countdown is not a task switched to, and --no-switch leaves the running ones.
    #expect(try islet.run(120, "start", "5m", "--name", "Tea").status == 0)
    #expect(try islet.run(180, "start", "--no-switch", "--name", "Build").status == 0)
    #expect(try live().map(\.name) == ["Chat", "Tea", "Build"])
    #expect(try islet.run(240, "start", "--name", "Review").status == 0)
    #expect(try live().map(\.name) == ["Tea", "Review"], "both running stopwatches ended")
    #expect(try history().filter { $0.kind == .ended }.map(\.name) == ["Emails", "Chat", "Build"])
  }

  /// A start ahead with `stopwatch-switch = on` switches when it starts: made, it ends nothing;
  /// from its start a reader shows the one before ended then, and the writer records it so.
  @Test func aStopwatchStartedAheadSwitchesWhenItStarts() throws {
    islet.writeConfig("stopwatch-switch = on\n")
    #expect(try islet.run(0, "start", "--name", "Emails").status == 0)
    let made = try islet.run(60, "start", "--in", "10m", "--name", "Standup")
    #expect(made.status == 0, "\(made)")
    #expect(try live().map(\.name) == ["Emails", "Standup"], "scheduling ended nothing")
    let shown = try islet.run(900, "status", "--all")
    #expect(
      shown.stdout.hasPrefix("⏱ Standup 4:00") && !shown.stdout.contains("Emails"),
      "a reader after its start: \(shown)")
    let listed = try islet.run(900, "list", "--all")
    #expect(
      listed.stdout.split(separator: "\n").contains { $0.contains("Emails") && $0.contains("ended") },
      "list --all after its start: \(listed)")
    #expect(try islet.run(900, "lap", "Standup").status == 0)
    #expect(
      try history().map { "\($0.kind.rawValue) \($0.name) \(($0.at - t0) / 1000)" } == [
        "started Emails 0", "scheduled Standup 60", "ended Emails 660", "started Standup 660",
        "lapped Standup 900",
      ])
    #expect(try live().map(\.name) == ["Standup"])
  }

  @Test func startSwitchAheadIsAcceptedAndAtATimePastIsRefused() throws {
    #expect(try islet.run(0, "start", "--name", "Emails").status == 0)
    let past = try islet.run(0, "start", "--switch", "--at", "08:00", "--name", "Call")
    #expect(
      past.status == 64
        && past.stderr.hasPrefix("Error: --switch starts it now or ahead; --at 08:00 is already past\n"),
      "\(past)")
    let ahead = try islet.run(0, "start", "--switch", "--at", "09:35", "--name", "Call")
    #expect(ahead.status == 0, "\(ahead)")
    #expect(try islet.run(1700, "pause", "Emails").status == 0, "the switch has not come yet")
    let switched = try islet.run(1860, "resume", "Emails")
    #expect(switched.status == 0, "\(switched)")
    // Call ended nothing as it started (Emails was paused), and resuming Emails is no switch.
    #expect(Set(try live().map(\.name)) == ["Emails", "Call"])
  }

  @Test func startSwitchEndsTheRunningStopwatchesWithoutTheConfiguration() throws {
    #expect(try islet.run(0, "start", "--name", "Emails").status == 0)
    #expect(try islet.run(10, "start", "--name", "Chat").status == 0)
    #expect(try live().count == 2, "without the key, starting keeps both")
    #expect(try islet.run(20, "start", "25m", "--switch", "--name", "Focus").status == 0)
    #expect(try live().map(\.name) == ["Focus"])
  }

  @Test func continueStartsTheTaskStoppedLastAgain() throws {
    let none = try islet.run(0, "continue")
    #expect(
      none
        == Run(
          status: 1, stdout: "",
          stderr:
            "islet: there is no stopped task to continue; start one with islet start --name NAME or islet switch NAME\n"
        ))
    #expect(
      try islet.run(
        0, "switch", "Emails", "--category", "mail", "--tag", "inbox", "--tag", "urgent", "--icon", "coffee"
      ).status == 0)
    #expect(try islet.run(600, "switch", "Call").status == 0)
    let resumed = try islet.run(900, "continue", "--switch")
    #expect(resumed.status == 0, "\(resumed)")
    let running = try #require(try live().first)
    #expect(try live().count == 1)
    #expect(running.id == resumed.stdout.trimmingCharacters(in: .newlines), "a pipe reads the new id")
    #expect(running.name == "Emails" && running.state.category == "mail")
    #expect(running.attributes.tags == ["inbox", "urgent"] && running.attributes.icon == "coffee")
    #expect(running.state.startedAt == t0 + 900_000 && running.elapsed(at: t0 + 900_000) == 0)
    // Back to the call: it is the one stopped last now.
    #expect(try islet.run(1200, "continue", "--switch").status == 0)
    #expect(try live().map(\.name) == ["Call"])
    // A start cancelled before it began never ran: it is not the task to go back to.
    let meeting = try islet.run(1300, "start", "--in", "1h", "--name", "Meeting")
    #expect(meeting.status == 0, "\(meeting)")
    #expect(try islet.run(1320, "end", "Meeting").status == 0)
    #expect(try islet.run(1500, "continue", "--switch").status == 0)
    let names = try live().map(\.name)
    #expect(names == ["Emails"], "continue after a cancelled start: \(names)")
  }

  @Test func tagsAreShownWhereTheCategoryIsAndAnUpdateReplacesThem() throws {
    #expect(try islet.run(0, "start", "--name", "Emails", "--tag", "inbox", "--tag", "Team work").status == 0)
    let json = try islet.run(60, "status", "--format", "json")
    #expect(json.stdout.contains("\"category\":null,\"tags\":[\"inbox\",\"Team work\"]"), "\(json)")
    #expect(try islet.run(60, "list", "--json").stdout.contains("\"tags\":[\"inbox\",\"Team work\"]"))
    #expect(
      try islet.run(60, "status", "--template", "{name}: {tags}").stdout == "Emails: inbox, Team work\n")
    #expect(try islet.run(60, "update", "--tag", "review").status == 0)
    #expect(try islet.run(60, "status", "--template", "{tags}").stdout == "review\n")
    #expect(try history().map(\.kind) == [.started, .updated])
    #expect(try islet.run(60, "update", "--no-tags").status == 0)
    #expect(try islet.run(60, "status", "--template", "[{tags}]").stdout == "[]\n")
  }

  /// Emails (mail; inbox), Review (work; team), Lunch (no category, tagged break).
  func threeTasks() throws {
    #expect(try islet.run(0, "switch", "Emails", "--category", "mail", "--tag", "inbox").status == 0)
    #expect(try islet.run(600, "switch", "Review", "--category", "work", "--tag", "Team").status == 0)
    #expect(try islet.run(1800, "switch", "Lunch", "--tag", "break").status == 0)
  }

  @Test func onlyAndExcludeMatchACategoryOrATag() throws {
    try threeTasks()
    func names(_ arguments: String...) throws -> [String] {
      let run = try Binary.run(
        ["log", "--csv"] + arguments, environment: islet.environment.merging(islet.at(3600)) { $1 })
      #expect(run.status == 0, "\(run)")
      return run.stdout.split(separator: "\n").dropFirst().map {
        String($0.split(separator: ",", omittingEmptySubsequences: false)[3])
      }
    }
    #expect(try names() == ["Emails", "Review", "Lunch"])
    #expect(try names("--only", "team") == ["Review"], "a tag, any case")
    #expect(try names("--only", "MAIL", "--only", "break") == ["Emails", "Lunch"], "a category or a tag")
    #expect(try names("--exclude", "break") == ["Emails", "Review"])
    #expect(try names("--exclude", "inbox", "--exclude", "work") == ["Lunch"])
    #expect(try names("--only", "mail", "--exclude", "inbox") == [], "exclude wins")
    #expect(try names("--name", "review", "--only", "team") == ["Review"], "with the other filters")
    let csv = try islet.run(3600, "log", "--csv", "--only", "team")
    #expect(csv.stdout.split(separator: "\n").first?.hasSuffix(",failure,tags") == true)
    #expect(csv.stdout.split(separator: "\n").last?.hasSuffix(",Team") == true, "\(csv)")
    let json = try islet.run(3600, "log", "--json", "--only", "inbox")
    #expect(json.stdout.contains("\"tags\":[\"inbox\"]"), "\(json)")

    let report = try islet.run(3600, "report", "--json", "--exclude", "break", "--by", "category")
    #expect(
      report.stdout.contains(
        "\"seconds\":1800,\"totals\":[{\"category\":\"work\",\"seconds\":1200,\"sessions\":1},{\"category\":\"mail\",\"seconds\":600,\"sessions\":1}]"
      ), "\(report)")
    let people = try islet.run(3600, "log", "--only", "nothing")
    #expect(people.stdout == "No sessions match; islet log alone shows them all.\n")
  }

  @Test func aTerminalIsToldWhatEndedAndWhatStarted() throws {
    var environment = islet.environment.merging(islet.at(0)) { $1 }
    environment["TERM"] = "xterm-256color"
    let later = "ISLET_NOW=\(t0.milliseconds / 1000 + 2520)"
    let commands = [
      "\"$0\" switch Emails", "\(later) \"$0\" switch Code review --icon code",
    ]
    let pane = try TmuxSession(
      width: 80, height: 8, environment: environment,
      command: ["/bin/sh", "-c", commands.joined(separator: "; "), Binary.path], folder: islet.folder.path)
    #expect(pane.waitForExit() == 0)
    let ids = try history().filter { $0.kind == .started }.map(\.activityID)
    let lines = pane.screen().filter { !$0.isEmpty }
    #expect(
      lines == [
        "⏱ Emails — stopwatch · id \(ids.first ?? "")",
        "⏹ Emails ended at 42:00",
        "💻 Code review — stopwatch · id \(ids.last ?? "")",
      ], "\(lines)")
  }

  /// 20 processes of the binary switching at once on one store: every switch is applied, and
  /// the history holds one stopwatch at a time, each ending the instant the next starts.
  @Test func twentyWritersSwitchingAtOnceNeverOverlap() throws {
    let writers = try (0..<20).map { k in
      try Binary.start(["switch", "Task \(k)"], environment: islet.environment)
    }
    let runs = writers.map(Binary.finish)
    #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.filter { $0.status != 0 })")
    let events = try history()
    let started = events.filter { $0.kind == .started }
    let ended = events.filter { $0.kind == .ended }
    #expect(started.count == 20, "every switch started its task: \(started.map(\.name))")
    #expect(Set(started.map(\.name)).count == 20)
    #expect(ended.count == 19, "every task but the last ended")
    #expect(try live().count == 1)
    #expect(events.count == 39, "no other event: \(events.map(\.kind))")
    // Each switch ends the one running and starts the next at one instant: no gap, no overlap.
    var running: (id: String, since: Instant)?
    for event in events {
      switch event.kind {
      case .ended:
        #expect(event.activityID == running?.id, "the ended one was the one running")
        #expect(event.elapsed == event.at - (running?.since ?? event.at), "it ran from its start to its end")
        running = nil
      case .started:
        #expect(running == nil, "\(event.name) started while another ran")
        if let previous = ended.last(where: { ($0.seq ?? 0) < (event.seq ?? 0) }),
          event.seq != started.first?.seq
        {
          #expect(previous.at == event.at, "\(event.name) starts the instant the one before ended")
        }
        running = (event.activityID, event.at)
      default:
        Issue.record("unexpected \(event.kind)")
      }
    }
  }
}
