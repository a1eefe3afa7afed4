import IsletCore
import IsletRuntime

/// `islet update [ACTIVITY] --name N …`: an activity's name, category, relevance or icon changed.
struct UpdateCommand: Command {
  static let specs = [
    CommandSpec(
      name: "update", operands: "[ACTIVITY]",
      brief: "change an activity's name, category, relevance or icon",
      summary:
        "Change an activity's name, category, relevance or icon (an empty category clears it; a plan's segments keep their own icons).",
      details: activityOperandHelp,
      options: [
        OptionSpec(.name, value: "N", help: "the new name"),
        OptionSpec(.category, value: "C", help: "the new category; '' clears it"),
        OptionSpec(.relevance, value: "R", help: "the new relevance (a number)"),
        OptionSpec(
          .icon, value: "I", help: "the new icon (islet icons lists them)", values: .dynamic(.icons)),
        OptionSpec(
          .fromTmuxBuffer, value: "B",
          help: "take the new name from tmux buffer B (for key bindings)"),
      ],
      maxOperands: 1)
  ]

  /// The change; its name comes from the tmux buffer when `nameBuffer` is set.
  let change: ActivityUpdate
  /// `--from-tmux-buffer B`: the new name a tmux prompt left in buffer B, read when it runs.
  let nameBuffer: String?
  /// The activity named, matched when it runs; nil for the current one.
  let target: String?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    nameBuffer = parsed.value(.fromTmuxBuffer)
    var category: String?
    if let text = parsed.value(.category) {
      category = text.isEmpty ? "" : try parsed.label(.category)
    }
    change = ActivityUpdate(
      name: nameBuffer == nil ? try parsed.label(.name) : nil, category: category,
      relevance: try parsed.relevance(), icon: try parsed.icon())
    guard !change.isEmpty || nameBuffer != nil else {
      throw UsageError(message: "update needs --name, --category, --relevance or --icon", command: "update")
    }
    target = parsed.operands.first
  }

  func run(in environment: Environment) throws -> ExitStatus {
    if let icon = change.icon { try environment.checkIcon(icon, command: "update") }
    var change = change
    if let nameBuffer {
      let text = try environment.tmuxBufferText(nameBuffer, command: "update")
      change.name = try ParsedArguments.label(text, option: "name", command: "update")
    }
    return try environment.dispatch(
      .update(change), target: target, command: "update", describe: environment.confirmation)
  }
}
