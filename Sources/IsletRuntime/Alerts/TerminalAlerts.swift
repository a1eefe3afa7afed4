import IsletCore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal channel: an alert written to the terminal its activity was started from and to
/// those an open view, `wait` or `status --follow` runs on (`WatchingTerminals`) — the bell and
/// the notification sequence each understands (`TerminalNotification`), to those still open
/// and the user's. A terminal is opened without becoming ours and without waiting; one whose
/// output is full is given up on.
///
/// ```swift
/// let targets = TerminalAlerts.targets(
///   for: "tea1", startedFrom: tea.attributes.terminal, storePath: path, bell: true)
/// TerminalAlerts.deliver(alert, to: targets)  // [Delivery(terminal: …, problem: nil)]
/// ```
package enum TerminalAlerts {
  /// How long a child writing to the terminals may take: a terminal that stops reading
  /// (a stopped emulator, a stalled SSH connection) holds nobody.
  package static let timeLimit: Milliseconds = 2000

  /// A terminal to alert, and whether it gets the bell (a view's rings itself).
  package struct Target: Equatable, Sendable {
    package var terminal: Terminal
    package var bell: Bool
    /// Why it is alerted: `started here`, `a view`, `islet wait`, `status --follow`.
    package var why: String
  }

  /// What one terminal got, or why nothing.
  package struct Delivery: Equatable, Sendable {
    package var target: Target
    package var problem: String?
  }

  /// The terminal this process runs on (its output's, else its error's or its input's), with
  /// the kind the environment says; nil when none of them is a terminal.
  package static func here(environment: [String: String]) -> Terminal? {
    for fd: Int32 in [1, 2, 0] where isatty(fd) == 1 {
      guard let name = ttyname(fd) else { continue }
      return Terminal(
        tty: String(cString: name), kind: TerminalKind(environment: environment),
        insideTmux: TmuxRecorder.socket(from: environment) != nil,
        sshClient: Terminal.sshClient(environment: environment))
    }
    return nil
  }

  /// The terminals `activityID`'s alert goes to (nil: any activity's): the one it was started
  /// from, and those watching it; each tty once. The bell only when `bell` (the bell channel is
  /// on), and neither where a view holds the tty (it rings its own) nor in a tmux pane (the bell
  /// channel rings tmux's clients). None over ssh from a machine that follows this one
  /// (`RemoteFollowers`): that machine alerts the user itself, who would be told twice.
  package static func targets(for activityID: String?, startedFrom: Terminal?, storePath: String, bell: Bool)
    -> [Target]
  {
    var targets: [Target] = []
    if let startedFrom { targets.append(Target(terminal: startedFrom, bell: true, why: "started there")) }
    for entry in WatchingTerminals.read(storePath: storePath) where activityID.map(entry.watches) ?? true {
      let why: String
      switch entry.role {
      case .view: why = "a view"
      case .wait: why = "islet wait"
      case .follow: why = "status --follow"
      }
      let view = entry.role == .view
      if let index = targets.firstIndex(where: { $0.terminal.tty == entry.terminal.tty }) {
        if view { (targets[index].bell, targets[index].why) = (false, why) }
      } else {
        targets.append(Target(terminal: entry.terminal, bell: !view, why: why))
      }
    }
    let following =
      targets.contains { $0.terminal.sshClient != nil } ? RemoteFollowers.clients(storePath: storePath) : []
    return targets.filter { $0.terminal.sshClient.map { !following.contains($0) } ?? true }.map { target in
      var target = target
      target.bell = target.bell && bell && !target.terminal.insideTmux
      return target
    }
  }

  /// `islet alert test`'s line: the alert written to the terminal it runs on and those
  /// watching, waited on, and what each got (`/dev/pts/3 (vte, this one): the bell and OSC 777`).
  package static func test(_ alert: Alert, environment: [String: String], storePath: String, bell: Bool)
    -> Result<String, ChannelProblem>
  {
    var targets = targets(for: nil, startedFrom: nil, storePath: storePath, bell: bell)
    if let here = here(environment: environment), !targets.contains(where: { $0.terminal.tty == here.tty }) {
      targets.insert(Target(terminal: here, bell: bell && !here.insideTmux, why: "this one"), at: 0)
    }
    guard !targets.isEmpty else {
      return .failure(
        ChannelProblem(
          "no terminal: this command is not run on one, and no view, wait or status --follow runs on one"))
    }
    let deliveries = deliver(alert, to: targets)
    let text = deliveries.map { delivery in
      let terminal = delivery.target.terminal
      let kind = terminal.kind.rawValue + (terminal.insideTmux ? " in tmux" : "")
      return "\(printable(terminal.tty, limit: 100)) (\(kind), \(delivery.target.why)): "
        + (delivery.problem.map { "nothing, \($0)" } ?? describe(delivery.target))
    }.joined(separator: "; ")
    return deliveries.contains { $0.problem == nil } ? .success(text) : .failure(ChannelProblem(text))
  }

  /// Closes `activityID`'s notification, from a child, in the terminals that can close one
  /// (kitty): it was acted on elsewhere.
  package static func startClosing(
    _ activityID: String, startedFrom: Terminal?, storePath: String, children: BoundedChildren
  ) {
    let kitty = targets(for: activityID, startedFrom: startedFrom, storePath: storePath, bell: false).filter {
      $0.terminal.kind == .kitty
    }
    _ = start(
      { TerminalNotification.closing(activityID: activityID, on: $0.terminal) }, to: kitty, children: children
    )
  }

  /// What a target gets, as `islet alert test` says it: `the bell and OSC 777 through tmux`.
  package static func describe(_ target: Target) -> String {
    let inside = target.terminal.insideTmux ? " through tmux" : ""
    switch (target.bell, TerminalNotification.Sequence(target.terminal.kind)) {
    case (true, let sequence?): return "the bell and \(sequence.rawValue)\(inside)"
    case (false, let sequence?): return sequence.rawValue + inside
    case (true, nil): return "the bell alone (no notification sequence is known for this terminal)"
    case (false, nil): return "nothing to write (no notification sequence is known for this terminal)"
    }
  }

  /// Writes to the targets from a child followed by `children`, so that the watcher's loop
  /// never waits on a terminal; whether there was a terminal to try.
  package static func start(
    _ bytes: @escaping (Target) -> [UInt8], to targets: [Target], children: BoundedChildren
  )
    -> Bool
  {
    guard !targets.isEmpty else { return false }
    if let pid = Spawner.fork({ for target in targets { _ = write(bytes(target), to: target.terminal.tty) } })
    {
      children.add(pid, limit: timeLimit, terminate: false)
    }
    return true
  }

  /// The alert written to each target, waited on (each bounded): for `islet alert test`.
  package static func deliver(_ alert: Alert, to targets: [Target]) -> [Delivery] {
    targets.map { target in
      let bytes = TerminalNotification.bytes(for: alert, on: target.terminal, bell: target.bell)
      return Delivery(target: target, problem: write(bytes, to: target.terminal.tty))
    }
  }

  /// Writes `bytes` to the tty at `path` if it is still a terminal of this user; why not, or
  /// nil. Opened without waiting and without becoming our controlling terminal; nothing is
  /// written when its output is full, and a write begun is finished within `timeLimit` (half a
  /// sequence would swallow what the terminal prints next).
  package static func write(_ bytes: [UInt8], to path: String) -> String? {
    guard !bytes.isEmpty else { return nil }
    let fd = open(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { return errno == ENOENT || errno == ENXIO || errno == EIO ? "closed" : reason() }
    defer { close(fd) }
    var status = stat()
    guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFCHR, isatty(fd) == 1 else {
      return "not a terminal"
    }
    guard status.st_uid == getuid() else { return "not yours" }
    let end = Spawner.monotonicMilliseconds() + timeLimit
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
        continue
      }
      let failure = errno
      guard written < 0, failure == EAGAIN || failure == EINTR else { return reason() }
      if offset == 0 && failure == EAGAIN { return "its output is full" }
      let left = end - Spawner.monotonicMilliseconds()
      guard left > 0 else { return "it stopped reading" }
      var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
      _ = poll(&ready, 1, Int32(left))
    }
    return nil
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}
