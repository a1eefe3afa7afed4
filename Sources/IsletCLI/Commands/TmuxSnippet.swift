import IsletRuntime

/// The tmux commands of `islet tmux`'s snippet after `ISLET_BIN` is set: the island, the
/// `islet` key table, the mouse keys and the menu. Every line can be sourced again: options are
/// set, not appended, and a key is bound to the same command again.
struct TmuxSnippet {
  let keys: TmuxCommand.Keys
  let tableKey: String
  /// The configured plan, which the plan key starts.
  let plan: String
  /// tmux 3.4's `#[range=user|…]`: only the island is a button.
  let ranges: Bool
  /// tmux 3.5's `display-menu -M`.
  var menuMouse = false

  var lines: [String] {
    [
      "# How every key runs it: a refusal is shown as a message, and nothing over your pane.",
      "set-environment -g ISLET_RUN '\(Self.script)'",
      "",
      "# Alerts through the terminal: a notification written to a pane (OSC 777, 9 or 99) reaches",
      "# your terminal only when tmux lets it through (-q: tmux before 3.3 has no such option).",
      "set -gq allow-passthrough on",
      "",
    ] + statusLine + keyTable + (ranges ? islandClicks : statusRightClicks)
  }

  /// The island at the end of the user's status-right, added once however often it is sourced.
  private var statusLine: [String] {
    let island =
      ranges
      ? " #[range=user|islet]#(\(Self.run) status --follow --format tmux)#[norange]"
      : " #(\(Self.run) status --follow --format tmux)"
    return [
      "# The status line: the current timer as the Dynamic Island's compact pill, printed by one",
      "# islet that follows the timers (tmux starts nothing each second); it disappears when",
      "# nothing is live. The island is held in @islet-island and added once to the end of your",
      "# status-right (put this after your own status-right).",
      "if-shell -F '#{e|<:#{status-right-length},100}' 'set -g status-right-length 100'",
      "set -g @islet-island '\(island)'",
      "if-shell -F '#{!=:#{m:*@islet-island*,#{status-right}},1}' 'set -ag status-right \"#{E:@islet-island}\"'",
      "",
    ]
  }

  /// Prefix and the table key, then one key: the intents, the plan, the prompts, the pane, the menu.
  private var keyTable: [String] {
    [
      "# Keys: prefix \(tableKey) enters Islet's key table (tmux and its plugin manager leave \(tableKey) free),",
      "# then one key: \(keys.toggle) pause or resume, \(keys.reset) reset, \(keys.complete) done, \(keys.end) end, "
        + "\(keys.snooze) snooze, \(keys.start) new countdown,",
      "# \(keys.rename) rename, \(keys.pane) one-row pane, \(keys.plan) start the plan, \(keys.skip) skip, "
        + "\(keys.menu) the menu.",
      "bind-key \(tableKey) switch-client -T islet \\; display-message -d 0 \"\(hint)\"",
      "bind-key -T islet \(keys.toggle) run-shell -b '\(Self.say("toggle"))'",
      "bind-key -T islet \(keys.reset) run-shell -b '\(Self.say("reset"))'",
      "bind-key -T islet \(keys.complete) run-shell -b '\(Self.say("complete"))'",
      "bind-key -T islet \(keys.end) run-shell -b '\(Self.say("end"))'",
      "bind-key -T islet \(keys.snooze) run-shell -b '\(Self.say("snooze"))'",
      "",
      "# Plans: start the configured one (plan = \(plan)), and skip to its next segment.",
      "bind-key -T islet \(keys.plan) run-shell -b '\(Self.say("start --plan \(plan)"))'",
      "bind-key -T islet \(keys.skip) run-shell -b '\(Self.say("skip"))'",
      "",
      "# Prompts: a countdown of a typed duration, and a new name for the current timer. The typed",
      "# text goes through a tmux buffer, never through a shell, so quotes, $(…) and # stay text.",
      "bind-key -T islet \(keys.start) \(Self.countdownPrompt)",
      "bind-key -T islet \(keys.rename) \(Self.prompt("Rename the timer:", "update"))",
      "",
      "# A one-row pane with the live island, below the current one, which keeps the focus (q",
      "# closes it; the timer keeps running).",
      "bind-key -T islet \(keys.pane) split-window -d -v -l 1 '\(Self.run) --presentation compact'",
      "",
      "# The island's menu, made when it opens from what is live: what the current timer takes,",
      "# the other live timers (each opens its own menu), a new countdown, the plan, the popup.",
      "bind-key -T islet \(keys.menu) \(TmuxMenu.opening(keyboard: true, mouse: menuMouse))",
      "",
    ]
  }

  /// tmux 3.4 and later: clicks on the island alone; the rest of the status line keeps tmux's.
  private var islandClicks: [String] {
    let menuInBraces = TmuxMenu.opening(keyboard: false, mouse: menuMouse, separator: ";")
    return [
      "# Clicks on the island (with set -g mouse on): each left click pauses or resumes, right",
      "# opens the menu, middle shows the expanded island in a popup. The rest of the status line",
      "# keeps tmux's own clicks.",
      "bind-key -n MouseDown1Status if-shell -F '\(onIsland)' { run-shell -b '\(Self.say("toggle"))' } "
        + "{ select-window -t = }",
      "bind-key -n DoubleClick1Status if-shell -F '\(onIsland)' { run-shell -b '\(Self.say("toggle"))' }",
      "bind-key -n MouseDown3Status if-shell -F '\(onIsland)' { \(menuInBraces) } { \(Self.windowMenu) }",
      "bind-key -n MouseDown2Status if-shell -F '\(onIsland)' { \(Self.popup) }",
    ]
  }

  /// Before tmux 3.4 a click cannot tell the island: the right of the status line is taken.
  private var statusRightClicks: [String] {
    [
      "# Clicks on the right of the status line, where the island is (with set -g mouse on): each",
      "# left click pauses or resumes, right opens the menu, middle shows the expanded island in a popup.",
      "bind-key -n MouseDown1StatusRight run-shell -b '\(Self.say("toggle"))'",
      "bind-key -n DoubleClick1StatusRight run-shell -b '\(Self.say("toggle"))'",
      "bind-key -n MouseDown3StatusRight \(TmuxMenu.opening(keyboard: false, mouse: menuMouse))",
      "bind-key -n MouseDown2StatusRight \(Self.popup)",
    ]
  }

  static let run = #""$ISLET_BIN""#

  /// What prefix T shows while tmux waits for Islet's key.
  var hint: String {
    "Islet: \(keys.toggle) pause/resume, \(keys.reset) reset, \(keys.complete) done, \(keys.end) end, "
      + "\(keys.snooze) snooze, \(keys.start) countdown, \(keys.rename) rename, \(keys.pane) pane, "
      + "\(keys.plan) plan, \(keys.skip) skip, \(keys.menu) menu"
  }
  let onIsland = "#{==:#{mouse_status_range},islet}"

  /// The shell script of every key: islet runs with the arguments after the client's name, and
  /// the first line it wrote to stderr, its refusal, is shown on that client as a message, its
  /// `#` doubled so that tmux shows them; nothing is printed over the pane.
  static let script =
    ##"c=$1; shift; e=$("$ISLET_BIN" "$@" 2>&1 >/dev/null | sed -n "1{s/^Error: /islet: /;s/\x23/&&/g;p}"); "##
    + ##"[ -z "$e" ] || tmux display-message -d 5000 -c "$c" "$e"; true"##

  /// A shell command (for tmux single quotes) running islet with `arguments` through
  /// `ISLET_RUN`. It holds no `#` but `#{client_name}`, so expanding it once or twice (in a
  /// menu) keeps it.
  static func say(_ arguments: String) -> String {
    ##"sh -c "$ISLET_RUN" islet "#{client_name}" \##(arguments)"##
  }

  /// A prompt whose typed text goes into a tmux buffer, which `command` then reads.
  static func prompt(_ label: String, _ command: String) -> String {
    let action =
      "set-buffer -b islet-input -- \"%%%\" ; run-shell -b '\(say("\(command) --from-tmux-buffer islet-input"))'"
    return "command-prompt -p \"\(label)\" \"\(TmuxCommand.tmuxDoubleQuoted(action))\""
  }

  static var countdownPrompt: String { prompt("Countdown (25m or 50m/10m):", "start") }

  /// The expanded island, live, in a popup over the pane (q closes it).
  static var popup: String { "display-popup -E -w 64 -h 11 '\(run) --presentation expanded'" }

  /// tmux's own menu for a right click on a window's name, kept for the rest of the status line.
  static let windowMenu =
    ##"display-menu -T "#[align=centre]#{window_index}:#{window_name}" -t = -x W -y W "#{?#{>:#{session_windows},1},,-}Swap Left" l { swap-window -t :-1 } "#{?#{>:#{session_windows},1},,-}Swap Right" r { swap-window -t :+1 } "#{?pane_marked_set,,-}Swap Marked" s { swap-window } '' Kill X { kill-window } Respawn R { respawn-window -k } "#{?pane_marked,Unmark,Mark}" m { select-pane -m } Rename n { command-prompt -F -I "#W" { rename-window -t "#{window_id}" "%%" } } '' "New After" w { new-window -a } "New At End" W { new-window }"##
}

/// A tmux version as `tmux -V` prints it: `tmux 3.3a`, `tmux next-3.4`, `tmux master`.
struct TmuxVersion {
  let text: String
  let major: Int
  let minor: Int

  init?(_ text: String) {
    var word = text.hasPrefix("tmux ") ? String(text.dropFirst(5)) : text
    word = word.trimmingSpaces()
    // It is printed into the snippet: a line break or a quote there would be a command.
    guard !word.isEmpty,
      word.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-")
      })
    else { return nil }
    self.text = word
    if word == "master" {
      (major, minor) = (99, 0)
      return
    }
    if word.hasPrefix("next-") { word.removeFirst(5) }
    let parts = word.split(separator: ".", maxSplits: 1)
    guard parts.count == 2, let major = Int(parts[0]),
      let minor = Int(parts[1].prefix { $0.isASCII && $0.isNumber }), !parts[1].isEmpty,
      parts[1].first?.isNumber == true
    else { return nil }
    (self.major, self.minor) = (major, minor)
  }

  /// `#[range=user|…]` and `mouse_status_range` came with tmux 3.4.
  var hasUserRanges: Bool { (major, minor) >= (3, 4) }

  /// `display-menu -M`, a menu that takes the mouse however it was opened, came with tmux 3.5.
  var hasMenuMouse: Bool { (major, minor) >= (3, 5) }

  /// The version of the tmux on PATH; nil when there is none or it says something else.
  static func onPath(_ environment: [String: String]) -> TmuxVersion? {
    guard let tmux = TmuxRecorder.tmuxPath(environment),
      let bytes = Spawner.output(of: [tmux, "-V"], environment: environment),
      let text = String(validating: bytes, as: UTF8.self)
    else { return nil }
    return TmuxVersion(text)
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
