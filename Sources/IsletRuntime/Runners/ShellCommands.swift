import IsletCore

/// What a shell's hook reports (a command began, a command ended with its status) turned into
/// what to record: a command still running `after` its start becomes a live activity, started
/// at its true start; its end completes it (status 0) or fails it; a command that ends sooner
/// records nothing. Pure: the instants are handed in, and the activity's id handed back
/// (`shown(_:)`) once its start is recorded.
///
/// ```swift
/// var commands = ShellCommands(after: 10_000)
/// _ = commands.read(.began("make"), at: t0)
/// commands.due(at: t0 + 10_000)  // [.start(name: "make", at: t0)]
/// commands.shown("a1")
/// commands.read(.ended(2), at: t0 + 60_000)  // [.finish("a1", .fail(.status(2)))]
/// ```
package struct ShellCommands: Equatable, Sendable {
  /// One line of the hook's report.
  package enum Line: Equatable, Sendable {
    /// A command line began: its text as typed.
    case began(String)
    /// The command line ended with this status (as `$?` says it).
    case ended(Int32)

    /// `b TEXT` or `e STATUS`, as the hook writes them; nil for anything else.
    package init?(_ text: Substring) {
      if text.hasPrefix("b ") {
        self = .began(String(text.dropFirst(2)))
      } else if text.hasPrefix("e "), let status = Int32(text.dropFirst(2)) {
        self = .ended(status)
      } else {
        return nil
      }
    }
  }

  /// What to record.
  package enum Action: Equatable, Sendable {
    /// A stopwatch named after the command, started when the command began.
    case start(name: String, at: Instant)
    /// The command returned: done (status 0) or failed with how it ended.
    case finish(String, Intent)
    /// The command was stopped (Ctrl-Z): its activity pauses.
    case pause(String)
    /// A stopped command went on in the foreground (`fg`).
    case resume(String)
    /// Nobody will say how it ended (its shell is gone): ended, neither done nor failed.
    case end(String)
  }

  /// A command that is running, in the foreground.
  enum Running: Equatable, Sendable {
    /// Not shown yet: its text and when it began.
    case waiting(String, since: Instant)
    /// Shown as this activity (its start recorded, or being recorded).
    case shown(String?)
  }

  /// How long a command runs before it is shown.
  package let after: Milliseconds
  private(set) var running: Running?
  /// Commands stopped with Ctrl-Z, the most recent last: an activity's id, or the text of one
  /// not shown yet.
  private(set) var stopped: [Running] = []

  package init(after: Milliseconds) {
    self.after = after
  }

  /// When a waiting command is due to be shown; nil when none waits.
  package var nextDue: Instant? {
    guard case .waiting(_, let since) = running else { return nil }
    return since + after
  }

  /// The activities shown for commands that have not ended, stopped ones too.
  package var open: [String] {
    ([running] + stopped).compactMap { entry in
      if case .shown(let id?) = entry { return id }
      return nil
    }
  }

  package mutating func read(_ line: Line, at now: Instant) -> [Action] {
    switch line {
    case .began(let text): return began(text, at: now)
    case .ended(let status): return ended(status)
    }
  }

  /// The start of a command that has waited long enough.
  package mutating func due(at now: Instant) -> [Action] {
    guard case .waiting(let text, let since) = running, now >= since + after else { return [] }
    running = .shown(nil)
    return [.start(name: Self.name(for: text), at: since)]
  }

  /// The id of the activity the last `.start` recorded; nil when it could not be.
  package mutating func shown(_ id: String?) {
    if case .shown(nil) = running { running = .shown(id) }
  }

  /// The shell is gone: what it showed ends.
  package mutating func shellGone() -> [Action] {
    defer { (running, stopped) = (nil, []) }
    return open.map(Action.end)
  }

  private mutating func began(_ text: String, at now: Instant) -> [Action] {
    // A command whose end never came (the hook was loaded mid-command) ends unknown.
    var actions = open(running).map(Action.end)
    running = nil
    if Self.isForeground(text), let last = stopped.popLast() {
      switch last {
      case .shown(let id):
        running = last
        if let id { actions.append(.resume(id)) }
      case .waiting(let text, _): running = .waiting(text, since: now)
      }
      return actions
    }
    if !Self.isIgnored(text) { running = .waiting(text, since: now) }
    return actions
  }

  private mutating func ended(_ status: Int32) -> [Action] {
    guard let current = running else { return [] }
    running = nil
    if Self.stopSignals.contains(status - 128) {
      stopped.append(current)
      return open(current).map(Action.pause)
    }
    let intent: Intent =
      status == 0
      ? .complete : (129...192).contains(status) ? .fail(.signal(status - 128)) : .fail(.status(status))
    return open(current).map { .finish($0, intent) }
  }

  private func open(_ entry: Running?) -> [String] {
    if case .shown(let id?) = entry { return [id] }
    return []
  }

  /// SIGSTOP, SIGTSTP, SIGTTIN and SIGTTOU: a shell says 128 + one of them for a stopped job.
  static let stopSignals: Set<Int32> = [19, 20, 21, 22]

  /// `fg`, `fg %2` or `%2`: a stopped command goes on (the most recently stopped is taken).
  package static func isForeground(_ text: String) -> Bool {
    let word = firstWord(text)
    return word == "fg" || word.hasPrefix("%")
  }

  /// Programs that are used, not waited for (editors, pagers, remote shells): never shown.
  static let interactive: Set<String> = [
    "vi", "vim", "nvim", "view", "nano", "emacs", "micro", "hx", "kak", "less", "more", "most", "man",
    "ssh", "mosh", "telnet", "tmux", "screen", "top", "htop", "btop", "watch", "islet", "bash", "zsh",
    "fish", "sh", "python", "python3", "ipython", "node", "irb", "psql", "mysql", "sqlite3", "fzf",
  ]

  /// Whether a command is never shown: an interactive program alone (a shell or an
  /// interpreter with a script to run is shown), or any `islet` command.
  package static func isIgnored(_ text: String) -> Bool {
    let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
    guard let first = words.first else { return true }
    let program = first.split(separator: "/").last.map(String.init) ?? String(first)
    if program == "islet" { return true }
    let runsAScript =
      ["bash", "zsh", "fish", "sh", "python", "python3", "node"].contains(program) && words.count > 1
    return interactive.contains(program) && !runsAScript
  }

  private static func firstWord(_ text: String) -> Substring {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first ?? ""
  }

  /// How long a name made from the command line may be, in characters.
  static let longestName = 40

  /// The activity's name: the command line's first line, its blanks made one, shortened.
  package static func name(for text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    let first = lines.first.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") } ?? ""
    var name = printable(first, limit: longestName)
    if lines.count > 1, !name.hasSuffix("…") { name += " …" }
    return UserText.problem(with: name, bounds: .name) == nil ? name : "shell command"
  }
}
