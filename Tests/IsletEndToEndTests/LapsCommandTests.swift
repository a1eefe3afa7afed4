import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// Laps through the built binary on a fixed clock (`ISLET_NOW`), so every time is exact.
@Suite struct LapsCommandTests {
  let islet = Sandbox()

  /// Run: lap 1 at 1:02; paused 1:10 to 2:10 (no lap while paused); lap 2 at 3:02 (1:00 of
  /// running time); lap 3 at 4:00.
  func lapAcrossAPause() throws {
    #expect(try islet.run(0, "start", "--name", "Run").status == 0)
    #expect(try islet.run(62, "lap").stdout == "⏱ Run lap 1 1:02.0 (split 1:02.0)\n")
    #expect(try islet.run(70, "pause").status == 0)
    let paused = try islet.run(80, "lap")
    #expect(
      paused.status == 1 && paused.stderr == "islet: Run is paused; resume it to mark a lap\n", "\(paused)")
    #expect(try islet.run(130, "resume").status == 0)
    #expect(try islet.run(182, "lap", "Run").stdout == "⏱ Run lap 2 1:00.0 (split 2:02.0)\n")
    #expect(try islet.run(240, "lap").stdout == "⏱ Run lap 3 0:58.0 (split 3:00.0)\n")
  }

  @Test func lapsExcludePausedTimeWithTheirStatistics() throws {
    try lapAcrossAPause()
    let live = try islet.run(250, "laps")
    #expect(
      live.stdout == """
        Run: 3 laps
        LAP  TIME    SPLIT
        1    1:02.0  1:02.0
        2    1:00.0  2:02.0
        3    0:58.0  3:00.0
        Lap 4 so far: 0:10.0, 3:10.0 in all

        Fastest  lap 3  0:58.0
        Slowest  lap 1  1:02.0
        Average         1:00.0

        """, "\(live)")
    let status = try islet.run(250, "status", "--format", "json")
    #expect(status.stdout.contains("\"laps\":3,\"lastLap\":58,"), "\(status)")
    let banner = try islet.run(250, "status", "--presentation", "lockscreen")
    #expect(banner.stdout.contains("  Started 9:05 · Lap 3 0:58.0"), "\(banner)")
  }

  /// A completed stopwatch keeps its laps: `laps` finds it by name, or as the last with laps.
  @Test func aCompletedStopwatchKeepsItsLapsInTheHistory() throws {
    try lapAcrossAPause()
    #expect(try islet.run(260, "complete").status == 0)
    #expect(try islet.run(261, "start", "5m", "--name", "Egg").status == 0)
    let csv = try islet.run(270, "laps", "Run", "--csv")
    #expect(
      csv.stdout == """
        lap,time_seconds,split_seconds,at
        1,62.000,62.000,2025-11-30T09:06:02.000Z
        2,60.000,122.000,2025-11-30T09:08:02.000Z
        3,58.000,180.000,2025-11-30T09:09:00.000Z

        """, "\(csv)")
    let json = try islet.run(270, "laps", "--json")
    #expect(json.stdout.hasPrefix("{\"id\":"), "\(json)")
    #expect(
      json.stdout.hasSuffix(
        "\"rest\":20,\"total\":200,\"fastest\":{\"lap\":3,\"time\":58,\"split\":180,\"at\":\"2025-11-30T09:09:00.000Z\"},\"slowest\":{\"lap\":1,\"time\":62,\"split\":62,\"at\":\"2025-11-30T09:06:02.000Z\"},\"average\":60}\n"
      ), "\(json)")
    #expect(
      try islet.run(270, "laps", "1", "--csv").stdout == csv.stdout, "a session id from log names it too")
    let text = try islet.run(270, "laps")
    #expect(text.stdout.contains("Then 0:20.0 to the end: 3:20.0 in all\n"), "\(text)")
    let countdown = try islet.run(270, "laps", "Egg")
    #expect(countdown.status == 1)
    #expect(countdown.stderr == "islet: Egg is a countdown; laps are marked on a stopwatch\n")
    #expect(try islet.run(271, "lap").stderr == "islet: Egg is a countdown; laps are marked on a stopwatch\n")
  }

  /// A lap of 0.7 s reads 0:00.7 wherever it is printed: the confirmation, `laps` and the
  /// banner's fact.
  @Test func aLapIsPrintedWithTheSamePrecisionEverywhere() throws {
    func at(_ ms: Int64) -> [String: String] {
      ["ISLET_NOW": String(format: "%.3f", Double(t0.milliseconds + ms) / 1000)]
    }
    #expect(try islet.binary("start", "--name", "Run", extra: at(0)).status == 0)
    #expect(try islet.binary("lap", extra: at(700)).stdout == "⏱ Run lap 1 0:00.7 (split 0:00.7)\n")
    #expect(try islet.binary("laps", extra: at(900)).stdout.contains("1    0:00.7  0:00.7\n"))
    let banner = try islet.binary("status", "--presentation", "lockscreen", extra: at(900)).stdout
    #expect(banner.contains("· Lap 1 0:00.7"), "\(banner)")
  }

  /// `lapped` is an event like the others: its hook runs with the split as `elapsed`.
  @Test func aLapRunsItsHook() throws {
    let seen = islet.folder.file("lapped.json")
    try islet.hook("lapped", "#!/bin/sh\ncat > '\(seen)'\n")
    #expect(try islet.run(0, "start", "--name", "Run").status == 0)
    #expect(try islet.run(30, "lap").status == 0)
    let arrived = eventually { ((try? String(contentsOfFile: seen, encoding: .utf8)) ?? "").hasSuffix("}\n") }
    let text = (try? String(contentsOfFile: seen, encoding: .utf8)) ?? ""
    #expect(arrived, "the hook did not run: \(text)")
    #expect(text.contains("\"event\":\"lapped\"") && text.contains("\"elapsed\":30,"), "\(text)")
  }

  /// A session id gives that session's laps, whichever run of the activity is the last; the
  /// number of an event that is no session's first is refused.
  @Test func aSessionIdGivesThatSessionsLaps() throws {
    #expect(try islet.run(0, "start", "--name", "Run").status == 0)
    #expect(try islet.run(60, "lap").status == 0)
    #expect(try islet.run(120, "reset").status == 0)
    #expect(try islet.run(180, "resume").status == 0)
    #expect(try islet.run(270, "lap").status == 0)
    #expect(try islet.run(300, "complete").status == 0)
    let first = try islet.run(320, "laps", "1")
    #expect(
      first.stdout.hasPrefix(
        """
        Run: 1 lap
        LAP  TIME    SPLIT
        1    1:00.0  1:00.0
        Then 1:00.0 to the end: 2:00.0 in all

        """), "\(first)")
    let second = try islet.run(320, "laps", "4")
    #expect(
      second.stdout.hasPrefix(
        """
        Run: 1 lap
        LAP  TIME    SPLIT
        1    1:30.0  1:30.0
        Then 0:30.0 to the end: 2:00.0 in all

        """), "\(second)")
    let lap = try islet.run(320, "laps", "2")
    #expect(lap.status == 64, "\(lap)")
    #expect(
      lap.stderr.hasPrefix("Error: there is no session 2; islet log lists the sessions with their ids\n"),
      "\(lap)")
  }

  /// A run renamed as it ran is two sessions, and a lap's length may begin in the other: a
  /// piece's laps are refused, naming the activity whose laps they are.
  @Test func aPieceOfARenamedRunPointsToTheWholeRun() throws {
    let id = try islet.run(0, "start", "--name", "A").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    _ = try islet.run(60, "lap")
    _ = try islet.run(90, "update", "--name", "B")
    _ = try islet.run(150, "lap")
    _ = try islet.run(200, "end")
    for session in ["1", "3"] {
      let refused = try islet.run(210, "laps", session)
      #expect(refused.status == 1, "\(refused)")
      #expect(
        refused.stderr
          == "islet: session \(session) is part of a run renamed as it ran; its laps are the run's: islet laps \(id)\n"
      )
    }
    let whole = try islet.run(210, "laps", id)
    #expect(whole.stdout.contains("2    1:30.0  2:30.0"), "the second lap runs from the first: \(whole)")
  }
}
