import Foundation
import IsletCLITestSupport
import IsletStore
import Testing

@testable import IsletCore

/// The hook `islet taskwarrior` prints, run by Debian's Taskwarrior (`task` 2.6) in a private
/// TASKRC and TASKDATA: what task start, stop and done leave in the store, and that the task
/// command never fails because of Islet.
@Suite struct TaskwarriorTests {
  let islet = Sandbox()

  init() throws {
    let hooks = islet.folder.file("hooks")
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    let printed = try islet.binary("taskwarrior")
    #expect(printed.status == 0 && printed.stderr.isEmpty, "\(printed)")
    try printed.stdout.write(toFile: hooks + "/on-modify.islet", atomically: true, encoding: .utf8)
    chmod(hooks + "/on-modify.islet", 0o755)
    islet.folder.write("taskrc", [])
  }

  /// Runs `task` with the hook, confirmations off and nothing said but what the command prints.
  @discardableResult
  func task(_ arguments: String..., extra: [String: String] = [:]) throws -> Run {
    let environment = islet.environment.merging(
      ["TASKRC": islet.folder.file("taskrc"), "TASKDATA": islet.folder.file("taskdata")].merging(extra) { $1 }
    ) { $1 }
    let options = [
      "rc.hooks=on", "rc.hooks.location=\(islet.folder.file("hooks"))", "rc.confirmation=off",
      "rc.verbose=nothing",
    ]
    return try Binary.run(options + arguments, environment: environment, executable: "/usr/bin/task")
  }

  func uuid(_ id: String) throws -> String {
    try task("_get", "\(id).uuid").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Each activity as `name|category|reference|phase`, oldest first.
  func activities() throws -> [String] {
    guard let store = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { store.close() }
    return try store.allActivities().sorted { $0.createdAt < $1.createdAt }.map { a in
      "\(a.name)|\(a.state.category ?? "-")|\(a.attributes.recordID ?? "-")|\(a.state.phase.rawValue)"
    }
  }

  @Test func startStopAndDoneDriveAStopwatchNamedAfterTheTask() throws {
    #expect(try task("add", "Fix the bug", "project:islet", "+code").status == 0)
    let id = try uuid("1")
    #expect(id.count == 36, "task gave the uuid '\(id)'")
    let started = try task("1", "start")
    #expect(started.status == 0 && started.stderr.isEmpty, "\(started)")
    #expect(try activities() == ["Fix the bug|islet|\(id)|active"])
    #expect(try task("1", "stop").status == 0)
    #expect(try activities() == ["Fix the bug|islet|\(id)|ended"])
    #expect(try task("1", "start").status == 0)
    #expect(try task("1", "done").status == 0)
    #expect(try activities() == ["Fix the bug|islet|\(id)|ended", "Fix the bug|islet|\(id)|completed"])
    // The task itself is as Taskwarrior made it: done, its project and tag kept.
    let exported = try task("uuid:\(id)", "export").stdout
    for field in [
      #""status":"completed""#, #""project":"islet""#, #""tags":["code"]"#, #""description":"Fix the bug""#,
    ] {
      #expect(exported.contains(field), "the task lost \(field): \(exported)")
    }
  }

  @Test func aTasksTagsAreItsStopwatchsAndStopwatchSwitchEndsTheTaskBefore() throws {
    let config = islet.folder.file("config/islet")
    try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
    try "stopwatch-switch = on\n".write(toFile: config + "/config", atomically: true, encoding: .utf8)
    #expect(try task("add", "Write", "+docs", "+urgent").status == 0)
    #expect(try task("add", "Review").status == 0)
    #expect(try task("1", "start").status == 0)
    guard let store = try SQLiteActivityStore.openForReading(path: islet.storePath) else {
      Issue.record("task 1 start made no store")
      return
    }
    defer { store.close() }
    #expect(try store.liveActivities().map(\.attributes.tags) == [["docs", "urgent"]])
    #expect(try task("2", "start").status == 0)
    let phases = try store.allActivities().sorted { $0.createdAt < $1.createdAt }.map {
      "\($0.name) \($0.state.phase.rawValue)"
    }
    #expect(phases == ["Write ended", "Review active"], "one task at a time: \(phases)")
  }

  /// A started task renamed, moved or tagged again: its stopwatch follows.
  @Test func aStartedTasksChangesAreItsStopwatchs() throws {
    #expect(try task("add", "Fix the bug", "project:islet").status == 0)
    let id = try uuid("1")
    #expect(try task("1", "start").status == 0)
    let modified = try task("1", "modify", "Fix the crash", "project:core", "+urgent")
    #expect(modified.status == 0 && modified.stderr.isEmpty, "\(modified)")
    #expect(try activities() == ["Fix the crash|core|\(id)|active"])
    guard let store = try SQLiteActivityStore.openForReading(path: islet.storePath) else {
      Issue.record("no store")
      return
    }
    defer { store.close() }
    #expect(try store.liveActivities().map(\.attributes.tags) == [["urgent"]])
    #expect(try task("1", "modify", "project:").status == 0)
    #expect(try activities() == ["Fix the crash|-|\(id)|active"], "a project removed clears the category")
  }

  @Test func aTaskDoneOrChangedWithoutAStopwatchTouchesNothing() throws {
    try task("add", "Call the bank")
    #expect(try task("1", "modify", "project:home").status == 0)
    let done = try task("1", "done")
    #expect(done.status == 0 && done.stderr.isEmpty, "\(done)")
    #expect(try activities() == [])
  }

  @Test func aStopIsletNeverSawIsSaidOnStderrAndTheStopStillHappens() throws {
    try task("add", "Write the report")
    let id = try uuid("1")
    #expect(try task("rc.hooks=off", "1", "start").status == 0)
    let stopped = try task("1", "stop")
    #expect(stopped.status == 0)
    #expect(
      stopped.stderr
        == "islet: the task 'Write the report' (\(id)) has no live stopwatch, so there is nothing to end; task N start starts one\n"
    )
    #expect(!(try task("uuid:\(id)", "export").stdout.contains(#""start":"#)), "the task is still started")
  }

  @Test func theTaskGoesBackUnchangedWhenIsletCannotWork() throws {
    try task("add", "Plan the week")
    // The store's path is a folder: every islet command fails.
    let folder = islet.folder.file("not-a-store")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let started = try task("1", "start", extra: ["ISLET_DB": folder])
    #expect(started.status == 0, "\(started)")
    #expect(started.stderr.split(separator: "\n").count == 1, "not one line: \(started.stderr)")
    #expect(try task("+ACTIVE", "count").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
  }

  @Test func theHiddenHookRefusesInputThatIsNoTask() throws {
    let input = Pipe()
    let started = try Binary.start(["__taskwarrior-hook"], environment: islet.environment, input: input)
    input.fileHandleForWriting.write(Data("{\"uuid\":\"x\"}\nplain text\n".utf8))
    try input.fileHandleForWriting.close()
    let run = Binary.finish(started)
    #expect(run.status == 64)
    #expect(run.stdout == "plain text\n", "the second line did not go back")
    #expect(
      run.stderr
        == "Error: '{\"uuid\":\"x\"}' is not a Taskwarrior task (a JSON object with a uuid, a description and a status)\n"
    )
  }

  @Test func helpSaysWhereToSaveTheHook() throws {
    let help = try islet.binary("taskwarrior", "--help").stdout
    #expect(help.contains("~/.task/hooks/on-modify.islet") && help.contains("chmod +x"), "\(help)")
  }
}
