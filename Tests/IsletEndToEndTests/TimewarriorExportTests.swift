import Foundation
import IsletCLITestSupport
import IsletStore
import Testing

@testable import IsletCore

/// `log --format timewarrior` against what Debian's timewarrior (1.4, which has `export` and
/// `track` but no `import`) prints for the same intervals made with `timew track` in a private
/// TIMEWARRIORDB, and `import timewarrior` reading that export.
@Suite struct TimewarriorExportTests {
  let islet = Sandbox()

  init() throws {
    try FileManager.default.createDirectory(
      atPath: islet.folder.file("timew"), withIntermediateDirectories: true)
  }

  @discardableResult
  func timew(_ arguments: String...) throws -> Run {
    let run = try Binary.run(
      arguments, environment: islet.environment.merging(["TIMEWARRIORDB": islet.folder.file("timew")]) { $1 },
      executable: "/usr/bin/timew")
    #expect(run.status == 0, "timew \(arguments.joined(separator: " ")): \(run)")
    return run
  }

  /// Runs the built binary with `input` on stdin, on the sandbox's fixed clock.
  func islet(_ seconds: Int, input: String, _ arguments: String...) throws -> Run {
    let pipe = Pipe()
    let started = try Binary.start(
      arguments, environment: islet.environment.merging(islet.at(seconds)) { $1 }, input: pipe)
    pipe.fileHandleForWriting.write(Data(input.utf8))
    try pipe.fileHandleForWriting.close()
    return Binary.finish(started)
  }

  func eventCount() throws -> Int {
    guard let store = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return 0 }
    defer { store.close() }
    return try store.history().count
  }

  @Test func logPrintsWhatTimewExportPrintsForTheSameIntervals() throws {
    // t0 is 09:05 UTC: Emails 08:35–09:05 in admin; Code review from 09:06, paused 09:16 to
    // 09:20, done at 09:30; a countdown reset (left out); Tea running since 09:31.
    #expect(try islet.run(0, "start", "--ago", "30m", "--name", "Emails", "--category", "admin").status == 0)
    #expect(try islet.run(0, "complete").status == 0)
    #expect(try islet.run(60, "start", "--name", "Code review").status == 0)
    #expect(try islet.run(660, "pause").status == 0)
    #expect(try islet.run(900, "resume").status == 0)
    #expect(try islet.run(1500, "complete").status == 0)
    #expect(try islet.run(1500, "start", "5m", "--name", "Tea").status == 0)
    #expect(try islet.run(1520, "reset").status == 0)
    #expect(try islet.run(1520, "end").status == 0)
    #expect(try islet.run(1560, "start", "--name", "Walk").status == 0)
    let exported = try islet.run(1600, "log", "--format", "timewarrior")
    #expect(exported.status == 0 && exported.stderr.isEmpty, "\(exported)")

    try timew("track", "2025-11-30T08:35:00Z", "-", "2025-11-30T09:05:00Z", "Emails", "admin")
    try timew("track", "2025-11-30T09:06:00Z", "-", "2025-11-30T09:16:00Z", "Code review")
    try timew("track", "2025-11-30T09:20:00Z", "-", "2025-11-30T09:30:00Z", "Code review")
    try timew("start", "2025-11-30T09:31:00Z", "Walk")
    for (id, name) in [("@4", "Emails"), ("@3", "Code review"), ("@2", "Code review"), ("@1", "Walk")] {
      try timew("annotate", id, name)
    }
    let expected = try timew("export").stdout
    #expect(expected.split(separator: "\n").count == 6, "timew printed: \(expected)")
    #expect(exported.stdout == expected)
  }

  @Test func importReadsTimewExportOnceAndLogTellsItBack() throws {
    try timew("track", "2025-11-29T08:00:00Z", "-", "2025-11-29T09:30:00Z", "Emails", "Work")
    try timew("track", "2025-11-29T10:00:00Z", "-", "2025-11-29T10:15:00Z", "Standup")
    try timew("annotate", "@1", "Daily standup")
    try timew("track", "2025-11-29T11:00:00Z", "-", "2025-11-29T11:20:00Z")
    try timew("start", "2025-11-30T09:00:00Z", "Open")
    let export = try timew("export").stdout
    islet.folder.write("export.json", Array(export.utf8))
    let imported = try islet.run(0, "import", "timewarrior", islet.folder.file("export.json"))
    #expect(
      imported
        == Run(
          status: 0, stdout: "Imported 3 intervals (2:05:00); 1 still open was left out.\n", stderr: ""))
    #expect(
      try islet.run(0, "log").stdout == """
        ID  STARTED           NAME           CATEGORY  OUTCOME  ELAPSED
        1   2025-11-29 08:00  Emails         Work      ended    1:30:00
        3   2025-11-29 10:00  Daily standup  Standup   ended    15:00
        5   2025-11-29 11:00  Untitled       -         ended    20:00

        Totals
        Emails         1 session  1:30:00
        Untitled       1 session  20:00
        Daily standup  1 session  15:00

        """)
    let events = try eventCount()
    let again = try islet(0, input: export, "import", "timewarrior", "-")
    #expect(again.stdout == "Imported 0 intervals; 3 were here already; 1 still open was left out.\n")
    #expect(try eventCount() == events, "importing twice added events")
  }

  @Test func whatIsletExportsComesBackAsItWas() throws {
    #expect(try islet.run(0, "start", "--ago", "30m", "--name", "Write", "--category", "Docs").status == 0)
    #expect(try islet.run(0, "complete").status == 0)
    let export = try islet.run(60, "log", "--format", "timewarrior").stdout
    let other = Sandbox()
    other.folder.write("export.json", Array(export.utf8))
    #expect(try other.run(60, "import", "timewarrior", other.folder.file("export.json")).status == 0)
    #expect(try other.run(60, "log", "--format", "timewarrior").stdout == export)
    let log = try other.run(60, "log").stdout
    #expect(log.contains("Write  Docs      ended    30:00"), "\(log)")
  }

  @Test func aFileThatIsNotTimewExportIsRefusedInOneLineAndAddsNothing() throws {
    let cases: [(String, String)] = [
      ("date,name\n2025-11-29,Emails\n", "it is not JSON"),
      (#"{"start":"20251129T080000Z"}"#, "it is JSON, but not an array of intervals"),
      (
        #"[{"start":"20251129T080000Z","end":"20251129T090000Z"},{"start":"yesterday"}]"#,
        "interval 2 of 2 starts at 'yesterday', not a time such as 20261201T083000Z"
      ),
    ]
    for (text, reason) in cases {
      islet.folder.write("bad.json", Array(text.utf8))
      let run = try islet.run(0, "import", "timewarrior", islet.folder.file("bad.json"))
      let path = islet.folder.file("bad.json")
      #expect(
        run
          == Run(
            status: 65, stdout: "", stderr: "Error: '\(path)' is not what timew export prints: \(reason)\n"))
    }
    #expect(try eventCount() == 0)
    let missing = try islet.run(0, "import", "timewarrior", islet.folder.file("none.json"))
    #expect(missing.status == 64 && missing.stderr.hasPrefix("Error: there is no file"), "\(missing)")
    let format = try islet.run(0, "import", "toggl", "x.csv")
    #expect(format.status == 64 && format.stderr.hasPrefix("Error: 'toggl' is not a format islet imports"))
  }

  /// Intervals Islet could not show as a past session are refused, the whole file with them:
  /// one ending ahead of now (t0 is 2025-11-30 09:05 UTC), one before 1970. A folder is named.
  @Test func anIntervalAheadOrBefore1970IsRefusedAndAFolderIsNamed() throws {
    let path = islet.folder.file("odd.json")
    let cases: [(String, String)] = [
      (
        #"[{"start":"20251130T080000Z","end":"20251201T080000Z"}]"#,
        "Error: '\(path)': interval 1 ends at 20251201T080000Z, still ahead; import what is past (timew export … - now)"
      ),
      (
        #"[{"start":"19000101T080000Z","end":"19000101T090000Z"}]"#,
        "Error: '\(path)': interval 1 starts at 19000101T080000Z, before 1970; Islet keeps times from 1970 on"
      ),
    ]
    for (text, said) in cases {
      islet.folder.write("odd.json", Array(text.utf8))
      let run = try islet.run(0, "import", "timewarrior", path)
      #expect(run == Run(status: 65, stdout: "", stderr: said + "\n"))
    }
    #expect(try eventCount() == 0)
    let folder = try islet.run(0, "import", "timewarrior", islet.folder.path)
    #expect(
      folder.status == 74
        && folder.stderr.hasSuffix("is a folder; give the file timew export wrote, or - to read stdin\n"),
      "\(folder)")
  }

  /// `<(timew export)` and `/dev/stdin` name a pipe: read to its end, as `-` is. An interval of
  /// no length is said as such.
  @Test func aPipeNamedIsReadAsStdinIs() throws {
    let text =
      #"[{"start":"20251130T080000Z","end":"20251130T083000Z"},{"start":"20251130T084000Z","end":"20251130T084000Z"}]"#
    let script = "printf '%s' '\(text)' | \"$0\" import timewarrior /dev/stdin"
    let run = try Binary.run(
      ["-c", script, Binary.path], environment: islet.environment.merging(islet.at(0)) { $1 },
      executable: "/bin/sh")
    #expect(
      run == Run(status: 0, stdout: "Imported 1 interval (30:00); 1 of no length was left out.\n", stderr: "")
    )
  }
}
