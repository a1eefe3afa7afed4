import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// Hooks that fail, hang or print garbage, and a deadline watcher that dies: intents are never
/// held up, failures land in hooks.log, and no `finished` is lost or doubled.
@Suite struct HooksAndWatcherTests {
  let islet = Sandbox()

  var hooks: String { islet.folder.file("config/islet/hooks") }
  var log: String { islet.folder.file("state/islet/hooks.log") }

  func hook(_ event: String, _ script: String) throws { try islet.hook(event, script) }

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  /// The detached watchers of this sandbox's store.
  func watchers() -> [Int32] {
    processes { arguments, _ in arguments.contains("__watch") && arguments.contains(islet.storePath) }
  }

  func history() throws -> [EventKind] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.history().map(\.kind)
  }

  @Test func aHangingHookDoesNotHoldUpTheIntentAndIsStoppedAndLogged() throws {
    let marker = islet.folder.file("hook.pid")
    try hook("paused", "#!/bin/sh\necho $$ > '\(marker)'\nexec sleep 60\n")
    try islet.binary("start", "--name", "Focus")
    #expect(try islet.binary("pause") == Run(status: 0, stdout: "⏸ Focus paused at 0:00\n", stderr: ""))
    // The intent has returned; its hook is still running.
    #expect(eventually { Int32(text(marker).trimmingCharacters(in: .whitespacesAndNewlines)) != nil })
    let pid = Int32(text(marker).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(kill(pid, 0) == 0)
    #expect(try islet.binary("resume").status == 0)
    #expect(
      eventually(within: 30) { text(log).contains("ran longer than 10s and was stopped") }, "\(text(log))")
    #expect(eventually { kill(pid, 0) != 0 })
  }

  @Test func aHookPrintingGarbageIsLoggedAsOneLineOfText() throws {
    try hook(
      "paused",
      "#!/bin/sh\nprintf '\\033[2J\\033]0;pwned\\007\\377\\376 junk\\n\\nmore'\nprintf 'err\\033[31m' >&2\nexit 1\n"
    )
    try islet.binary("start", "--name", "Focus")
    #expect(try islet.binary("pause").status == 0)
    #expect(eventually { text(log).contains("exited with status 1; it printed: ") }, "\(text(log))")
    let lines = text(log).split(separator: "\n")
    #expect(lines.count == 1)
    #expect(
      !text(log).unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value) }
    )
    #expect(islet.folder.mode("state/islet/hooks.log") == 0o600)
    #expect(islet.folder.mode("state/islet/islet.db.watch") & 0o077 == 0)
  }

  /// The watcher killed before the deadline: the next command that looks (here the status
  /// line's `status`) starts another, and `finished` is recorded and its hook run once.
  @Test func aKilledWatcherIsReplacedByTheNextLookAndFinishedFiresOnce() throws {
    let fired = islet.folder.file("fired")
    try hook("finished", "#!/bin/sh\ncat > /dev/null\necho fired >> '\(fired)'\n")
    try islet.binary("start", "3s", "--name", "Tea")
    #expect(eventually { watchers().count == 1 })
    for pid in watchers() { kill(pid, SIGKILL) }
    #expect(eventually { watchers().isEmpty && lockIsFree(islet.storePath + ".watch") })
    #expect(try islet.binary("status").status == 0)
    #expect(eventually { text(fired) == "fired\n" }, "\(text(fired))")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
    #expect(try history() == [.started, .finished])
    #expect(text(fired) == "fired\n")
  }

  /// Killed, and the deadline passes with nothing running: the next look records `finished`
  /// at the deadline, late but once, and runs its hook.
  @Test func aDeadlineMissedWhileNoWatcherRanIsRecordedAtTheNextLook() throws {
    let fired = islet.folder.file("fired")
    try hook("finished", "#!/bin/sh\ncat >> '\(fired)'\necho >> '\(fired)'\n")
    let id = try islet.binary("start", "1s", "--name", "Egg").stdout.trimmingCharacters(
      in: .whitespacesAndNewlines)
    #expect(eventually { watchers().count == 1 })
    for pid in watchers() { kill(pid, SIGKILL) }
    #expect(eventually { watchers().isEmpty })
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    let deadline = try #require(try reader.activity(id: id)?.deadline)
    reader.close()
    #expect(eventually { SystemClock().now() > deadline })
    #expect(try history() == [.started])
    #expect(try islet.binary("list").status == 0)
    #expect(eventually { text(fired).hasSuffix("}\n\n") })
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
    #expect(try history() == [.started, .finished])
    #expect(text(fired).split(separator: "\n").count == 1)
    #expect(text(fired).contains("\"event\":\"finished\",\"id\":\"\(id)\""))
  }
}

extension HooksAndWatcherTests {
  /// A plan of one-second segments with nothing open: the watcher chains its deadlines and runs
  /// each segment's hooks once, the plan's place in their JSON, and `goal-reached` once.
  @Test func aPlanRunWithNothingOpenRunsItsSegmentHooksWithThePlanAndTheGoalOnce() throws {
    islet.writeConfig("plan.sprint = Work 1s, Rest 1s; rounds 2\ngoal.sprint = 2\n")
    let fired = islet.folder.file("fired")
    let record = "#!/bin/sh\ncat >> '\(fired)'\necho >> '\(fired)'\n"
    for event in ["segment-started", "segment-finished", "goal-reached", "plan-completed"] {
      try hook(event, record)
    }
    let plan = try Plan.parse(name: "sprint", definition: "Work 1s, Rest 1s; rounds 2").get()
    let store = try SQLiteActivityStore.openForWriting(path: islet.storePath)
    let request = StartRequest(name: "Sprint", attributes: ActivityAttributes(plan: plan))
    let started = try IntentDispatcher(store: store, clock: SystemClock()).dispatch(
      .start(request), source: .cli)
    store.close()
    let id = try #require(started.activity?.id)
    // Seeded in this process, so no watcher yet: the next look starts one.
    #expect(try islet.binary("status").stdout.contains(" 1/2 "))
    #expect(eventually { text(fired).contains("\"event\":\"plan-completed\"") }, "\(text(fired))")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })

    let kinds = try history()
    #expect(kinds.filter { $0 == .segmentFinished }.count == 4)
    #expect(kinds.filter { $0 == .goalReached }.count == 1)
    let lines = text(fired).split(separator: "\n").map(String.init)
    let finished = lines.filter { $0.contains("\"event\":\"segment-finished\"") }
    #expect(finished.count == 4, "\(lines)")
    #expect(
      finished.first?.hasPrefix(
        #"{"event":"segment-finished","id":"\#(id)","name":"Sprint","phase":"active","elapsed":1,"source":"time","at":""#
      ) == true, "\(finished)")
    #expect(
      finished.first?.hasSuffix(
        #""plan":{"name":"sprint","segment":"Work","kind":"work","round":1,"rounds":2,"next":{"segment":"Rest","duration":1}},"detail":null}"#
      ) == true, "\(finished)")
    #expect(
      finished.last?.hasSuffix(
        #""plan":{"name":"sprint","segment":"Rest","kind":"break","round":2,"rounds":2,"next":null},"detail":null}"#
      )
        == true,
      "\(finished)")
    let reached = lines.filter { $0.contains("\"event\":\"goal-reached\"") }
    #expect(reached.count == 1, "\(lines)")
    #expect(
      reached.first?.contains(#""plan":{"name":"sprint","segment":"Work","kind":"work","round":2,"#) == true)
    #expect(lines.filter { $0.contains("\"event\":\"segment-started\"") }.count == 3, "\(lines)")

    // The log: a session per segment, each starting where the one before ended.
    let rows = try islet.binary("log", "--csv").stdout.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(
      rows.map { $0[3...].joined(separator: ",") } == [
        "Sprint,finished,1.000,sprint,Work,work,1,2,,true,2,false,,",
        "Sprint,finished,1.000,sprint,Rest,break,1,2,,false,4,false,,",
        "Sprint,finished,1.000,sprint,Work,work,2,2,,true,6,false,,",
        "Sprint,finished,1.000,sprint,Rest,break,2,2,,false,9,false,,",
      ])
    #expect(zip(rows, rows.dropFirst()).allSatisfy { $0[1] == $1[0] }, "\(rows)")
  }

  /// A configuration broken after a countdown started: the detached watcher cannot run, and
  /// says so in hooks.log, the one place a user of hooks looks, instead of vanishing.
  @Test func aWatcherThatCannotReadTheConfigurationSaysSoInHooksLog() throws {
    // A fixed clock starts no watcher: this test starts the one that finds the file broken.
    #expect(try islet.binary("start", "1h", extra: ["ISLET_NOW": "1764493500"]).status == 0)
    islet.writeConfig("colour = red\n")
    let run = try islet.binary("__watch", "--db", islet.storePath)
    #expect(run.status == 64, "\(run)")
    #expect(
      text(log).contains("the deadline watcher stopped: ") && text(log).contains("unknown key 'colour'"),
      "hooks.log: \(text(log))")
  }
}
