import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// "Go to": a tmux client switched to the pane an activity was started in, across sessions
/// and windows, as tapping a Live Activity opens its app. The client is the one the user is
/// on: inside tmux, the current one of that server; else (a notification clicked) the one of
/// that server used last. tmux is given its arguments as they are, each run bounded in time.
///
/// ```swift
/// switch GoTo.go(to: origin, environment: environment) {
/// case .success(let client): print("on \(client)")   // "/dev/pts/3"
/// case .failure(let failure): print(failure.reason)  // "its pane %3 is gone"
/// }
/// ```
package enum GoTo {
  /// Why the client was not moved: one line.
  package struct Failure: Error, Equatable {
    package var reason: String
  }

  /// The tmux commands that take `client` (the one they run for, when nil: a menu's) to
  /// `pane`: switch-client lands on the pane's session; the window and the pane are chosen too,
  /// so that an older tmux lands on the pane as well.
  package static func commands(pane: String, client: String? = nil) -> [String] {
    ["switch-client"] + (client.map { ["-c", $0] } ?? []) + [
      "-t", pane, ";", "select-window", "-t", pane, ";", "select-pane", "-t", pane,
    ]
  }

  /// Switches a client of the origin's server to its pane; the client's name.
  package static func go(to origin: Origin, environment: [String: String]) -> Result<String, Failure> {
    guard let tmux = TmuxRecorder.tmuxPath(environment) else {
      return .failure(Failure(reason: "there is no tmux on PATH to go to its pane"))
    }
    if TmuxServers.unreachable(origin.tmuxSocket) != nil {
      return .failure(
        Failure(reason: "its tmux server (\(printable(origin.tmuxSocket, limit: 200))) is no longer running"))
    }
    let server = [tmux, "-S", origin.tmuxSocket]
    let found = Spawner.run(
      server + ["display-message", "-p", "-t", origin.tmuxPane, "#{pane_id}"], environment: environment,
      within: TmuxAlerts.timeLimit)
    guard let found, found.status == 0, found.firstLine == origin.tmuxPane else {
      return .failure(Failure(reason: "its pane \(origin.tmuxPane) is gone"))
    }
    guard let client = client(of: origin, tmux: tmux, environment: environment) else {
      return .failure(Failure(reason: "no tmux client is attached to its server to go there"))
    }
    let moved = Spawner.run(
      server + commands(pane: origin.tmuxPane, client: client), environment: environment,
      within: TmuxAlerts.timeLimit)
    guard let moved, moved.status == 0 else {
      return .failure(
        Failure(reason: "tmux could not switch to its pane" + (moved.map { ": " + $0.firstLine } ?? "")))
    }
    return .success(client)
  }

  /// The client to move: the current one when this runs inside a client of the same server
  /// (`$TMUX`), else the one of that server used last.
  static func client(of origin: Origin, tmux: String, environment: [String: String]) -> String? {
    let server = [tmux, "-S", origin.tmuxSocket]
    if TmuxRecorder.socket(from: environment) == origin.tmuxSocket,
      let current = Spawner.run(
        server + ["display-message", "-p", "#{client_name}"], environment: environment,
        within: TmuxAlerts.timeLimit),
      current.status == 0, !current.firstLine.isEmpty
    {
      return current.firstLine
    }
    guard
      let listed = Spawner.run(
        server + ["list-clients", "-F", "#{client_activity} #{client_control_mode} #{client_name}"],
        environment: environment, within: TmuxAlerts.timeLimit), listed.status == 0
    else { return nil }
    return lastUsed(String(decoding: listed.output, as: UTF8.self))
  }

  /// The client used last among `list-clients` lines (`ACTIVITY CONTROL NAME`), leaving out
  /// control-mode clients, which have no screen.
  static func lastUsed(_ lines: String) -> String? {
    let clients = lines.split(separator: "\n").compactMap { line -> (Int64, String)? in
      let fields = line.split(separator: " ", maxSplits: 2)
      guard fields.count == 3, fields[1] == "0", let activity = Int64(fields[0]) else { return nil }
      return (activity, String(fields[2]))
    }
    return clients.max { $0.0 < $1.0 }?.1
  }

  /// Goes from a child of the caller's (the deadline watcher's loop waits on nothing), bounded
  /// by `children`.
  package static func start(_ origin: Origin, environment: [String: String], children: BoundedChildren) {
    let pid = Spawner.fork { _ = go(to: origin, environment: environment) }
    if let pid { children.add(pid, limit: 4 * TmuxAlerts.timeLimit, terminate: false) }
  }
}
