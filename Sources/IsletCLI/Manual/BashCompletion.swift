import IsletRuntime

/// The bash script: `_islet` finds the command word and the option whose value is typed, and
/// offers what the declarations say for them.
enum BashCompletion {
  static var script: String {
    let entries = CompletionScript.entries
    var values = ""
    for entry in entries {
      for option in entry.options where option.value != nil {
        let isGlobal = globalOptions.contains { $0.name == option.name }
        let pattern = isGlobal ? "*' --\(option.name)'" : "'\(entry.name) --\(option.name)'"
        let line = "      \(pattern)) \(offer(option.completion)) ;;\n"
        if !values.contains(line) { values += line }
      }
    }
    var options = ""
    var operands = ""
    for entry in entries {
      let words = entry.options.flatMap { option in
        (option.short.map { ["-\($0)"] } ?? []) + ["--" + option.name]
      }
      options += "    '\(entry.name)') options='\(words.joined(separator: " "))' ;;\n"
      if let operand = entry.operand { operands += "    '\(entry.name)') \(offer(operand)) ;;\n" }
    }
    return """
      # bash completion for islet, made by: islet completions bash
      # (from the same declarations as islet --help)

      # Offers what $1 says: words (the rest), files, or a kind of value islet __complete prints.
      _islet_offer() {
        local kind=$1 line value typed=${cur//\\\\/}
        shift
        case $kind in
          none) ;;
          words) COMPREPLY=($(compgen -W "$*" -- "$cur")) ;;
          files)
            compopt -o filenames 2>/dev/null
            mapfile -t COMPREPLY < <(compgen -f -- "$cur")
            ;;
          *)
            typed=${typed#[\\"\\']}
            while IFS= read -r line; do
              value=${line%%$'\\t'*}
              [[ -n $value && $value == "$typed"* ]] && COMPREPLY+=("$(printf '%q' "$value")")
            done < <("$islet" "${db[@]}" __complete "$kind" 2>/dev/null)
            ;;
        esac
      }

      _islet() {
        local cur=${COMP_WORDS[COMP_CWORD]} option= command= islet=${COMP_WORDS[0]} i word
        local -a db=()
        COMPREPLY=()
        # The option whose value is typed: --option VALUE, or --option=VALUE (bash splits at =).
        if [[ $cur == = ]]; then
          option=${COMP_WORDS[COMP_CWORD-1]} cur=
        elif ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == = ]]; then
          option=${COMP_WORDS[COMP_CWORD-2]}
        elif ((COMP_CWORD > 1)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == -* ]]; then
          option=${COMP_WORDS[COMP_CWORD-1]}
        fi
        # The command word: the first that is neither an option nor an option's value.
        for ((i = 1; i < COMP_CWORD; i++)); do
          word=${COMP_WORDS[i]}
          if [[ ${COMP_WORDS[i+1]} == = ]]; then
            [[ $word == --db ]] && db=(--db "${COMP_WORDS[i+2]}")
            ((i += 2))
            continue
          fi
          case $word in
            \(CompletionScript.leadingValueOptions.joined(separator: "|")))
              [[ $word == --db ]] && db=(--db "${COMP_WORDS[i+1]}")
              ((i++))
              ;;
            -*) ;;
            *) command=$word; break ;;
          esac
        done
        # A store named after the command word is the one its activities come from.
        for ((i += 1; i < COMP_CWORD - 1; i++)); do
          [[ ${COMP_WORDS[i]} == --db ]] && db=(--db "${COMP_WORDS[i+1]}")
        done
        if [[ -n $option ]]; then
          case "$command $option" in
      \(values)      *) option= ;;
          esac
          [[ -n $option ]] && return 0
        fi
        local options=
        case $command in
      \(options)  esac
        if [[ $cur == -* ]]; then
          COMPREPLY=($(compgen -W "$options" -- "$cur"))
          return 0
        fi
        case $command in
      \(operands)  esac
        return 0
      }

      complete -F _islet islet

      """
  }

  /// The `_islet_offer` call for a set of values; `none` for a value nothing here knows.
  private static func offer(_ values: ValueSet?) -> String {
    switch values {
    case nil: return "_islet_offer none"
    case .words(let words)?: return "_islet_offer words " + words.joined(separator: " ")
    case .files?: return "_islet_offer files"
    case .dynamic(let kind)?: return "_islet_offer " + kind.rawValue
    }
  }
}
