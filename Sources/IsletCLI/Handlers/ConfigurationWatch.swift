import CSystem
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// Notices the configuration changing (a file in its folder written, made, moved or removed,
/// a theme too), for a process that runs on: the status line's and the bars' followers load it
/// afresh, so that a changed setting, or a broken line, shows as a command run then would show
/// it. While the folder does not exist, the nearest folder above it is watched.
final class ConfigurationWatch {
  let fileDescriptor: Int32
  private let folder: String
  /// The folder watched: the configuration's, or while it does not exist the nearest above.
  private var watched: (folder: String, descriptor: Int32)?

  /// Made before the configuration is read, so that a change while it is read is not missed.
  init?(environment: [String: String]) {
    let inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard inotify >= 0 else { return nil }
    fileDescriptor = inotify
    folder = StoreLocation.configFolder(environment: environment)
    watchNearest()
    guard watched != nil else { return nil }
  }

  deinit { close(fileDescriptor) }

  /// Takes what has been noticed; true when it may change the configuration: anything in its
  /// folder, or above it only the making of the next folder on the way to it, which is then
  /// watched in turn. The next change makes the descriptor readable again.
  func take() -> Bool {
    var changed = false
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(fileDescriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      var offset = 0
      // Each event: a descriptor, a mask, a cookie, the name's length, then the name.
      while offset + 16 <= count {
        let length = buffer[offset + 12..<offset + 16].reversed().reduce(0) { $0 << 8 | Int($1) }
        let name = buffer[offset + 16..<min(count, offset + 16 + length)].prefix { $0 != 0 }
        offset += 16 + length
        guard let watched else { continue }
        if watched.folder == folder
          || folder.hasPrefix(Self.joined(watched.folder, String(decoding: name, as: UTF8.self)))
        {
          changed = true
        }
      }
    }
    if changed && watched?.folder != folder { watchNearest() }
    return changed
  }

  /// Sleeps until the configuration may have changed (true), or a signal comes or the reader
  /// of stdout goes away (false). The interrupts are caught and deferred by the caller.
  func awaitChange() -> Bool {
    var fds = [
      pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: 1, events: 0, revents: 0),
    ]
    repeat {
      for index in fds.indices { fds[index].revents = 0 }
      _ = islet_wait_for(&fds, 2, -1)
      if islet_take_signal() != 0 || fds[1].revents != 0 { return false }
    } while fds[0].revents == 0 || !take()
    return true
  }

  private func watchNearest() {
    if let watched { inotify_rm_watch(fileDescriptor, watched.descriptor) }
    var nearest = folder
    var info = stat()
    while stat(nearest, &info) != 0 && nearest != "/" { nearest = StoreLocation.parent(of: nearest) }
    // Above the folder only what makes the way to it: the store may live there, and its
    // readers' writes must not wake a follower each second.
    let mask =
      nearest == folder
      ? UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)
      : UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR)
    let descriptor = inotify_add_watch(fileDescriptor, nearest, mask)
    watched = descriptor >= 0 ? (nearest, descriptor) : nil
  }

  /// `folder/name`, and the folder alone for a name that is empty.
  private static func joined(_ folder: String, _ name: String) -> String {
    name.isEmpty ? folder : (folder.hasSuffix("/") ? folder : folder + "/") + name
  }
}
