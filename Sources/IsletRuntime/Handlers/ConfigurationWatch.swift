import CSystem
import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// Notices the configuration changing, for a process that runs on: the status line's and the
/// bars' followers load it afresh, so that a changed setting or theme, or a broken line, shows
/// as a command run then would show it. What counts is the configuration file and the themes
/// folder (its files too), not the rest of the folder (a store may live there, written each
/// second). While the folder does not exist, the nearest folder above it is watched for the
/// next folder on the way; a folder removed or moved away is looked for again.
package final class ConfigurationWatch {
  package let fileDescriptor: Int32
  private let folder: String
  /// The watches: the configuration's folder (or the nearest above it), and its themes.
  private var watches: [Int32: String] = [:]

  /// Made before the configuration is read, so that a change while it is read is not missed.
  package init?(environment: [String: String]) {
    let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard inotify >= 0 else { return nil }
    fileDescriptor = inotify
    folder = StoreLocation.configFolder(environment: environment)
    watch()
    guard !watches.isEmpty else { return nil }
  }

  deinit { close(fileDescriptor) }

  /// Takes what has been noticed; true when it may change the configuration (the watches then
  /// follow what was made or removed). The next change makes the descriptor readable again.
  package func take() -> Bool {
    var changed = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(fileDescriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      var offset = 0
      // Each event: a watch, a mask, a cookie and the name's length (host order), then the name.
      while offset + 16 <= count {
        let field = { (at: Int) in
          buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + at, as: UInt32.self) }
        }
        let (watch, mask, length) = (Int32(bitPattern: field(0)), field(4), Int(field(12)))
        let name = String(
          decoding: buffer[offset + 16..<min(count, offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
        offset += 16 + length
        if matters(name, mask: mask, in: watches[watch]) { changed = true }
      }
    }
    if changed { watch() }
    return changed
  }

  /// Sleeps until the configuration may have changed (nil), or a signal comes or the reader of
  /// stdout goes away: then how the follower ends, as it would have (Ctrl-C 130, TERM and HUP
  /// quietly). What `discarding` (a bar's clicks) brings meanwhile is read and dropped: a click
  /// on a reason means nothing. The interrupts are caught and deferred by the caller.
  package func awaitChange(discarding input: Int32 = -1) -> ExitStatus? {
    var fds = [
      pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: 1, events: 0, revents: 0),
      pollfd(fd: input, events: Int16(POLLIN), revents: 0),
    ]
    var scrap = [UInt8](repeating: 0, count: 4096)
    repeat {
      for index in fds.indices { fds[index].revents = 0 }
      _ = islet_wait_for(&fds, 3, -1)
      switch islet_take_signal() {
      case SIGINT: return .interrupted
      case SIGTERM, SIGHUP: return .ok
      default: break
      }
      if fds[1].revents != 0 { return .readerGone }
      if fds[2].revents != 0 && read(input, &scrap, scrap.count) <= 0 { fds[2].fd = -1 }
    } while fds[0].revents == 0 || !take()
    return nil
  }

  /// Whether an event named `name` in the watched `folder` may change the configuration.
  private func matters(_ name: String, mask: UInt32, in watched: String?) -> Bool {
    guard let watched else { return false }
    // The watched folder itself went (removed, moved): look for the way again.
    if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { return true }
    if watched == folder { return name == "config" || name == "themes" }
    if watched == themes { return true }
    // Above the folder: only the next folder on the way to it.
    let next = (watched == "/" ? "" : watched) + "/" + name
    return !name.isEmpty && (folder + "/").hasPrefix(next + "/")
  }

  private var themes: String { folder + "/themes" }

  /// Watches the configuration's folder (or the nearest above it) and its themes folder anew.
  private func watch() {
    for descriptor in watches.keys { inotify_rm_watch(fileDescriptor, descriptor) }
    watches = [:]
    let nearest = StoreLocation.nearestExisting(folder)
    // Above the folder only what makes the way to it; in it, what a file's writing does.
    let files = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
    let mask =
      (nearest == folder ? files : UInt32(IN_CREATE | IN_MOVED_TO))
      | UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    for (path, mask) in [(nearest, mask), (nearest == folder ? themes : "", files | UInt32(IN_DELETE_SELF))]
    where !path.isEmpty {
      let descriptor = inotify_add_watch(fileDescriptor, path, mask)
      if descriptor >= 0 { watches[descriptor] = path }
    }
  }
}
