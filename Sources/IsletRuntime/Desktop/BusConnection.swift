import CDBus
import Glibc

/// A private connection to the session bus that never waits: it is opened, its handshake and
/// `Hello` sent, and calls posted, all without waiting for an answer; what comes is read when
/// `fileDescriptor` is readable (`messages()`), and a call not answered within `timeout` comes
/// out of `expired()`. A bus that never answers holds nothing.
///
/// ```swift
/// guard let bus = BusConnection.open(environment: environment) else { return }  // no bus
/// let serial = bus.call(BusConnection.daemon, "RequestName", [.string(name), .uint32(4)])
/// // later, when bus.fileDescriptor is readable:
/// for message in bus.messages() where message.replySerial == serial { … }
/// ```
package final class BusConnection {
  private var connection: OpaquePointer?
  /// The calls posted and not answered yet, by serial, with when they are given up on.
  private var waiting: [UInt32: Int64] = [:]
  /// Whether the bus has closed the connection (or it was closed here).
  package private(set) var isClosed = false

  /// No call is waited for longer than this, in milliseconds.
  package static let timeout: Int64 = 2000

  /// The bus itself, for `Hello`, `RequestName` and the like.
  package static let daemon = Destination(
    name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus")

  /// Who a call goes to.
  package struct Destination: Sendable {
    package var name: String
    package var path: String
    package var interface: String
  }

  private init(connection: OpaquePointer) {
    self.connection = connection
  }

  deinit { close() }

  /// Opens a connection to the session bus that `environment` names, its `Hello` posted; nil
  /// when there is none or it cannot be reached. Never starts a bus, never waits.
  package static func open(environment: [String: String]) -> BusConnection? {
    guard case .success(let address) = DesktopNotifier.busAddress(environment) else { return nil }
    return open(address: address)
  }

  /// Opens a connection to the bus at `address` (the system bus, for logind), its `Hello`
  /// posted; nil when it cannot be reached.
  package static func open(address: String) -> BusConnection? {
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let connection = dbus_connection_open_private(address, &error) else { return nil }
    dbus_connection_set_exit_on_disconnect(connection, 0)
    let bus = BusConnection(connection: connection)
    // What dbus_bus_register sends, without its wait: libdbus writes it once the handshake is done.
    bus.call(daemon, "Hello", [])
    return bus
  }

  /// The bus's socket, for a poll that wakes when a message comes; -1 once closed.
  package var fileDescriptor: Int32 {
    var fd: Int32 = -1
    guard let connection, dbus_connection_get_unix_fd(connection, &fd) != 0 else { return -1 }
    return fd
  }

  /// Whether messages are still to be written: during the handshake, or to a bus that is slow
  /// to read them.
  package var isWriting: Bool {
    guard let connection else { return false }
    return dbus_connection_has_messages_to_send(connection) != 0
  }

  /// When the oldest call not answered is given up on, on the monotonic clock.
  package var nextTimeout: Int64? { waiting.values.min() }

  /// Posts `method` with `arguments`; its serial, whose answer `messages()` gives, or nil when
  /// it could not be sent.
  @discardableResult
  package func call(_ to: Destination, _ method: String, _ arguments: [BusValue]) -> UInt32? {
    guard connection != nil,
      let message = dbus_message_new_method_call(to.name, to.path, to.interface, method)
    else { return nil }
    defer { dbus_message_unref(message) }
    var writer = BusWriter(message)
    writer.append(arguments)
    guard let serial = send(message) else { return nil }
    waiting[serial] = Self.monotonicMilliseconds() + Self.timeout
    return serial
  }

  /// Sends `member` on `interface` from `path`, with `arguments` and, after them, `variant` in a
  /// variant when given.
  package func signal(
    path: String, interface: String, _ member: String, _ arguments: [BusValue], variant: BusValue? = nil
  ) {
    guard connection != nil, let message = dbus_message_new_signal(path, interface, member) else { return }
    defer { dbus_message_unref(message) }
    var writer = BusWriter(message)
    writer.append(arguments)
    if let variant { writer.appendVariant(variant) }
    send(message)
  }

  /// Answers `call` with `arguments`, or with a variant holding `variant`, unless its sender
  /// asked for no answer.
  package func reply(to call: BusMessage, _ arguments: [BusValue] = [], variant: BusValue? = nil) {
    guard connection != nil, !call.wantsNoReply, let message = dbus_message_new_method_return(call.message)
    else { return }
    defer { dbus_message_unref(message) }
    var writer = BusWriter(message)
    writer.append(arguments)
    if let variant { writer.appendVariant(variant) }
    send(message)
  }

  /// Answers `call` with the error `name` and its sentence.
  package func refuse(_ call: BusMessage, _ name: String, _ text: String) {
    guard connection != nil, !call.wantsNoReply,
      let message = dbus_message_new_error(call.message, name, text)
    else { return }
    defer { dbus_message_unref(message) }
    send(message)
  }

  @discardableResult
  private func send(_ message: OpaquePointer) -> UInt32? {
    guard let connection else { return nil }
    var serial: UInt32 = 0
    guard dbus_connection_send(connection, message, &serial) != 0 else { return nil }
    pump(connection)
    return serial
  }

  /// What has come, without waiting: answers (their calls no longer waited for), calls and
  /// signals. Once the bus has gone, `isClosed` says so.
  package func messages() -> [BusMessage] {
    guard let connection else { return [] }
    pump(connection)
    var found: [BusMessage] = []
    while let message = dbus_connection_pop_message(connection) {
      let popped = BusMessage(taking: message)
      if popped.isSignal(interface: "org.freedesktop.DBus.Local", "Disconnected") {
        isClosed = true
        continue
      }
      if let serial = popped.replySerial { waiting[serial] = nil }
      found.append(popped)
    }
    if dbus_connection_get_is_connected(connection) == 0 { isClosed = true }
    return found
  }

  /// The serials of the calls given up on: not answered within `timeout`.
  package func expired() -> [UInt32] {
    let now = Self.monotonicMilliseconds()
    let given = waiting.filter { $0.value <= now }.map(\.key)
    for serial in given { waiting[serial] = nil }
    return given
  }

  /// Closes the connection, which gives up every name it owns, without writing what is still
  /// queued: a bus that does not read would hold the loop. Later calls do nothing.
  package func close() {
    guard let connection else { return }
    dbus_connection_close(connection)
    dbus_connection_unref(connection)
    self.connection = nil
    isClosed = true
  }

  /// Reads what has come and writes what is queued, without waiting, for a few turns (a turn
  /// that ends the handshake writes nothing else).
  private func pump(_ connection: OpaquePointer) {
    for _ in 0..<8 {
      guard dbus_connection_read_write(connection, 0) != 0 else {
        isClosed = true
        return
      }
      if dbus_connection_has_messages_to_send(connection) == 0 { return }
    }
  }

  package static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }
}

/// A message read off the bus, released when the value goes.
package final class BusMessage {
  package let message: OpaquePointer

  init(taking message: OpaquePointer) {
    self.message = message
  }

  deinit { dbus_message_unref(message) }

  package var isCall: Bool { dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL }
  package var isError: Bool { dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_ERROR }
  /// The call this message answers; nil for a call or a signal.
  package var replySerial: UInt32? {
    let type = dbus_message_get_type(message)
    guard type == DBUS_MESSAGE_TYPE_METHOD_RETURN || type == DBUS_MESSAGE_TYPE_ERROR else { return nil }
    return dbus_message_get_reply_serial(message)
  }
  package var path: String? { dbus_message_get_path(message).map { String(cString: $0) } }
  /// Nil when a call names none: it is then the member alone that says what is asked.
  package var interface: String? { dbus_message_get_interface(message).map { String(cString: $0) } }
  package var member: String { dbus_message_get_member(message).map { String(cString: $0) } ?? "" }
  package var wantsNoReply: Bool { dbus_message_get_no_reply(message) != 0 }
  package var arguments: BusReader { BusReader(message) }

  package func isSignal(interface: String, _ member: String) -> Bool {
    dbus_message_is_signal(message, interface, member) != 0
  }
}
