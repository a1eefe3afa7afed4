import IsletCore

/// An intent on a remote host's activity, sent there: the host's own `islet` runs it through
/// its one intent path, over `ssh`, and what it answers is the answer here.
package enum RemoteIntent {
  /// The command line that sends `intent` to the activity `id` as its host knows it; nil for
  /// an intent that is not sent to another host's activity (start, update).
  /// Without `id`, the host's current activity.
  package static func words(_ intent: Intent, id: String?) -> [String]? {
    let target = id.map { [$0] } ?? []
    switch intent {
    case .pause, .resume, .toggle, .reset, .complete, .end, .skip, .lap: return [intent.verb] + target
    case .snooze(let span): return ["snooze"] + target + ["\(max(1, span / 1000))s"]
    case .adjust(let span):
      return ["adjust"] + target + [(span < 0 ? "-" : "+") + "\(max(1, abs(span) / 1000))s"]
    case .press(let label): return ["press"] + target + [label]
    case .away(.answer(let answer)): return ["away"] + target + [answer.rawValue]
    case .start, .update, .fail, .away: return nil
    }
  }

  /// `ssh` running `islet WORDS` on `host`, each word quoted for the remote shell.
  package static func command(_ words: [String], on host: RemoteHost, ssh: String) -> [String] {
    [ssh, "-T", "-o", "BatchMode=yes", "-o", "ConnectTimeout=10", host.address]
      + (["islet"] + words).map(quoted)
  }

  /// Runs `words` on `host` within 20 seconds: its exit status (nil when ssh could not be run
  /// or it ran over) and what it printed.
  package static func run(_ words: [String], on host: RemoteHost, environment: [String: String]) -> (
    status: Int32?, output: String
  ) {
    guard let ssh = ssh(environment) else { return (nil, sshMissing) }
    guard
      let finished = Spawner.run(command(words, on: host, ssh: ssh), environment: environment, within: 20_000)
    else { return (nil, "ssh could not be started") }
    let output = String(decoding: finished.output, as: UTF8.self)
    guard finished.status != nil else { return (nil, "\(host.name) did not answer within 20 seconds") }
    return (finished.status, output)
  }

  /// Sends `intent` to the remote activity `id` (marked `ID@HOST`) from a child of its own,
  /// this binary's `islet VERB ID@HOST`, so that the caller (the view, the link) never waits
  /// on a host. False when it is not sent.
  @discardableResult
  package static func start(_ intent: Intent, id: String, environment: [String: String]) -> Bool {
    guard let words = words(intent, id: id) else { return false }
    return Spawner.spawn([Spawner.selfExecutable] + words, environment: environment) != nil
  }

  /// The ssh program: `ISLET_SSH` (a wrapper that gives ssh options of its own, say), else
  /// `ssh` on PATH.
  package static func ssh(_ environment: [String: String]) -> String? {
    if let program = environment["ISLET_SSH"], !program.isEmpty { return program }
    return Sound.onPath("ssh", environment: environment)
  }

  package static let sshMissing = "ssh is not installed here (Debian: openssh-client)"

  /// `word` as a POSIX shell reads it back unchanged.
  package static func quoted(_ word: String) -> String {
    "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }
}
