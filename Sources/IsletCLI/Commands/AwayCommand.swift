import IsletCore
import IsletRuntime

/// `islet away [ACTIVITY] [keep|drop|stop]`: the question a stopwatch (or, with `on-unlock =
/// ask`, a countdown that going away paused) asks after the user was away from the machine
/// (locked, asleep), listed or answered through the one intent path.
struct AwayCommand: Command {
  static let specs = [
    CommandSpec(
      name: "away", operands: "[ACTIVITY] [keep|drop|stop]",
      brief: "answer what a stopwatch's time away becomes: keep, drop, stop",
      summary:
        "After the screen was locked or the machine slept longer than away-after, a running stopwatch asks what its time away becomes. Alone, list the questions; with an answer, give it.",
      details: activityOperandHelp
        + """


        keep leaves the time away in; drop takes it out, as a pause from when you went to when
        you came back, and the stopwatch goes on; stop takes it out and completes the stopwatch
        at the moment you went. With on-unlock = ask, a countdown that locking paused asks too:
        keep counts the time away as run, drop goes on from where it paused, stop completes it.
        Without ACTIVITY, the one that asks. Nothing changes until it is answered, unless the
        configuration's away-default answers for you. A question is also offered as a desktop
        notification with these three buttons.

        Examples:
          islet away
          islet away drop
          islet away Focus keep
        """,
      maxOperands: 2)
  ]

  let answer: AwayAnswer?
  /// The activity named, matched when it runs; nil for the one that asks.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    let operands = parsed.operands
    guard let last = operands.last else {
      answer = nil
      target = nil
      return
    }
    guard let answer = AwayAnswer(rawValue: last.lowercased()) else {
      // ACTIVITY alone: its question listed.
      guard operands.count == 1 else {
        throw UsageError(
          message: "'\(printable(last, limit: 40))' is not an answer; use keep, drop or stop", command: "away"
        )
      }
      answer = nil
      target = last
      return
    }
    self.answer = answer
    target = operands.count == 2 ? operands[0] : nil
  }

  func run(in environment: Environment) throws -> ExitStatus {
    guard let answer else { return try list(in: environment) }
    return try environment.dispatch(
      .away(.answer(answer)), target: target, command: "away", describe: environment.confirmation)
  }

  /// `Focus  away 14m, 10:05 to 10:19`: one line a question; none is exit 1.
  private func list(in environment: Environment) throws -> ExitStatus {
    let policy = try environment.configuration.policy
    let (store, live, _) = try environment.readLive(policy: policy, remote: false)
    defer { store?.close() }
    var asking = AwayRule.asking(live)
    if let target {
      let found: Activity
      switch ActivityMatcher.match(target, among: live, at: environment.now, policy: policy) {
      case .success(let activity): found = activity
      case .failure(.nothingLive), .failure(.noMatch):
        // One word: an answer mistyped as likely as an activity's name.
        throw UsageError(
          message:
            "'\(printable(target, limit: 40))' is not an answer (keep, drop or stop), and no live activity matches it",
          command: "away")
      case .failure(let failure): throw environment.matchFailure(failure, command: "away")
      }
      asking = asking.filter { $0.id == found.id }
      guard !asking.isEmpty else {
        return environment.refused("\(printableName(found.name)) asks nothing about time away")
      }
    }
    guard !asking.isEmpty else {
      return environment.refused(
        "nothing asks about time away; a stopwatch asks after a lock or a sleep longer than away-after")
    }
    let now = environment.now
    let width = asking.map { printable($0.name, limit: 40).count }.max() ?? 0
    for activity in asking {
      guard let away = activity.state.away, let back = away.back else { continue }
      let name = printable(activity.name, limit: 40)
      let padding = String(repeating: " ", count: width - name.count)
      environment.console.out(
        "\(name)\(padding)  away \(Away.said(back - away.since)), "
          + "\(LocalTime.clock(away.since, from: now)) to \(LocalTime.clock(back, from: now))"
          + "  (islet away \(activity.id) keep|drop|stop)\n")
    }
    return .ok
  }
}
