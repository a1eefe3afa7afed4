import CSystem
import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the user's hooks (`<hooks folder>/<event>`, e.g. `hooks/finished`) after a commit,
/// with the event as JSON on stdin. They run in a detached `islet __hooks`, which bounds their
/// time and logs their failures, so a slow or broken hook never holds up an intent.
///
/// The detached process has no stderr anyone reads: when hooks.log cannot be written (a file
/// where its folder should be, a folder that cannot be made), the command that recorded the
/// events says so on its own stderr, and the hooks still run.
public struct HookRunner: PostCommitHandler {
  /// How long one hook may run before it is killed.
  package static let timeLimit: Milliseconds = 10_000
  package let warnings: (any Console)?

  /// `warnings`: where to say that hook failures cannot be logged (the command's console).
  public init(warnings: (any Console)? = nil) {
    self.warnings = warnings
  }

  package static func folder(_ configuration: Configuration, environment: [String: String]) -> String {
    guard let folder = configuration.hooks else {
      return StoreLocation.configFolder(environment: environment) + "/hooks"
    }
    if folder.hasPrefix("~/"), let home = environment["HOME"] { return home + folder.dropFirst() }
    return folder
  }

  package static func logPath(environment: [String: String]) -> String {
    StoreLocation.stateFolder(environment: environment) + "/hooks.log"
  }

  public func handle(_ events: [Event], context: HandlerContext) {
    let folder = Self.folder(context.configuration, environment: context.environment)
    let due = events.filter { access(folder + "/" + $0.kind.rawValue, X_OK) == 0 }
    let pressed = Self.pressedButtons(events, live: context.live)
    guard !due.isEmpty || !pressed.isEmpty else { return }
    // A line per event: its kind, its activity and the JSON its hook reads (JSON text has no
    // tab or newline of its own); then a line per button pressed, its command escaped alike.
    let lines =
      due.map { "\($0.kind.rawValue)\t\($0.activityID)\t\(hookJSON($0).text)\n" }.joined()
      + pressed.map {
        "\(Self.buttonLine)\t\($0.id)\t\(Self.escaped($0.button.label))\t\(Self.escaped($0.button.command))\n"
      }
      .joined()
    let log = Self.logPath(environment: context.environment)
    if let reason = Self.prepareLog(log) {
      warnings?.err("islet: hook failures cannot be logged in \(printable(log, limit: 200)): \(reason)\n")
    }
    Spawner.spawn(
      [Spawner.selfExecutable, "__hooks", folder, log],
      environment: Self.environment(context.environment, storePath: context.store.path),
      input: Array(lines.utf8))
  }

  /// What hooks, and the deadline watcher that runs them, see of the environment, whichever
  /// process recorded the event: who the user is, the locale and zone, where the desktop and
  /// the session and system buses are, and Islet's own settings. Nothing else: a terminal's `TERM` or the
  /// `TMUX` of whatever shell started the watcher would make a hook work by chance.
  package static func environment(_ variables: [String: String], storePath: String) -> [String: String] {
    let kept: Set<String> = [
      "HOME", "USER", "LOGNAME", "SHELL", "PATH", "LANG", "LANGUAGE", "TZ", "DBUS_SESSION_BUS_ADDRESS",
      "DBUS_SYSTEM_BUS_ADDRESS",
      "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "NO_COLOR",
    ]
    var chosen = variables.filter { name, _ in
      kept.contains(name) || name.hasPrefix("LC_") || name.hasPrefix("XDG_") || name.hasPrefix("ISLET_")
    }
    chosen["PATH"] = chosen["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    chosen["ISLET_DB"] = storePath
    return chosen
  }
}

extension HookRunner {
  /// The first field of a line that runs a pressed button's command, not a hook.
  package static let buttonLine = "button"

  /// The buttons the `pressed` events pressed, with their activities' ids: their commands run
  /// as hooks do, bounded and logged.
  static func pressedButtons(_ events: [Event], live: [Activity]) -> [(id: String, button: ActivityButton)] {
    events.filter { $0.kind == .pressed }.compactMap { event in
      guard let label = event.detail, let activity = live.first(where: { $0.id == event.activityID }),
        let button = activity.state.posted.button(label)
      else { return nil }
      return (event.activityID, button)
    }
  }

  /// A field with no tab or newline of its own: `\\`, `\t` and `\n` stand for them.
  package static func escaped(_ text: String) -> String {
    text.replacing("\\", with: "\\\\").replacing("\t", with: "\\t")
      .replacing("\n", with: "\\n")
  }

  /// `escaped` read back.
  package static func unescaped(_ text: Substring) -> String {
    var out = ""
    var iterator = text.makeIterator()
    while let character = iterator.next() {
      guard character == "\\", let next = iterator.next() else {
        out.append(character)
        continue
      }
      out.append(next == "t" ? "\t" : next == "n" ? "\n" : next)
    }
    return out
  }

  /// Why the hook at `path` is not run, or nil. As ssh and git refuse such files: a hook
  /// another user owns, or that others can write, would run as you whatever they put in it;
  /// so would one in a folder others can write (or own), where they can put another in its
  /// place. Root's files and folders are trusted, as the system's are.
  package static func refusal(of path: String) -> String? {
    var info = stat()
    // A hook that has gone since is said by its run.
    guard stat(path, &info) == 0 else { return nil }
    if let problem = unsafety(of: info, path: path, named: "it") { return "is not run: " + problem }
    let folder = StoreLocation.parent(of: path)
    let real = (try? StoreLocation.canonical(path)).map(StoreLocation.parent(of:))
    for folder in [folder] + (real.map { $0 == folder ? [] : [$0] } ?? []) {
      guard stat(folder, &info) == 0 else { continue }
      if let problem = unsafety(of: info, path: folder, named: "its folder \(printable(folder, limit: 200))")
      {
        return "is not run: " + problem
      }
    }
    return nil
  }

  /// What makes a file or folder unsafe to run a hook from, said of `named`; nil when none.
  private static func unsafety(of info: stat, path: String, named: String) -> String? {
    if info.st_uid != geteuid() && info.st_uid != 0 {
      return "\(named) belongs to another user (uid \(info.st_uid)); it would run as you"
    }
    let writable = info.st_mode & 0o022
    guard writable != 0 else { return nil }
    let who = writable & 0o002 != 0 ? "every user" : "its group"
    let mode = String(info.st_mode & 0o7777, radix: 8)
    return
      "\(who) can write \(named) (mode \(mode)); make it yours alone: chmod go-w \(printable(path, limit: 200))"
  }

  /// The hooks present in `folder`: the events with an executable of their name, in order.
  package static func present(in folder: String) -> [EventKind] {
    EventKind.allCases.filter { access(folder + "/" + $0.rawValue, X_OK) == 0 }
  }

  /// Appends one line to hooks.log; if it cannot (its folders were taken away since the
  /// command checked them), the line is lost: a detached process's stderr goes nowhere.
  package static func appendLog(_ path: String, _ line: String) {
    guard prepareLog(path) == nil else { return }
    let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
  }

  /// Makes hooks.log's folders; why it cannot be written, or nil.
  package static func prepareLog(_ path: String) -> String? {
    do {
      try makeFolders(above: path)
    } catch {
      return printable(error.message, limit: 200)
    }
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    if access(path, W_OK) == 0 || (errno == ENOENT && access(folder, W_OK) == 0) { return nil }
    return String(cString: strerror(errno))
  }
}

/// What a hook reads on stdin: one event, with the category the activity had (null for none)
/// and its plan's place (for a segment's end, the segment that ended), or `plan: null` for a
/// single timer; `detail` says how a failed command ended (`exit 2`), what needs the user, or
/// the button pressed (null for other events).
package func hookJSON(_ event: Event) -> JSON {
  .object([
    ("event", .string(event.kind.rawValue)), ("id", .string(event.activityID)),
    ("name", .string(event.name)), ("phase", .string(event.phase.rawValue)),
    ("elapsed", .number(Double(event.elapsed) / 1000)), ("source", .string(event.source.rawValue)),
    ("at", .string(LocalTime.iso(event.at))), ("category", .string(event.category)),
    ("plan", .plan(event.plan)), ("detail", .string(event.detail)),
  ])
}
