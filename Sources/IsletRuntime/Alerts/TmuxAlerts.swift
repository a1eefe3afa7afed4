import IsletCore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// An alert on every attached client of the tmux servers Islet was used from: the alert's
/// summary and body on the message line, the bell, or the popup with its buttons. tmux is given its
/// arguments as they are (no shell parses them), each run bounded in time and waited for.
///
/// ```swift
/// let deliveries = TmuxAlerts.deliver(alert, storePath: path, bell: true, popup: nil, environment: env)
/// deliveries.map(\.description)  // ["tmux /tmp/tmux-1000/default: the message on 1 client, the bell on 1"]
/// ```
package enum TmuxAlerts {
  /// How long the message stays on the message line.
  package static let messageTime: Milliseconds = 5000
  /// How long one tmux command may take; a stopped server never answers.
  package static let timeLimit: Milliseconds = 2000

  /// What one server's clients got, or why they got nothing: for `islet alert test`.
  package struct Delivery: Equatable, CustomStringConvertible {
    package var server: String
    /// The terminals of the clients the message was shown on.
    package var messaged: [String] = []
    /// The terminals of the clients a popup was opened on instead: it says what the message
    /// would, and tmux opens no popup while a message is on the message line.
    package var popups: [String] = []
    /// How many clients the bell was rung on.
    package var rung = 0
    /// Why the alert did not reach the server, or not all of what was asked.
    package var problem: String?
    /// No server listens at the socket any more (the file is gone, or nobody answers): the
    /// socket can be forgotten.
    package var gone = false

    /// How many clients it reached, by the message or the popup.
    package var clients: Int { messaged.count + popups.count }

    package mutating func note(_ failure: String) {
      problem = problem.map { "\($0); \(failure)" } ?? failure
    }

    package var description: String {
      let text = "tmux \(printable(server, limit: 200)): "
      if gone || messaged.isEmpty && popups.isEmpty && problem != nil { return text + (problem ?? "") }
      var parts: [String] = []
      let clients = { (count: Int) in count == 1 ? "1 client" : "\(count) clients" }
      if !popups.isEmpty { parts.append("the popup on \(clients(popups.count))") }
      if !messaged.isEmpty { parts.append("the message on \(clients(messaged.count))") }
      if rung > 0 { parts.append("the bell on \(rung)") }
      if parts.isEmpty { parts.append("no client attached") }
      return text + parts.joined(separator: ", ") + (problem.map { "; \($0)" } ?? "")
    }
  }

  /// The servers recorded beside the store (`TmuxServers`), each delivered to; those gone are
  /// forgotten.
  package static func deliver(
    _ alert: Alert, storePath: String, message: Bool = true, bell: Bool, popup: PopupRequest?,
    environment: [String: String]
  ) -> [Delivery] {
    let deliveries = deliver(
      alert, servers: TmuxServers.read(storePath: storePath), message: message, bell: bell, popup: popup,
      environment: environment)
    TmuxServers.forget(deliveries.filter(\.gone).map(\.server), storePath: storePath)
    return deliveries
  }

  /// Delivers to each recorded server from a child of its own, followed by `children`, so
  /// that a server that never answers (stopped, it still accepts connections) holds neither the
  /// caller nor the other servers; whether there was a server to try.
  package static func start(
    _ alert: Alert, storePath: String, message: Bool, bell: Bool, popup: PopupRequest?,
    environment: [String: String], children: BoundedChildren
  ) -> Bool {
    let servers = TmuxServers.read(storePath: storePath)
    for server in servers {
      let pid = Spawner.fork {
        let delivered = deliver(
          alert, servers: [server], message: message, bell: bell, popup: popup, environment: environment)
        TmuxServers.forget(delivered.filter(\.gone).map(\.server), storePath: storePath)
      }
      // Each of its tmux commands is bounded already; this bounds them together.
      if let pid { children.add(pid, limit: 4 * timeLimit, terminate: false) }
    }
    return !servers.isEmpty
  }

  package static func deliver(
    _ alert: Alert, servers: [String], message shown: Bool = true, bell: Bool, popup: PopupRequest?,
    environment: [String: String]
  ) -> [Delivery] {
    let tmux = TmuxRecorder.tmuxPath(environment)
    return servers.map { server in
      var delivery = Delivery(server: server)
      // A socket nobody listens on is told apart from a tmux that fails, without running tmux.
      if let reason = TmuxServers.unreachable(server) {
        delivery.problem = "not running (\(reason))"
        delivery.gone = true
        return delivery
      }
      guard let tmux else {
        delivery.problem = "tmux is not found on PATH"
        return delivery
      }
      let format = "#{client_tty}\t#{client_control_mode}\t#{client_width}\t#{client_height}\t#{client_utf8}"
      guard
        let listed = Spawner.run(
          [tmux, "-S", server, "list-clients", "-F", format], environment: environment, within: timeLimit),
        listed.status == 0
      else {
        delivery.problem = "tmux list-clients failed"
        return delivery
      }
      let clients = String(decoding: listed.output, as: UTF8.self).split(separator: "\n").compactMap(
        Client.init)
      guard !clients.isEmpty else { return delivery }
      if let popup {
        delivery.popups = clients.filter { client in
          openPopup(popup, for: alert, on: client, server: server, tmux: tmux, environment: environment)
        }.map(\.tty)
      }
      let rest = clients.filter { !delivery.popups.contains($0.tty) }
      if shown && !rest.isEmpty {
        if let failure = message(alert, to: rest, server: server, tmux: tmux, environment: environment) {
          delivery.note(failure)
        } else {
          delivery.messaged = rest.map(\.tty)
        }
      }
      if bell {
        let failures = clients.compactMap(ring)
        delivery.rung = clients.count - failures.count
        if let failure = failures.first { delivery.note("the bell: \(failure)") }
      }
      return delivery
    }
  }

  /// An attached client as `list-clients` describes it; nil for a control-mode client, which
  /// has no screen of its own.
  package struct Client {
    package var tty: String
    package var width: Int
    package var height: Int
    package var utf8: Bool

    package init?(_ line: Substring) {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 5, fields[0].hasPrefix("/dev/"), fields[1] == "0",
        let width = Int(fields[2]), let height = Int(fields[3])
      else { return nil }
      tty = String(fields[0])
      self.width = width
      self.height = height
      utf8 = fields[4] == "1"
    }
  }

  /// The alert's line on each client's message line, one tmux command for them all; why it
  /// failed, or nil.
  private static func message(
    _ alert: Alert, to clients: [Client], server: String, tmux: String, environment: [String: String]
  ) -> String? {
    // The message is a format: `#` doubled keeps a name's `#(…)` and `#[…]` as text.
    let text = literal(TmuxText.escaped(alert.line))
    var arguments = [tmux, "-S", server]
    for (index, client) in clients.enumerated() {
      if index > 0 { arguments.append(";") }
      arguments += ["display-message", "-c", literal(client.tty), "-d", "\(messageTime)", "--", text]
    }
    let shown = Spawner.run(arguments, environment: environment, within: timeLimit)
    guard shown?.status != 0 else { return nil }
    return "tmux display-message failed" + (shown.map { ": " + $0.firstLine } ?? " to finish in time")
  }

  /// Writes BEL to the client's terminal, never waiting on it; why it could not, or nil.
  private static func ring(_ client: Client) -> String? {
    let fd = open(client.tty, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return "\(client.tty): \(String(cString: strerror(errno)))" }
    defer { close(fd) }
    var bell: UInt8 = 0x07
    guard write(fd, &bell, 1) == 1 else { return "\(client.tty): \(String(cString: strerror(errno)))" }
    return nil
  }

  /// Opens the popup on one client. `display-popup` waits until the popup closes, so it runs
  /// in the background of a shell that ends at once (and is waited for; it passes the
  /// arguments on as "$@", parsing none): nothing here waits on the popup, and no child of
  /// ours is left over.
  private static func openPopup(
    _ popup: PopupRequest, for alert: Alert, on client: Client, server: String, tmux: String,
    environment: [String: String]
  ) -> Bool {
    let width = min(popup.width, client.width)
    let height = min(popup.height, client.height)
    guard width >= Expanded.minimumSize.width, height >= Expanded.minimumSize.height else { return false }
    var arguments = [
      tmux, "-S", server, "display-popup", "-c", client.tty, "-E", "-B", "-w", "\(width)", "-h", "\(height)",
    ]
    // The popup acts for the same islet as the alert: its configuration, its clock, its zone.
    for name in PopupRequest.passed {
      if let value = environment[name] { arguments += ["-e", "\(name)=\(value)"] }
    }
    arguments += ["--", popup.executable, "__popup", "--db", popup.storePath]
    if !client.utf8 { arguments.append("--ascii") }
    arguments += ["--", alert.activityID]
    // Its output goes nowhere: it would hold our pipe open until the popup closes.
    let background =
      ["/bin/sh", "-c", #""$@" </dev/null >/dev/null 2>&1 &"#, "sh"] + [arguments[0]]
      + arguments.dropFirst().map(literal)
    return Spawner.run(background, environment: environment, within: timeLimit)?.status == 0
  }

  /// An argument as tmux's command line keeps it: one that ends in `;` would end the command
  /// there, unless the `;` is escaped.
  package static func literal(_ argument: String) -> String {
    argument.hasSuffix(";") ? argument.dropLast() + "\\;" : argument
  }
}

/// The popup an alert asks for: which islet tmux runs in it, on which store, and its size.
package struct PopupRequest: Equatable {
  /// The variables the popup is given from the alert's environment, over the tmux server's.
  package static let passed = [
    "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "ISLET_NOW", "TZ", "LANG", "LC_ALL", "LC_CTYPE", "NO_COLOR",
  ]

  package var storePath: String
  /// The binary's real path: tmux starts it, so /proc/self/exe would name tmux.
  package var executable: String
  package var width: Int
  package var height: Int

  package init(storePath: String, executable: String, width: Int = AlertPopup.width, height: Int) {
    self.storePath = storePath
    self.executable = executable
    self.width = width
    self.height = height
  }

  /// The popup for `activity`, run by this islet; nil when its path is not UTF-8 (tmux cannot
  /// keep it).
  package init?(storePath: String, activity: Activity) {
    guard let executable = Spawner.executablePath else { return nil }
    self.init(storePath: storePath, executable: executable, height: AlertPopup.height(for: activity))
  }
}
