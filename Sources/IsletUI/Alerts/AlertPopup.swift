import IsletCore

/// The alert as a tmux popup, as the Dynamic Island expands for an alert: the expanded island,
/// then the keys that press the alert's buttons, as the view's footer teaches its keys, and
/// what closes it.
///
/// ```
/// ╭────────────────────────────────────────────────────────╮
/// │ ⏱  Tea · Time's up                 [✓ Done]  [↺ Reset] │
/// │                     ▀▀█ █▀█   █▀█ ▀▀█                  │
/// │                      ...                               │
/// │ Started 10:05 · ID 1823                                │
/// ╰────────────────────────────────────────────────────────╯
///  c done · + snooze 5 min · r reset
///  ⏎ done · any other key closes
/// ```
public enum AlertPopup {
  public static let width = Proportions.expanded.natural

  /// The island's rows and two more: the buttons and the hint.
  public static func height(for activity: Activity) -> Int { Expanded.height(for: activity) + 2 }

  /// The key that presses a button: the view's key for the same intent where it has one
  /// (c done, r reset, s skip, ␣ on to the next segment, p pause), `+` to snooze.
  public static func key(for action: Alert.Action) -> Character? {
    switch action.key {
    case "complete": "c"
    case "snooze": "+"
    case "reset": "r"
    case "go-on": " "
    case "skip": "s"
    case "pause": "p"
    default: nil
    }
  }

  /// The button a key presses: its own key, `=` for `+` (the same key unshifted), Enter for
  /// the first button; nil for a key that closes the popup.
  public static func action(for key: Character, in alert: Alert) -> Alert.Action? {
    if key == "\r" || key == "\n" { return alert.actions.first }
    let key: Character = key == "=" ? "+" : key
    return alert.actions.first { self.key(for: $0) == key }
  }

  /// Keys pressed this soon after the popup opens were meant for the pane it covers (someone
  /// typing when the alert came): they press nothing, and the hint shows once keys count.
  public static let keyDelay: Milliseconds = 500

  /// `listening`: whether keys count yet (see `keyDelay`); the hint row is blank until they do.
  public static func draw(_ look: Look, alert: Alert?, listening: Bool = true, width: Int, height: Int)
    -> Canvas
  {
    var canvas = Canvas(width: width, height: height, ascii: look.ascii)
    guard width > 0, height > 0 else { return canvas }
    let g = look.g
    canvas.draw(Expanded.draw(look, width: width, height: max(0, height - 2)), x: 0, y: 0)
    let actions = (alert?.actions ?? []).filter { key(for: $0) != nil }
    if height >= 2 {
      for (index, entry) in keyRow(actions, glyphs: g).enumerated() {
        if index > 0 {
          canvas.put(
            keySeparator(g), x: entry.x - DisplayWidth.of(keySeparator(g)), y: height - 2, role: .secondary)
        }
        canvas.put(entry.text, x: entry.x, y: height - 2, role: role(entry.action, accent: look.accent))
      }
    }
    guard listening else { return canvas }
    let enter = look.ascii ? "Enter" : "⏎"
    let hint =
      actions.first.map { "\(enter) \(self.hint($0)) \(g.separator) any other key closes" }
      ?? "Any key closes"
    canvas.put(
      DisplayWidth.truncate(hint, to: max(0, width - 1), ellipsis: g.ellipsis), x: 1, y: height - 1,
      role: .secondary)
    return canvas
  }

  /// The row that teaches the buttons' keys (`c done · + snooze 5 min · r reset`): each
  /// button's text and its column, from column 1, with ` · ` between.
  static func keyRow(_ actions: [Alert.Action], glyphs: Glyphs) -> [(
    action: Alert.Action, text: String, x: Int
  )] {
    var x = 1
    return actions.map { action in
      let key = key(for: action).map { $0 == " " ? "space" : String($0) } ?? ""
      let text = "\(key) \(hint(action))"
      defer { x += DisplayWidth.of(text) + DisplayWidth.of(keySeparator(glyphs)) }
      return (action, text, x)
    }
  }

  /// What goes between two keys' texts: ` · `.
  static func keySeparator(_ glyphs: Glyphs) -> String { " \(glyphs.separator) " }

  /// What a click at a cell of the drawn popup presses: a drawn button of the island (`[✓
  /// Done]`, the alert's own where it has the same intent), or a key's text on the row that
  /// teaches them; nil for a click elsewhere.
  public static func action(atX x: Int, y: Int, in canvas: Canvas, alert: Alert?) -> Alert.Action? {
    if let button = canvas.buttons.last(where: { $0.area.contains(x: x, y: y) }),
      let intent = button.action.intent
    {
      return alert?.actions.first { $0.intents == [intent] }
        ?? Alert.Action(key: button.action.name, label: button.action.name, intents: [intent])
    }
    guard y == canvas.height - 2, let alert else { return nil }
    let actions = alert.actions.filter { key(for: $0) != nil }
    let glyphs = Glyphs(ascii: canvas.ascii)
    return keyRow(actions, glyphs: glyphs).first { x >= $0.x && x < $0.x + DisplayWidth.of($0.text) }?.action
  }

  /// What a key does, in the words of the view's footer: `done`, `snooze 5 min`, `reset`,
  /// `skip HIIT` (a label as the user wrote it).
  static func hint(_ action: Alert.Action) -> String {
    let label = action.label.prefix(1).lowercased() + action.label.dropFirst()
    return action.key == "snooze" && label.hasPrefix("+") ? "snooze \(label.dropFirst())" : label
  }

  /// A button's colour, as the island's chips for the same intent: the way on (snooze, skip,
  /// next, pause) in the activity's accent.
  private static func role(_ action: Alert.Action, accent: Role) -> Role {
    switch action.key {
    case "complete": .buttonComplete
    case "reset": .buttonReset
    default: accent
    }
  }
}
