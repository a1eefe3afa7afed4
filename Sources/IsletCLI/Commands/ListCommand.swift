import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

/// `islet list`: the live activities (with `--all`, every one), the current one marked with *.
struct ListCommand: Command {
  static let specs = [
    CommandSpec(
      name: "list", operands: "", brief: "the live activities (--all: every one)",
      summary: "List the live activities, the current one marked with *.",
      options: [
        OptionSpec(.all, value: nil, help: "include completed, ended and expired ones"),
        OptionSpec(.json, value: nil, help: "print JSON (an array)"),
      ],
      maxOperands: 0)
  ]

  let all: Bool
  let json: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    all = parsed.has(.all)
    json = parsed.has(.json)
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let policy = try environment.configuration.policy
    let (store, live, _) = try environment.readLive(policy: policy)
    defer { store?.close() }
    let now = environment.now
    var shown = live
    if all, let store {
      let liveIDs = Set(live.map(\.id))
      let every = try TimerEngine.settled(
        try store.rememberedActivities(), at: now, policy: policy, keeps: store.isProgramRun
      ).activities
      shown += every.filter { !liveIDs.contains($0.id) }.reversed()
    }
    if json {
      environment.console.out(JSON.array(shown.map { environment.text($0, policy: policy).json }).text + "\n")
      return .ok
    }
    if shown.isEmpty {
      environment.console.out("No live activities. Start one with: islet start 25m --name Focus\n")
      return .ok
    }
    var rows = [["", "ID", "NAME", "PHASE", "TIME", "KIND"]]
    for activity in shown {
      let t = environment.text(activity, policy: policy)
      let kind =
        t.position.map { "plan \(printableName($0.name)) · \($0.text(after: $0.name))" }
        ?? activity.state.duration.map { "countdown \(DurationText.clock(seconds: $0 / 1000))" }
        ?? "stopwatch"
      let reference = activity.attributes.recordID.map { " · ID \(printable($0))" } ?? ""
      rows.append([
        activity.id == live.first?.id ? "*" : " ", activity.id, t.name,
        t.phase.rawValue + (activity.isStale(at: now) ? " (stale)" : ""),
        // Once over, what it ran: the time left would read as if it were still going. Pending,
        // when it starts, as every small place says it.
        t.phase == .pending
          ? Look(activity: activity, now: now, policy: policy).rowTime
          : t.phase.isLive ? t.time : "ran " + DurationText.clock(seconds: t.ran / 1000),
        kind + reference,
      ])
    }
    // Within the line, a long name cut rather than every row widened.
    environment.console.out(
      table(rows, fitting: environment.outputWidth, shrinking: 2, ellipsis: environment.glyphs.ellipsis))
    return .ok
  }
}
