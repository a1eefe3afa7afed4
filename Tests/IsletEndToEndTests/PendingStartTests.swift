import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// `start --in` and `--at` a time ahead through the built binary: a pending activity that says
/// when it starts, starts by itself (the deadline watcher, with nothing open), or is started
/// now or cancelled.
@Suite struct PendingStartCommandTests {
  let islet = Sandbox()

  func history() throws -> [Event] {
    guard let reader = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [] }
    defer { reader.close() }
    return try reader.history()
  }

  /// The value of `key` in the one-line JSON `status --format json` prints.
  func json(_ run: Run, _ key: String) -> String? {
    guard let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] else {
      return nil
    }
    return object[key].map { $0 is NSNull ? "null" : "\($0)" }
  }

  @Test func inTwelveMinutesItIsPendingEverywhereThenRunsFromItsStart() throws {
    let started = try islet.run(0, "start", "25m", "--in", "12m", "--name", "Focus")
    #expect(started.status == 0 && started.stdout.count == 5, "a pipe gets the id alone: \(started)")
    #expect(try islet.run(0, "status").stdout == "⏱ Focus starts in 12 min\n")
    #expect(try islet.run(11 * 60 + 20, "status").stdout == "⏱ Focus starts in 40 s\n")
    let json = try islet.run(0, "status", "--format", "json")
    #expect(self.json(json, "phase") == "pending", "\(json)")
    #expect(self.json(json, "startsAt") == "2025-11-30T09:17:00.000Z", "\(json)")
    #expect(self.json(json, "startedAt") == "null", "not started yet: \(json)")
    let listed = try islet.run(0, "list").stdout
    #expect(listed.contains("Focus  pending  in 12m"), "list says when it starts: \(listed)")
    #expect(try history().map(\.kind) == [.scheduled])
    // Three minutes after its start, a reader shows it running from 9:17.
    #expect(try islet.run(15 * 60, "status").stdout == "⏱ Focus 22:00 ●\n")
    let running = try islet.run(15 * 60, "status", "--format", "json")
    #expect(self.json(running, "phase") == "active" && self.json(running, "startsAt") == "null", "\(running)")
    #expect(self.json(running, "startedAt") == "2025-11-30T09:17:00.000Z", "\(running)")
    // The next writer records its start at its true time.
    #expect(try islet.run(15 * 60, "pause").status == 0)
    let events = try history()
    #expect(events.map(\.kind) == [.scheduled, .started, .paused])
    #expect(events.map(\.at) == [t0, t0 + 12 * 60_000, t0 + 15 * 60_000])
  }

  @Test func atATimeAheadIsPendingAndATimePastStillStartsThen() throws {
    // 09:05: 14:00 is ahead today, 9:00 already past.
    #expect(try islet.run(0, "start", "--at", "14:00", "--name", "Meeting").status == 0)
    #expect(try islet.run(0, "status", "Meeting").stdout == "⏱ Meeting starts in 4 h 55 min\n")
    #expect(try islet.run(0, "start", "--at", "9:00", "--name", "Emails").status == 0)
    #expect(try islet.run(0, "status", "Emails").stdout == "⏱ Emails 5:00 ●\n")
    let json = try islet.run(0, "status", "Meeting", "--format", "json")
    #expect(self.json(json, "startsAt") == "2025-11-30T14:00:00.000Z", "\(json)")
  }

  @Test func resumeStartsItNowAndEndCancelsIt() throws {
    islet.extra["ISLET_NOW"] = String(t0.milliseconds / 1000)
    try islet.binary("start", "25m", "--in", "12m", "--name", "Focus")
    try islet.binary("start", "--in", "1h", "--name", "Call")
    #expect(
      try islet.binary("end", "Call")
        == Run(status: 0, stdout: "⏹ Call cancelled, before its start at 10:05\n", stderr: ""))
    #expect(
      try islet.binary("pause", "Focus")
        == Run(
          status: 1, stdout: "",
          stderr: "islet: Focus has not started yet; resume starts it now, end cancels it\n"))
    #expect(
      try islet.binary("resume", "Focus")
        == Run(status: 0, stdout: "▶ Focus started, 25:00 to go\n", stderr: ""))
    #expect(try history().map(\.kind) == [.scheduled, .scheduled, .ended, .started])
    #expect(try history().last?.at == t0, "started when asked")
  }

  /// With nothing open, the deadline watcher starts it on time and gives its alert, once.
  @Test func theWatcherStartsItOnTimeWithNothingOpenAndAlertsOnce() throws {
    let played = islet.folder.file("played")
    islet.writeConfig(
      "alerts = sound\nalert-repeat = 3\nalert-every = 1s\nsound = echo played >> '\(played)'\n")
    let made = try islet.binary("start", "--in", "2s", "--name", "Soon")
    #expect(made.status == 0, "\(made)")
    #expect(
      eventually { (try? history().contains { $0.kind == .started && $0.source == .time }) == true },
      "\((try? history()) ?? [])")
    let events = try history()
    let scheduled = try #require(events.first { $0.kind == .scheduled })
    let started = try #require(events.first { $0.kind == .started })
    // Its instant is two seconds after the command read the clock, a little before it recorded
    // `scheduled`: never later than that, however late the watcher woke.
    #expect(started.at > scheduled.at && started.at <= scheduled.at + 2000, "recorded at its instant")
    #expect(eventually { ((try? String(contentsOfFile: played, encoding: .utf8)) ?? "").contains("played") })
    // A running stopwatch leaves the watcher nothing to wait for: it goes, having said it once.
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
    #expect((try? String(contentsOfFile: played, encoding: .utf8)) == "played\n")
    #expect(try islet.binary("status").stdout.hasPrefix("⏱ Soon 0:0"))
  }

  /// Its start on the desktop: one ordinary notification saying it started, with Pause and End,
  /// and its End button ends the run it began.
  @Test func itsStartIsOneOrdinaryNotificationWithPauseAndEnd() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\n")
    #expect(
      try islet.binary("start", "10m", "--in", "1s", "--name", "Standup", extra: bus.environment).status == 0)
    let sent = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.first { $0.call == "Notify" }
    let notification = try #require(sent, "\(bus.calls())")
    #expect(notification.summary == "▶ Standup — started", "\(notification)")
    #expect(
      notification.body?.hasPrefix("started ") == true && notification.body?.contains(" · ends ") == true)
    #expect(notification.actions == ["pause", "Pause", "end", "End"], "\(notification)")
    #expect(notification.hints?["urgency"] == .number(1), "not urgent: nothing is over")
    try bus.invokeAction(id: try #require(notification.id), key: "end")
    #expect(eventually { (try? history().last?.kind) == .ended }, "\((try? history()) ?? [])")
    #expect(try history().last?.source == .notification)
    #expect(bus.notifications().count == 1, "said once: \(bus.notifications())")
  }
}
