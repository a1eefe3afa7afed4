import IsletCore
import IsletRuntime

/// `islet plans`: every plan that can be started, the user's then the presets, with its shape
/// and total length; the configured one marked with *.
struct PlansCommand: Command {
  static let specs = [
    CommandSpec(
      name: "plans", operands: "", brief: "the plans to start, with their shape and length",
      summary:
        "List the plans islet start --plan NAME starts: yours, then the presets, each with its segments, rounds, advance policy and total length. The one 'plan =' names in the configuration is marked with *.",
      details: """
        A plan of your own is one line of the configuration (~/.config/islet/config):
          plan.deep = Deep work 50m, Break 10m; rounds 3; long-break 20m; advance ask
        A segment is a label and a duration with its unit (25m, 90s) or as a clock (25:00),
        with an icon's name after them if you like (Focus 25m tomato). A \\ keeps a ',', ';',
        space or \\ in a label. After ';' come rounds N, long-break [LABEL] DURATION [every N],
        warm-up …, cool-down …, advance auto|ask|breaks|work, and cue N (the last N seconds
        of each segment cued, 0 off). A plan named as a preset takes its place, and
        'plan = deep' makes it the one the tmux key starts.
        """,
      options: [OptionSpec(.json, value: nil, help: "print JSON (an array)")],
      maxOperands: 0)
  ]

  let json: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    json = parsed.has(.json)
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let configuration = try environment.configuration
    let plans = configuration.allPlans
    if json {
      let items = plans.map { Self.json($0, isDefault: $0.name == configuration.plan) }
      environment.console.out(JSON.array(items).text + "\n")
      return .ok
    }
    let unicode = environment.unicode
    let rows = plans.map { plan in
      [
        plan.name == configuration.plan ? "*" : " ", plan.name,
        plan.shape(unicode: unicode) + Plan.separator(unicode: unicode) + plan.totalText,
      ]
    }
    environment.console.out(table(rows))
    return .ok
  }

  /// `{"name", "default", "definition", "segments": [{label, duration, kind, icon}], "rounds",
  /// "advance", "cue", "total"}`, durations in seconds; the segments of a whole run in order.
  static func json(_ plan: Plan, isDefault: Bool) -> JSON {
    func seconds(_ span: Milliseconds) -> JSON { .number(Double(span) / 1000) }
    let segments = plan.segments.map { segment in
      JSON.object([
        ("label", .string(segment.label)), ("duration", seconds(segment.duration)),
        ("kind", .string(segment.kind.rawValue)), ("icon", .string(segment.icon)),
      ])
    }
    return .object([
      ("name", .string(plan.name)), ("default", .bool(isDefault)), ("definition", .string(plan.definition)),
      ("segments", .array(segments)), ("rounds", .number(Double(plan.rounds))),
      ("longBreakEvery", plan.longBreak == nil ? .null : .number(Double(plan.longBreakEvery))),
      ("advance", .string(plan.advance.rawValue)), ("cue", .number(Double(plan.cueSeconds))),
      ("total", seconds(plan.total)),
    ])
  }
}
