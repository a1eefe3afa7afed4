import IsletCore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// An alert on every attached client of the tmux servers Islet was used from: the alert's
/// summary on the message line, the bell, and the popup with its buttons. tmux runs with
/// arguments, never through a shell, each command bounded in time and waited for.
///
/// ```swift
/// let deliveries = TmuxAlerts.deliver(alert, storePath: path, bell: true, popup: nil, environment: env)
/// // [Delivery(server: "/tmp/tmux-1000/default", clients: ["/dev/pts/3"], rung: 1, …)]
/// ```
enum TmuxAlerts {
  /// How long the message stays on the message line.
  static let messageTime: Milliseconds = 5000
  /// How long one tmux command may take; a stopped server never answers.
  static let timeLimit: Milliseconds = 2000

  /// What one server's clients got, or why they got nothing: for `islet alert test`.
  struct Delivery: Equatable, CustomStringConvertible {
    var server: String
    /// The terminals of the clients that were sent the message.
    var clients: [String] = []
    /// How many of them the bell was rung on.
    var rung = 0
    /// How many of them a popup was opened on.
    var popups = 0
    /// Why the alert did not reach the server, or part of what was asked.
    var problem: String?
    /// No server listens at the socket any more (the file is gone, or nobody answers): the
    /// socket can be forgotten.
    var gone = false

    var description: String {
      var text = "tmux \(printable(server, limit: 200)): "
      if gone || clients.isEmpty && problem != nil { return text + (problem ?? "not reached") }
      switch clients.count {
      case 0: text += "no client attached"
      case 1: text += "the message on 1 client"
      default: text += "the message on \(clients.count) clients"
      }
      if rung > 0 { text += ", the bell on \(rung)" }
      if popups > 0 { text += ", the popup on \(popups)" }
      return text + (problem.map { "; \($0)" } ?? "")
    }
  }

  /// The servers recorded beside the store (`TmuxServers`), each delivered to; those gone are
  /// forgotten.
  static func deliver(
    _ alert: Alert, storePath: String, bell: Bool, popup: PopupRequest?, environment: [String: String]
  ) -> [Delivery] {
    let deliveries = deliver(
      alert, servers: TmuxServers.read(storePath: storePath), bell: bell, popup: popup,
      environment: environment)
    TmuxServers.forget(deliveries.filter(\.gone).map(\.server), storePath: storePath)
    return deliveries
  }

  static func deliver(
    _ alert: Alert, servers: [String], bell: Bool, popup: PopupRequest?, environment: [String: String]
  ) -> [Delivery] {
    let tmux = TmuxRefresher.tmuxPath(environment)
    return servers.map { server in
      var delivery = Delivery(server: server)
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
      delivery = message(alert, to: clients, server: server, tmux: tmux, environment: environment)
      if bell {
        let failures = clients.compactMap(ring)
        delivery.rung = clients.count - failures.count
        if let failure = failures.first { delivery.problem = "the bell: \(failure)" }
      }
      if let popup {
        delivery.popups = clients.filter { client in
          openPopup(popup, for: alert, on: client, server: server, tmux: tmux, environment: environment)
        }.count
      }
      return delivery
    }
  }

  /// An attached client as `list-clients` describes it; nil for a control-mode client, which
  /// has no screen of its own.
  struct Client {
    var tty: String
    var width: Int
    var height: Int
    var utf8: Bool

    init?(_ line: Substring) {
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

  /// The summary on each client's message line: one tmux command for them all.
  private static func message(
    _ alert: Alert, to clients: [Client], server: String, tmux: String, environment: [String: String]
  ) -> Delivery {
    var delivery = Delivery(server: server)
    // The message is a format: `#` doubled keeps a name's `#(…)` and `#[…]` as text.
    let text = literal(TmuxText.escaped(alert.summary))
    var arguments = [tmux, "-S", server]
    for (index, client) in clients.enumerated() {
      if index > 0 { arguments.append(";") }
      arguments += [
        "display-message", "-c", literal(client.tty), "-d", "\(messageTime)", "--", text,
      ]
    }
    let shown = Spawner.run(arguments, environment: environment, within: timeLimit)
    if shown?.status == 0 {
      delivery.clients = clients.map(\.tty)
    } else {
      delivery.problem = "tmux display-message failed" + (shown.map { ": " + $0.firstLine } ?? "")
    }
    return delivery
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

  /// Opens the popup on one client. `display-popup` waits until the popup closes, so it is
  /// left to run in the background of a shell that ends at once (and is waited for): nothing
  /// here waits on the popup, and no child of ours is left over.
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
    let background = ["/bin/sh", "-c", #""$@" &"#, "sh"] + [arguments[0]] + arguments.dropFirst().map(literal)
    return Spawner.run(background, environment: environment, within: timeLimit)?.status == 0
  }

  /// An argument as tmux's command line keeps it: one that ends in `;` would end the command
  /// there, unless the `;` is escaped.
  static func literal(_ argument: String) -> String {
    argument.hasSuffix(";") ? argument.dropLast() + "\\;" : argument
  }
}

/// The popup an alert asks for: which islet tmux runs in it, on which store, and its size.
struct PopupRequest: Equatable {
  /// The variables the popup is given from the alert's environment, over the tmux server's.
  static let passed = [
    "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "ISLET_NOW", "TZ", "LANG", "LC_ALL", "LC_CTYPE", "NO_COLOR",
  ]

  var storePath: String
  /// The binary's real path: tmux starts it, so /proc/self/exe would name tmux.
  var executable: String
  var width: Int
  var height: Int

  init(storePath: String, executable: String, width: Int = AlertPopup.width, height: Int) {
    self.storePath = storePath
    self.executable = executable
    self.width = width
    self.height = height
  }

  /// The popup for `activity`, run by this islet; nil when its path is not UTF-8 (tmux cannot
  /// keep it).
  init?(storePath: String, activity: Activity) {
    guard let executable = Spawner.executablePath else { return nil }
    self.init(storePath: storePath, executable: executable, height: AlertPopup.height(for: activity))
  }
}
