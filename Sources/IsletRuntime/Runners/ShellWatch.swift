import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// `islet __shell-watch`'s loop, one for each interactive shell with the hook: it follows the
/// file the shell's hook appends a line to as a command begins and ends (inotify, so a short
/// command costs the shell two appends and no process), shows a command still running after
/// `ShellCommands.after` as a live activity and ends it with its status. When its shell is
/// gone (looked at every `lifeCheck`) it ends what it showed and stops; when the file is
/// removed it stops.
package final class ShellWatch {
  /// The file the hook appends to.
  package let path: String
  /// The shell's process id.
  package let shell: pid_t
  private var commands: ShellCommands
  private let clock: any WallClock
  /// Records an intent (source `run`) on its target; the id of the activity it applied to.
  private let send: (Intent, IntentDispatcher.Target) -> String?
  private let icon: String
  private let origin: Origin?

  /// How often it looks whether its shell is still there.
  package static let lifeCheck: Milliseconds = 20_000

  package init(
    path: String, shell: pid_t, after: Milliseconds, clock: any WallClock, icon: String, origin: Origin?,
    send: @escaping (Intent, IntentDispatcher.Target) -> String?
  ) {
    self.path = path
    self.shell = shell
    self.commands = ShellCommands(after: after)
    self.clock = clock
    self.icon = icon
    self.origin = origin
    self.send = send
  }

  /// Follows the file until the shell or the file is gone; false when it could not follow it.
  package func run() -> Bool {
    let file = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
    guard file >= 0 else { return false }
    defer { close(file) }
    let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard inotify >= 0 else { return false }
    defer { close(inotify) }
    guard inotify_add_watch(inotify, path, UInt32(IN_MODIFY | IN_ATTRIB | IN_MOVE_SELF)) >= 0 else {
      return false
    }
    var reader = LineReader(file: file)
    while isAlive {
      // Removed or replaced: its shell's hook no longer writes here; stop following, quietly.
      guard isFollowed(file) else { return true }
      for line in reader.lines() {
        if let line = ShellCommands.Line(line) { perform(commands.read(line, at: clock.now())) }
      }
      perform(commands.due(at: clock.now()))
      wait(on: inotify)
    }
    perform(commands.shellGone())
    unlink(path)
    return true
  }

  /// Sleeps until the file changes, the next command is due, or it is time to look at the shell.
  private func wait(on inotify: Int32) {
    let now = clock.now()
    let wake = min(commands.nextDue ?? now + Self.lifeCheck, now + Self.lifeCheck)
    var descriptor = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, Int32(clamping: max(0, wake.milliseconds - now.milliseconds) + 1))
    var drain = [UInt8](repeating: 0, count: 4096)
    while read(inotify, &drain, drain.count) > 0 {}
  }

  private var isAlive: Bool { kill(shell, 0) == 0 || errno == EPERM }

  /// Whether `path` is still the file open: not removed, not replaced.
  private func isFollowed(_ file: Int32) -> Bool {
    var named = stat()
    var opened = stat()
    guard stat(path, &named) == 0, fstat(file, &opened) == 0 else { return false }
    return named.st_ino == opened.st_ino && named.st_dev == opened.st_dev
  }

  private func perform(_ actions: [ShellCommands.Action]) {
    for action in actions {
      switch action {
      case .start(let name, let at):
        var attributes = ActivityAttributes(icon: icon)
        attributes.origin = origin
        let request = StartRequest(name: name, attributes: attributes, startedAt: min(at, clock.now()))
        commands.shown(send(.start(request), .current))
      case .finish(let id, let intent): _ = send(intent, .id(id))
      case .pause(let id): _ = send(.pause, .id(id))
      case .resume(let id): _ = send(.resume, .id(id))
      case .end(let id): _ = send(.end, .id(id))
      }
    }
  }
}

/// The whole lines appended to a file since the last look; a line not yet ended waits. A file
/// cut shorter (the hook starts it again) is read from its start.
package struct LineReader {
  let file: Int32
  private var offset: off_t = 0
  private var partial: [UInt8] = []

  package init(file: Int32) { self.file = file }

  package mutating func lines() -> [Substring] {
    var info = stat()
    if fstat(file, &info) == 0, info.st_size < offset {
      offset = 0
      partial = []
    }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = pread(file, &buffer, buffer.count, offset)
      guard count > 0 else { break }
      offset += off_t(count)
      partial += buffer[0..<count]
    }
    guard let last = partial.lastIndex(of: UInt8(ascii: "\n")) else { return [] }
    let text = String(decoding: partial[...last], as: UTF8.self)
    partial.removeSubrange(...last)
    return text.split(separator: "\n")
  }
}
