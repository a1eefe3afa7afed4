import IsletCore
import IsletRuntime

/// `islet update [ACTIVITY] --name N …`: an activity's name, category, relevance or icon
/// changed, or what a program posts on it (state text, progress, attention, buttons).
struct UpdateCommand: Command {
  static let specs = [
    CommandSpec(
      name: "update", operands: "[ACTIVITY]",
      brief: "change an activity's name, category, icon, or its state, progress, attention and buttons",
      summary:
        "Change an activity's name, category, relevance or icon (an empty category clears it; a plan's segments keep their own icons), or what a program posts on it: its state text, progress, attention and buttons.",
      details: activityOperandHelp + """

        A progress alone is saved without a history event, and the same progress again writes
        nothing, so a script may report it as often as it likes. --attention alerts and keeps the
        island until an intent answers it (a button pressed, a pause) or --no-attention.
        --button replaces all the buttons given before, and --tag all the tags.

        Examples:
          islet update deploy --state Migrating --progress 72%
          islet update deploy --attention "Needs your approval" --button "Approve=./approve.sh"
        """,
      options: [
        OptionSpec(.name, value: "N", help: "the new name"),
        OptionSpec(.category, value: "C", help: "the new category; '' clears it"),
        OptionSpec(
          .tag, value: "T", help: "the new tags, replacing all of them (repeat it for several)",
          repeatable: true),
        OptionSpec(.noTags, help: "remove its tags"),
        OptionSpec(.relevance, value: "R", help: "the new relevance (a number)"),
        OptionSpec(
          .icon, value: "I", help: "the new icon (islet icons lists them)", values: .dynamic(.icons)),
        OptionSpec(
          .fromTmuxBuffer, value: "B",
          help: "take the new name from tmux buffer B (for key bindings)"),
      ] + PostedOptions.specs(clearing: true),
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
    var change = ActivityUpdate(
      name: nameBuffer == nil ? try parsed.label(.name) : nil, category: category,
      relevance: try parsed.relevance(), icon: try parsed.icon(), text: try parsed.postedText(.state),
      attention: try parsed.postedText(.attention))
    try Self.clearing(parsed, into: &change)
    guard !change.isEmpty || nameBuffer != nil else {
      throw UsageError(
        message:
          "update needs --name, --category, --tag, --relevance, --icon, --state, --progress, --attention or --button",
        command: "update")
    }
    self.change = change
    target = parsed.operands.first
  }

  /// `--progress` or `--no-progress`, `--no-attention`, `--button` or `--no-buttons`: each pair
  /// one or the other.
  private static func clearing(_ parsed: ParsedArguments, into change: inout ActivityUpdate) throws {
    let pairs: [(Option, Option)] = [
      (.progress, .noProgress), (.attention, .noAttention), (.button, .noButtons), (.tag, .noTags),
    ]
    for (set, clear) in pairs where parsed.has(set) && parsed.has(clear) {
      throw UsageError(message: "give --\(set.name) or --\(clear.name), not both", command: "update")
    }
    if let percent = try parsed.percent() { change.percent = .some(percent) }
    if parsed.has(.noProgress) { change.percent = .some(nil) }
    if parsed.has(.noAttention) { change.attention = "" }
    if parsed.has(.button) { change.buttons = try parsed.buttons() }
    if parsed.has(.noButtons) { change.buttons = [] }
    change.tags = try parsed.tags()
    if parsed.has(.noTags) { change.tags = [] }
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
