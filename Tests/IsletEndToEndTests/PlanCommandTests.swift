import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// Plans through the built binary, each command on a fixed clock (`ISLET_NOW`) moved by hand:
/// what is started, what each intent says, what `wait` exits with, what `islet plans` lists.
@Suite struct PlanCommandTests {
  let islet = Sandbox()

  /// Runs the binary as if it were `offset` after t0.
  @discardableResult
  func at(_ offset: Milliseconds, _ arguments: String..., from start: Instant = t0) throws -> Run {
    let now = start + offset
    return try Binary.run(
      arguments,
      environment: islet.environment.merging(["ISLET_NOW": "\(Double(now.milliseconds) / 1000)"]) { $1 })
  }

  func id(_ run: Run) -> String { run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) }

  func stored(_ id: String) throws -> Activity {
    let store = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { store.close() }
    return try #require(try store.activity(id: id))
  }

  /// The kind, the segment and its round, and the instant after t0 of each event recorded.
  func trace(_ id: String, from start: Instant = t0) throws -> [String] {
    let store = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { store.close() }
    return try store.history(activityID: id).map { event in
      let place = event.plan.map { " \($0.segment) \($0.round)/\($0.rounds)" } ?? ""
      return "\(event.kind.rawValue)\(place) +\(DurationText.compact(event.at - start))"
    }
  }

  // MARK: - Starting

  @Test func aPresetStartsNamedAfterItsPlan() throws {
    let started = try at(0, "start", "--plan", "pomodoro")
    #expect(started.status == 0 && started.stderr == "", "\(started)")
    #expect(id(started).count == 4 && started.stdout == id(started) + "\n")
    let pomodoro = try stored(id(started))
    #expect(pomodoro.name == "Pomodoro")
    #expect(pomodoro.attributes.plan == Configuration().plan(named: "pomodoro"))
    #expect(pomodoro.planPosition?.segment == "Focus" && pomodoro.state.duration == minutes(25))
    #expect(try trace(id(started)) == ["started Focus 1/4 +0s", "segment-started Focus 1/4 +0s"])

    // The options change the plan started, and --name the activity's name only.
    let changed = try at(
      0, "start", "--plan", "Tabata", "--rounds", "4", "--ask", "--cue", "0", "--long-break", "1m",
      "--name", "Legs", "--icon", "run")
    let legs = try stored(id(changed))
    #expect(legs.name == "Legs")
    #expect(
      legs.attributes.plan?.definition
        == "Work 20s run, Rest 10s coffee; rounds 4; long-break Long break 1m coffee every 4; advance ask; cue 0"
    )
    // Fewer rounds than the long break's every N: the run still ends with its long break.
    let short = try stored(id(try at(0, "start", "--plan", "pomodoro", "--rounds", "2")))
    #expect(
      short.attributes.plan?.segments.map { "\($0.label) \(DurationText.compact($0.duration))" } == [
        "Focus 25m", "Break 5m", "Focus 25m", "Long break 15m",
      ])
    #expect(
      try at(0, "start", "--help").stdout.contains(
        "With --rounds fewer than its long break's every N, a plan still ends with its long break:\n"))
    let ready = try stored(id(try at(0, "start", "--plan", "52-17", "--paused", "--advance", "breaks")))
    #expect(ready.name == "52-17" && ready.state.phase == .idle && ready.attributes.plan?.advance == .breaks)
  }

  @Test func aPlanOfYourOwnStartsFromTheConfiguration() throws {
    islet.writeConfig("plan.deep = Deep work 50m focus, Break 10m; rounds 3; advance ask\n")
    let deep = try stored(id(try at(0, "start", "--plan", "deep")))
    #expect(deep.name == "Deep")
    #expect(
      deep.attributes.plan?.definition
        == "Deep work 50m focus, Break 10m coffee; rounds 3; advance ask; cue 0")
    #expect(
      try at(0, "start", "--plan", "dep")
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: unknown plan 'dep'; did you mean 'deep'? Known plans: deep, pomodoro, tabata, hiit, 52-17\n"
            + UsageTests.startUsage))
  }

  @Test func aWorkAndABreakMakeAPlan() throws {
    let deep = try stored(
      id(try at(0, "start", "25m/5m", "--rounds", "4", "--long-break", "15m", "--name", "Deep  work")))
    #expect(deep.name == "Deep  work")
    let plan = try #require(deep.attributes.plan)
    // The work's label is --name as given: the definition keeps its spaces.
    #expect(plan.work.label == "Deep  work")
    #expect(
      plan.definition
        == #"Deep \ work 25m timer,"#
        + " Break 5m coffee; rounds 4; long-break Long break 15m coffee every 4; advance auto; cue 0"
    )
    #expect(plan.total == minutes(4 * 25 + 3 * 5 + 15))

    // An interval timer: named Intervals, its work labelled Work, cued as short segments are.
    let intervals = try stored(id(try at(0, "start", "20s", "/", "10s", "--rounds", "8")))
    #expect(intervals.name == "Intervals")
    #expect(
      intervals.attributes.plan?.definition
        == "Work 20s timer, Break 10s coffee; rounds 8; advance auto; cue 3")
    #expect(intervals.attributes.plan?.total == seconds(240))

    // One round unless --rounds; one DURATION with --rounds is work with no break.
    #expect(try stored(id(try at(0, "start", "25m/5m"))).attributes.plan?.segments.count == 2)
    let laps = try stored(id(try at(0, "start", "5m", "--rounds", "3", "--icon", "run", "--ask")))
    #expect(laps.attributes.plan?.definition == "Work 5m run; rounds 3; advance ask; cue 0")
    // A single countdown is still one.
    #expect(try stored(id(try at(0, "start", "25m"))).attributes.plan == nil)
  }

  /// A plan made with `--name HIIT` labels its work HIIT: no sentence or label says it twice.
  @Test func aWorkLabelledWithTheNameIsSaidOnce() throws {
    _ = id(try at(0, "start", "20s/10s", "--rounds", "3", "--name", "HIIT"))
    let listed = try at(seconds(5), "list").stdout
    #expect(listed.contains("plan HIIT · Work 1/3\n"), "\(listed)")
    #expect(
      try at(seconds(5), "skip").stdout == "⏭ HIIT skipped Work 1/3; Break 1/3 started, 0:10 to go\n")
    let banner = try at(seconds(6), "status", "--presentation", "lockscreen").stdout
    #expect(banner.contains("HIIT · Break "), "\(banner)")
    #expect(!banner.contains("HIIT · HIIT"), "\(banner)")
  }

  /// Words in descending units are one countdown however they are spaced; two that cannot be
  /// one are still a work and a break.
  @Test func descendingUnitsAreOneCountdown() throws {
    for words in [["1h", "30m"], ["1", "hour", "30", "min"], ["1h", "30min"], ["1h30m"]] {
      let started = try stored(id(try Binary.run(["start"] + words, environment: islet.environment)))
      #expect(started.attributes.plan == nil, "\(words) started a plan")
      #expect(started.attributes.fullDuration == minutes(90), "\(words) is not 1:30:00")
    }
    for words in [["50m", "10m"], ["10m", "50m"], ["25", "minutes", "5", "minutes"]] {
      let started = try stored(id(try Binary.run(["start"] + words, environment: islet.environment)))
      let plan = try #require(started.attributes.plan, "\(words) started no plan")
      #expect(plan.segments.map(\.kind) == [.work, .break], "\(words)")
    }
  }

  // MARK: - Intents on a plan

  @Test func eachIntentOnAPlanSaysWhatItDid() throws {
    let pomodoro = id(try at(0, "start", "--plan", "pomodoro"))
    #expect(
      try at(minutes(10), "skip")
        == Run(status: 0, stdout: "⏭ Pomodoro skipped Focus 1/4; Break 1/4 started, 5:00 to go\n", stderr: "")
    )
    // The break is over at 15:00 and, asking, waits: toggle goes on, pause does not apply.
    #expect(
      try at(minutes(16), "pause")
        == Run(status: 1, stdout: "", stderr: "islet: Pomodoro's Break is over; toggle or skip goes on\n"))
    #expect(try at(minutes(16), "toggle").stdout == "▶ Pomodoro Focus 2/4 started, 25:00 to go\n")
    #expect(try at(minutes(20), "pause").stdout == "⏸ Pomodoro paused at 21:00\n")
    #expect(try at(minutes(21), "reset").stdout == "↺ Pomodoro reset to 25:00 (discarded 4:00)\n")
    #expect(try at(minutes(22), "toggle").stdout == "▶ Pomodoro Focus 2/4 started, 25:00 to go\n")
    #expect(try at(minutes(30), "complete").stdout == "✓ Pomodoro done — the whole plan\n")
    #expect(
      try trace(pomodoro) == [
        "started Focus 1/4 +0s", "segment-started Focus 1/4 +0s",
        "skipped Focus 1/4 +10m", "segment-started Break 1/4 +10m",
        "segment-finished Break 1/4 +15m", "segment-started Focus 2/4 +16m",
        "paused Focus 2/4 +20m", "reset Focus 2/4 +21m", "segment-started Focus 2/4 +22m",
        "completed Focus 2/4 +30m", "plan-completed Focus 2/4 +30m",
      ])

    // End finishes the whole run; skip on the last segment completes it.
    let start = t0 + minutes(40)
    try at(0, "start", "--plan", "tabata", from: start)
    #expect(try at(seconds(65), "end", from: start).stdout == "⏹ Tabata ended at 0:05\n")
    try at(0, "start", "20s", "10s", from: start)
    #expect(
      try at(seconds(1), "skip", from: start).stdout
        == "⏭ Intervals skipped Work; Break started, 0:10 to go\n")
    #expect(
      try at(seconds(2), "skip", from: start).stdout
        == "⏭ Intervals skipped Break; done — the whole plan\n")
    #expect(try at(seconds(2), "list").stdout.hasPrefix("No live activities."))

    // A single timer has no segment to skip.
    try at(0, "start", "25m", "--name", "Workout", from: start)
    #expect(
      try at(seconds(3), "skip", from: start)
        == Run(
          status: 1, stdout: "",
          stderr: "islet: Workout is a single timer; skip moves a plan on to its next segment\n"))
  }

  @Test func theHelpSaysWhatEachIntentDoesOnAPlan() throws {
    let skip = try at(0, "skip", "--help").stdout
    #expect(
      skip.hasPrefix(
        "Usage: islet skip [ACTIVITY] [--host NAME]\n\nEnd the current segment of a plan now and start the next one running.\n"
      ))
    #expect(
      skip.contains(
        "A skipped work segment does not count toward the long break or the daily goal. Skip on\nthe last segment completes the run; on a segment that is waiting, it goes on as toggle does.\n"
      ))
    #expect(
      try at(0, "toggle", "--help").stdout.contains("a plan's segment that is waiting goes on to the next"))
    #expect(try at(0, "reset", "--help").stdout.contains("a plan's current segment to its full length"))
    #expect(try at(0, "complete", "--help").stdout.contains("(on a plan, the whole run)"))
    #expect(try at(0, "end", "--help").stdout.contains("(on a plan, the whole run)"))
    #expect(
      try at(0, "wait", "--help").stdout.contains(
        "A plan is waited on until the whole run completes (exit 0)"))
  }

  // MARK: - wait

  /// A clock far ahead of the real one, so that a waiter sleeps until the store changes rather
  /// than waking for deadlines long past.
  static let later = Instant(seconds: 4_102_444_800)

  /// What a waiter printed and exited with, once it has exited by itself (bounded: on this
  /// clock its --timeout never comes); one still waiting is stopped and fails the test.
  func finish(_ waiting: (Process, Pipe, Pipe)) -> Run {
    let exited = eventually { !waiting.0.isRunning }
    if !exited { waiting.0.terminate() }
    #expect(exited, "the wait did not end")
    return Binary.finish(waiting)
  }

  /// `wait` started at `offset` after `later`, once it is watching the store.
  func waiter(at offset: Milliseconds) throws -> (Process, Pipe, Pipe) {
    let now = Self.later + offset
    let waiting = try Binary.start(
      ["wait", "--timeout", "1h"],
      environment: islet.environment.merging(["ISLET_NOW": "\(now.milliseconds / 1000)"]) { $1 })
    #expect(eventually { watcherCount(of: waiting.0.processIdentifier) > 0 })
    return waiting
  }

  /// A segment that ends, waits, goes on, is skipped or reset does not end the wait; end does (1).
  @Test func waitOnAPlanOutlastsItsSegmentsAndEndsWithTheRun() throws {
    try at(0, "start", "--plan", "pomodoro", from: Self.later)
    // At 26:00 the first Focus is over and waiting: a single countdown would be done here.
    let waiting = try waiter(at: minutes(26))
    for intent in ["toggle", "skip", "reset", "toggle", "pause"] {
      #expect(try at(minutes(27), intent, from: Self.later).status == 0, "\(intent)")
    }
    #expect(waiting.0.isRunning)
    #expect(try at(minutes(28), "end", from: Self.later).stdout == "⏹ Pomodoro ended at 0:00\n")
    #expect(finish(waiting) == Run(status: 1, stdout: "", stderr: ""))
  }

  @Test func waitOnAPlanIsZeroWhenTheRunCompletes() throws {
    // Completed by the user, after a reset that would end a wait on a single timer.
    try at(0, "start", "--plan", "pomodoro", from: Self.later)
    let completed = try waiter(at: minutes(1))
    #expect(try at(minutes(2), "skip", from: Self.later).status == 0)
    #expect(try at(minutes(3), "reset", from: Self.later).status == 0)
    #expect(try at(minutes(4), "complete", from: Self.later).stdout == "✓ Pomodoro done — the whole plan\n")
    #expect(finish(completed) == Run(status: 0, stdout: "", stderr: ""))

    // Completed by time: the next writer to look records the rest of the run at once.
    let start = Self.later + minutes(10)
    try at(0, "start", "--plan", "tabata", from: start)
    let timed = try waiter(at: minutes(10) + seconds(5))
    #expect(try at(minutes(5), "wait", from: start).status == 1)
    #expect(finish(timed) == Run(status: 0, stdout: "", stderr: ""))
  }

  @Test func waitOnAPlanIsOneWhenItExpires() throws {
    try at(0, "start", "--plan", "pomodoro", "--paused", from: Self.later)
    let waiting = try waiter(at: minutes(1))
    // Left alone past max-idle (8 hours), the next writer records it expired.
    #expect(try at(minutes(9 * 60), "wait", from: Self.later).status == 1)
    #expect(finish(waiting) == Run(status: 1, stdout: "", stderr: ""))
  }

  // MARK: - islet plans

  @Test func plansListsEachPlanWithItsShapeAndLength() throws {
    islet.writeConfig(
      """
      plan = deep
      plan.deep = Deep work 50m, Break 10m; rounds 3; long-break 20m; advance ask
      plan.tabata = Work 30s, Rest 15s; rounds 6; warm-up 2m; cool-down Stretch 3m
      """)
    #expect(
      try at(0, "plans")
        == Run(
          status: 0,
          stdout: """
            *  deep      Deep work 50m, Break 10m × 3, Long break 20m every 3 · ask · 3:10:00
               tabata    Warm-up 2m, Work 30s, Rest 15s × 6, Stretch 3m · auto · cue 3s · 9:30
               pomodoro  Focus 25m, Break 5m × 4, Long break 15m every 4 · ask · 2:10:00
               hiit      Warm-up 5m, Work 40s, Rest 20s × 10, Cool-down 5m · auto · cue 3s · 20:00
               52-17     Work 52m, Break 17m × 3 · ask · 3:27:00

            """, stderr: ""))
    // The help says what a plan line needs: a duration's unit, and how a label keeps a comma.
    let help = try at(0, "plans", "--help").stdout
    #expect(
      help.contains("A segment is a label and a duration with its unit (25m, 90s) or as a clock (25:00),"))
    #expect(help.contains(#"A \ keeps a ',', ';',"# + "\n" + #"space or \ in a label."#))
    #expect(
      try at(0, "--ascii", "plans").stdout.hasPrefix(
        "*  deep      Deep work 50m, Break 10m x 3, Long break 20m every 3 - ask - 3:10:00\n"))
  }

  @Test func plansAsJSON() throws {
    islet.writeConfig("plan.walk = Walk 10m run, Rest 1.5m; rounds 2; cue 5\n")
    let json = try at(0, "plans", "--json")
    #expect(json.status == 0 && json.stderr == "")
    let walk =
      #"{"name":"walk","default":false,"definition":"Walk 10m run, Rest 1m30s coffee; rounds 2; advance auto; cue 5","#
      + #""segments":[{"label":"Walk","duration":600,"kind":"work","icon":"run"},"#
      + #"{"label":"Rest","duration":90,"kind":"break","icon":"coffee"},"#
      + #"{"label":"Walk","duration":600,"kind":"work","icon":"run"},"#
      + #"{"label":"Rest","duration":90,"kind":"break","icon":"coffee"}],"#
      + #""rounds":2,"longBreakEvery":null,"advance":"auto","cue":5,"total":1380}"#
    #expect(
      json.stdout.hasPrefix("[" + walk + #",{"name":"pomodoro","default":true,"#),
      "\(json.stdout.prefix(600))")
    #expect(json.stdout.contains(#""rounds":4,"longBreakEvery":4,"advance":"ask","cue":0,"total":7800}"#))
    #expect(json.stdout.hasSuffix("}]\n"))
  }
}

private func seconds(_ n: Int64) -> Milliseconds { n * 1000 }
private func minutes(_ n: Int64) -> Milliseconds { n * 60_000 }
