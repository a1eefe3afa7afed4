import CSystem
import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when another process has committed to the store, without polling: inotify on the
/// store's folder (the `-wal` file is written on every commit), confirmed by `PRAGMA
/// data_version`. Readers open the store read-only and so wake no watcher.
public final class StoreWatcher {
  /// Why `wait` returned.
  public enum Wake: Equatable, Sendable {
    /// Another process committed a change.
    case changed
    /// The deadline passed (or the wall clock was set, which may have moved it).
    case deadline
    /// The store file was deleted, moved away, or replaced by another file.
    case gone
    /// A signal arrived.
    case interrupted
    /// One of the caller's own descriptors is readable.
    case readable(Int32)
  }

  private let inotify: Int32
  private let timer: Int32
  private let path: String
  private let names: Set<String>
  /// The file watched, told apart from one moved into its place.
  private let identity: (device: UInt64, inode: UInt64)
  /// Confirms changes; a read-write connection, since a read-only one opened while no other
  /// connection keeps the WAL index may not see `data_version` move. It never writes.
  private let confirmer: SQLiteActivityStore
  private var lastVersion: Int64

  /// Watches the store at `path`.
  public init(path: String) throws {
    self.path = path
    let folder = StoreLocation.parent(of: path)
    let base = StoreLocation.name(of: path)
    names = [base, base + "-wal"]
    identity = Self.identity(of: path) ?? (0, 0)
    inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    timer = islet_timerfd_create()
    let mask = UInt32(
      IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF)
    guard inotify >= 0, timer >= 0, inotify_add_watch(inotify, folder, mask) >= 0 else {
      let detail = String(cString: strerror(errno))
      if inotify >= 0 { close(inotify) }
      if timer >= 0 { close(timer) }
      throw StoreError.unavailable(path: path, detail: "cannot watch it: \(detail)")
    }
    confirmer = try SQLiteActivityStore.openForWriting(path: path)
    lastVersion = try confirmer.dataVersion()
  }

  deinit {
    confirmer.close()
    close(inotify)
    close(timer)
  }

  /// The descriptor that becomes readable on store activity, for a caller's own `poll`.
  public var fileDescriptor: Int32 { inotify }

  /// Sleeps until another process commits, the store goes away, the wall clock reaches
  /// `deadline` (an absolute time, so a suspend or a clock change is handled), or one of
  /// `also` is readable.
  /// `interruptible`: the caller holds SIGINT, SIGTERM and SIGHUP back
  /// (`islet_defer_interrupts`), and they are let in only while asleep, so none is missed.
  public func wait(until deadline: Instant?, also: [Int32] = [], interruptible: Bool = false) -> Wake {
    if let deadline {
      let ms = deadline.milliseconds
      islet_timerfd_arm(timer, Int64(ms / 1000), Int(ms % 1000) * 1_000_000)
    } else {
      islet_timerfd_arm(timer, 0, 0)
    }
    // The WAL is written a moment before its commit shows in the WAL index, so a write seen
    // without a new data_version is looked at again a few times, briefly, before it is let go.
    var recheck = 0
    let recheckDelays: [Int32] = [1, 2, 5, 10, 25, 50, 100]
    while true {
      var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
      fds.append(pollfd(fd: deadline != nil ? timer : -1, events: Int16(POLLIN), revents: 0))
      fds += also.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let timeout = recheck > 0 ? recheckDelays[recheck - 1] : -1
      let ready =
        interruptible
        ? islet_wait_for(&fds, nfds_t(fds.count), timeout) : poll(&fds, nfds_t(fds.count), timeout)
      if ready < 0 {
        if errno == EINTR { return .interrupted }
        continue
      }
      if fds[1].revents != 0 {
        var expirations: UInt64 = 0
        _ = read(timer, &expirations, 8)
        return .deadline
      }
      if let ready = fds.dropFirst(2).first(where: { $0.revents != 0 }) { return .readable(ready.fd) }
      if fds[0].revents != 0 {
        switch drain() {
        case .gone: return .gone
        case .changed: recheck = 1
        default: break
        }
      }
      if recheck > 0 {
        if confirmChanged() { return .changed }
        recheck = recheck < recheckDelays.count ? recheck + 1 : 0
      }
    }
  }

  /// For a caller polling `fileDescriptor` itself: what the pending events say (the store
  /// changed or went away), without confirming. A commit may show a moment after its write,
  /// so a caller that reloads on `.changed` reloads once more shortly after.
  public func takeEvents() -> Wake? { drain() }

  /// Reads the pending inotify events: did the store or its WAL change, or vanish?
  private func drain() -> Wake? {
    var buffer = [UInt8](repeating: 0, count: 8192)
    var result: Wake?
    while true {
      let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
      if count <= 0 { break }
      var offset = 0
      while offset + 16 <= count {
        let mask = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 4, as: UInt32.self) }
        let length = Int(buffer.withUnsafeBytes { $0.load(fromByteOffset: offset + 12, as: UInt32.self) })
        let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
        let name = String(decoding: nameBytes, as: UTF8.self)
        offset += 16 + length
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { return .gone }
        guard names.contains(name) else { continue }
        if !name.hasSuffix("-wal") && mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 { return .gone }
        result = .changed
      }
    }
    // One look at the file says both: removed (no file), or replaced (another file).
    if result == .changed {
      guard let now = Self.identity(of: path), now.device == identity.device, now.inode == identity.inode
      else { return .gone }
    }
    return result
  }

  private static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return (UInt64(info.st_dev), UInt64(info.st_ino))
  }

  private func confirmChanged() -> Bool {
    guard let version = try? confirmer.dataVersion() else { return true }
    defer { lastVersion = version }
    return version != lastVersion
  }
}
