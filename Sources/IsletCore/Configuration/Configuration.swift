/// The user's settings: `key = value` lines with `#` comments, in `~/.config/islet/config`.
public struct Configuration: Equatable, Sendable {
  public var theme: String?
  /// Where alerts go, how they repeat, the snooze's length.
  public var alerts = AlertPolicy()
  /// The view's bell: one of the alert channels, kept as its own setting too.
  public var bell: Bool {
    get { alerts.channels.contains(.bell) }
    set {
      if newValue { alerts.channels.insert(.bell) } else { alerts.channels.remove(.bell) }
    }
  }
  public var maxIdle: Milliseconds = TimePolicy.standard.maxIdle
  public var staleAfter: Milliseconds = TimePolicy.standard.staleAfter
  public var icon: String = "timer"
  /// The folder of hook programs; nil means `islet/hooks` in the configuration folder.
  public var hooks: String?
  /// The plan started when none is named: the tmux key's (`islet start --plan NAME`).
  public var plan: String = "pomodoro"
  /// The work segments of `plan` to finish a day; 0 is no goal.
  public var goal: Int = 0
  /// Other plans' goals (`goal.NAME = N`), by plan name; one for `plan` takes `goal`'s place.
  public var planGoals: [String: Int] = [:]
  /// The user's own plans (`plan.NAME = …`), in the file's order; one of a preset's name takes
  /// its place.
  public var plans: [Plan] = []
  /// Whether each live activity is a media player on the session bus (MPRIS), for the
  /// desktop's media controls.
  public var mpris = true
  /// The notification server's Do Not Disturb while a work segment runs (`dnd`, `dnd-on`, …).
  public var doNotDisturb = DoNotDisturb()
  /// Whether starting a stopwatch ends the running ones (`stopwatch-switch`), as `islet switch`
  /// does: one task at a time.
  public var stopwatchSwitch = false
  /// Whether a running countdown or task keeps a quiet notification with its progress bar.
  public var desktopProgress = false
  /// Whether the view puts the island's compact text in the terminal's title (OSC 2).
  public var title = false
  /// The hosts whose live activities are shown beside the local ones (`remote.NAME = …`), in
  /// the file's order.
  public var remotes: [RemoteHost] = []
  /// What locking the screen or sleeping, and coming back, does to the live activities
  /// (`on-lock`, `on-unlock`, `away-after`, `away-default`).
  public var away = AwaySettings()

  public init() {}

  /// The keys the file may set, as the man page lists them: `set` takes these and no other.
  public static let settings: [Setting] = [
    Setting(
      key: "theme", value: "NAME|FILE", meaning: "the colors and icons (islet themes lists them)",
      set: path(\.theme, needs: "a name or a file")),
    Setting(
      key: "bell", value: "on|off", meaning: "the bell channel: the interactive view's and tmux clients'",
      set: onOff(\.bell)),
    Setting(
      key: "alerts", value: "CHANNELS",
      meaning:
        "where alerts go: desktop, tmux, popup, bell, sound, terminal, or none (default desktop tmux bell terminal)",
      set: setAlerts),
    Setting(
      key: "alert-repeat", value: "N", meaning: "how many times an alert nobody acts on comes back, 0 to 20",
      set: setAlertRepeat),
    Setting(
      // An hour at most: the watcher serves an alert for an hour after it.
      key: "alert-every", value: "DURATION", meaning: "how long apart an alert comes back",
      durations: DurationBounds(\.alerts.repeatEvery, longest: 3_600_000, example: "1m")),
    Setting(
      key: "alert-after-run", value: "DURATION|off",
      meaning: "a command's run that ends after this long alerts (default 30s); off: never",
      set: setAlertAfterRun),
    Setting(
      key: "snooze", value: "DURATION", meaning: "what snooze gives a finished countdown",
      durations: DurationBounds(\.alerts.snooze, longest: 86_400_000, example: "5m")),
    Setting(
      key: "sound", value: "COMMAND", meaning: "the command the sound channel runs; auto finds a player",
      set: setSound),
    Setting(
      key: "max-idle", value: "DURATION",
      meaning: "an untouched activity with no deadline ahead expires after this long",
      durations: DurationBounds(\.maxIdle, longest: DurationText.maximum, example: "8h", zero: "never")),
    Setting(
      key: "stale-after", value: "DURATION",
      meaning: "a finished countdown is dimmed this long after its deadline",
      durations: DurationBounds(\.staleAfter, longest: DurationText.maximum, example: "5m")),
    Setting(
      key: "icon", value: "NAME", meaning: "the icon of new activities (islet icons lists them)", set: setIcon
    ),
    Setting(
      key: "hooks", value: "FOLDER", meaning: "the folder of hook programs (default hooks/ beside the file)",
      set: path(\.hooks, needs: "a folder")),
    Setting(
      key: "mpris", value: "on|off",
      meaning: "each live activity a media player on the session bus, for the desktop's media controls",
      set: onOff(\.mpris)),
    Setting(
      key: "desktop-progress", value: "on|off",
      meaning: "a quiet desktop notification with a progress bar while a countdown or a run goes on (off)",
      set: onOff(\.desktopProgress)),
    Setting(
      key: "title", value: "on|off",
      meaning: "the view puts the island's text in the terminal's title, put back at the exit (default off)",
      set: onOff(\.title)),
    Setting(
      key: "stopwatch-switch", value: "on|off",
      meaning: "starting a stopwatch ends the running ones, as islet switch does (default off)",
      set: onOff(\.stopwatchSwitch)),
    Setting(
      key: "on-lock", value: "pause|nothing|countdowns|work",
      meaning:
        "locking the screen or sleeping pauses running countdowns and plans' work segments, or only those named (default pause: both)",
      set: setOnLock),
    Setting(
      key: "on-unlock", value: "resume|ask|nothing",
      meaning:
        "coming back resumes what locking paused, asks as a stopwatch does what its time away becomes, or leaves it paused (default resume)",
      set: setOnUnlock),
    Setting(
      key: "away-after", value: "DURATION",
      meaning: "a stopwatch that ran through a lock or a sleep this long asks what its time away becomes",
      durations: DurationBounds(\.away.askAfter, longest: 86_400_000, example: "10m", zero: "never")),
    Setting(
      key: "away-default", value: "ask|keep|drop|stop",
      meaning: "the answer given without asking: keep the time away, drop it, drop it and stop (default ask)",
      set: setAwayDefault),
    Setting(
      key: "dnd", value: "off|auto|dunst|mako|swaync|custom",
      meaning: "the notification server's Do Not Disturb, on while a plan's work segment runs (default off)",
      set: setDoNotDisturb),
    Setting(
      key: "dnd-on", value: "COMMAND",
      meaning: "the command that turns Do Not Disturb on, in place of the server's",
      set: setDoNotDisturbCommand(\.onCommand)),
    Setting(
      key: "dnd-off", value: "COMMAND", meaning: "the command that turns Do Not Disturb off",
      set: setDoNotDisturbCommand(\.offCommand)),
    Setting(
      key: "dnd-state", value: "COMMAND", meaning: "the command that prints true while Do Not Disturb is on",
      set: setDoNotDisturbCommand(\.stateCommand)),
    Setting(
      key: "plan", value: "NAME", meaning: "the plan started when none is named (default pomodoro)",
      set: setPlan),
    Setting(
      key: "goal", value: "N",
      meaning: "work segments of the default plan to finish a day, 0 to 999; 0 is no goal",
      set: setGoal),
    Setting(
      key: "plan.NAME", value: "DEFINITION",
      meaning: "a plan of your own (islet plans --help gives the syntax)",
      set: setPlanDefinition),
    Setting(
      key: "goal.NAME", value: "N", meaning: "work segments of the plan NAME to finish a day, 0 to 999",
      set: setGoal),
    Setting(
      key: "remote.NAME", value: "[USER@]HOST",
      meaning: "show that host's live activities here, marked @NAME, followed over ssh (islet remote)",
      set: setRemote),
  ]

  /// The keys' names, as an unknown key's error lists them.
  public static let keys = settings.map(\.key)

  /// Every plan that can be started: the user's, then the presets they do not replace.
  public var allPlans: [Plan] {
    plans + Plan.presets.filter { preset in !plans.contains { $0.name == preset.name } }
  }

  /// The plan called `name`, the user's before a preset.
  public func plan(named name: String) -> Plan? {
    allPlans.first { $0.name == name.lowercased() }
  }

  public var policy: TimePolicy { TimePolicy(maxIdle: maxIdle, staleAfter: staleAfter) }

  /// Whether `request` switches when nothing says (`stopwatch-switch`): a stopwatch (not a
  /// plan, nor a program's that posts what it does) started running now or ahead, which is
  /// where the running ones can end.
  public func switchesByDefault(_ request: StartRequest, at now: Instant) -> Bool {
    stopwatchSwitch && request.attributes.mode == .stopwatch && request.attributes.plan == nil
      && request.posted == Posted() && !request.paused && request.startedAt.map { $0 >= now } != false
  }

  /// The daily goals in the local zone, one a plan: `goal` for `plan`, then each `goal.NAME`.
  public var dailyGoals: [DailyGoal] {
    var targets = planGoals
    if targets[plan] == nil { targets[plan] = goal }
    return targets.filter { $0.value > 0 }.sorted { $0.key < $1.key }.map {
      DailyGoal(target: $0.value, plan: $0.key)
    }
  }

  /// The most bytes a configuration file may hold: 64 KiB.
  public static let maximumFileBytes = 65_536
  /// The most bytes one line may hold, its ending aside.
  public static let maximumLineBytes = 2048

  /// A part of the file that cannot be used: the line by its number, or nil for the whole file.
  public struct LineError: Error, Equatable, Sendable {
    public var line: Int?
    public var message: String

    public init(line: Int?, message: String) {
      self.line = line
      self.message = message
    }
  }

  /// Reads the file's text; the first bad line is an error.
  public static func parse(_ text: String) -> Result<Configuration, LineError> { parse(Array(text.utf8)) }

  /// Reads the file as an editor saved it: UTF-8 with or without a byte-order mark, lines
  /// ending in LF, CRLF or CR, spaces or tabs around keys, values and comments. The first bad
  /// line is an error: not UTF-8, a control character (a tab aside) or a bidirectional control
  /// in it, too long, or a setting that is not accepted.
  public static func parse(_ bytes: [UInt8]) -> Result<Configuration, LineError> {
    guard bytes.count <= maximumFileBytes else {
      return .failure(
        LineError(
          line: nil, message: "is larger than a configuration file can be (64 KiB)"))
    }
    var configuration = Configuration()
    var planLine: Int?
    var goalLines: [(name: String, line: Int)] = []
    var dndLine: Int?
    for (index, bytes) in lines(of: bytes).enumerated() {
      let number = index + 1
      let line: String
      switch text(ofLine: bytes) {
      case .success(let text): line = text
      case .failure(let error): return .failure(LineError(line: number, message: error.message))
      }
      let (content, comment) = split(line)
      if let comment,
        let scalar = comment.unicodeScalars.first(where: { $0 != "\t" && !UserText.isPrintable($0) })
      {
        return .failure(
          LineError(
            line: number,
            message:
              "the comment contains \(UserText.name(of: scalar)); use plain text"
          ))
      }
      if content.isEmpty { continue }
      guard let equals = content.firstIndex(of: "=") else {
        return .failure(
          LineError(line: number, message: "'\(printable(content))' is not a 'key = value' line"))
      }
      let key = content[..<equals].trimmingSpacesAndTabs
      let value = content[content.index(after: equals)...].trimmingSpacesAndTabs
      if let problem = configuration.set(key, value) {
        return .failure(LineError(line: number, message: problem))
      }
      if key == "plan" { planLine = number }
      if key.hasPrefix("goal.") { goalLines.append((String(key.dropFirst(5)), number)) }
      if key == "dnd" { dndLine = number }
    }
    // Checked once every plan is read: the one named may be defined further down.
    if let planLine, configuration.plan(named: configuration.plan) == nil {
      return .failure(
        LineError(
          line: planLine,
          message:
            "plan '\(printable(configuration.plan, limit: 40))' is not a plan; use one of \(configuration.allPlans.map(\.name).joined(separator: ", "))"
        ))
    }
    if let problem = configuration.doNotDisturb.problem {
      return .failure(LineError(line: dndLine, message: problem))
    }
    if let (name, line) = goalLines.first(where: { configuration.plan(named: $0.name) == nil }) {
      return .failure(
        LineError(
          line: line,
          message:
            "goal.\(name): '\(name)' is not a plan; use one of \(configuration.allPlans.map(\.name).joined(separator: ", "))"
        ))
    }
    return .success(configuration)
  }

  /// The file's lines without their endings (LF, CRLF or a lone CR) and without a leading
  /// UTF-8 byte-order mark. A file ending in a line ending has no empty last line.
  public static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var lines: [ArraySlice<UInt8>] = []
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        lines.append(bytes[start..<index])
        index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
        start = index
      } else {
        index += 1
      }
    }
    if start < bytes.count { lines.append(bytes[start...]) }
    return lines
  }

  /// The key a line sets, or nil for a blank or comment line or one without `=`.
  public static func key(ofLine line: String) -> String? {
    let content = split(line).content
    return content.firstIndex(of: "=").map { content[..<$0].trimmingSpacesAndTabs }
  }

  /// A line's text, or what is wrong with its bytes.
  private static func text(ofLine bytes: ArraySlice<UInt8>) -> Result<String, LineError> {
    func failure(_ message: String) -> Result<String, LineError> {
      .failure(LineError(line: nil, message: message))
    }
    guard bytes.count <= maximumLineBytes else {
      return failure("the line is \(bytes.count) bytes long; a line can be at most \(maximumLineBytes) bytes")
    }
    guard let bad = firstInvalidUTF8(bytes) else { return .success(String(decoding: bytes, as: UTF8.self)) }
    let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
    if let equals = bytes[..<hash].firstIndex(of: UInt8(ascii: "=")), bad.lowerBound < equals {
      let key = escaped(bytes[..<equals]).trimmingSpacesAndTabs
      return failure(
        "unknown key '\(key)' (not valid UTF-8); known keys: \(Configuration.keys.joined(separator: ", "))")
    }
    let shown = bytes[bad].map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
    return failure(
      "the line is not valid UTF-8 at byte \(bad.lowerBound - bytes.startIndex + 1) (\(shown)); save the file as UTF-8"
    )
  }

  /// Where the first byte sequence that is not UTF-8 lies, as indices of `bytes`.
  private static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Range<Int>? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var index = bytes.startIndex
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): index += encoded.count
      case .error(let length): return index..<(index + length)
      case .emptyInput: return nil
      }
    }
  }

  /// Bytes as printable text, a byte that is not UTF-8 shown as `\xFF`.
  private static func escaped(_ bytes: ArraySlice<UInt8>) -> String {
    var out = ""
    var rest = bytes
    while let bad = firstInvalidUTF8(rest) {
      out += printable(String(decoding: rest[..<bad.lowerBound], as: UTF8.self))
      out += rest[bad].map { "\\x" + String($0, radix: 16, uppercase: true) }.joined()
      rest = rest[bad.upperBound...]
    }
    return out + printable(String(decoding: rest, as: UTF8.self))
  }

  /// The part before `#`, trimmed of spaces and tabs, and the comment after it, if any.
  private static func split(_ line: String) -> (content: String, comment: Substring?) {
    guard let hash = line.firstIndex(of: "#") else { return (line.trimmingSpacesAndTabs, nil) }
    return (line[..<hash].trimmingSpacesAndTabs, line[line.index(after: hash)...])
  }

  /// `unknown key 'colour'; known keys: …`
  private static func unknown(_ key: String) -> String {
    "unknown key '\(printable(key))'; known keys: \(keys.joined(separator: ", "))"
  }

  /// Sets one key; returns what is wrong instead when the key or value is not accepted.
  mutating func set(_ key: String, _ value: String) -> String? {
    // Only a declared key is read, so the man page, made from `settings`, names every one.
    guard let setting = Self.settings.first(where: { $0.matches(key) }) else { return Self.unknown(key) }
    return setting.apply(&self, key, value)
  }
}

// MARK: - Each key's setter, as `settings` names it

extension Configuration {
  /// `on`, `yes`, `true` or their opposites, in any case, into one switch.
  fileprivate static func onOff(_ flag: WritableKeyPath<Configuration, Bool> & Sendable) -> Setting.Setter {
    { configuration, key, value in
      switch value.lowercased() {
      case "on", "yes", "true": configuration[keyPath: flag] = true
      case "off", "no", "false": configuration[keyPath: flag] = false
      default: return "\(key) is '\(printable(value))'; use on or off"
      }
      return nil
    }
  }

  fileprivate static func setOnLock(_ configuration: inout Configuration, key: String, value: String)
    -> String?
  {
    let words = value.lowercased().split { $0 == " " || $0 == "," || $0 == "\t" }
    var pauses: AwaySettings.Pausing = []
    for word in words {
      switch word {
      case "pause" where words.count == 1: pauses = .all
      case "nothing" where words.count == 1, "off" where words.count == 1: pauses = []
      case "countdowns": pauses.insert(.countdowns)
      case "work": pauses.insert(.work)
      default:
        return
          "on-lock is '\(printable(value, limit: 40))'; use pause, nothing, or one or both of countdowns and work"
      }
    }
    guard !words.isEmpty else { return "on-lock is empty; use pause, nothing, countdowns or work" }
    configuration.away.pauses = pauses
    return nil
  }

  fileprivate static func setOnUnlock(_ configuration: inout Configuration, key: String, value: String)
    -> String?
  {
    let word = value.lowercased()
    guard let unlock = AwaySettings.Unlock(rawValue: word == "off" ? "nothing" : word) else {
      return "on-unlock is '\(printable(value, limit: 20))'; use resume, ask or nothing"
    }
    configuration.away.unlock = unlock
    return nil
  }

  fileprivate static func setAwayDefault(_ configuration: inout Configuration, key: String, value: String)
    -> String?
  {
    if value.lowercased() == "ask" {
      configuration.away.answer = nil
      return nil
    }
    guard let answer = AwayAnswer(rawValue: value.lowercased()) else {
      return "away-default is '\(printable(value, limit: 20))'; use ask, keep, drop or stop"
    }
    configuration.away.answer = answer
    return nil
  }

  /// Channels apart by spaces, commas or tabs; `none` (or `off`) alone for none.
  fileprivate static func setAlerts(_ configuration: inout Configuration, key: String, value: String)
    -> String?
  {
    let names = value.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map {
      $0.lowercased()
    }
    let known = AlertChannel.allCases.map(\.rawValue).joined(separator: ", ")
    if names == ["none"] || names == ["off"] {
      configuration.alerts.channels = []
      return nil
    }
    guard !names.isEmpty else { return "alerts needs channels: \(known), or none" }
    var channels: Set<AlertChannel> = []
    for name in names {
      guard let channel = AlertChannel(rawValue: name) else {
        return "alerts: '\(printable(name, limit: 40))' is not a channel; use \(known), or none"
      }
      channels.insert(channel)
    }
    configuration.alerts.channels = channels
    return nil
  }

  fileprivate static func setAlertRepeat(
    _ configuration: inout Configuration, key: String, value: String
  ) -> String? {
    guard let number = Int(value), (0...20).contains(number) else {
      return
        "alert-repeat is '\(printable(value, limit: 20))'; use how many times an alert repeats, from 0 (never) to 20"
    }
    configuration.alerts.repeatCount = number
    return nil
  }

  /// A duration from a second to a day, or `off`.
  fileprivate static func setAlertAfterRun(
    _ configuration: inout Configuration, key: String, value: String
  ) -> String? {
    if ["off", "never", "none"].contains(value.lowercased()) {
      configuration.alerts.runAlertAfter = nil
      return nil
    }
    guard case .success(let span) = DurationText.parse(value, maximum: 86_400_000, allowingZero: false),
      span >= DurationBounds.shortest
    else {
      return
        "alert-after-run is '\(printable(value, limit: 20))'; use a duration from 1s to 24h, such as 30s, or off"
    }
    configuration.alerts.runAlertAfter = span
    return nil
  }

  /// A path or a command line; empty or `auto` lets the sound channel find a player.
  fileprivate static func setSound(_ configuration: inout Configuration, key: String, value: String)
    -> String?
  {
    if let problem = UserText.problem(with: value, bounds: .path) {
      return "sound '\(printable(value, limit: 40))' \(problem.message)"
    }
    configuration.alerts.sound = value.isEmpty || value == "auto" ? nil : value
    return nil
  }

  fileprivate static func setIcon(_ configuration: inout Configuration, key: String, value: String) -> String?
  {
    // The rule `--icon` and plan lines follow: the icon may become a plan segment's.
    guard Plan.isIconName(value) else {
      return
        "icon is '\(printable(value, limit: 40))'; use a name such as timer, run, focus, book, coffee or code"
    }
    configuration.icon = value.lowercased()
    return nil
  }

  /// `theme` and `hooks`: a name or a path, not empty.
  fileprivate static func path(
    _ field: WritableKeyPath<Configuration, String?> & Sendable, needs: String
  ) -> Setting.Setter {
    { configuration, key, value in
      guard !value.isEmpty else { return "\(key) needs \(needs)" }
      if let problem = UserText.problem(with: value, bounds: .path) {
        return "\(key) '\(printable(value, limit: 40))' \(problem.message)"
      }
      configuration[keyPath: field] = value
      return nil
    }
  }

  fileprivate static func setPlan(_ configuration: inout Configuration, key: String, value: String) -> String?
  {
    guard Plan.isName(value.lowercased()) else {
      return "plan is '\(printable(value, limit: 40))'; use a plan's name, such as pomodoro or tabata"
    }
    configuration.plan = value.lowercased()
    return nil
  }

  /// `goal` (the default plan's) and `goal.NAME` (another plan's).
  fileprivate static func setGoal(_ configuration: inout Configuration, key: String, value: String) -> String?
  {
    let name = key == "goal" ? nil : String(key.dropFirst(5))
    if let name, !Plan.isName(name) {
      return
        "'\(printable(key, limit: 40))' does not name a plan; write goal.NAME with the plan's name, such as goal.deep"
    }
    guard let number = Int(value), (0...999).contains(number) else {
      return
        "\(printable(key, limit: 40)) is '\(printable(value, limit: 20))'; use a number of work segments a day, from 0 (no goal) to 999"
    }
    if let name { configuration.planGoals[name] = number } else { configuration.goal = number }
    return nil
  }

  /// `remote.NAME = [USER@]HOST`: a later line of the same name replaces an earlier one.
  fileprivate static func setRemote(_ configuration: inout Configuration, key: String, value: String)
    -> String?
  {
    let name = String(key.dropFirst(7))
    guard RemoteHost.isName(name) else {
      return
        "'\(printable(key, limit: 40))' does not name a host; write remote.NAME with lowercase letters, digits and -, such as remote.build"
    }
    if let problem = RemoteHost.problem(address: value) {
      return "\(key) is '\(printable(value, limit: 40))'; \(problem)"
    }
    configuration.remotes.removeAll { $0.name == name }
    configuration.remotes.append(RemoteHost(name: name, address: value))
    return nil
  }

  /// `plan.NAME = DEFINITION`: a later line of the same name replaces an earlier one.
  fileprivate static func setPlanDefinition(
    _ configuration: inout Configuration, key: String, value: String
  ) -> String? {
    let name = String(key.dropFirst(5))
    guard Plan.isName(name) else {
      return
        "'\(printable(key, limit: 40))' does not name a plan; write plan.NAME with lowercase letters, digits and -, such as plan.deep"
    }
    switch Plan.parse(name: name, definition: value) {
    case .success(let parsed):
      configuration.plans.removeAll { $0.name == name }
      configuration.plans.append(parsed)
      return nil
    case .failure(let error):
      return "\(key): \(error.message)"
    }
  }
}

extension Configuration {
  /// A key of the file: its name, its value's placeholder and what it sets.
  public struct Setting: Sendable {
    public var key: String
    public var value: String
    public var meaning: String
    /// For a key that takes a duration: how long it may be.
    public var durations: DurationBounds? = nil
    /// Reads a value into the configuration: what is wrong with it, or nil once it is set.
    let apply: Setter

    /// The configuration, the key as written (`goal.deep` for `goal.NAME`) and the value.
    typealias Setter = @Sendable (inout Configuration, _ key: String, _ value: String) -> String?

    init(key: String, value: String, meaning: String, set: @escaping Setter) {
      self.key = key
      self.value = value
      self.meaning = meaning
      self.apply = set
    }

    /// A duration is read by its declaration: its bounds and the setting it sets.
    init(key: String, value: String, meaning: String, durations: DurationBounds) {
      self.init(key: key, value: value, meaning: meaning) { configuration, key, value in
        guard let span = durations.span(value) else {
          return "\(key) is '\(printable(value, limit: 20))'; \(durations.rule)"
        }
        configuration[keyPath: durations.field] = span
        return nil
      }
      self.durations = durations
    }

    /// Whether `name` is this key: itself, or for `plan.NAME` any name after `plan.`.
    func matches(_ name: String) -> Bool {
      name == key || (key.hasSuffix(".NAME") && name.hasPrefix(key.dropLast(4)))
    }
  }

  /// The durations a key takes: any form a duration takes elsewhere (`DurationText`), from a
  /// second to `longest`, and zero in every form (`0`, `0s`, `0:00`) where it means something.
  public struct DurationBounds: Sendable {
    /// The setting it sets.
    public var field: WritableKeyPath<Configuration, Milliseconds> & Sendable
    public var longest: Milliseconds
    /// A value to suggest, such as 5m.
    public var example: String
    /// What zero means for the key (never); nil when zero is refused.
    public var zero: String? = nil

    init(
      _ field: WritableKeyPath<Configuration, Milliseconds> & Sendable, longest: Milliseconds,
      example: String,
      zero: String? = nil
    ) {
      self.field = field
      self.longest = longest
      self.example = example
      self.zero = zero
    }

    /// The shortest span but zero: a second, as alerts and snoozes count.
    public static let shortest: Milliseconds = AlertPolicy.shortestSnooze

    /// The span `text` gives, or nil when it is not a duration the key takes; `off` is 0 where
    /// zero means never, as `alert-after-run = off` is.
    public func span(_ text: String) -> Milliseconds? {
      if zero != nil, text.lowercased() == "off" { return 0 }
      guard case .success(let span) = DurationText.parse(text, maximum: longest, allowingZero: zero != nil),
        span == 0 || span >= Self.shortest
      else { return nil }
      return span
    }

    /// `use a duration from 1s to 1h, such as 1m`: what the key takes, for its error.
    public var rule: String {
      "use a duration from \(DurationText.compact(Self.shortest)) to \(DurationText.compact(longest)), such as \(example)"
        + (zero.map { ", or 0 for \($0)" } ?? "")
    }
  }
}

extension StringProtocol {
  /// Without the spaces and tabs at either end; any other character, even one that looks blank,
  /// stays and is refused where it does not belong.
  fileprivate var trimmingSpacesAndTabs: String {
    var view = Substring(self)
    while view.first == " " || view.first == "\t" { view.removeFirst() }
    while view.last == " " || view.last == "\t" { view.removeLast() }
    return String(view)
  }
}
