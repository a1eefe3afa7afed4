import IsletRuntime

/// What an option's value or a command's operand may be, as the completions offer it.
///
/// A placeholder that lists lowercase words (`name|category`) is that set of words by itself;
/// any other set is declared by `OptionSpec.values` or `CommandSpec.operandValues`.
enum ValueSet: Equatable {
  /// These words, known when the script is made.
  case words([String])
  /// A path.
  case files
  /// Known only when completing: `islet __complete KIND` prints them (`CompleteCommand`).
  case dynamic(DynamicValues)

  /// The words of a placeholder such as `plain|ansi|tmux` or `test`; nil for `N`, `NAME|FILE`.
  static func listed(in placeholder: String) -> ValueSet? {
    let words = placeholder.split(separator: "|").map(String.init)
    let isWord: (String) -> Bool = { word in
      word.first?.isLowercase == true
        && word.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
    }
    return !words.isEmpty && words.allSatisfy(isWord) ? .words(words) : nil
  }
}

/// The sets that depend on the user's files and store, printed by `islet __complete KIND`.
enum DynamicValues: String, CaseIterable {
  /// The built-in themes and the user's theme files.
  case themes
  /// The icon names of the theme in use.
  case icons
  /// The presets and the configuration's plans.
  case plans
  /// The live activities, by id and by name.
  case activities
}

extension OptionSpec {
  /// The values the completions offer after it: declared, or listed by its placeholder.
  var completion: ValueSet? { values ?? value.flatMap(ValueSet.listed(in:)) }
}

extension CommandSpec {
  /// The values the completions offer for an operand: declared, or read from `operands`:
  /// `[ACTIVITY]` the live activities, `[COMMAND]` the commands, `a|b|c` those words.
  var operandCompletion: ValueSet? {
    if let operandValues { return operandValues }
    let first = String(operands.split(separator: " ").first?.filter { $0 != "[" && $0 != "]" } ?? "")
    switch first {
    case "ACTIVITY": return .dynamic(.activities)
    case "COMMAND": return .words(commandSpecs.flatMap(\.words))
    default: return ValueSet.listed(in: first)
    }
  }
}
