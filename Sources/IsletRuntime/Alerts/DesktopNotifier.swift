import CDBus
import Glibc
import IsletUI

/// The desktop's notification server (`org.freedesktop.Notifications`), reached over a private
/// connection to the session bus: it shows alerts, replaces and withdraws them, and reports the
/// buttons pressed. Used on one thread; the watcher polls `fileDescriptor` and reads `signals()`.
/// `connect`, `notify` and `close` wait for the answer (`islet alert test`); the watcher opens
/// with `open`, sends with `post` and reads the answers among the signals, so that a server that
/// never answers holds nothing.
///
/// ```swift
/// switch DesktopNotifier.connect(environment: environment) {
/// case .success(let desktop):
///   let shown = desktop.notify(alert, replacing: nil)  // the server's id, 7
///   // later, when fileDescriptor is readable:
///   for case .actionInvoked(let id, let key) in desktop.signals() where id == shown { … }
/// case .failure(let failure):
///   print(failure.reason)  // "no notification server on the session bus"
/// }
/// ```
package final class DesktopNotifier {
  /// Why there is no notifier: one line, for `islet alert test`.
  package struct Failure: Error, Equatable, CustomStringConvertible {
    package var reason: String
    package var description: String { reason }
  }

  /// What the server said since the last look. Only the server this connection's
  /// notifications went to is heard: another that takes the name later numbers its own from 1.
  package enum Signal: Equatable {
    /// A button was pressed (the server then closes the notification).
    case actionInvoked(id: UInt32, key: String)
    /// The notification is gone: 1 expired, 2 dismissed by the user, 3 closed by a call, 4 other.
    case closed(id: UInt32, reason: UInt32)
    /// The server answered who it is and what it can do: `post` may send notifications.
    case ready
    /// The notification `post`ed for `tag` is shown as `id`.
    case shown(tag: String, id: UInt32)
    /// The notification `post`ed for `tag` was not taken, or not answered in time.
    case refused(tag: String, reason: String)
    /// No server answered `open`'s questions in time, or none is there: the connection is of no
    /// use.
    case unavailable(reason: String)
    /// The server this connection's notifications went to is gone (it quit, or another took the
    /// name): they are gone with it.
    case serverGone
    /// The bus went away: nothing more will come, nothing can be sent.
    case disconnected
  }

  /// What the server can do: "actions", "body", "body-markup", …
  package private(set) var capabilities: Set<String> = []
  /// The server's name and version: `dunst 1.9.0`.
  package private(set) var server = ""
  /// The last call that failed, and why.
  package private(set) var lastFailure: Failure?
  /// The server's unique name on the bus (`:1.42`), once it has answered: the one whose
  /// signals are heard.
  package private(set) var owner: String?
  private var connection: OpaquePointer?
  /// The calls `post` sent and no answer has come for yet, by serial.
  private var waiting: [UInt32: Waiting] = [:]
  private var introduced = (capabilities: false, information: false)

  /// What a call sent without waiting is for, and when it is given up on.
  private struct Waiting {
    package enum Purpose {
      /// The bus's own: Hello, AddMatch.
      case bus
      case capabilities, information, close
      case notify(tag: String)
    }
    package var purpose: Purpose
    package var until: Int64
  }

  /// No call waits longer than this for the bus or the server.
  package static let timeout: Int32 = 2000
  /// How long a notification's answer is waited for, while nothing waits on it.
  package static let notifyTimeout: Int64 = 25_000
  package static let name = "org.freedesktop.Notifications"
  package static let path = "/org/freedesktop/Notifications"

  private init(connection: OpaquePointer) {
    self.connection = connection
  }

  deinit { disconnect() }

  /// Connects to the session bus that `environment` names and asks its notification server
  /// what it can do, waiting for the answers. Never starts a bus.
  package static func connect(environment: [String: String]) -> Result<DesktopNotifier, Failure> {
    let notifier: DesktopNotifier
    switch openBus(environment: environment, waiting: true) {
    case .success(let opened): notifier = opened
    case .failure(let failure): return .failure(failure)
    }
    switch notifier.call(.notifications, "GetCapabilities", { _ in }) {
    case .failure(let failure): return .failure(failure)
    case .success(let reply):
      notifier.capabilities = Set(reply.strings() ?? [])
      notifier.owner = reply.sender
    }
    switch notifier.call(.notifications, "GetServerInformation", { _ in }) {
    case .failure(let failure): return .failure(failure)
    case .success(let reply): notifier.server = Self.serverName(reply)
    }
    return .success(notifier)
  }

  /// Connects to the session bus and asks its notification server what it can do without
  /// waiting for the answers, the bus's handshake's neither: `signals()` says `ready` once they
  /// have come, or `unavailable`.
  package static func open(environment: [String: String]) -> Result<DesktopNotifier, Failure> {
    switch openBus(environment: environment, waiting: false) {
    case .success(let notifier):
      notifier.post(.notifications, "GetCapabilities", .capabilities) { _ in }
      notifier.post(.notifications, "GetServerInformation", .information) { _ in }
      return .success(notifier)
    case .failure(let failure): return .failure(failure)
    }
  }

  /// `name version` from GetServerInformation's reply (name, vendor, version, spec_version).
  private static func serverName(_ reply: Arguments) -> String {
    let name = reply.string() ?? "unnamed"
    _ = reply.string()
    return [name, reply.string() ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// The connection to the bus, its handshake done and the signals asked for; or, not
  /// `waiting`, all that under way (libdbus sends the calls once the handshake is done).
  private static func openBus(environment: [String: String], waiting: Bool) -> Result<
    DesktopNotifier, Failure
  > {
    let address: String
    switch busAddress(environment) {
    case .success(let found): address = found
    case .failure(let failure): return .failure(failure)
    }
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let connection = dbus_connection_open_private(address, &error) else {
      return .failure(Failure(reason: "cannot connect to \(address): \(error.text)"))
    }
    dbus_connection_set_exit_on_disconnect(connection, 0)
    // From here its deinit closes the connection, whatever fails.
    let notifier = DesktopNotifier(connection: connection)
    if waiting, let reason = notifier.authenticate() {
      return .failure(Failure(reason: "cannot connect to \(address): \(reason)"))
    }
    // Hello is what dbus_bus_register sends, but with our timeout rather than its 25 s.
    let bus = Destination(
      name: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus")
    guard waiting else {
      notifier.post(bus, "Hello", .bus) { _ in }
      for rule in matchRules { notifier.post(bus, "AddMatch", .bus) { $0.append(rule) } }
      return .success(notifier)
    }
    if case .failure(let failure) = notifier.call(bus, "Hello", { _ in }) {
      return .failure(Failure(reason: "cannot connect to \(address): \(failure.reason)"))
    }
    for rule in matchRules {
      if case .failure(let failure) = notifier.call(bus, "AddMatch", { $0.append(rule) }) {
        return .failure(Failure(reason: "cannot connect to \(address): \(failure.reason)"))
      }
    }
    return .success(notifier)
  }

  /// The signals heard: the server's, and the name changing hands, which says when the server
  /// quits or another takes its place.
  private static let matchRules =
    ["ActionInvoked", "NotificationClosed"].map {
      "type='signal',sender='\(name)',path='\(path)',interface='\(name)',member='\($0)'"
    } + [
      "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(name)'"
    ]

  /// The bus's socket, for a poll that wakes when a signal comes; -1 once disconnected. A call
  /// may read a signal off it into the queue, so read `signals()` before each poll.
  package var fileDescriptor: Int32 {
    var fd: Int32 = -1
    guard let connection, dbus_connection_get_unix_fd(connection, &fd) != 0 else { return -1 }
    return fd
  }

  /// Shows `alert` (in place of notification `replacing`, when given); the server's id for it,
  /// or nil when the server did not take it (`lastFailure` says why).
  @discardableResult
  package func notify(_ alert: Alert, replacing: UInt32?) -> UInt32? {
    let reply = call(.notifications, "Notify") {
      notifyArguments(alert, replacing: replacing, goesTo: false, $0)
    }
    guard case .success(let arguments) = reply, arguments.sender == owner else { return nil }
    return arguments.uint32()
  }

  /// Sends `alert` (in place of notification `replacing`) without waiting: `signals()` says
  /// `shown` or `refused` for `tag` when the answer comes, or once `timeout` has passed.
  /// `goesTo`: a click on it (its default action) takes the user to its activity's pane.
  /// `value`: an ongoing notice's progress (0…100), sent as the `value` hint with no sound, and
  /// kept on screen until replaced or closed.
  package func post(_ alert: Alert, replacing: UInt32?, tag: String, goesTo: Bool = false, value: Int? = nil)
  {
    post(.notifications, "Notify", .notify(tag: tag)) {
      notifyArguments(alert, replacing: replacing, goesTo: goesTo, value: value, $0)
    }
  }

  /// The action key a server sends when the notification itself is clicked.
  package static let defaultAction = "default"

  /// Withdraws notification `id` without waiting for the answer.
  package func postClose(_ id: UInt32) {
    post(.notifications, "CloseNotification", .close) { $0.append(id) }
  }

  /// Writes what was posted and not yet written, for at most `timeout`: before the connection
  /// is closed.
  package func flush() {
    guard let connection else { return }
    let end = Self.monotonicMilliseconds() + Int64(Self.timeout)
    while dbus_connection_has_messages_to_send(connection) != 0 {
      let left = end - Self.monotonicMilliseconds()
      guard left > 0, dbus_connection_read_write(connection, Int32(left)) != 0 else { return }
    }
  }

  /// Whether something has come that `signals()` has not given yet: a call that reads and
  /// writes (`post`) may take the socket's data into the queue, and the poll would then sleep
  /// on it.
  package var hasQueued: Bool {
    guard let connection else { return false }
    return dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS
  }

  /// Whether calls are still to be written: during the handshake, whose turns need not come
  /// with anything to read, or to a bus that does not read them. `signals()` goes on with them.
  package var isWriting: Bool {
    guard let connection else { return false }
    return dbus_connection_has_messages_to_send(connection) != 0
  }

  /// When the oldest call posted and not answered is given up on, on the monotonic clock.
  package var nextTimeout: Int64? { waiting.values.map(\.until).min() }

  private func notifyArguments(
    _ alert: Alert, replacing: UInt32?, goesTo: Bool, value: Int? = nil, _ arguments: Arguments
  ) {
    let body = capabilities.contains("body-markup") ? Self.escaped(alert.body) : alert.body
    let click = goesTo ? [Self.defaultAction, "Go to"] : []
    let actions =
      capabilities.contains("actions") ? alert.actions.flatMap { [$0.key, $0.label] } + click : []
    arguments.append("Islet")
    arguments.append(replacing ?? 0)
    arguments.append(Self.iconName(alert.icon))
    arguments.append(alert.summary)
    arguments.append(body)
    arguments.append(actions)
    arguments.appendHints(
      urgency: alert.urgency.rawValue, desktopEntry: "islet", value: value.map(Int32.init))
    // A critical alert stays until it is answered, an ongoing notice until it is replaced or
    // closed; the server times out the others.
    arguments.append(alert.urgency == .critical || value != nil ? Int32(0) : Int32(-1))
  }

  /// The activity's icon as the freedesktop icon naming specification names one like it, so
  /// that every icon theme has it; a timer's alarm for the rest.
  package static func iconName(_ icon: String) -> String {
    let names = [
      "call": "call-start", "meeting": "x-office-calendar", "music": "audio-x-generic",
      "book": "accessories-dictionary", "write": "accessories-text-editor", "code": "utilities-terminal",
      "sleep": "weather-clear-night",
    ]
    return names[icon] ?? "appointment-soon"
  }

  /// Withdraws notification `id`.
  package func close(_ id: UInt32) {
    _ = call(.notifications, "CloseNotification") { $0.append(id) }
  }

  /// The server's signals and answers that have arrived, without waiting, and the calls given
  /// up on. `actionInvoked` and `closed` come for every application's notifications: match the
  /// ids to the ones `notify` returned or `shown` said.
  package func signals() -> [Signal] {
    guard let connection else { return [.disconnected] }
    var found: [Signal] = []
    var open = pump(connection)
    while let message = dbus_connection_pop_message(connection) {
      defer { dbus_message_unref(message) }
      let sender = dbus_message_get_sender(message).map { String(cString: $0) }
      if dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_RETURN
        || dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_ERROR
      {
        found += answer(message, from: sender)
      } else if dbus_message_is_signal(message, Self.name, "ActionInvoked") != 0 {
        let arguments = Arguments(reading: message)
        if sender == owner, let id = arguments.uint32(), let key = arguments.string() {
          found.append(.actionInvoked(id: id, key: key))
        }
      } else if dbus_message_is_signal(message, Self.name, "NotificationClosed") != 0 {
        let arguments = Arguments(reading: message)
        if sender == owner, let id = arguments.uint32(), let reason = arguments.uint32() {
          found.append(.closed(id: id, reason: reason))
        }
      } else if dbus_message_is_signal(message, "org.freedesktop.DBus", "NameOwnerChanged") != 0 {
        // name, old owner, new owner: ours no longer holds the name.
        let arguments = Arguments(reading: message)
        if arguments.string() == Self.name, let old = arguments.string(), old == owner,
          arguments.string() != old
        {
          found.append(.serverGone)
        }
      } else if dbus_message_is_signal(message, "org.freedesktop.DBus.Local", "Disconnected") != 0 {
        open = false
      }
    }
    let now = Self.monotonicMilliseconds()
    for (serial, call) in waiting where call.until <= now {
      waiting[serial] = nil
      found += given(call.purpose, up: "\(Self.name) did not answer within \(Self.timeout / 1000) s")
    }
    if !open || dbus_connection_get_is_connected(connection) == 0 { found.append(.disconnected) }
    return found
  }

  /// What the answer to a call `post` sent says.
  private func answer(_ message: OpaquePointer, from sender: String?) -> [Signal] {
    let serial = dbus_message_get_reply_serial(message)
    guard let call = waiting.removeValue(forKey: serial) else { return [] }
    guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_RETURN else {
      let name = dbus_message_get_error_name(message).map { String(cString: $0) } ?? ""
      let unknown = [
        "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
      ]
      return given(
        call.purpose,
        up: unknown.contains(name)
          ? "no notification server on the session bus" : "\(Self.name) refused: \(name)")
    }
    let arguments = Arguments(reading: message)
    switch call.purpose {
    case .capabilities:
      capabilities = Set(arguments.strings() ?? [])
      owner = sender
      introduced.capabilities = true
    case .information:
      server = Self.serverName(arguments)
      introduced.information = true
    case .bus, .close:
      return []
    case .notify(let tag):
      // An answer from a server other than the one introduced: ours went in between.
      guard sender == owner, let id = arguments.uint32() else { return [.serverGone] }
      return [.shown(tag: tag, id: id)]
    }
    return introduced.capabilities && introduced.information ? [.ready] : []
  }

  /// What a call that got no answer (`reason`) means for the one who posted it.
  private func given(_ purpose: Waiting.Purpose, up reason: String) -> [Signal] {
    switch purpose {
    case .bus, .capabilities, .information: return [.unavailable(reason: reason)]
    case .close: return []
    case .notify(let tag): return [.refused(tag: tag, reason: reason)]
    }
  }

  /// Closes the connection (a private one is never closed for us); later calls do nothing.
  package func disconnect() {
    guard let connection else { return }
    dbus_connection_close(connection)
    dbus_connection_unref(connection)
    self.connection = nil
  }

  // MARK: - The bus

  /// The session bus's address: `DBUS_SESSION_BUS_ADDRESS`, else the socket the login session
  /// keeps in `$XDG_RUNTIME_DIR`. An autolaunch address is left out: it would start a bus.
  package static func busAddress(_ environment: [String: String]) -> Result<String, Failure> {
    if let given = environment["DBUS_SESSION_BUS_ADDRESS"], !given.isEmpty {
      let usable = given.split(separator: ";").filter { !$0.hasPrefix("autolaunch:") }
      guard !usable.isEmpty else {
        return .failure(
          Failure(reason: "no session bus: DBUS_SESSION_BUS_ADDRESS is \(given), and Islet starts no bus"))
      }
      return .success(usable.joined(separator: ";"))
    }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
      return .failure(
        Failure(reason: "no session bus: neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set"))
    }
    let socket = runtime + "/bus"
    var info = stat()
    guard stat(socket, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK else {
      return .failure(
        Failure(reason: "no session bus: DBUS_SESSION_BUS_ADDRESS is not set and \(socket) does not exist"))
    }
    guard let escaped = dbus_address_escape_value(socket) else {
      return .failure(Failure(reason: "out of memory"))
    }
    defer { dbus_free(escaped) }
    return .success("unix:path=" + String(cString: escaped))
  }

  /// Who a call goes to.
  private struct Destination {
    package var name: String
    package var path: String
    package var interface: String

    package static let notifications = Destination(
      name: DesktopNotifier.name, path: DesktopNotifier.path, interface: DesktopNotifier.name)
  }

  /// Completes the handshake within `timeout`; why not, or nil. libdbus would do it inside the
  /// first call, whose wait for the handshake has no end: a bus that accepts the connection and
  /// never answers would hold the watcher for good.
  private func authenticate() -> String? {
    guard let connection else { return "the session bus went away" }
    let end = Self.monotonicMilliseconds() + Int64(Self.timeout)
    while dbus_connection_get_is_authenticated(connection) == 0 {
      let left = end - Self.monotonicMilliseconds()
      guard left > 0 else { return "the bus did not answer within \(Self.timeout / 1000) s" }
      guard dbus_connection_read_write(connection, Int32(left)) != 0 else {
        return "the bus closed the connection"
      }
    }
    return nil
  }

  private static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  /// Calls `method` with the arguments `append` writes, waiting at most `timeout`; the reply's
  /// arguments, or what went wrong.
  private func call(_ to: Destination, _ method: String, _ append: (Arguments) -> Void)
    -> Result<Arguments, Failure>
  {
    guard let connection else { return failed("the session bus went away") }
    guard let message = dbus_message_new_method_call(to.name, to.path, to.interface, method) else {
      return failed("out of memory")
    }
    defer { dbus_message_unref(message) }
    let arguments = Arguments(writing: message)
    append(arguments)
    var error = DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    guard let reply = dbus_connection_send_with_reply_and_block(connection, message, Self.timeout, &error)
    else {
      switch error.name.map({ String(cString: $0) }) {
      case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
        return failed("no notification server on the session bus")
      case "org.freedesktop.DBus.Error.NoReply", "org.freedesktop.DBus.Error.Timeout":
        return failed("\(to.name) did not answer \(method) within \(Self.timeout / 1000) s")
      case "org.freedesktop.DBus.Error.Disconnected":
        return failed("the session bus went away")
      default:
        return failed("\(to.name) refused \(method): \(error.text)")
      }
    }
    lastFailure = nil
    return .success(Arguments(reading: reply, owned: true))
  }

  /// Reads what has come and writes what is queued, without waiting, for a few turns (a turn
  /// that ends the handshake writes nothing else); whether the connection is still open.
  private func pump(_ connection: OpaquePointer) -> Bool {
    for _ in 0..<8 {
      guard dbus_connection_read_write(connection, 0) != 0 else { return false }
      if dbus_connection_has_messages_to_send(connection) == 0 { break }
    }
    return true
  }

  /// Sends `method` without waiting; its answer comes out of `signals()` as `purpose` says.
  private func post(
    _ to: Destination, _ method: String, _ purpose: Waiting.Purpose, _ append: (Arguments) -> Void
  ) {
    guard let connection, let message = dbus_message_new_method_call(to.name, to.path, to.interface, method)
    else { return }
    defer { dbus_message_unref(message) }
    append(Arguments(writing: message))
    var serial: UInt32 = 0
    guard dbus_connection_send(connection, message, &serial) != 0 else { return }
    _ = pump(connection)
    // Nothing waits on a notification's answer, so a slow server (a loaded machine) is given
    // libdbus's own 25 s: given up on sooner, the notification it shows late would be one
    // nobody follows, and with no repeat to come the alert would be lost.
    let within = if case .notify = purpose { Self.notifyTimeout } else { Int64(Self.timeout) }
    waiting[serial] = Waiting(purpose: purpose, until: Self.monotonicMilliseconds() + within)
  }

  private func failed(_ reason: String) -> Result<Arguments, Failure> {
    lastFailure = Failure(reason: reason)
    return .failure(Failure(reason: reason))
  }

  /// The body with markup's special characters written as entities, for a server that reads
  /// it as markup.
  package static func escaped(_ text: String) -> String { Pango.escaped(text) }
}

// MARK: - Message arguments

/// A message's arguments, written or read in order through libdbus's iterator (its variadic
/// functions cannot be called from Swift).
private final class Arguments {
  private var iterator = DBusMessageIter()
  /// A reply this reader owns and releases.
  private let reply: OpaquePointer?

  package init(writing message: OpaquePointer) {
    reply = nil
    sender = nil
    dbus_message_iter_init_append(message, &iterator)
  }

  /// Who sent the message read: a unique name (`:1.42`).
  package let sender: String?

  package init(reading message: OpaquePointer, owned: Bool = false) {
    reply = owned ? message : nil
    sender = dbus_message_get_sender(message).map { String(cString: $0) }
    dbus_message_iter_init(message, &iterator)
  }

  deinit { if let reply { dbus_message_unref(reply) } }

  package func append(_ value: String) { Self.append(value, to: &iterator) }

  package func append(_ value: UInt32) {
    var value = value
    dbus_message_iter_append_basic(&iterator, TypeCode.uint32, &value)
  }

  package func append(_ value: Int32) {
    var value = value
    dbus_message_iter_append_basic(&iterator, TypeCode.int32, &value)
  }

  /// An array of strings (`as`).
  package func append(_ values: [String]) {
    var array = DBusMessageIter()
    dbus_message_iter_open_container(&iterator, TypeCode.array, "s", &array)
    for value in values { Self.append(value, to: &array) }
    dbus_message_iter_close_container(&iterator, &array)
  }

  /// The hints dictionary (`a{sv}`): urgency as a byte, the desktop entry as a string; with a
  /// `value` (0…100, a progress bar), `suppress-sound` too.
  package func appendHints(urgency: UInt8, desktopEntry: String, value: Int32? = nil) {
    var dictionary = DBusMessageIter()
    dbus_message_iter_open_container(&iterator, TypeCode.array, "{sv}", &dictionary)
    Self.entry("urgency", "y", in: &dictionary) { variant in
      var byte = urgency
      dbus_message_iter_append_basic(&variant, TypeCode.byte, &byte)
    }
    Self.entry("desktop-entry", "s", in: &dictionary) { Self.append(desktopEntry, to: &$0) }
    if var value {
      Self.entry("value", "i", in: &dictionary) {
        dbus_message_iter_append_basic(&$0, TypeCode.int32, &value)
      }
      var quiet: dbus_bool_t = 1
      Self.entry("suppress-sound", "b", in: &dictionary) {
        dbus_message_iter_append_basic(&$0, TypeCode.boolean, &quiet)
      }
    }
    dbus_message_iter_close_container(&iterator, &dictionary)
  }

  private static func entry(
    _ key: String, _ signature: String, in dictionary: inout DBusMessageIter,
    _ value: (inout DBusMessageIter) -> Void
  ) {
    var entry = DBusMessageIter()
    var variant = DBusMessageIter()
    dbus_message_iter_open_container(&dictionary, TypeCode.dictEntry, nil, &entry)
    append(key, to: &entry)
    dbus_message_iter_open_container(&entry, TypeCode.variant, signature, &variant)
    value(&variant)
    dbus_message_iter_close_container(&entry, &variant)
    dbus_message_iter_close_container(&dictionary, &entry)
  }

  private static func append(_ value: String, to iterator: inout DBusMessageIter) {
    value.withCString { text in
      var pointer: UnsafePointer<CChar>? = text
      _ = dbus_message_iter_append_basic(&iterator, TypeCode.string, &pointer)
    }
  }

  /// The next argument as a string, or nil (and nothing read) when it is not one.
  package func string() -> String? {
    guard dbus_message_iter_get_arg_type(&iterator) == TypeCode.string else { return nil }
    var pointer: UnsafePointer<CChar>?
    dbus_message_iter_get_basic(&iterator, &pointer)
    dbus_message_iter_next(&iterator)
    return pointer.map { String(cString: $0) }
  }

  package func uint32() -> UInt32? {
    guard dbus_message_iter_get_arg_type(&iterator) == TypeCode.uint32 else { return nil }
    var value: UInt32 = 0
    dbus_message_iter_get_basic(&iterator, &value)
    dbus_message_iter_next(&iterator)
    return value
  }

  /// The next argument as an array of strings.
  package func strings() -> [String]? {
    guard dbus_message_iter_get_arg_type(&iterator) == TypeCode.array,
      dbus_message_iter_get_element_type(&iterator) == TypeCode.string
    else { return nil }
    var element = DBusMessageIter()
    dbus_message_iter_recurse(&iterator, &element)
    var values: [String] = []
    while dbus_message_iter_get_arg_type(&element) == TypeCode.string {
      var pointer: UnsafePointer<CChar>?
      dbus_message_iter_get_basic(&element, &pointer)
      if let pointer { values.append(String(cString: pointer)) }
      dbus_message_iter_next(&element)
    }
    dbus_message_iter_next(&iterator)
    return values
  }
}

/// D-Bus type codes (the header's macros are casts Swift does not import).
private enum TypeCode {
  package static let byte = Int32(UInt8(ascii: "y"))
  package static let boolean = Int32(UInt8(ascii: "b"))
  package static let int32 = Int32(UInt8(ascii: "i"))
  package static let uint32 = Int32(UInt8(ascii: "u"))
  package static let string = Int32(UInt8(ascii: "s"))
  package static let array = Int32(UInt8(ascii: "a"))
  package static let variant = Int32(UInt8(ascii: "v"))
  package static let dictEntry = Int32(UInt8(ascii: "e"))
}

extension DBusError {
  /// The error's message, or its name when it has none.
  fileprivate var text: String {
    (message ?? name).map { String(cString: $0) } ?? "unknown error"
  }
}
