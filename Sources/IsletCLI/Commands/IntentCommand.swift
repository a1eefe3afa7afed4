import IsletCore
import IsletRuntime

/// `islet pause`, `resume`, `toggle`, `skip`, `lap`, `reset`, `complete` and `end`: one intent sent to
/// an activity (`[ACTIVITY]`, else the current one), and a line saying what it did.
struct IntentCommand: Command {
  static let specs = [
    intentSpec(
      "pause", "pause an activity", "Pause a running activity (on a plan, its current segment)."),
    intentSpec(
      "resume", "resume a paused activity, or start a ready one",
      "Resume a paused activity, or start one that is ready."),
    intentSpec(
      "toggle", "start, pause or resume an activity",
      "Start, pause or resume an activity; a finished countdown is completed, and a plan's segment that is waiting goes on to the next. With nothing live, starts a stopwatch."
    ),
    intentSpec(
      "skip", "end a plan's current segment and start the next",
      "End the current segment of a plan now and start the next one running.",
      """
      A skipped work segment does not count toward the long break or the daily goal. Skip on
      the last segment completes the run; on a segment that is waiting, it goes on as toggle does.
      """),
    intentSpec(
      "lap", "mark a lap on a running stopwatch",
      "Mark a lap on a running stopwatch: the running time since the last lap (or the start).",
      """
      A lap counts running time only: the time a stopwatch spends paused is in no lap, and a
      paused stopwatch takes no lap. islet laps lists the laps with their splits, the fastest,
      the slowest and the average.
      """),
    intentSpec(
      "reset", "put an activity back to 0:00 (or its full duration), ready",
      "Reset an activity to 0:00 (a countdown to its full duration, a plan's current segment to its full length), ready to start again. The discarded run is logged."
    ),
    intentSpec(
      "complete", "complete an activity; its time goes in the log",
      "Complete an activity (on a plan, the whole run); its elapsed time is recorded in the log.",
      "islet stop is complete, as a time tracker's stop is: the clock stops and the time is kept.",
      aliases: ["stop"]),
    intentSpec(
      "end", "end an activity without completing it",
      "End an activity without completing it (on a plan, the whole run).",
      "islet cancel is end: the run is abandoned, not completed.",
      aliases: ["cancel"]),
  ]

  /// The intents these commands send, each under its verb.
  static let intents: [Intent] = [.pause, .resume, .toggle, .skip, .lap, .reset, .complete, .end]

  let intent: Intent
  /// The activity named, matched when it runs; nil for the current one.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    guard let intent = Self.intents.first(where: { $0.verb == parsed.command }) else {
      throw UsageError(message: "unknown command '\(printable(parsed.command ?? ""))'", command: nil)
    }
    self.intent = intent
    target = remoteTarget(parsed.operands.first, host: parsed.value(.host))
  }

  func run(in environment: Environment) throws -> ExitStatus {
    try environment.dispatch(
      intent, target: target, command: intent.verb, describe: environment.confirmation)
  }
}
