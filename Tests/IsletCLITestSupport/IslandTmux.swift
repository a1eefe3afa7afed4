import Foundation

/// A tmux client inside an outer tmux pane, its server configured as a user's would be: a
/// status-right of their own, the mouse on, and the snippet sourced `times` times. The outer
/// pane shows the client's status line, messages, prompts, menus and popups.
package final class IslandTmux {
  package let outer: TmuxSession
  package let name = "islet-island-\(UUID().uuidString.prefix(8))"
  private let environment: [String: String]

  package init(
    _ islet: Sandbox, userStatusRight: String = "USER-RIGHT", times: Int = 3, arguments: [String] = []
  )
    throws
  {
    let snippet = islet.folder.file("island.conf")
    try Binary.run(["tmux"] + arguments, environment: islet.environment).stdout.write(
      toFile: snippet, atomically: true, encoding: .utf8)
    let config = islet.folder.file("island-tmux.conf")
    let lines =
      ["set -g status-right '\(userStatusRight)'", "set -g mouse on"]
      + Array(repeating: "source-file '\(snippet)'", count: times)
    try (lines.joined(separator: "\n") + "\n").write(toFile: config, atomically: true, encoding: .utf8)
    var environment = islet.environment
    environment["TERM"] = "xterm-256color"
    self.environment = environment
    outer = try TmuxSession(
      width: 100, height: 14, environment: environment,
      command: ["/usr/bin/tmux", "-L", name, "-f", config, "new-session"], folder: islet.folder.path)
    guard eventually(within: 10, { !inner(["list-clients", "-F", "#{client_name}"]).isEmpty }) else {
      throw TmuxSession.Failure(message: "no client")
    }
  }

  deinit { _ = inner(["kill-server"]) }

  /// The client's last line: its status line, or the message or prompt shown over it.
  package var statusLine: String { outer.screen().last { !$0.isEmpty } ?? "" }

  /// The key table the client is in (`root`, `prefix`, `islet`).
  package var keyTable: String {
    inner(["list-clients", "-F", "#{client_key_table}"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Presses prefix T, waits until the client is in the islet table, then presses `key`:
  /// keys sent in one burst would reach tmux before its switch to the table is done.
  package func isletKey(_ key: String) -> Bool {
    outer.send("C-b")
    guard eventually(within: 5, { keyTable == "prefix" }) else { return false }
    outer.send("T")
    guard eventually(within: 5, { keyTable == "islet" }) else { return false }
    outer.send(key)
    return true
  }

  /// A press (and release) of `button` (0 left, 1 middle, 2 right) on the status line's cell
  /// at column `x` (0-based), in the SGR form an xterm-256color terminal sends. A menu opens
  /// on the press; a release over it would choose an entry.
  package func click(x: Int, button: Int = 0, release: Bool = true) {
    let row = 14
    outer.sendBytes(Array("\u{1B}[<\(button);\(x + 1);\(row)M".utf8))
    if release { outer.sendBytes(Array("\u{1B}[<\(button);\(x + 1);\(row)m".utf8)) }
  }

  /// Chooses the menu entry showing `label` with the mouse, as a person does: the pointer
  /// moves onto it (tmux highlights it), then a left click. False when no entry shows it.
  package func chooseWithMouse(_ label: String) -> Bool {
    let rows = outer.screen()
    guard let row = rows.firstIndex(where: { $0.contains("│") && $0.contains(label) }),
      let found = rows[row].range(of: label)
    else { return false }
    // The cells before a label are the pane's blanks and the menu's border: one column each.
    let x = rows[row].distance(from: rows[row].startIndex, to: found.lowerBound) + 2
    outer.sendBytes(Array("\u{1B}[<35;\(x + 1);\(row + 1)M".utf8))
    outer.sendBytes(Array("\u{1B}[<0;\(x + 1);\(row + 1)M".utf8))
    outer.sendBytes(Array("\u{1B}[<0;\(x + 1);\(row + 1)m".utf8))
    return true
  }

  /// Runs a tmux command on the inner server; what it printed.
  @discardableResult
  package func inner(_ arguments: [String]) -> String {
    (try? Binary.run(["-L", name] + arguments, environment: environment, executable: "/usr/bin/tmux"))?.stdout
      ?? ""
  }
}
