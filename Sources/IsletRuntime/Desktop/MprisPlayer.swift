import IsletCore

/// One live activity's media player: a connection of its own to the session bus (a client
/// tells players apart by their connection), owning `org.mpris.MediaPlayer2.islet.a<ID>`,
/// answering for `/org/mpris/MediaPlayer2`, and signalling what changes. Never waits: the name
/// is asked for, and the answer read, like every call, when its socket is readable.
final class MprisPlayer {
  enum Stage: Equatable {
    /// The name is asked for: nothing is signalled until it is ours.
    case opening
    case serving
    /// The bus refused the name, did not answer, or went away.
    case gone
  }

  let busName: String
  private(set) var stage = Stage.opening
  private(set) var activity: Activity
  /// What was last shown: what a change is signalled against.
  private var shown: MprisTrack
  private let bus: BusConnection
  private var nameRequest: UInt32?

  static let path = "/org/mpris/MediaPlayer2"
  static let root = "org.mpris.MediaPlayer2"
  static let player = "org.mpris.MediaPlayer2.Player"
  static let properties = "org.freedesktop.DBus.Properties"

  /// A player for `activity`, its name asked for; nil when there is no bus to reach.
  init?(_ activity: Activity, at now: Instant, environment: [String: String]) {
    guard let bus = BusConnection.open(environment: environment) else { return nil }
    self.bus = bus
    self.activity = activity
    shown = MprisTrack(activity, at: now)
    busName = Self.root + ".islet." + MprisTrack.element(activity.id)
    // DO_NOT_QUEUE (4): a name another holds is refused rather than waited for.
    nameRequest = bus.call(BusConnection.daemon, "RequestName", [.string(busName), .uint32(4)])
    if nameRequest == nil { stage = .gone }
  }

  var fileDescriptor: Int32 { bus.fileDescriptor }
  var isWriting: Bool { bus.isWriting }
  var nextTimeout: Int64? { bus.nextTimeout }

  /// Shows `activity` as it is now, signalling what changed: the properties, and `Seeked`
  /// when the position jumped.
  func show(_ activity: Activity, at now: Instant) {
    self.activity = activity
    let track = MprisTrack(activity, at: now)
    let (changed, seeked) = track.changes(from: shown)
    shown = track
    guard stage == .serving else { return }
    if !changed.isEmpty {
      bus.signal(
        path: Self.path, interface: Self.properties, "PropertiesChanged",
        [.string(Self.player), .dictionary(changed), .strings([])])
    }
    if seeked {
      bus.signal(path: Self.path, interface: Self.player, "Seeked", [.int64(track.position(at: now))])
    }
  }

  /// Reads what came: the name's answer, calls answered at once. The intents the calls ask for.
  func handle(at now: Instant) -> [Intent] {
    var intents: [Intent] = []
    // An answer's write may read the next call into the queue, where no poll would see it.
    while case let messages = bus.messages(), !messages.isEmpty {
      intents += handle(messages, at: now)
    }
    if !bus.expired().isEmpty || bus.isClosed { stage = .gone }
    return intents
  }

  private func handle(_ messages: [BusMessage], at now: Instant) -> [Intent] {
    var intents: [Intent] = []
    for message in messages {
      if let serial = message.replySerial, serial == nameRequest {
        var reply = message.arguments
        // 1: the name is ours; anything else (an error, another's) is no player.
        stage = !message.isError && reply.uint32() == 1 ? .serving : .gone
        nameRequest = nil
      } else if message.isCall, let intent = answer(message, at: now) {
        intents.append(intent)
      }
    }
    return intents
  }

  /// Closes the connection: the name goes with it, and clients drop the player.
  func close() {
    bus.close()
    stage = .gone
  }

  /// The member's interface, for a call that names none.
  private static let interfaces: [String: String] = [
    "Get": properties, "GetAll": properties, "Set": properties, "Raise": root, "Quit": root,
    "PlayPause": player, "Play": player, "Pause": player, "Stop": player, "Next": player, "Previous": player,
    "Seek": player, "SetPosition": player, "OpenUri": player,
    "Introspect": "org.freedesktop.DBus.Introspectable", "Ping": "org.freedesktop.DBus.Peer",
  ]

  /// Answers `call`; the intent it asks for, if any.
  private func answer(_ call: BusMessage, at now: Instant) -> Intent? {
    let member = call.member
    guard call.path == Self.path else {
      bus.refuse(call, "org.freedesktop.DBus.Error.UnknownObject", "No object at \(call.path ?? "")")
      return nil
    }
    switch (call.interface ?? Self.interfaces[member], member) {
    case (Self.properties, _):
      answerProperties(call, at: now)
    case ("org.freedesktop.DBus.Introspectable", "Introspect"):
      bus.reply(to: call, [.string(Self.introspection)])
    case ("org.freedesktop.DBus.Peer", "Ping"), (Self.root, "Raise"), (Self.root, "Quit"):
      bus.reply(to: call)
    case (Self.player, "PlayPause"), (Self.player, "Play"), (Self.player, "Pause"), (Self.player, "Stop"),
      (Self.player, "Next"):
      bus.reply(to: call)
      return intent(member)
    case (Self.player, "Previous"), (Self.player, "Seek"), (Self.player, "SetPosition"),
      (Self.player, "OpenUri"):
      // CanGoPrevious and CanSeek are false: they do nothing, as the specification asks.
      bus.reply(to: call)
    default:
      bus.refuse(call, "org.freedesktop.DBus.Error.UnknownMethod", "No method \(member) here")
    }
    return nil
  }

  /// What a control asks of the activity: PlayPause the toggle, Next a plan's skip.
  private func intent(_ member: String) -> Intent? {
    switch member {
    case "PlayPause": return .toggle
    case "Play": return .resume
    case "Pause": return .pause
    case "Stop": return .end
    default: return activity.isPlan ? .skip : nil
    }
  }

  /// Get, GetAll and Set of `org.freedesktop.DBus.Properties`: every property is read-only.
  private func answerProperties(_ call: BusMessage, at now: Instant) {
    var arguments = call.arguments
    let interface = arguments.string() ?? ""
    let table: [String: BusValue]
    switch interface {
    case Self.root: table = MprisTrack.rootProperties
    case Self.player: table = shown.playerProperties(at: now)
    default:
      bus.refuse(call, "org.freedesktop.DBus.Error.InvalidArgs", "No interface \(interface) here")
      return
    }
    if call.member == "GetAll" { return bus.reply(to: call, [.dictionary(table)]) }
    let name = arguments.string() ?? ""
    guard let value = table[name] else {
      return bus.refuse(call, "org.freedesktop.DBus.Error.InvalidArgs", "No property \(name) in \(interface)")
    }
    switch call.member {
    case "Get": bus.reply(to: call, variant: value)
    case "Set": bus.refuse(call, "org.freedesktop.DBus.Error.PropertyReadOnly", "\(name) is read-only")
    default: bus.refuse(call, "org.freedesktop.DBus.Error.UnknownMethod", "No method \(call.member) here")
    }
  }
}

// MARK: - Introspection

extension MprisPlayer {
  /// What `Introspect` answers: the interfaces as the MPRIS specification declares them.
  static let introspection = """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
      <interface name="org.freedesktop.DBus.Introspectable">
        <method name="Introspect"><arg name="xml" type="s" direction="out"/></method>
      </interface>
      <interface name="org.freedesktop.DBus.Peer"><method name="Ping"/></interface>
      <interface name="org.freedesktop.DBus.Properties">
        <method name="Get">
          <arg name="interface" type="s" direction="in"/><arg name="name" type="s" direction="in"/>
          <arg name="value" type="v" direction="out"/>
        </method>
        <method name="GetAll">
          <arg name="interface" type="s" direction="in"/><arg name="values" type="a{sv}" direction="out"/>
        </method>
        <method name="Set">
          <arg name="interface" type="s" direction="in"/><arg name="name" type="s" direction="in"/>
          <arg name="value" type="v" direction="in"/>
        </method>
        <signal name="PropertiesChanged">
          <arg name="interface" type="s"/><arg name="changed" type="a{sv}"/><arg name="invalidated" type="as"/>
        </signal>
      </interface>
      <interface name="org.mpris.MediaPlayer2">
        <method name="Raise"/><method name="Quit"/>
        <property name="CanQuit" type="b" access="read"/>
        <property name="CanRaise" type="b" access="read"/>
        <property name="HasTrackList" type="b" access="read"/>
        <property name="Identity" type="s" access="read"/>
        <property name="DesktopEntry" type="s" access="read"/>
        <property name="SupportedUriSchemes" type="as" access="read"/>
        <property name="SupportedMimeTypes" type="as" access="read"/>
      </interface>
      <interface name="org.mpris.MediaPlayer2.Player">
        <method name="Next"/><method name="Previous"/><method name="Pause"/><method name="PlayPause"/>
        <method name="Stop"/><method name="Play"/>
        <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
        <method name="SetPosition">
          <arg name="TrackId" type="o" direction="in"/><arg name="Position" type="x" direction="in"/>
        </method>
        <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
        <signal name="Seeked"><arg name="Position" type="x"/></signal>
        <property name="PlaybackStatus" type="s" access="read"/>
        <property name="Rate" type="d" access="read"/>
        <property name="Metadata" type="a{sv}" access="read"/>
        <property name="Position" type="x" access="read"/>
        <property name="MinimumRate" type="d" access="read"/>
        <property name="MaximumRate" type="d" access="read"/>
        <property name="CanGoNext" type="b" access="read"/>
        <property name="CanGoPrevious" type="b" access="read"/>
        <property name="CanPlay" type="b" access="read"/>
        <property name="CanPause" type="b" access="read"/>
        <property name="CanSeek" type="b" access="read"/>
        <property name="CanControl" type="b" access="read"/>
      </interface>
    </node>
    """
}
