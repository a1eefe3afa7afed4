import IsletCore

/// What the device view asks its runner to do.
public enum DeviceEffect: Equatable, Sendable {
  /// Send an intent (through the one dispatcher) to an activity, or to the current one.
  case dispatch(Intent, activityID: String?, source: Source)
  /// Start a new activity: a run of `plan`, a countdown of `duration`, or a stopwatch.
  case start(name: String, duration: Milliseconds?, plan: Plan? = nil)
  case nextTheme
  /// Switch tmux to the pane the activity was started in (its `Origin`).
  case goTo(activityID: String)
  case quit
}

/// The device view's own state, and how keys change it: a pure update function, so every key
/// is testable without a terminal.
public struct DeviceState: Equatable, Sendable {
  /// A box over the view that takes the keys until it closes.
  public enum Overlay: Equatable, Sendable {
    case help
    /// "Reset 'Workout'? y/n"
    case confirm(Intent, activityID: String, name: String)
    /// Typing a new activity's name, or a plan's to start it.
    case name(String)
    /// Typing its duration (empty for a stopwatch).
    case duration(name: String, text: String)
  }

  /// A message that hides itself.
  public struct Flash: Equatable, Sendable {
    public var text: String
    public var alert: Bool
    public var until: Instant

    public init(text: String, alert: Bool = false, until: Instant) {
      self.text = text
      self.alert = alert
      self.until = until
    }
  }

  /// The island expanded by itself for an alert, as iOS shows the expanded presentation for
  /// one, until `until`; a key ends it sooner.
  public struct Alerting: Equatable, Sendable {
    public var activityID: String
    /// What the alert says ("⏰ Tea — time's up"); the expanded island says it once, by the name.
    public var summary: String
    public var until: Instant

    public init(activityID: String, summary: String, until: Instant) {
      self.activityID = activityID
      self.summary = summary
      self.until = until
    }
  }

  /// A chip just clicked, drawn pressed (dimmed) until `until`: about a frame.
  public struct Pressed: Equatable, Sendable {
    public var area: Rect
    public var until: Instant

    public init(area: Rect, until: Instant) {
      self.area = area
      self.until = until
    }
  }

  public var selectedID: String?
  /// The first banner shown when they do not all fit: the view scrolls from here only as far
  /// as it must to show the selected one (`DeviceView.Layout`); nil is the top.
  public var firstShownID: String?
  public var expanded = false
  public var overlay: Overlay?
  /// How many of the help's keys are scrolled past, while it is open.
  public var helpOffset = 0
  public var flash: Flash?
  public var pressed: Pressed?
  public var alerting: Alerting?
  /// The island growing or shrinking, from the last time it was expanded or went back.
  public var motion: IslandMotion?
  /// The plans the new-activity dialog can start, the configured one (`plan = …`) first.
  public var plans: [Plan]

  /// `plans`: every plan that can be started; `defaultPlan` is put first.
  public init(plans: [Plan] = [], defaultPlan: String? = nil) {
    self.plans = plans.filter { $0.name == defaultPlan } + plans.filter { $0.name != defaultPlan }
  }

  /// The plan a name typed in the dialog starts: `pomodoro`, `Tabata `.
  func plan(named text: String) -> Plan? {
    let wanted = text.trimmingCharacters().lowercased()
    return plans.first { $0.name == wanted }
  }

  /// How many keys the help lists.
  static let helpKeyCount = KeyBindings.table.filter { $0.help != nil }.count

  /// How long a clicked chip shows pressed: one frame at the view's pace.
  public static let pressTime: Milliseconds = 100

  /// How long a flash stays.
  public static let flashTime: Milliseconds = 2000
  /// How long the island stays expanded for an alert.
  public static let alertTime: Milliseconds = 5000

  /// The selected activity among `live` (ranked): the one chosen with Tab, else the current one.
  public func selected(in live: [Activity]) -> Activity? {
    live.first { $0.id == selectedID } ?? live.first
  }

  public mutating func show(_ text: String, alert: Bool = false, at now: Instant) {
    flash = Flash(text: text, alert: alert, until: now + Self.flashTime)
  }

  /// Handles one key (or click on `buttons`), returning what the runner must do. `+` on a
  /// countdown whose time is up (by `policy`) snoozes it for `snooze`.
  public mutating func handle(
    _ key: Key, live: [Activity], buttons: [Button] = [], now: Instant, policy: TimePolicy = .standard,
    snooze: Milliseconds = AlertPolicy().snooze
  ) -> [DeviceEffect] {
    if let overlay { return handle(key, in: overlay, buttons: buttons, now: now) }
    let selected = self.selected(in: live)
    func intent(_ intent: Intent) -> [DeviceEffect] {
      [.dispatch(intent, activityID: selected?.id, source: .key)]
    }
    if case .character(let character) = key, let selected,
      let sent = Self.intent(ofKey: character, for: selected, at: now, policy: policy, snooze: snooze)
    {
      guard sent == .reset || sent == .end else {
        press(sent, for: selected.id, on: buttons, now: now)
        return intent(sent)
      }
      self.overlay = .confirm(sent, activityID: selected.id, name: selected.name)
      return []
    }
    if let action = KeyBindings.action(of: key) {
      return perform(action, key: key, live: live, selected: selected, now: now)
    }
    guard case .click(let x, let y) = key else { return [] }
    return click(x: x, y: y, on: buttons, live: live, selected: selected, now: now)
  }

  /// What a key's action does with no dialog open, once the key is not one of the selected
  /// activity's intents.
  private mutating func perform(
    _ action: KeyAction, key: Key, live: [Activity], selected: Activity?, now: Instant
  ) -> [DeviceEffect] {
    switch action {
    case .toggle:
      return [.dispatch(.toggle, activityID: selected?.id, source: .key)]
    case .complete:
      guard selected != nil else { return nothingLive(now) }
      return [.dispatch(.complete, activityID: selected?.id, source: .key)]
    // Keys for the selected activity, with none selected.
    case .skip, .lap, .reset, .end, .more, .less:
      return nothingLive(now)
    // A button the selected activity does not have.
    case .press(let place):
      guard let selected else { return nothingLive(now) }
      show("'\(printableName(selected.name))' has no button \(place)", alert: true, at: now)
    case .expand:
      expanded.toggle()
    case .goTo:
      guard let selected else { return nothingLive(now) }
      guard selected.attributes.origin != nil else {
        show("'\(printableName(selected.name))' was not started in tmux", alert: true, at: now)
        return []
      }
      return [.goTo(activityID: selected.id)]
    case .next, .previous:
      // Tab and Shift-Tab go round; the arrows and j/k stop at the ends, as in a list.
      guard !live.isEmpty else { return [] }
      let index = live.firstIndex { $0.id == selected?.id } ?? 0
      let step = action == .next ? 1 : -1
      let next =
        key == .tab || key == .backTab
        ? (index + step + live.count) % live.count : min(max(index + step, 0), live.count - 1)
      selectedID = live[next].id
    case .new:
      self.overlay = .name("")
    case .theme:
      return [.nextTheme]
    case .help:
      self.overlay = .help
      helpOffset = 0
    case .quit:
      return [.quit]
    }
    return []
  }

  /// A click on the topmost of `buttons` at (x, y): it selects the activity it is for, and
  /// sends its intent (a reset or an end asks first, as its key does) or expands the island.
  private mutating func click(
    x: Int, y: Int, on buttons: [Button], live: [Activity], selected: Activity?, now: Instant
  ) -> [DeviceEffect] {
    guard let button = buttons.last(where: { $0.area.contains(x: x, y: y) }) else { return [] }
    if button.action.intent != nil { pressed = Pressed(area: button.area, until: now + Self.pressTime) }
    if let target = button.target, live.contains(where: { $0.id == target }) { selectedID = target }
    if button.action == .goTo, let target = button.target { return [.goTo(activityID: target)] }
    guard let intent = button.action.intent else {
      expanded.toggle()
      return []
    }
    if intent == .reset || intent == .end,
      let asked = live.first(where: { $0.id == (button.target ?? selected?.id) })
    {
      self.overlay = .confirm(intent, activityID: asked.id, name: asked.name)
      return []
    }
    return [.dispatch(intent, activityID: button.target ?? selected?.id, source: .mouse)]
  }

  /// The chip that does what a key just sent to the activity `id`, drawn pressed for a frame
  /// as a clicked one is; none when no chip on screen does it.
  private mutating func press(_ intent: Intent, for id: String, on buttons: [Button], now: Instant) {
    let toggles: [ButtonAction] = [.pause, .resume, .toggle]
    guard
      let chip = buttons.last(where: {
        ($0.target ?? id) == id
          && ($0.action.intent == intent || (intent == .toggle && toggles.contains($0.action)))
      })
    else { return }
    pressed = Pressed(area: chip.area, until: now + Self.pressTime)
  }

  private mutating func handle(_ key: Key, in overlay: Overlay, buttons: [Button], now: Instant)
    -> [DeviceEffect]
  {
    switch overlay {
    case .help:
      // The arrows (and j, k) scroll a help taller than the screen; any other key closes it.
      switch key {
      case .down, .character("j"): helpOffset = min(helpOffset + 1, Self.helpKeyCount - 1)
      case .up, .character("k"): helpOffset = max(helpOffset - 1, 0)
      default: self.overlay = nil
      }
      return []
    case .confirm(let intent, let id, _):
      self.overlay = nil
      if key == .character("y") || key == .character("Y") {
        return [.dispatch(intent, activityID: id, source: .key)]
      }
      // The dialog's own chip, drawn last, says yes; a click anywhere else, no.
      if case .click(let x, let y) = key, let chip = buttons.last, chip.area.contains(x: x, y: y),
        chip.action.intent == intent, chip.target == id
      {
        return [.dispatch(intent, activityID: id, source: .mouse)]
      }
      show("Cancelled", at: now)
      return []
    case .name(let text):
      return handleName(key, text: text)
    case .duration(let name, let text):
      return handleDuration(key, name: name, text: text, now: now)
    }
  }

  /// The new activity's name being typed: Enter goes on to its duration (or starts the plan
  /// named), Tab offers the plans in turn.
  private mutating func handleName(_ key: Key, text: String) -> [DeviceEffect] {
    switch key {
    case .escape: self.overlay = nil
    case .enter:
      if let plan = plan(named: text) {
        self.overlay = nil
        return [.start(name: plan.runName, duration: nil, plan: plan)]
      }
      self.overlay = .duration(name: text.isEmpty ? Self.defaultName : text, text: "")
    case .tab, .backTab:
      // The plans in turn: the configured one first, then the one after the plan typed
      // (Shift-Tab, the one before).
      guard !plans.isEmpty else { break }
      let index = plan(named: text).flatMap { plan in plans.firstIndex { $0.name == plan.name } }
      let step = key == .tab ? 1 : plans.count - 1
      self.overlay = .name(
        plans[index.map { ($0 + step) % plans.count } ?? (key == .tab ? 0 : plans.count - 1)].name)
    default:
      // A name is held to the rule `start --name` is: printable, within the name's bounds.
      if let edited = Self.edited(
        text, by: key, limit: UserText.Bounds.name.characters, accepts: { _ in true }),
        edited.count < text.count || Self.fitsAName(edited)
      {
        self.overlay = .name(edited)
      }
    }
    return []
  }

  /// The new activity's duration being typed: Enter starts it, empty a stopwatch.
  private mutating func handleDuration(_ key: Key, name: String, text: String, now: Instant) -> [DeviceEffect]
  {
    switch key {
    case .escape: self.overlay = nil
    case .enter:
      if text.trimmingCharacters().isEmpty {
        self.overlay = nil
        return [.start(name: name, duration: nil)]
      }
      return start(name: name, typed: text, now: now)
    default:
      if let edited = Self.edited(text, by: key, limit: 20, accepts: { $0.isASCII }) {
        self.overlay = .duration(name: name, text: edited)
      }
    }
    return []
  }

  /// Read as `islet start` reads its words: one duration, or a work and a break (50m/10m).
  /// What cannot be read is flashed, and the dialog stays.
  private mutating func start(name: String, typed text: String, now: Instant) -> [DeviceEffect] {
    switch DurationReading.of(text.split(separator: " ").map(String.init)) {
    case .success(.one(let span)):
      self.overlay = nil
      return [.start(name: name, duration: span)]
    case .success(.workAndBreak(let work, let rest)):
      let named = name == Self.defaultName ? nil : name
      // The name labels the work, within a label's bounds, as `start --name` is held to.
      if let named, let problem = UserText.problem(with: named, bounds: .label) {
        show(
          "'\(printable(named, limit: 20))' labels the plan's work and \(problem.message)", alert: true,
          at: now)
        return []
      }
      self.overlay = nil
      let plan = Plan.workAndBreak(name: named, work: work, rest: rest, icon: "timer")
      return [.start(name: plan.runName, duration: nil, plan: plan)]
    case .failure(let failure):
      show(failure.message, alert: true, at: now)
      return []
    }
  }

  /// Whether text typed so far keeps to a name's rule (an empty one is not finished yet).
  static func fitsAName(_ text: String) -> Bool {
    switch UserText.problem(with: text, bounds: .name) {
    case nil, .empty?: return true
    default: return false
    }
  }

  /// A dialog's text field after `key`, as a shell's line editor has it: a printable character
  /// `accepts` takes is added (up to `limit`), Backspace deletes one, Ctrl-U the whole line and
  /// Ctrl-W the word before the cursor; nil for a key that edits nothing, control keys among them.
  static func edited(_ text: String, by key: Key, limit: Int, accepts: (Character) -> Bool) -> String? {
    switch key {
    case .backspace: return String(text.dropLast())
    case .character("\u{15}"): return ""
    case .character("\u{17}"):
      let kept = text.reversed().drop { $0 == " " }.drop { $0 != " " }
      return String(kept.reversed())
    case .character(let c)
    where text.count < limit && accepts(c) && c.unicodeScalars.allSatisfy(UserText.isPrintable):
      return text + String(c)
    default: return nil
    }
  }

  /// The intent a key sends to the selected activity, for `handle` and the key hints alike;
  /// nil for a key that sends none. (`r` and `x` ask first.)
  static func intent(
    ofKey key: Character, for selected: Activity, at now: Instant, policy: TimePolicy,
    snooze: Milliseconds = AlertPolicy().snooze
  ) -> Intent? {
    KeyBindings.action(of: .character(key)).flatMap {
      KeyBindings.intent(of: $0, for: selected, at: now, policy: policy, snooze: snooze)
    }
  }

  /// What a new activity is called when no name is typed.
  static let defaultName = "Timer"

  /// What a key that needs a timer says when there is none.
  public static let nothingLiveText = "No timer yet: press n to start one"

  private mutating func nothingLive(_ now: Instant) -> [DeviceEffect] {
    show(Self.nothingLiveText, at: now)
    return []
  }
}

extension String {
  fileprivate func trimmingCharacters() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
