import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// `start` tells a terminal what it started and gives a pipe the id alone; a bare number is
/// read as seconds, and stderr says so. Serialized: the tmux server one test starts would
/// inherit, and hold open, the pipes of a command another test runs meanwhile.
@Suite(.serialized) struct StartConfirmationTests {
  let islet = Sandbox()
  /// 09:05 UTC.
  let now = ["ISLET_NOW": String(t0.milliseconds / 1000)]

  /// The live activities' ids by name, read from the store.
  func ids() throws -> [String: String] {
    let store = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { store.close() }
    return Dictionary(try store.liveActivities().map { ($0.name, $0.id) }) { first, _ in first }
  }

  @Test func aPipeGetsTheIdAlone() throws {
    let started = try islet.binary("start", "25m", "--name", "Tea", extra: now)
    let id = try #require(try ids()["Tea"])
    #expect(started == Run(status: 0, stdout: id + "\n", stderr: ""))
  }

  @Test func aBareNumberIsSecondsAndStderrSaysSo() throws {
    let started = try islet.binary("start", "25", "--name", "Tea", extra: now)
    let id = try #require(try ids()["Tea"])
    #expect(
      started
        == Run(status: 0, stdout: id + "\n", stderr: "islet: 25 is read as seconds; write 25m for minutes\n"))
    #expect(try islet.binary("status", extra: now).stdout == "⏱ Tea 0:25 ●\n")
    let adjusted = try islet.binary("adjust", "+5", extra: now)
    #expect(adjusted.status == 0)
    #expect(adjusted.stderr == "islet: +5 is read as seconds; write +5m for minutes\n")
    #expect(try islet.binary("status", extra: now).stdout == "⏱ Tea 0:30 ●\n")
    // With a unit there is nothing to say.
    #expect(try islet.binary("adjust", "+5s", extra: now).stderr == "")
    #expect(try islet.binary("start", "25s", extra: now).stderr == "")
  }

  @Test func snoozeForANumberAloneSaysItIsSeconds() throws {
    try islet.binary("start", "1s", "--name", "Egg", extra: now)
    let later = ["ISLET_NOW": String(t0.milliseconds / 1000 + 10)]
    let snoozed = try islet.binary("snooze", "30", extra: later)
    #expect(snoozed.status == 0, "\(snoozed)")
    #expect(snoozed.stderr == "islet: 30 is read as seconds; write 30m for minutes\n")
    #expect(try islet.binary("status", extra: later).stdout == "⏱ Egg 0:30 ●\n")
  }

  /// `islet start 25 minutes`, unquoted, as a newcomer types it: one duration, no hint.
  @Test func aNumberAndAUnitWordTypedApartAreOneDuration() throws {
    let started = try islet.binary("start", "25", "minutes", "--name", "T", extra: now)
    #expect(started.status == 0 && started.stderr == "", "\(started)")
    #expect(try islet.binary("status", extra: now).stdout == "⏱ T 25:00 ●\n")
    let plan = try islet.binary("start", "25", "minutes", "5", "min", "--name", "P", extra: now)
    #expect(plan.status == 0 && plan.stderr == "", "\(plan)")
    #expect(
      try islet.binary("status", "P", "--template", "{segment} {time}", extra: now).stdout == "P 25:00\n")
    let extra = try islet.binary("start", "25", "5", "1", extra: now)
    #expect(extra.status == 64 && extra.stderr.hasPrefix("Error: '25 5 1' is not a duration; "), "\(extra)")
  }

  @Test func theFormsWhoseMeaningIsPlainAreRead() throws {
    for (typed, shown) in [("25min", "25:00"), ("1h30", "1:30:00"), ("90sec", "1:30"), ("2 hrs", "2:00:00")] {
      let started = try islet.binary("start", typed, "--name", "T", extra: now)
      #expect(started.status == 0 && started.stderr == "", "\(typed): \(started)")
      #expect(try islet.binary("status", extra: now).stdout == "⏱ T \(shown) ●\n", "\(typed)")
      try islet.binary("end", extra: now)
    }
  }

  @Test func aTerminalIsToldWhatStarted() throws {
    var environment = islet.environment.merging(now) { $1 }
    environment["TERM"] = "xterm-256color"
    let commands = [
      "\"$0\" start 25 --name Tea", "\"$0\" start --plan pomodoro",
      "\"$0\" start --ascii 1h30 --paused --name Read",
      "\"$0\" start --name Clock", "\"$0\" start 30h --name Long --icon coffee",
      "\"$0\" start 5m --ago 10m --name Over",
      // A countdown to a time of day lasts what is left, milliseconds and all; said in seconds.
      "ISLET_NOW=\(t0.milliseconds / 1000).025 \"$0\" start --until 18:00 --name Late",
      "\"$0\" start 20s/10s --rounds 3 --name HIIT",
      "\"$0\" start --switch --in 10m --name Standup",
    ]
    let pane = try TmuxSession(
      width: 100, height: 14, environment: environment,
      command: ["/bin/sh", "-c", commands.joined(separator: "; "), Binary.path], folder: islet.folder.path)
    #expect(pane.waitForExit() == 0)
    let ids = try ids()
    func id(_ name: String) -> String { ids[name] ?? "(none)" }
    let lines = pane.screen().filter { !$0.isEmpty }
    #expect(
      lines == [
        "⏱ Tea — 25 seconds, until 09:05 · id \(id("Tea"))",
        "islet: 25 is read as seconds; write 25m for minutes",
        "🍅 Pomodoro — Focus 1/4, 25 minutes, until 09:30 · id \(id("Pomodoro"))",
        "[T] Read - 1 hour 30 minutes, ready - id \(id("Read"))",
        "⏱ Clock — stopwatch · id \(id("Clock"))",
        "☕ Long — 30 hours, until tomorrow 15:05 · id \(id("Long"))",
        // Started ten minutes ago, a five-minute countdown is over already.
        "⏱ Over — 5 minutes, finished at 09:00 · id \(id("Over"))",
        "⏱ Late — 8 hours 55 minutes, until 18:00 · id \(id("Late"))",
        // Its work is labelled HIIT, which the sentence would say twice.
        "⏱ HIIT — Work 1/3, 20 seconds, until 09:05 · id \(id("HIIT"))",
        // A switch ahead ends nothing yet.
        "⏱ Standup — stopwatch, starts at 09:15 (in 10 minutes), ends the stopwatches running then · id \(id("Standup"))",
      ], "\(pane.text)")
  }
}
