import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// The terminals an open view, `wait` or `status --follow` runs on, while it runs: the
/// terminal channel alerts them too. One line each in `<store path>.terminals` (mode 0600):
/// the process, what it is, the activity it waits for (`*`: any), the terminal's kind as the
/// store keeps it and its tty. A line whose process is gone counts for nothing and is dropped
/// at the next change, so a process killed before it could take its line off leaves nothing.
///
/// ```swift
/// let entry = WatchingTerminals.register(.wait, activityID: "tea1", environment: env, storePath: path)
/// defer { entry.map { WatchingTerminals.unregister($0, storePath: path) } }
/// ```
package enum WatchingTerminals {
  package enum Role: String, Sendable {
    /// The view: it rings and flashes itself, so the channel gives it the notification alone.
    case view
    case wait
    case follow
  }

  package struct Entry: Equatable, Sendable {
    package var pid: pid_t
    package var role: Role
    /// The activity it waits for; nil for every one.
    package var activityID: String?
    package var terminal: Terminal

    package init(pid: pid_t, role: Role, activityID: String?, terminal: Terminal) {
      self.pid = pid
      self.role = role
      self.activityID = activityID
      self.terminal = terminal
    }

    /// Whether it is told about `activityID`'s alert.
    package func watches(_ activityID: String) -> Bool { self.activityID.map { $0 == activityID } ?? true }
  }

  package static func listPath(storePath: String) -> String { storePath + ".terminals" }

  /// Notes the terminal this process runs on (`TerminalAlerts.here`), if it runs on one;
  /// the entry, for `unregister`.
  @discardableResult
  package static func register(
    _ role: Role, activityID: String? = nil, environment: [String: String], storePath: String
  ) -> Entry? {
    guard let terminal = TerminalAlerts.here(environment: environment) else { return nil }
    let entry = Entry(pid: getpid(), role: role, activityID: activityID, terminal: terminal)
    add(entry, storePath: storePath)
    return entry
  }

  package static func add(_ entry: Entry, storePath: String) {
    update(storePath: storePath) { $0 + [entry] }
  }

  package static func unregister(_ entry: Entry, storePath: String) {
    update(storePath: storePath) { $0.filter { $0 != entry } }
  }

  /// Leaves the entry to `pid` (the shell a `wait` ran from): a countdown's `wait` ends at the
  /// deadline, a moment before the watcher gives its alert, which still goes to that terminal.
  package static func handOver(_ entry: Entry, to pid: pid_t, storePath: String) {
    var kept = entry
    kept.pid = pid
    update(storePath: storePath) { $0.map { $0 == entry ? kept : $0 } }
  }

  /// The entries whose process still runs.
  package static func read(storePath: String) -> [Entry] {
    (LockedListFile.read(listPath(storePath: storePath)).map(parse) ?? []).filter(\.isRunning)
  }

  /// Rewrites the list as `change` says, under an exclusive lock, the entries of processes
  /// gone dropped first.
  private static func update(storePath: String, _ change: ([Entry]) -> [Entry]) {
    LockedListFile.update(listPath(storePath: storePath)) { text in
      // Enough for every view and wait one person keeps open; the oldest give way.
      change(parse(text).filter(\.isRunning)).suffix(64).map(\.line).joined()
    }
  }

  private static func parse(_ text: String) -> [Entry] {
    text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 5, let pid = pid_t(fields[0]), pid > 0, let role = Role(rawValue: fields[1]),
        let terminal = Terminal(tty: fields[4], storedKind: fields[3])
      else { return nil }
      return Entry(pid: pid, role: role, activityID: fields[2] == "*" ? nil : fields[2], terminal: terminal)
    }
  }
}

extension WatchingTerminals.Entry {
  fileprivate var line: String {
    "\(pid)\t\(role.rawValue)\t\(activityID ?? "*")\t\(terminal.storedKind)\t\(terminal.tty)\n"
  }

  /// Its process still runs (ours, so a signal 0 reaches it).
  fileprivate var isRunning: Bool { kill(pid, 0) == 0 || errno == EPERM }
}
