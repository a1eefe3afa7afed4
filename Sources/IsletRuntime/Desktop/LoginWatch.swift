import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// The user going away from the machine and coming back, as logind says it on the system bus:
/// `PrepareForSleep(true/false)` and the session's `Lock` and `Unlock`. The deadline watcher
/// keeps one while something `AwayRule` would touch is live; it never waits (a `BusConnection`),
/// and with no system bus, or no logind on it, it hears nothing and nothing fails.
package final class LoginWatch {
  private let environment: [String: String]
  private var bus: BusConnection?
  /// Opened once a watcher's life: a bus that is gone is not asked for again.
  private var opened = false
  private var sessionCall: UInt32?
  /// The session's object path, once logind has said it.
  package private(set) var session: String?
  /// Whether the session was locked and not unlocked since: waking then is not coming back,
  /// since the lock screen still stands between the user and the machine.
  private var locked = false

  static let login = BusConnection.Destination(
    name: "org.freedesktop.login1", path: "/org/freedesktop/login1",
    interface: "org.freedesktop.login1.Manager")
  static let sessionInterface = "org.freedesktop.login1.Session"

  package init(environment: [String: String]) {
    self.environment = environment
  }

  deinit { bus?.close() }

  /// The system bus's address: `DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket when it is
  /// there; nil when there is none.
  package static func address(_ environment: [String: String]) -> String? {
    if let given = environment["DBUS_SYSTEM_BUS_ADDRESS"], !given.isEmpty { return given }
    let socket = "/run/dbus/system_bus_socket"
    var info = stat()
    guard stat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else { return nil }
    return "unix:path=" + socket
  }

  /// Whether a watcher should listen: something live that going away would touch, and a
  /// system bus to hear it on.
  package static func wanted(live: [Activity], settings: AwaySettings?, environment: [String: String]) -> Bool
  {
    guard let settings, AwayRule.wants(live, settings: settings) else { return false }
    return address(environment) != nil
  }

  /// Opens the connection when `wanted` and not tried yet; closes it when no longer wanted.
  package func update(wanted: Bool) {
    if !wanted {
      bus?.close()
      bus = nil
      opened = false
      session = nil
      return
    }
    guard !opened else { return }
    opened = true
    guard let address = Self.address(environment), let bus = BusConnection.open(address: address) else {
      return
    }
    self.bus = bus
    let login = Self.login
    bus.call(
      BusConnection.daemon, "AddMatch",
      [
        .string(
          "type='signal',sender='\(login.name)',path='\(login.path)',interface='\(login.interface)',member='PrepareForSleep'"
        )
      ])
    if let id = environment["XDG_SESSION_ID"], !id.isEmpty {
      sessionCall = bus.call(login, "GetSession", [.string(id)])
    } else {
      sessionCall = bus.call(login, "GetSessionByPID", [.uint32(UInt32(truncatingIfNeeded: getpid()))])
    }
  }

  package var descriptors: [Int32] {
    guard let bus, !bus.isClosed, case let fd = bus.fileDescriptor, fd >= 0 else { return [] }
    return [fd]
  }

  /// When it must look again: soon while its messages are still being written, else within
  /// the hour, as the media players do, so that the watcher stays while it listens; nil when
  /// it does not listen.
  package func nextWake(at now: Instant) -> Instant? {
    guard let bus, !bus.isClosed else { return nil }
    return bus.isWriting ? now + 10 : now + 3_600_000
  }

  /// Whether it would listen for `live`: wanted, and not given up on (a bus that could not be
  /// reached, or went, holds no watcher).
  package func wouldListen(live: [Activity], settings: AwaySettings) -> Bool {
    Self.wanted(live: live, settings: settings, environment: environment) && (bus != nil || !opened)
  }

  /// What has been heard since the last look, in order: going away, coming back.
  package func moments() -> [AwayRule.Moment] {
    guard let bus else { return [] }
    var heard: [AwayRule.Moment] = []
    for message in bus.messages() {
      if let serial = sessionCall, message.replySerial == serial {
        sessionCall = nil
        var arguments = message.arguments
        guard !message.isError, let path = arguments.string() else { continue }
        session = path
        bus.call(
          BusConnection.daemon, "AddMatch",
          [
            .string(
              "type='signal',sender='\(Self.login.name)',path='\(path)',interface='\(Self.sessionInterface)'")
          ])
        continue
      }
      if message.isSignal(interface: Self.login.interface, "PrepareForSleep"), message.path == Self.login.path
      {
        var arguments = message.arguments
        guard let sleeping = arguments.bool() else { continue }
        if sleeping || !locked { heard.append(sleeping ? .leaving : .back) }
      } else if let session, message.path == session {
        if message.isSignal(interface: Self.sessionInterface, "Lock") {
          locked = true
          heard.append(.leaving)
        }
        if message.isSignal(interface: Self.sessionInterface, "Unlock") {
          locked = false
          heard.append(.back)
        }
      }
    }
    if let serial = sessionCall, bus.expired().contains(serial) { sessionCall = nil }
    if bus.isClosed {
      bus.close()
      self.bus = nil
    }
    return heard
  }
}
