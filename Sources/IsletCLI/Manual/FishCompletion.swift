import IsletRuntime

/// The fish script: one `complete` line per command and per option, each under the condition
/// that its command is the one typed (`__islet_is`); the global options under none.
enum FishCompletion {
  static var script: String {
    var lines: [String] = []
    for command in CompletionScript.commands {
      lines.append("complete -c islet -n \"__islet_is ''\" -a \(command.name) -d \(quoted(command.brief))")
    }
    for entry in CompletionScript.entries {
      let condition = "-n " + quoted("__islet_is " + quoted(entry.name))
      for option in entry.options where !globalOptions.contains(where: { $0.name == option.name }) {
        lines.append("complete -c islet \(condition) \(self.option(option))")
      }
      if let operand = entry.operand, !entry.name.isEmpty {
        lines.append("complete -c islet \(condition) \(arguments(operand))")
      }
    }
    for option in globalOptions { lines.append("complete -c islet \(self.option(option))") }
    return """
      # fish completion for islet, made by: islet completions fish
      # (from the same declarations as islet --help)

      # The command word typed so far: the first that is neither an option nor an option's value.
      function __islet_command
          set -l skip 0
          for word in (commandline -opc)[2..-1]
              if test $skip = 1
                  set skip 0
                  continue
              end
              switch $word
                  case \(CompletionScript.leadingValueOptions.joined(separator: " "))
                      set skip 1
                  case '-*'
                  case '*'
                      echo $word
                      return
              end
          end
      end

      # Whether the command typed is $argv[1] ('' for islet alone).
      function __islet_is
          set -l command (__islet_command)
          test "$command" = "$argv[1]"
      end

      # The values islet __complete prints for a kind, each with its description.
      function __islet_values
          set -l typed (commandline -opc)
          set -l db
          set -l index (contains -i -- --db $typed)
          and set db --db $typed[(math $index + 1)]
          $typed[1] $db __complete $argv[1] 2>/dev/null
      end

      complete -c islet -f
      \(lines.joined(separator: "\n"))

      """
  }

  /// `-l format -x -a 'plain ansi' -d '…'`: an option, whether it takes a value, and which.
  private static func option(_ option: OptionSpec) -> String {
    let short = option.short.map { "-s \($0) " } ?? ""
    let value = option.value == nil ? "" : " " + arguments(option.completion)
    return short + "-l \(option.name)" + value + " -d " + quoted(option.help)
  }

  /// What completes a value: `-x -a 'words'`, `-r -F` for files, or `-x` for nothing known.
  private static func arguments(_ values: ValueSet?) -> String {
    switch values {
    case nil: return "-x"
    case .words(let words)?: return "-x -a " + quoted(words.joined(separator: " "))
    case .files?: return "-r -F"
    case .dynamic(let kind)?: return "-x -a " + quoted("(__islet_values \(kind.rawValue))")
    }
  }

  /// Single-quoted for fish, where `\` and `'` are escaped inside.
  private static func quoted(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }
}
