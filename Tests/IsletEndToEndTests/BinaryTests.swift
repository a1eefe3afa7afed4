import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// The real built binary, run as a user would run it.
@Suite struct BinaryTests {
  let islet = Sandbox()

  @Test func routesOutputAndErrorsAsDocumented() throws {
    let started = try islet.binary("start", "25m", "--name", "Workout")
    #expect(started.status == 0)
    #expect(started.stdout.count == 5)
    #expect(started.stderr == "")
    #expect(try islet.binary("pause", "nope").status == 64)
    #expect(try islet.binary("pause", "nope").stdout == "")
    let help = try islet.binary("--help")
    #expect(help.status == 0 && help.stdout.hasPrefix("Islet — ") && help.stderr == "")
    let refused = try islet.binary("resume")
    #expect(refused == Run(status: 1, stdout: "", stderr: "islet: Workout is already running\n"))
    #expect(islet.folder.mode(islet.storePath) == 0o600)
    #expect(islet.folder.mode("state/islet") == 0o700)
  }

  @Test func untilCountsDownToATimeOfDay() throws {
    let now = ["ISLET_NOW": String(t0.milliseconds / 1000)]  // 09:05 UTC
    try islet.binary("start", "--until", "9:30", "--name", "Standup", extra: now)
    #expect(try islet.binary("status", extra: now).stdout == "⏱ Standup 25:00 ●\n")
    try islet.binary("end", extra: now)
    try islet.binary("start", "--until", "9:00am", "--name", "Tomorrow", extra: now)
    #expect(try islet.binary("status", extra: now).stdout == "⏱ Tomorrow 23:55:00 ●\n")
  }

  @Test func waitReturnsZeroWhenTheCountdownFinishes() throws {
    try islet.binary("start", "1s", "--name", "Egg")
    let waited = try islet.binary("wait", "--timeout", "30s")
    #expect(waited == Run(status: 0, stdout: "", stderr: ""))
    #expect(try islet.binary("status").stdout.hasPrefix("⏱ Egg +0:0"))
  }

  @Test func waitReturnsOneWhenEndedElsewhereAndAtOnceWhenNothingIsLive() throws {
    #expect(
      try islet.binary("wait")
        == Run(
          status: 1, stdout: "",
          stderr: "islet: nothing is live to wait for; start one with: islet start 25m\n"))
    try islet.binary("start", "--name", "Focus")
    let waiting = try Binary.start(["wait", "--timeout", "30s"], environment: islet.environment)
    // Ending it only once the waiter is watching is not needed: the waiter reads what
    // happened since it looked, whenever it looks.
    try islet.binary("end", "Focus")
    #expect(Binary.finish(waiting).status == 1)
  }

  @Test func waitTimesOutWith124AndIsInterruptedWith130() throws {
    try islet.binary("start", "--name", "Focus")
    #expect(try islet.binary("wait", "--timeout", "0.2s").status == 124)
    let waiting = try Binary.start(["wait"], environment: islet.environment)
    // Interrupt only once it is waiting, or the signal would find no handler yet.
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    reader.close()
    #expect(eventually { watcherCount(of: waiting.0.processIdentifier) > 0 })
    waiting.0.interrupt()
    #expect(Binary.finish(waiting).status == 130)
  }

  /// Should Islet ever crash, it says so in one line and ends at once: no stack trace, no
  /// backtracer waiting for a key.
  @Test func aCrashIsOneLineAndAnImmediateExit() throws {
    try islet.binary("start", "--name", "Focus")
    let waiting = try Binary.start(["wait"], environment: islet.environment)
    #expect(eventually { watcherCount(of: waiting.0.processIdentifier) > 0 })
    kill(waiting.0.processIdentifier, SIGSEGV)
    let run = Binary.finish(waiting)
    #expect(waiting.0.terminationReason == .uncaughtSignal && run.status == SIGSEGV)
    #expect(
      run.stderr
        == "islet: internal error (SIGSEGV); this is a bug in Islet, and the store is as the last command left it\n"
    )
    #expect(try islet.binary("status").stdout.hasPrefix("⏱ Focus"))
  }

  /// 20 processes toggle one activity at once: every toggle is applied and recorded once,
  /// in an order that replays to the final state.
  @Test func manyWritersAtOnceLoseNothing() throws {
    let id = try islet.binary("start", "--name", "Shared").stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    let runs = try (0..<20).map { _ in try Binary.start(["toggle", id], environment: islet.environment) }
    let results = runs.map(Binary.finish)
    #expect(results.allSatisfy { $0.status == 0 }, "\(results.filter { $0.status != 0 })")
    let store = try SQLiteActivityStore.openForWriting(path: islet.storePath)
    defer { store.close() }
    let history = try store.history(activityID: id)
    #expect(history.count == 21)
    #expect(Set(history.compactMap(\.seq)).count == 21)
    #expect(history.map(\.kind) == [.started] + (0..<10).flatMap { _ in [EventKind.paused, .resumed] })
    #expect(try store.activity(id: id)?.state.phase == .active)
    #expect(try store.activity(id: id)?.revision == 20)
    #expect(try store.database.query("PRAGMA integrity_check").first?.first?.string == "ok")
  }

  /// Several processes wait on one deadline while the watcher also notices it: `finished` is
  /// recorded once.
  @Test func aDeadlineIsRecordedOnceWhileSeveralNotice() throws {
    try islet.binary("start", "2s", "--name", "Egg")
    let waiters = try (0..<5).map { _ in
      try Binary.start(["wait", "--timeout", "30s"], environment: islet.environment)
    }
    #expect(waiters.map(Binary.finish).map(\.status) == [0, 0, 0, 0, 0])
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(try reader.history().map(\.kind) == [.started, .finished])
  }

  /// With nothing else running, the detached watcher records `finished` at the deadline and
  /// runs the `finished` hook, once.
  @Test func theFinishedHookFiresOnceWithNothingElseRunning() throws {
    let hooks = islet.folder.file("config/islet/hooks")
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    let output = islet.folder.file("fired.jsonl")
    let script = "#!/bin/sh\ncat >> '\(output)'\necho >> '\(output)'\n"
    try script.write(toFile: hooks + "/finished", atomically: true, encoding: .utf8)
    chmod(hooks + "/finished", 0o755)

    let started = try islet.binary("start", "1s", "--name", "Tea")
    #expect(started.status == 0)
    let text = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
    #expect(eventually { text().hasSuffix("}\n\n") })
    // The watcher lets go of its lock when it is done; then the history says how many
    // `finished` events there were, and so how many hook runs.
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(try reader.history().map(\.kind) == [.started, .finished])
    let lines = text().split(separator: "\n")
    #expect(lines.count == 1)
    let id = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      lines.first?.hasPrefix(
        "{\"event\":\"finished\",\"id\":\"\(id)\",\"name\":\"Tea\",\"phase\":\"finished\",\"elapsed\":1,\"source\":\"time\",\"at\":\""
      ) == true)
  }

  @Test func aFailingHookIsLoggedAndDoesNotBlockTheIntent() throws {
    let hooks = islet.folder.file("config/islet/hooks")
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    try "#!/bin/sh\necho 'no luck' >&2\nexit 3\n".write(
      toFile: hooks + "/paused", atomically: true, encoding: .utf8)
    chmod(hooks + "/paused", 0o755)
    try islet.binary("start", "--name", "Focus")
    #expect(try islet.binary("pause").status == 0)
    let log = islet.folder.file("state/islet/hooks.log")
    #expect(
      eventually {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains(
          "exited with status 3; it printed: no luck")
      })
  }
}

/// How many inotify watchers the process holds: a sign that it has started waiting.
func watcherCount(of pid: Int32) -> Int {
  let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
  return fds.filter {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)"))
      == "anon_inode:inotify"
  }.count
}

func lockIsFree(_ path: String) -> Bool {
  let fd = open(path, O_RDWR)
  guard fd >= 0 else { return true }
  defer { close(fd) }
  return flock(fd, LOCK_EX | LOCK_NB) == 0
}

/// Cases that need an ordinary user: tests run as root, for whom every file is writable.
@Suite struct OrdinaryUserTests {
  let islet = Sandbox()

  func asNobody(_ arguments: String...) throws -> Run {
    Binary.finish(
      try Binary.start(
        ["--reuid=65534", "--regid=65534", "--clear-groups", Binary.path] + arguments,
        environment: islet.environment,
        executable: "/usr/bin/setpriv"))
  }

  /// A store with a running countdown, in folders anyone may enter: the file's mode decides.
  func storeOpenToOthersUpToTheFile() throws {
    try islet.binary("start", "25m", "--name", "Workout")
    for folder in [islet.folder.path, islet.folder.file("state"), islet.folder.file("state/islet")] {
      chmod(folder, 0o755)
    }
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func aStoreTheUserCannotWriteIsExit74AndUnchanged() throws {
    try storeOpenToOthersUpToTheFile()
    chmod(islet.storePath, 0o644)
    let before = islet.folder.bytes("state/islet/islet.db")
    let run = try asNobody("pause")
    #expect(run.status == 74)
    #expect(
      run.stderr
        == "Error: cannot use the store \(islet.storePath): Permission denied; use --db to choose a store you may read and write\n"
    )
    #expect(islet.folder.bytes("state/islet/islet.db") == before)
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
  func aStoreTheUserCannotReadIsExit74ForReadersToo() throws {
    try storeOpenToOthersUpToTheFile()
    chmod(islet.storePath, 0o600)
    let before = islet.folder.bytes("state/islet/islet.db")
    for command in ["status", "list", "pause"] {
      let run = try asNobody(command)
      #expect(run.status == 74, "\(command): \(run)")
      #expect(
        run.stderr
          == "Error: cannot use the store \(islet.storePath): Permission denied; use --db to choose a store you may read and write\n",
        "\(command): \(run)")
      #expect(run.stderr.split(separator: "\n").count == 1)
    }
    #expect(islet.folder.bytes("state/islet/islet.db") == before)
  }
}
