import CSystem
import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when the store has news, without polling: inotify on the store's folder (the `-wal`
/// file is written on every commit), confirmed by `PRAGMA data_version`, then judged by its
/// events: every change to the store records one, so a newest event other than the one known
/// is news; so is a new `pulse`, which the one change that records none (a posted progress)
/// bumps instead. Readers open the store read-only and so wake no follower.
///
/// ```swift
/// let follower = try StoreFollower(path: path)
/// while follower.wait(until: deadline) == .changed { show(follower.news) }
/// ```
///
/// A caller with a poll of its own polls `fileDescriptor` with `timeout` and calls `look`.
public final class StoreFollower {
  /// Why `wait` returned.
  public enum Wake: Equatable, Sendable {
    /// The store has news: `news` holds its events.
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

  /// The newest event known: any other newest event is news.
  public private(set) var seq: Int64 = 0
  /// The events the last look found, oldest first (those the caller recorded left out).
  public private(set) var news: [Event] = []
  /// Events this process recorded and has handed over itself: not news.
  private var own: Set<Int64> = []
  /// The store's pulse known, bumped by the changes that record no event (a posted progress).
  private var pulse: Int64 = 0

  private let inotify: Int32
  private let timer: Int32
  private let path: String
  private let names: Set<String>
  /// The file watched, told apart from one moved into its place.
  private let identity: (device: UInt64, inode: UInt64)
  /// Confirms changes on a connection of its own, so that this process's commits are seen as
  /// anyone's (and then found not to be news). It never writes.
  private let confirmer: SQLiteActivityStore
  private var lastVersion: Int64 = 0
  /// The WAL is written a moment before its commit shows in the WAL index, so a write seen
  /// without a new `data_version` is looked at again after these delays (ms), then let go.
  static let recheckDelays: [Int64] = [1, 2, 5, 10, 25, 50, 100]
  private var recheck: (at: Int64, step: Int)?

  /// Follows the store at `path`, knowing its newest event as it is now. `besideWriter`: this
  /// process keeps a connection open to write, which keeps the WAL index, so the follower's
  /// own is a reader's; otherwise it is a writer's, since a read-only one opened while no other
  /// connection keeps the WAL index may not see `data_version` move.
  public init(path: String, besideWriter: Bool = false) throws {
    self.path = path
    let folder = StoreLocation.parent(of: path)
    let base = StoreLocation.name(of: path)
    names = [base, base + "-wal"]
    identity = Self.identity(of: path) ?? (0, 0)
    inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    timer = islet_timerfd_create()
    // IN_CLOSE_WRITE too: a writer closing the WAL comes after its commit has surely shown,
    // which a loaded machine may delay past the last recheck after the write itself.
    let mask = UInt32(
      IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_DELETE_SELF
        | IN_MOVE_SELF)
    guard inotify >= 0, timer >= 0, inotify_add_watch(inotify, folder, mask) >= 0 else {
      let detail = String(cString: strerror(errno))
      if inotify >= 0 { close(inotify) }
      if timer >= 0 { close(timer) }
      throw StoreError.unavailable(path: path, detail: "cannot watch it: \(detail)")
    }
    let reader = besideWriter ? try SQLiteActivityStore.openForReading(path: path) : nil
    confirmer = try reader ?? SQLiteActivityStore.openForWriting(path: path)
    // What its own opening stirred is no news to hear; the reads that follow cover the rest.
    _ = drain()
    lastVersion = try confirmer.dataVersion()
    seq = try confirmer.lastEventSeq()
    pulse = try confirmer.pulse()
  }

  deinit {
    confirmer.close()
    close(inotify)
    close(timer)
  }

  /// The descriptor that becomes readable on store activity, for a caller's own `poll`.
  public var fileDescriptor: Int32 { inotify }

  /// The follower's connection, counted with the caller's when statements are.
  public var connection: SQLiteActivityStore { confirmer }

  /// Milliseconds until `look` must be called again though nothing is readable; nil: none due.
  public var timeout: Int32? {
    recheck.map { Int32(clamping: max(0, $0.at - Self.monotonic())) }
  }

  /// Events this process recorded and hands over itself (an intent's report): when the
  /// follower sees them, they are not news.
  public func recorded(_ events: [Event]) {
    own.formUnion(events.compactMap(\.seq).filter { $0 > seq })
  }

  /// For a caller polling `fileDescriptor` itself, after each wake (`heard`: it was
  /// readable): `.changed` when the store has news (in `news`), `.gone`, or nil.
  public func look(heard: Bool = true) throws -> Wake? {
    if heard {
      switch drain() {
      case .gone: return .gone
      // A write starts the schedule again: its commit is looked for at once, then shortly.
      case .written: recheck = (Self.monotonic(), 0)
      // A writer closing comes after its commit has shown: one look is enough.
      case .closed: recheck = recheck ?? (Self.monotonic(), Self.recheckDelays.count)
      case nil: break
      }
    }
    guard let due = recheck, due.at <= Self.monotonic() else { return nil }
    let version = try confirmer.dataVersion()
    guard version != lastVersion else {
      let step = due.step + 1
      recheck =
        step <= Self.recheckDelays.count ? (Self.monotonic() + Self.recheckDelays[step - 1], step) : nil
      return nil
    }
    recheck = nil
    lastVersion = version
    return try catchUp() ? .changed : nil
  }

  /// Reads the events since the newest known, whatever inotify said, keeps those not the
  /// caller's own in `news`, and makes the newest known: the caller's own reload. True when
  /// that is news; so is the newest known gone (the store put back from an older copy).
  @discardableResult
  public func catchUp() throws -> Bool {
    let rows = try confirmer.history(after: max(seq - 1, 0))
    guard seq == 0 || rows.first?.seq == seq else {
      news = rows
      seq = try confirmer.lastEventSeq()
      pulse = try confirmer.pulse()
      own = []
      return true
    }
    news = rows.filter { $0.seq != seq && !own.contains($0.seq ?? 0) }
    seq = rows.last?.seq ?? seq
    own = own.filter { $0 > seq }
    guard news.isEmpty else { return true }
    // No event, yet perhaps a change that records none: a posted progress.
    let beat = try confirmer.pulse()
    defer { pulse = beat }
    return beat != pulse
  }

  /// Sleeps until the store has news, it goes away, the wall clock reaches `deadline` (an
  /// absolute time, so a suspend or a clock change is handled), or one of `also` is readable.
  /// `interruptible`: the caller holds SIGINT, SIGTERM and SIGHUP back
  /// (`islet_defer_interrupts`), and they are let in only while asleep, so none is missed.
  public func wait(until deadline: Instant?, also: [Int32] = [], interruptible: Bool = false) -> Wake {
    if let deadline {
      let ms = deadline.milliseconds
      islet_timerfd_arm(timer, Int64(ms / 1000), Int(ms % 1000) * 1_000_000)
    } else {
      islet_timerfd_arm(timer, 0, 0)
    }
    while true {
      var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)]
      fds.append(pollfd(fd: deadline != nil ? timer : -1, events: Int16(POLLIN), revents: 0))
      fds += also.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      let wait = timeout ?? -1
      let ready =
        interruptible ? islet_wait_for(&fds, nfds_t(fds.count), wait) : poll(&fds, nfds_t(fds.count), wait)
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
      do {
        if let wake = try look(heard: fds[0].revents != 0) { return wake }
      } catch {
        // A store that cannot be read now is news: the caller's next read says why.
        return .changed
      }
    }
  }

  /// What the pending inotify events say of the store and its WAL, the most telling first.
  private enum Heard: Comparable { case closed, written, gone }

  /// Reads the pending inotify events: was the store or its WAL written, closed by a writer,
  /// or did it vanish?
  private func drain() -> Heard? {
    var buffer = [UInt8](repeating: 0, count: 8192)
    var result: Heard?
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
        result = max(result ?? .closed, mask & UInt32(IN_CLOSE_WRITE) != 0 ? .closed : .written)
      }
    }
    // One look at the file says both: removed (no file), or replaced (another file).
    if result != nil {
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

  private static func monotonic() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}
