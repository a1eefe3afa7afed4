import IsletRuntime

/// The completion scripts `islet completions SHELL` prints, made from the declarations: the
/// commands (not the hidden ones), the options each takes, the values each option and operand
/// may have (`ValueSet`). What only the user's files and store know is asked of
/// `islet __complete KIND` while completing.
enum CompletionScript {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  static func text(for shell: Shell) -> String {
    switch shell {
    case .bash: return BashCompletion.script
    case .zsh: return ZshCompletion.script
    case .fish: return FishCompletion.script
    }
  }

  /// What is completed after `islet` alone (`name` empty) or after a command word.
  struct Entry {
    var name: String
    /// Every option it takes: its own, then the global ones.
    var options: [OptionSpec]
    var operand: ValueSet?
  }

  /// The commands a user may type, each alias too, with the few words the top help gives each.
  static var commands: [(name: String, brief: String)] {
    commandSpecs.flatMap { spec in spec.words.map { ($0, spec.brief) } }
  }

  /// `islet` alone, whose operand is a command, then each command, under each of its words.
  static var entries: [Entry] {
    [Entry(name: "", options: DeviceCommand.options + globalOptions, operand: .words(commands.map(\.name)))]
      + commandSpecs.flatMap { spec in
        spec.words.map {
          Entry(name: $0, options: spec.options + globalOptions, operand: spec.operandCompletion)
        }
      }
  }

  /// The options `islet` alone takes that are followed by a value, so that the word after
  /// one is not taken for the command.
  static var leadingValueOptions: [String] {
    CommandLineInterface.leadingOptions.filter { $0.value != nil }.map { "--" + $0.name }
  }
}
