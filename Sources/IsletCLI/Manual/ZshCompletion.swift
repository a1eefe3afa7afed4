import IsletRuntime

/// The zsh script: `_arguments` specs for `islet` alone and for each command, the commands
/// with their briefs, and the values `islet __complete` prints, each with its description.
enum ZshCompletion {
  static var script: String {
    let entries = CompletionScript.entries
    let top = entries[0].options.map(spec).joined(separator: " \\\n    ")
    let commands = CompletionScript.commands.map { quoted($0.name + ":" + $0.brief) }
      .joined(separator: "\n    ")
    var cases = ""
    for entry in entries.dropFirst() {
      var specs = entry.options.map(spec)
      if let operand = entry.operand { specs.append(quoted("*:" + entry.name + ":" + action(operand))) }
      cases +=
        "      (\(entry.name))\n        _arguments -s \\\n          "
        + specs.joined(separator: " \\\n          ") + " && ret=0\n        ;;\n"
    }
    return """
      #compdef islet
      # zsh completion for islet, made by: islet completions zsh
      # (from the same declarations as islet --help)

      # The values islet __complete prints for a kind (the last argument: _arguments puts its
      # own before it), each with its description.
      _islet_values() {
        local -a values lines
        local line kind=${argv[-1]} tab=$'\\t'
        lines=("${(@f)$(_call_program islet-$kind ${(q)islet} ${(q)db[@]} __complete $kind 2>/dev/null)}")
        for line in $lines; do
          [[ -n $line ]] && values+=("${${line%%$tab*}//:/\\\\:}:${line#*$tab}")
        done
        _describe -t $kind $kind values
      }

      _islet() {
        local islet=${words[1]} curcontext=$curcontext state line ret=1
        local -a db
        local -A opt_args
        local -a commands
        commands=(
          \(commands)
        )
        _arguments -C -s \\
          \(top) \\
          '1:command:->command' \\
          '*::argument:->argument' && ret=0
        [[ -n ${opt_args[--db]} ]] && db=(--db=${opt_args[--db]})
        case $state in
          (command)
            _describe -t commands 'islet command' commands && ret=0
            ;;
          (argument)
            curcontext=${curcontext%:*:*}:islet-$words[1]:
            case $words[1] in
      \(cases)      esac
            ;;
        esac
        return ret
      }

      # Loaded from $fpath by compinit, it completes; sourced, it registers itself.
      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _islet "$@"
      else
        compdef _islet islet
      fi

      """
  }

  /// `'--name=[what the timer is for]:N: '`: an option, its help, its value's action.
  private static func spec(_ option: OptionSpec) -> String {
    let help = "[" + escaped(option.help) + "]"
    let value = option.value.map { "=" + help + ":" + escaped($0) + ":" + action(option.completion) } ?? help
    let long = quoted("--" + option.name + value)
    return option.short.map { quoted("-\($0)" + help) + " " + long } ?? long
  }

  /// What completes a value: its words, files, `islet __complete`, or nothing but the message.
  private static func action(_ values: ValueSet?) -> String {
    switch values {
    case nil: return " "
    case .words(let words)?: return "(" + words.joined(separator: " ") + ")"
    case .files?: return "_files"
    case .dynamic(let kind)?: return "_islet_values " + kind.rawValue
    }
  }

  /// Help or a placeholder inside an `_arguments` spec, where `[`, `]` and `:` mean something.
  private static func escaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\\[]:".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }

  /// Single-quoted for zsh.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }
}
