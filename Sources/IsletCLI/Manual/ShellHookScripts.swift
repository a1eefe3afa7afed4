// The hooks `islet shell-init SHELL` prints, with @BIN@, @FOLDER@, @AFTER@, @AFTERTEXT@ and @DB@ to
// fill in (`ShellHook.text`). Each appends a line to its shell's file as a command begins
// (`b TEXT`) and ends (`e STATUS`), and starts the shell's `islet __shell-watch` when it is not
// running: a short command costs two appends and no process.

extension ShellHook {
  static let bashTemplate = """
    # Islet: a command still running after @AFTERTEXT@ becomes a live activity (islet shell-init --help).
    if [[ $- == *i* && -z ${__islet_file-} ]]; then
      __islet_bin=@BIN@
      __islet_file=@FOLDER@/shell-$$
      __islet_after=@AFTER@
      __islet_go=0 __islet_sent=0 __islet_chained= __islet_helper=
      __islet_none=()
      # One watcher a shell follows what the hook appends; started once, again if it is gone.
      __islet_watch() {
        : >"$__islet_file" 2>/dev/null
        __islet_helper=$(@DB@"$__islet_bin" __shell-watch "$__islet_file" $$ "$__islet_after" </dev/null >/dev/null 2>&1 & echo $!)
      }
      # Before each command; PS0 arms it for the first command of a line only.
      __islet_debug() {
        ((__islet_go)) || return 0
        __islet_go=0
        local line=${BASH_COMMAND%%$'\\n'*}
        case $line in islet | islet\\ * | "$__islet_bin"* | __islet_*) return 0 ;; esac
        kill -0 "$__islet_helper" 2>/dev/null || __islet_watch
        printf 'b %s\\n' "$line" >>"$__islet_file" 2>/dev/null && __islet_sent=1
        return 0
      }
      # At the first prompt, when the rc files are done: the DEBUG trap they set is chained after
      # ours (`trap -p` is read at the top, as a function sees no DEBUG trap, and with no subshell,
      # which has none).
      __islet_chain() {
        local old
        IFS= read -r -d '' old <"$__islet_file.trap"
        rm -f "$__islet_file.trap"
        old=${old%$'\\n'}
        old=${old#"trap -- '"}
        old=${old%"' DEBUG"}
        old=${old//"'\\\\''"/"'"}
        [[ $old == *__islet_debug* ]] || trap "__islet_debug \\"\\$_\\"${old:+; $old}" DEBUG
        # A PROMPT_COMMAND an rc file put before ours would hide the command's status: ours goes first.
        if [[ $PROMPT_COMMAND != __islet_precmd$'\\n'* ]]; then
          PROMPT_COMMAND="__islet_precmd"$'\\n'"${PROMPT_COMMAND/__islet_precmd$'\\n'/}"
        fi
      }
      __islet_precmd() {
        local s=$?
        __islet_go=0
        if ((__islet_sent)); then
          __islet_sent=0
          printf 'e %s\\n' "$s" >>"$__islet_file" 2>/dev/null
        fi
        return $s
      }
      PS0+='${__islet_none[__islet_go=1]-}'
      PROMPT_COMMAND="__islet_precmd"$'\\n''[[ $__islet_chained ]] || { trap -p DEBUG >"$__islet_file.trap" 2>/dev/null; __islet_chain; __islet_chained=1; }'"${PROMPT_COMMAND:+$'\\n'$PROMPT_COMMAND}"
    fi
    """

  static let zshTemplate = """
    # Islet: a command still running after @AFTERTEXT@ becomes a live activity (islet shell-init --help).
    if [[ -o interactive && -z ${__islet_file-} ]]; then
      typeset -g __islet_bin=@BIN@
      typeset -g __islet_file=@FOLDER@/shell-$$
      typeset -g __islet_after=@AFTER@ __islet_sent=0 __islet_helper=
      # One watcher a shell follows what the hook appends; started once, again if it is gone.
      __islet_watch() {
        : >|$__islet_file 2>/dev/null
        __islet_helper=$(@DB@$__islet_bin __shell-watch $__islet_file $$ $__islet_after </dev/null >/dev/null 2>&1 & echo $!)
      }
      __islet_preexec() {
        local line=${3%%$'\\n'*}
        case $line in (islet | islet\\ * | "$__islet_bin"*) return 0 ;; esac
        kill -0 $__islet_helper 2>/dev/null || __islet_watch
        print -r -- "b $line" >>|$__islet_file 2>/dev/null && __islet_sent=1
        return 0
      }
      __islet_precmd() {
        local s=$?
        if ((__islet_sent)); then
          __islet_sent=0
          print -r -- "e $s" >>|$__islet_file 2>/dev/null
        fi
        return $s
      }
      autoload -Uz add-zsh-hook
      add-zsh-hook preexec __islet_preexec
      add-zsh-hook precmd __islet_precmd
    fi
    """

  static let fishTemplate = """
    # Islet: a command still running after @AFTERTEXT@ becomes a live activity (islet shell-init --help).
    if status is-interactive; and not set -q __islet_file
      set -g __islet_bin @BIN@
      set -g __islet_file @FOLDER@/shell-$fish_pid
      set -g __islet_after @AFTER@
      set -g __islet_sent 0
      set -g __islet_helper 0
      # One watcher a shell follows what the hook appends; started once, again if it is gone. sh
      # starts it, so that fish has no job to report.
      function __islet_watch
        true >$__islet_file 2>/dev/null
        set -g __islet_helper (@DB@command sh -c '"$0" __shell-watch "$1" "$2" "$3" </dev/null >/dev/null 2>&1 & echo $!' $__islet_bin $__islet_file $fish_pid $__islet_after)
      end
      function __islet_preexec --on-event fish_preexec
        set -l line (string split -m 1 \\n -- $argv[1])[1]
        contains -- (string split -m 1 ' ' -- $line)[1] islet $__islet_bin; and return
        test -d /proc/$__islet_helper; or __islet_watch
        echo "b $line" >>$__islet_file 2>/dev/null; and set -g __islet_sent 1
      end
      function __islet_postexec --on-event fish_postexec
        set -l s $status
        test $__islet_sent = 1; or return
        set -g __islet_sent 0
        # A stopped job leaves $status as it was: the job list says it stopped.
        string match -qr -- '\\tstopped\\t'(string escape --style=regex -- $argv[1])'$' (jobs --last); and set s 148
        echo "e $s" >>$__islet_file 2>/dev/null
      end
    end
    """
}
