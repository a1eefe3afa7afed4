import IsletCore

/// What a key does in the view. The keys are declared once, in `KeyBindings.table`: the view
/// handles them, its bottom row hints at them and its help box lists them from there, tmux's
/// key table and menu take their letters from it, and the README's key table is checked
/// against it.
public enum KeyAction: Equatable, Sendable {
  /// Start, pause or resume; complete a finished countdown; go on from a plan's waiting segment.
  case toggle
  case skip, lap, reset, end, complete
  /// A minute more; once a countdown's time is up, a snooze.
  case more
  case less
  case expand
  /// The next or previous activity: Tab and Shift-Tab go round, the arrows stop at the ends.
  case next, previous
  case new, theme, help, quit
  /// The selected activity's program's button, by its place (1, 2, 3).
  case press(Int)
  /// Switch tmux to the pane the selected activity was started in.
  case goTo
}

/// A key, or keys, of the view and what they do.
public struct KeyBinding: Sendable {
  public var keys: [Key]
  public var action: KeyAction
  /// How the help box and the README name the keys: `space, p`.
  public var names: String
  /// What the help box says they do; nil for keys another line names with theirs.
  public var help: String?
  /// The bottom row's hint (`s skip`) with its rank (the lower, the longer it stays when the
  /// row is short); nil for keys the row does not hint at.
  public var hint: (text: String, rank: Int)?

  init(keys: [Key], action: KeyAction, names: String, help: String?, hint: (text: String, rank: Int)? = nil) {
    self.keys = keys
    self.action = action
    self.names = names
    self.help = help
    self.hint = hint
  }

  /// The key the hint's intent is checked with: its first character key.
  var character: Character? {
    for case .character(let character) in keys { return character }
    return nil
  }
}

public enum KeyBindings {
  public static let table: [KeyBinding] = [
    KeyBinding(
      keys: [.character(" "), .character("p")], action: .toggle, names: "space, p",
      help: "start, pause or resume; a waiting plan goes on"),
    KeyBinding(
      keys: [.character("s")], action: .skip, names: "s", help: "skip a plan's segment", hint: ("s skip", 2)),
    KeyBinding(
      keys: [.character("l")], action: .lap, names: "l", help: "mark a lap on a stopwatch", hint: ("l lap", 3)
    ),
    KeyBinding(
      keys: [.character("r")], action: .reset, names: "r", help: "reset (asks first)", hint: ("r reset", 4)),
    KeyBinding(
      keys: [.character("c"), .enter], action: .complete, names: "c, Enter", help: "complete",
      hint: ("c done", 3)),
    KeyBinding(
      keys: [.character("x")], action: .end, names: "x", help: "end (asks first)", hint: ("x end", 5)),
    KeyBinding(
      keys: [.character("e")], action: .expand, names: "e", help: "expand the island", hint: ("e expand", 7)),
    KeyBinding(
      keys: [.tab, .down, .character("j")], action: .next, names: "Tab, ↓, j", help: "next activity",
      hint: ("tab next", 6)),
    KeyBinding(
      keys: [.backTab, .up, .character("k")], action: .previous, names: "Shift-Tab, ↑, k",
      help: "previous activity"),
    KeyBinding(
      keys: [.character("1")], action: .press(1), names: "1, 2, 3",
      help: "press a program's first, second or third button", hint: ("1", 2)),
    KeyBinding(keys: [.character("2")], action: .press(2), names: "2", help: nil, hint: ("2", 2)),
    KeyBinding(keys: [.character("3")], action: .press(3), names: "3", help: nil, hint: ("3", 2)),
    KeyBinding(
      keys: [.character("g")], action: .goTo, names: "g",
      help: "go back to its tmux pane (or click its name)"),
    KeyBinding(
      keys: [.character("n")], action: .new, names: "n", help: "new activity, or a plan", hint: ("n new", 2)),
    KeyBinding(
      keys: [.character("+"), .character("=")], action: .more, names: "+ / -",
      help: "a minute more or less; once time's up, + snoozes", hint: ("+/- 1 min", 8)),
    KeyBinding(keys: [.character("-"), .character("_")], action: .less, names: "-", help: nil),
    KeyBinding(keys: [.character("t")], action: .theme, names: "t", help: "next theme", hint: ("t theme", 9)),
    KeyBinding(
      keys: [.character("?"), .character("h")], action: .help, names: "?", help: "this help",
      hint: ("? help", 1)),
    KeyBinding(
      keys: [.character("q"), .character("Q"), .escape], action: .quit, names: "q, Esc",
      help: "quit (timers keep running)", hint: ("q quit", 0)),
  ]

  /// What `key` does; nil for a key the view does not bind.
  public static func action(of key: Key) -> KeyAction? {
    table.first { $0.keys.contains(key) }?.action
  }

  /// The letter a key table elsewhere (tmux's) gives `action`: the view's first character key
  /// for it, so that the same letter does the same thing everywhere.
  public static func letter(for action: KeyAction) -> String {
    for binding in table where binding.action == action {
      for case .character(let character) in binding.keys where character != " " { return String(character) }
    }
    preconditionFailure("no letter is bound to \(action)")
  }

  /// The intent `action` sends the selected activity; nil for an action that sends none.
  static func intent(
    of action: KeyAction, for selected: Activity, at now: Instant, policy: TimePolicy, snooze: Milliseconds
  ) -> Intent? {
    switch action {
    case .toggle: return .toggle
    case .skip: return .skip
    case .lap: return .lap
    case .reset: return .reset
    case .end: return .end
    case .complete: return .complete
    case .more:
      // Time's up: more time is a snooze, from now (a plan's waiting segment goes on with space).
      if !selected.isPlan && selected.phase(at: now, policy: policy) == .finished {
        return .snooze(for: snooze)
      }
      return .adjust(by: 60_000)
    case .less: return .adjust(by: -60_000)
    case .press(let place) where selected.state.away?.back != nil:
      return place <= AwayAnswer.allCases.count ? .away(.answer(AwayAnswer.allCases[place - 1])) : nil
    case .press(let place):
      let buttons = selected.state.posted.buttons
      return place <= buttons.count ? .press(buttons[place - 1].label) : nil
    default: return nil
    }
  }
}
