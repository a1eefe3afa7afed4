import Foundation

/// A tmux client of a private inner server, attached inside an outer tmux pane: the outer
/// pane shows the client's screen, its message line and its popups, and the outer window's
/// bell flag says whether the client's terminal rang.
package final class NestedTmux {
  package let outer: TmuxSession
  package let name = "islet-inner-\(UUID().uuidString.prefix(8))"
  /// The inner server's socket, as `$TMUX` names it.
  package private(set) var socket = ""
  private let environment: [String: String]

  package init(_ islet: Sandbox) throws {
    var environment = islet.environment
    environment["TERM"] = "xterm-256color"
    self.environment = environment
    outer = try TmuxSession(
      width: 100, height: 16, environment: environment,
      command: ["/usr/bin/tmux", "-L", name, "-f", "/dev/null", "new-session"], folder: islet.folder.path)
    guard eventually(within: 10, { !clients().isEmpty }) else {
      throw TmuxSession.Failure(message: "no client")
    }
    socket = inner(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  deinit { _ = inner(["kill-server"]) }

  /// The inner server's attached clients' terminals.
  package func clients() -> [String] {
    inner(["list-clients", "-F", "#{client_tty}"]).split(separator: "\n").map(String.init)
  }

  /// `$TMUX` as a command run in one of the inner server's panes has it.
  package var tmuxVariable: String { "\(socket),1,0" }

  /// Whether the client's terminal rang since the outer window was last looked at.
  package var rang: Bool { outer.value("#{window_bell_flag}") == "1" }

  /// The client's last line: its status line, or the message shown over it.
  package var messageLine: String { outer.screen().last { !$0.isEmpty } ?? "" }

  /// Runs a tmux command on the inner server; what it printed.
  @discardableResult
  package func inner(_ arguments: [String]) -> String {
    (try? Binary.run(["-L", name] + arguments, environment: environment, executable: "/usr/bin/tmux"))?.stdout
      ?? ""
  }
}

/// The children the calling thread started that have exited and not been waited for: pid and
/// name (`tmux`, `sh`). Only this thread's, since tests running beside it start children of
/// their own; a test compares them with those left before it began (earlier tests on the
/// same thread may have left some).
package func zombieChildren() -> [Int: String] {
  let children = (try? String(contentsOfFile: "/proc/thread-self/children", encoding: .utf8)) ?? ""
  var zombies: [Int: String] = [:]
  for pid in children.split(separator: " ").compactMap({ Int($0) }) {
    // `pid (name) state …`: the name may hold spaces and parentheses; the state follows the last `)`.
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
      stat[close...].dropFirst(2).first == "Z"
    else { continue }
    zombies[pid] = String(stat[stat.index(after: open)..<close])
  }
  return zombies
}

/// The zombies of this thread's children that were not there `before`.
package func newZombies(since before: [Int: String]) -> [String] {
  zombieChildren().filter { before[$0.key] == nil }.map(\.value)
}
