import IsletCore
import IsletRuntime

/// `islet __taskwarrior-hook`: what the on-modify hook `islet taskwarrior` prints runs. It reads
/// the task as it was and as modified (two JSON lines), prints the modified one back unchanged,
/// as Taskwarrior wants of a hook, then starts, ends or completes the task's stopwatch
/// (`TaskwarriorChange`).
struct TaskwarriorHookCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__taskwarrior-hook", operands: "",
      brief: "Taskwarrior's on-modify hook",
      summary: "Taskwarrior's on-modify hook: reads the task before and after, prints the task after.",
      maxOperands: 0)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {}

  func run(in environment: Environment) throws -> ExitStatus {
    let lines = StandardInput.all().split(separator: UInt8(ascii: "\n")).map(Array.init)
    // The task goes back first, whatever follows: Islet never stands in a task's way.
    if lines.count >= 2 { environment.console.out(String(decoding: lines[1], as: UTF8.self) + "\n") }
    guard lines.count == 2 else {
      throw CommandFailure(
        message:
          "an on-modify hook reads two lines, the task before and after the change; stdin had \(lines.count)",
        status: .usage)
    }
    guard let before = TaskwarriorTask.parse(lines[0]), let after = TaskwarriorTask.parse(lines[1]) else {
      let bad = TaskwarriorTask.parse(lines[0]) == nil ? lines[0] : lines[1]
      throw CommandFailure(
        message:
          "'\(escaped(bad, limit: 40))' is not a Taskwarrior task (a JSON object with a uuid, a description and a status)",
        status: .usage)
    }
    let attributes = IntentService.attributes(try environment.configuration)
    switch TaskwarriorChange.of(before: before, after: after, attributes: attributes) {
    case .nothing: return .ok
    case .start(let request): return try start(request, uuid: after.uuid, in: environment)
    case .stop(let uuid): return try send(.end, uuid: uuid, description: after.description, in: environment)
    case .update(let uuid, let update):
      // A task started before the hook was installed has no stopwatch to change.
      guard try live(uuid, in: environment) != nil else { return .ok }
      return try send(.update(update), uuid: uuid, description: after.description, in: environment)
    case .complete(let uuid), .delete(let uuid):
      // A task done or deleted without ever being started had no stopwatch: nothing to say.
      guard try live(uuid, in: environment) != nil else { return .ok }
      let intent: Intent = after.status == "completed" ? .complete : .end
      return try send(intent, uuid: uuid, description: after.description, in: environment)
    }
  }

  /// Starts the task's stopwatch, or resumes it when it is live but paused (a start whose stop
  /// never reached Islet).
  private func start(_ request: StartRequest, uuid: String, in environment: Environment) throws -> ExitStatus
  {
    if let running = try live(uuid, in: environment) {
      guard running.state.phase != .active else { return .ok }
      return try send(.resume, uuid: uuid, description: running.name, in: environment)
    }
    // A task started is a stopwatch started: `stopwatch-switch` ends the running ones.
    var request = request
    request.switching = try environment.configuration.switchesByDefault(request, at: environment.now)
    let intents = try environment.openIntents()
    defer { intents.close() }
    let report = try intents.send(.start(request), to: .current, source: .cli)
    return report.refusal.map { environment.refused($0.reason) } ?? .ok
  }

  /// Sends `intent` to the live activity with the task's UUID as its reference; when there is
  /// none, says so (exit 1).
  private func send(_ intent: Intent, uuid: String, description: String, in environment: Environment) throws
    -> ExitStatus
  {
    guard let activity = try live(uuid, in: environment) else {
      return environment.refused(
        "the task '\(printable(description, limit: 40))' (\(printable(uuid, limit: 40))) has no live stopwatch, so there is nothing to \(intent.verb); task N start starts one"
      )
    }
    let intents = try environment.openIntents()
    defer { intents.close() }
    let report = try intents.send(intent, to: .id(activity.id), source: .cli)
    return report.refusal.map { environment.refused($0.reason) } ?? .ok
  }

  /// The live activity whose reference is the task's UUID.
  private func live(_ uuid: String, in environment: Environment) throws -> Activity? {
    let policy = try environment.configuration.policy
    // This machine's alone: a host's stopwatch for the same task is that host's to stop.
    let (store, live, _) = try environment.readLive(policy: policy, remote: false)
    store?.close()
    return live.first { $0.attributes.recordID == TaskwarriorChange.fitting(uuid, .label) }
  }
}
