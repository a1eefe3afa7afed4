/// Do Not Disturb while a plan's work segment runs (`dnd = …`): which notification server's
/// switch Islet turns, with which commands, and what the switch should be for a live set. The
/// runtime (`DoNotDisturbSwitch`) runs the commands and keeps what it found in a record.
///
/// ```swift
/// let dnd = DoNotDisturb(server: .dunst)
/// DoNotDisturb.wanted(live)                        // true while a work segment runs
/// DoNotDisturb.move(wanted: true, held: nil)       // .begin: read the switch, turn it on
/// dnd.servers.first?.on                            // ["dunstctl", "set-paused", "true"]
/// ```
public struct DoNotDisturb: Equatable, Sendable {
  /// Which server's switch is turned: `off` (the default) turns none; `auto` the first of dunst,
  /// mako and swaync that answers; `custom` only the user's commands.
  public enum Server: String, CaseIterable, Sendable {
    case off, auto, dunst, mako, swaync, custom
  }

  public var server: Server = .off
  /// The user's commands (`dnd-on`, `dnd-off`, `dnd-state`), run by `sh -c` in place of the
  /// server's own.
  public var onCommand: String?
  public var offCommand: String?
  public var stateCommand: String?

  public init(
    server: Server = .off, onCommand: String? = nil, offCommand: String? = nil, stateCommand: String? = nil
  ) {
    self.server = server
    self.onCommand = onCommand
    self.offCommand = offCommand
    self.stateCommand = stateCommand
  }

  /// One server's commands, as argument lists.
  public struct Commands: Equatable, Sendable {
    /// The server's name, kept in the record so the switch is turned back where it was turned on.
    public var name: String
    public var on: [String]
    public var off: [String]
    /// Prints the switch's state; nil when there is no way to read it (it is then taken as off).
    public var state: [String]?

    /// Whether `output`, what `state` printed, says Do Not Disturb is on: mako lists its modes,
    /// one a line; the others print `true` or `false` (a custom command: true, on, yes or 1).
    public func isOn(output: String) -> Bool {
      let lines = output.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters() }
      if name == Server.mako.rawValue && state == Self.mako.state { return lines.contains(Self.makoMode) }
      let first = lines.first?.split(separator: " ").first.map { $0.lowercased() } ?? ""
      return ["true", "on", "yes", "1"].contains(first)
    }

    static let makoMode = "do-not-disturb"
    static let dunst = Commands(
      name: "dunst", on: ["dunstctl", "set-paused", "true"], off: ["dunstctl", "set-paused", "false"],
      state: ["dunstctl", "is-paused"])
    static let mako = Commands(
      name: "mako", on: ["makoctl", "mode", "-a", makoMode], off: ["makoctl", "mode", "-r", makoMode],
      state: ["makoctl", "mode"])
    static let swaync = Commands(
      name: "swaync", on: ["swaync-client", "--dnd-on"], off: ["swaync-client", "--dnd-off"],
      state: ["swaync-client", "-D"])
  }

  /// The servers to try, in order, each with the user's commands in place of its own; the first
  /// whose state can be read is used. Empty when off, or `custom` lacks a command to turn with.
  public var servers: [Commands] {
    let builtIn: [Commands]
    switch server {
    case .off: return []
    case .auto: builtIn = [.dunst, .mako, .swaync]
    case .dunst: builtIn = [.dunst]
    case .mako: builtIn = [.mako]
    case .swaync: builtIn = [.swaync]
    case .custom:
      guard let onCommand, let offCommand else { return [] }
      return [
        Commands(name: "custom", on: shell(onCommand), off: shell(offCommand), state: stateCommand.map(shell))
      ]
    }
    return builtIn.map { commands in
      var chosen = commands
      if let onCommand { chosen.on = shell(onCommand) }
      if let offCommand { chosen.off = shell(offCommand) }
      if let stateCommand { chosen.state = shell(stateCommand) }
      return chosen
    }
  }

  private func shell(_ command: String) -> [String] { ["/bin/sh", "-c", command] }

  /// Whether these settings want Do Not Disturb for `live`: never when off.
  public func wants(_ live: [Activity]) -> Bool { server != .off && Self.wanted(live) }

  /// The commands to turn back the server the record names: as now configured, else its own
  /// (`dnd` was changed, or turned off, since it was turned on).
  public func commands(named name: String?) -> Commands? {
    servers.first { $0.name == name }
      ?? Server(rawValue: name ?? "").flatMap { DoNotDisturb(server: $0).servers.first }
  }

  /// Whether Do Not Disturb is wanted for `live`, as settled: while a plan's work segment runs.
  /// Not while it is paused or waits at its end, nor in breaks, warm-ups and cool-downs.
  public static func wanted(_ live: [Activity]) -> Bool {
    live.contains { $0.isPlan && $0.state.phase == .active && $0.segment?.kind == .work }
  }

  /// What Islet holds of the switch during a stretch of wanted Do Not Disturb.
  public enum Held: String, Sendable {
    /// Islet turned it on: it turns it off when the stretch ends.
    case set
    /// It was on already: it stays on after.
    case found
    /// No server answered: nothing to turn back.
    case unavailable
  }

  /// What to do about the switch.
  public enum Move: Equatable, Sendable {
    case stay
    /// A stretch begins: read the switch, and turn it on if it is off.
    case begin
    /// The stretch ends and Islet turned the switch on: turn it off.
    case restore
    /// The stretch ends and the switch was not Islet's to turn: only forget it.
    case release
  }

  public static func move(wanted: Bool, held: Held?) -> Move {
    switch (wanted, held) {
    case (true, nil): return .begin
    case (false, .set): return .restore
    case (false, .found), (false, .unavailable): return .release
    case (true, .some), (false, nil): return .stay
    }
  }

  /// What the runtime keeps between processes (a small file in the state folder): what it holds
  /// and of which server, and the last failure it logged, so that one is logged once.
  public struct Record: Equatable, Sendable {
    public var held: Held?
    public var server: String?
    public var logged: String?

    public init(held: Held? = nil, server: String? = nil, logged: String? = nil) {
      self.held = held
      self.server = server
      self.logged = logged
    }

    /// `set dunst` / `found mako` / `unavailable` / an empty line, then the failure logged.
    public init(text: String) {
      let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      let words = (lines.first ?? "").split(separator: " ", maxSplits: 1)
      held = words.first.flatMap { Held(rawValue: String($0)) }
      server = held == nil ? nil : words.dropFirst().first.map(String.init)
      let rest = lines.count > 1 ? String(lines[1]).trimmingCharacters() : ""
      logged = rest.isEmpty ? nil : rest
    }

    public var text: String {
      let first = [held?.rawValue, server].compactMap { $0 }.joined(separator: " ")
      return first + "\n" + (logged.map { $0 + "\n" } ?? "")
    }
  }
}

extension StringProtocol {
  /// Without spaces, tabs and line endings at either end.
  fileprivate func trimmingCharacters() -> String {
    var view = Substring(self)
    while let first = view.first, first == " " || first == "\t" || first.isNewline { view.removeFirst() }
    while let last = view.last, last == " " || last == "\t" || last.isNewline { view.removeLast() }
    return String(view)
  }
}

extension DoNotDisturb {
  /// What is wrong with the settings together, or nil: `custom` needs both commands to turn with.
  public var problem: String? {
    guard server == .custom, onCommand == nil || offCommand == nil else { return nil }
    return "dnd = custom needs dnd-on and dnd-off, the commands that turn Do Not Disturb on and off"
  }
}

// MARK: - The configuration's keys (`dnd`, `dnd-on`, `dnd-off`, `dnd-state`)

extension Configuration {
  static func setDoNotDisturb(_ configuration: inout Configuration, key: String, value: String)
    -> String?
  {
    guard let server = DoNotDisturb.Server(rawValue: value.lowercased()) else {
      let names = DoNotDisturb.Server.allCases.map(\.rawValue).joined(separator: ", ")
      return "dnd is '\(printable(value, limit: 40))'; use one of \(names)"
    }
    configuration.doNotDisturb.server = server
    return nil
  }

  /// A command line for `sh -c`; empty gives the server's own back.
  static func setDoNotDisturbCommand(_ field: WritableKeyPath<DoNotDisturb, String?> & Sendable)
    -> Setting.Setter
  {
    { configuration, key, value in
      if let problem = UserText.problem(with: value, bounds: .path) {
        return "\(key) '\(printable(value, limit: 40))' \(problem.message)"
      }
      configuration.doNotDisturb[keyPath: field] = value.isEmpty ? nil : value
      return nil
    }
  }
}
