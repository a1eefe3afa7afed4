import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// The sound channel: the configured command (run by `/bin/sh -c`), or the first player found
/// of `pw-play`, `paplay` and `aplay` with a sound of the freedesktop sound theme (a WAV for
/// `aplay`, which reads nothing else).
package enum Sound {
  /// What would play, or why nothing can.
  package enum Choice: Equatable {
    case command(String)
    case player(String, file: String)
    case none(reason: String)
  }

  /// The theme's names for an alarm, best first.
  package static let names = ["alarm-clock-elapsed", "complete", "bell", "message"]

  package static func choose(command: String?, environment: [String: String]) -> Choice {
    if let command { return .command(command) }
    let players = [("pw-play", "oga"), ("paplay", "oga"), ("aplay", "wav")].compactMap { name, ext in
      onPath(name, environment: environment).map { ($0, ext) }
    }
    guard !players.isEmpty else {
      return .none(reason: "no player found (pw-play, paplay or aplay); or set sound = COMMAND")
    }
    for (player, ext) in players {
      if let file = soundFile(ext: ext, environment: environment) { return .player(player, file: file) }
    }
    return .none(
      reason:
        "no sound found in the freedesktop sound theme (Debian's sound-theme-freedesktop); or set sound = COMMAND"
    )
  }

  /// The theme's first alarm sound with extension `ext`, looked for where the XDG base
  /// directories say data lives.
  package static func soundFile(ext: String, environment: [String: String]) -> String? {
    let home = environment["XDG_DATA_HOME"] ?? environment["HOME"].map { $0 + "/.local/share" }
    let dirs = (environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":").map(
      String.init)
    let folders = ((home.map { [$0] } ?? []) + dirs).flatMap { base in
      ["\(base)/sounds/freedesktop/stereo", "\(base)/sounds/alsa"]
    }
    for name in names + ["Front_Center"] {
      for folder in folders where access("\(folder)/\(name).\(ext)", R_OK) == 0 {
        return "\(folder)/\(name).\(ext)"
      }
    }
    return nil
  }

  /// A sound started: its process (the leader of its group), and what plays.
  package struct Playing {
    package var pid: pid_t
    package var description: String
  }

  /// How long a sound may play before it is stopped (a player that never ends would stay, one
  /// for each alert): a minute, or `ISLET_SOUND_LIMIT` milliseconds.
  package static func timeLimit(_ environment: [String: String]) -> Milliseconds {
    environment["ISLET_SOUND_LIMIT"].flatMap { Milliseconds($0) }.map { max(1, $0) } ?? 60_000
  }

  /// Starts the sound; what plays, or why nothing does.
  package static func play(command: String?, environment: [String: String]) -> Result<Playing, ChannelProblem>
  {
    switch choose(command: command, environment: environment) {
    case .command(let line):
      // The shell would only say so on a stderr nobody reads.
      if let program = program(of: line), !isFound(program, environment: environment) {
        return .failure(
          ChannelProblem("\(printable(program, limit: 60)) is not found on PATH; set sound = COMMAND"))
      }
      guard let pid = Spawner.spawn(["/bin/sh", "-c", line], environment: environment) else {
        return .failure(ChannelProblem("/bin/sh could not be started"))
      }
      return .success(Playing(pid: pid, description: "ran \(printable(line, limit: 60))"))
    case .player(let player, let file):
      guard let pid = Spawner.spawn([player, file], environment: environment) else {
        return .failure(ChannelProblem("\(player) could not be started"))
      }
      return .success(Playing(pid: pid, description: "played \(file) with \(player)"))
    case .none(let reason):
      return .failure(ChannelProblem(reason))
    }
  }
}

extension Sound {
  /// The words a shell runs itself, found wherever PATH is: POSIX's special built-ins and the
  /// usual others.
  package static let shellWords: Set<String> = [
    ":", ".", "[", "alias", "break", "cd", "command", "continue", "echo", "eval", "exec", "exit", "export",
    "false", "getopts", "hash", "kill", "printf", "pwd", "read", "readonly", "return", "set", "shift", "test",
    "times", "trap", "true", "type", "ulimit", "umask", "unalias", "unset", "wait",
  ]

  /// The program `line` starts when its first word is plain (no quote, variable, assignment or
  /// redirection a shell would read first); nil when only the shell can tell.
  package static func program(of line: String) -> String? {
    guard let first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init),
      !first.contains(where: { "'\"$`\\=<>|&;(){}*?~".contains($0) })
    else { return nil }
    return first
  }

  /// Whether the shell would find `program`: a word of its own, a path that runs, or a program
  /// in one of PATH's folders.
  package static func isFound(_ program: String, environment: [String: String]) -> Bool {
    if shellWords.contains(program) { return true }
    if program.contains("/") { return access(program, X_OK) == 0 }
    return onPath(program, environment: environment) != nil
  }

  /// Where `program` runs from in PATH's folders (an empty one is the current folder), or nil.
  package static func onPath(_ program: String, environment: [String: String]) -> String? {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(
      separator: ":", omittingEmptySubsequences: false)
    return folders.map { ($0.isEmpty ? "." : String($0)) + "/" + program }.first { access($0, X_OK) == 0 }
  }
}

/// Why a channel could not deliver an alert, in a few words `islet alert test` prints.
package struct ChannelProblem: Error, Equatable {
  package var reason: String
  package init(_ reason: String) { self.reason = reason }
}
