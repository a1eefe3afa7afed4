import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCore
@testable import IsletStore

/// Going away from the machine and coming back, as logind says it on the system bus: the
/// deadline watcher hears a stand-in for logind on a private bus (logind itself cannot run in a
/// container) and pauses, resumes and asks through the one intent path.
@Suite(.serialized) struct AwayTests {
  let islet = Sandbox()

  /// The activity as `status --format json` shows it.
  func status(_ name: String) throws -> [String: Any] {
    let run = try islet.binary("status", name, "--format", "json")
    return (try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]) ?? [:]
  }

  func stored(_ id: String) throws -> Activity? {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.activity(id: id)
  }

  /// The watcher asked logind for its session: it listens for `PrepareForSleep` from then on
  /// (its match was added before the question), and for the session's signals once answered.
  func listening(_ login: LoginBus) -> Bool {
    login.waitForCalls { $0.contains("GetSession") }
  }

  /// Locks until `done` says the watcher heard it: the session's match is added just after
  /// logind answers, so a lock sent at that moment may pass unheard. Locking twice is harmless.
  func lock(_ login: LoginBus, until done: () throws -> Bool) throws -> Bool {
    for _ in 0..<20 {
      try login.lock()
      if try eventually(within: 0.5, done) { return true }
    }
    return false
  }

  /// A ten-minute countdown named Tea, started and then paused by a lock the watcher heard;
  /// the seconds it had left.
  func lockedTea(_ login: LoginBus) throws -> Double {
    islet.extra = login.environment
    let started = try islet.binary("start", "10m", "--name", "Tea")
    #expect(started.status == 0, "\(started)")
    #expect(listening(login), "the watcher never asked logind for its session: \(login.calls())")
    #expect(
      try lock(login) { try status("Tea")["phase"] as? String == "paused" }, "\((try? status("Tea")) ?? [:])")
    return try #require(try status("Tea")["remaining"] as? Double)
  }

  @Test func aLockPausesACountdownAndTheUnlockResumesIt() throws {
    let login = try LoginBus()
    let left = try lockedTea(login)
    // Asleep and awake while locked: it stays paused until the session is unlocked.
    try login.sleep(true)
    try login.sleep(false)
    #expect(login.waitForCalls { $0.suffix(2) == ["Sleep", "Sleep"] })
    // The watcher answers a signal within milliseconds: a second with the countdown paused
    // says the wake did not resume it.
    #expect(
      !eventually(within: 1) { (try? status("Tea")["phase"] as? String) == "active" },
      "waking while locked resumed it")
    try login.unlock()
    #expect(
      eventually { (try? status("Tea")["phase"] as? String) == "active" }, "\((try? status("Tea")) ?? [:])")
    // It resumed with the time it had left when locked (read a second or so later).
    let now = try #require(try status("Tea")["remaining"] as? Double)
    #expect(now <= left && now >= left - 2, "left \(left)s when locked, \(now)s after")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    let history = try reader.history()
    #expect(history.map(\.kind) == [.started, .paused, .resumed], "\(history)")
    #expect(history.dropFirst().allSatisfy { $0.source == .session })
    #expect(try islet.binary("end").status == 0)
  }

  /// `on-unlock = ask`: a countdown that the lock paused stays paused on unlock and asks; kept,
  /// the time away counts as run.
  @Test func withOnUnlockAskACountdownAsksAndKeepCountsTheTimeAway() throws {
    let login = try LoginBus()
    islet.writeConfig("on-unlock = ask\naway-after = 1s\nalerts = none\nmpris = off\n")
    let left = try lockedTea(login)
    // Away for more than away-after (1s): the watcher reads the real clock, so it must pass.
    usleep(1_200_000)
    try login.unlock()
    #expect(
      eventually { (try? islet.binary("away").stdout.hasPrefix("Tea  away 1s")) == true },
      "\(String(describing: try? islet.binary("away")))")
    let asking = try status("Tea")
    #expect(asking["phase"] as? String == "paused", "it resumed without an answer: \(asking)")
    let away = try #require(asking["away"] as? [String: Any], "\(asking)")
    #expect(away["back"] is String && away["paused"] as? Bool == true, "\(away)")
    // Named alone, its question is listed; a name that matches nothing is said so.
    #expect(try islet.binary("away", "Tea").stdout.hasPrefix("Tea  away 1s"))
    let unknown = try islet.binary("away", "Nosuch")
    #expect(
      unknown.status == 64
        && unknown.stderr.contains(
          "'Nosuch' is not an answer (keep, drop or stop), and no live activity matches it"),
      "\(unknown)")
    let answered = try islet.binary("away", "keep")
    #expect(answered.status == 0 && answered.stdout.contains("Tea keeps its time away"), "\(answered)")
    let after = try status("Tea")
    #expect(after["phase"] as? String == "active" && after["away"] is NSNull, "\(after)")
    let now = try #require(after["remaining"] as? Double)
    #expect(now <= left - 1.2, "left \(left)s when locked, \(now)s after keeping the time away")
    #expect(try islet.binary("away").status == 1)
    #expect(
      try islet.binary("away", "Tea")
        == Run(status: 1, stdout: "", stderr: "islet: Tea asks nothing about time away\n"))
    #expect(try islet.binary("end").status == 0)
  }

  @Test func aStopwatchThroughASleepAsksAndDropRemovesTheTimeAway() throws {
    let login = try LoginBus()
    let desktop = try SessionBus()
    islet.extra = login.environment.merging(desktop.environment) { $1 }
    islet.writeConfig("away-after = 1s\nalerts = desktop\nmpris = off\n")
    let started = try islet.binary("start", "--name", "Focus")
    #expect(started.status == 0, "\(started)")
    // To a pipe, start prints the new id alone.
    let id = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(listening(login), "the watcher never asked logind for its session: \(login.calls())")
    try login.sleep(true)
    #expect(eventually { (try? stored(id))??.state.away != nil }, "the sleep was not heard")
    // Away for more than away-after (1s): the watcher reads the real clock, so it must pass.
    usleep(1_200_000)
    try login.sleep(false)
    #expect(
      eventually { (try? islet.binary("away").stdout.hasPrefix("Focus  away 1s")) == true },
      "\(String(describing: try? islet.binary("away")))")
    // Nothing changed: it still counts the time away.
    let before = try #require(try status("Focus")["elapsed"] as? Double)
    #expect(before >= 1)
    // The notification asks, with the three answers as buttons.
    let asked = desktop.waitForCalls {
      $0.contains { $0.call == "Notify" && $0.summary?.contains("away") == true }
    }
    let notice = try #require(asked.last { $0.call == "Notify" }, "\(asked)")
    #expect(notice.summary == "☾ Focus — away 1s", "\(notice)")
    #expect(
      notice.actions == ["away-keep", "Keep it", "away-drop", "Drop it", "away-stop", "Drop and stop"],
      "\(notice)")
    let answered = try islet.binary("away", "drop")
    #expect(answered.status == 0, "\(answered)")
    #expect(answered.stdout.contains("Focus dropped its time away and goes on"), "\(answered)")
    let after = try #require(try status("Focus")["elapsed"] as? Double)
    #expect(after <= before - 1, "elapsed \(before)s before drop, \(after)s after")
    #expect(try islet.binary("away").status == 1)
    // Answered elsewhere, the notification is withdrawn.
    #expect(
      !desktop.waitForCalls { $0.contains { $0.call == "CloseNotification" && $0.id == notice.id } }.isEmpty)
    #expect(try islet.binary("complete").status == 0)
  }

  @Test func theNotificationsButtonAnswersThroughTheIntentPath() throws {
    let login = try LoginBus()
    let desktop = try SessionBus()
    islet.extra = login.environment.merging(desktop.environment) { $1 }
    islet.writeConfig("away-after = 1s\nalerts = desktop\nmpris = off\n")
    let id = try islet.binary("start", "--name", "Focus").stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(listening(login), "the watcher never asked logind for its session: \(login.calls())")
    #expect(try lock(login) { try stored(id)?.state.away != nil }, "the lock was not heard")
    // Away for more than away-after (1s): the watcher reads the real clock, so it must pass.
    usleep(1_200_000)
    try login.unlock()
    let asked = desktop.waitForCalls {
      $0.contains { $0.call == "Notify" && $0.summary?.contains("away") == true }
    }
    let notice = try #require(asked.last { $0.call == "Notify" }, "\(asked)")
    try desktop.invokeAction(id: try #require(notice.id), key: "away-stop")
    #expect(eventually { (try? stored(id))??.state.phase == .completed }, "the button was not heard")
    let done = try #require(try stored(id))
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    let history = try reader.history()
    #expect(history.map(\.kind) == [.started, .away, .completed, .awayAnswered], "\(history)")
    #expect(history.last?.source == .notification)
    // Stopped when it went away, a second or more before it asked: the time away is not in it.
    #expect(history[2].at <= history[1].at - 1000, "completed when it went away, before the question")
    #expect(done.endedAt == history[2].at)
    #expect(done.elapsed(at: history[1].at) == history[2].elapsed)
  }

  @Test func withNoSystemBusTheWatcherStillAlerts() throws {
    islet.extra = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=" + islet.folder.file("no-such-bus")]
    let played = islet.folder.file("played")
    islet.writeConfig("alerts = sound\nalert-repeat = 0\nsound = echo done >> '\(played)'\n")
    #expect(try islet.binary("start", "1s", "--name", "Tea").status == 0)
    #expect(eventually { SessionBus.text(played) == "done\n" }, "no alert without a system bus")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "the watcher stays with no system bus")
    #expect(try islet.binary("end").status == 0)
  }
}
