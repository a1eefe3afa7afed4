import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

/// `islet alert test`: a sample alert through every configured channel, and what each did.
struct AlertCommand: Command {
  static let specs = [
    CommandSpec(
      name: "alert", operands: "test", brief: "send a sample alert through every channel and say what worked",
      summary: "Send a sample alert through every configured channel, and say which worked and why not.",
      details: """
        The channels are the configuration's alerts (desktop, tmux, bell and terminal unless it
        says otherwise; popup and sound are off by default), then the hooks found and any that is
        not run because others could change it. Exit status 69 when a configured channel could
        not deliver, or a hook is not run.
        """,
      maxOperands: 1)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    guard parsed.operands == ["test"] else {
      let given = parsed.operands.first.map { "'\(printable($0))' is not an alert command; " } ?? ""
      throw UsageError(message: given + "use islet alert test", command: "alert")
    }
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let configuration = try environment.configuration
    let g = environment.glyphs
    let path = try environment.storePath
    let alert = Alert(
      activityID: "", seq: nil, summary: "\(g.event(.finished)) Islet \(g.dash) test alert",
      body: "This is how an alert looks · \(LocalTime.dateTime(environment.now))", urgency: .normal,
      actions: [], awaitsAcknowledgment: false)
    // Run inside tmux, the test reaches this server even before any timer was started here.
    if let socket = TmuxRecorder.socket(from: environment.variables) {
      try makeFolders(above: path)
      TmuxServers.record(socket, storePath: path)
    }
    let desk = AlertDesk(storePath: path, environment: environment.variables)
    let outcomes = desk.deliver(alert, configuration: configuration)
    environment.console.out("Alert test: \(alert.summary)\n")
    let width = AlertChannel.allCases.map(\.rawValue.count).max() ?? 0
    for channel in AlertChannel.allCases {
      let name = channel.rawValue + String(repeating: " ", count: width - channel.rawValue.count)
      let line: String
      switch outcomes.first(where: { $0.channel == channel })?.result {
      case .success(let what): line = "\(g.unicode ? "✓" : "ok") \(what)"
      case .failure(let problem): line = "\(g.unicode ? "✗" : "no") \(problem.reason)"
      case nil: line = "- off"
      }
      environment.console.out("  \(name)  \(line)\n")
    }
    // The hooks, which run on any event: those present, and why any is refused.
    let folder = HookRunner.folder(configuration, environment: environment.variables)
    let hooks = HookRunner.present(in: folder)
    let refusals = hooks.compactMap { kind in
      HookRunner.refusal(of: folder + "/" + kind.rawValue).map { (kind, $0) }
    }
    let runnable = hooks.filter { kind in !refusals.contains { $0.0 == kind } }
    let pad = String(repeating: " ", count: max(0, width - "hooks".count))
    if !runnable.isEmpty {
      let names = runnable.map(\.rawValue).joined(separator: ", ")
      environment.console.out(
        "  hooks\(pad)  \(g.unicode ? "✓" : "ok") \(names) in \(printable(folder, limit: 200))\n")
    }
    for (kind, refusal) in refusals {
      environment.console.out("  hooks\(pad)  \(g.unicode ? "✗" : "no") \(kind.rawValue) \(refusal)\n")
    }
    let file = printable(ConfigurationFile.path(environment: environment.variables), limit: 200)
    environment.console.out("The channels are the 'alerts =' line of \(file).\n")
    return outcomes.allSatisfy(\.succeeded) && refusals.isEmpty ? .ok : .unavailable
  }
}
