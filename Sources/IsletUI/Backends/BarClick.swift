import IsletCore

/// A click a bar reports on stdin (i3bar's `click_events`, i3blocks' persistent blocks): the
/// intent its button means and the activity it was on.
public struct BarClick: Equatable, Sendable {
  public var intent: Intent
  /// The activity's id (the block's `instance`); nil for the current one.
  public var target: String?

  public init(intent: Intent, target: String?) {
    self.intent = intent
    self.target = target
  }

  /// The target to send `intent` to: the clicked block's activity, else the current one.
  public var dispatchTarget: IntentDispatcher.Target { target.map { .id($0) } ?? .current }

  /// What a button means, wherever the click comes from (a line of the stream, i3blocks'
  /// `BLOCK_BUTTON`): left toggles, middle resets, right completes; any other, nothing.
  public static func intent(button: Int) -> Intent? {
    switch button {
    case 1: return .toggle
    case 2: return .reset
    case 3: return .complete
    default: return nil
    }
  }

  /// A click's intent on the activity it lands on: on one a program posted buttons on, the
  /// left click presses the first (a toggle means nothing to a deploy); otherwise as it is.
  public static func intent(_ intent: Intent, on activity: Activity?) -> Intent {
    guard intent == .toggle, let first = activity?.state.posted.buttons.first else { return intent }
    return .press(first.label)
  }

  /// The click a line of the stream means: i3bar's events come as an endless JSON array
  /// (`[`, then `{…}`, then `,{…}`); i3blocks' as one object a line. Left toggles, middle
  /// resets, right completes; anything else (another block's click, another button, a line
  /// that is not an event) is nil.
  public static func parse(_ line: String) -> BarClick? {
    var bytes = Array(line.utf8)[...]
    func dropSpace() {
      while let first = bytes.first, [0x20, 0x09, 0x0A, 0x0D].contains(first) { bytes.removeFirst() }
    }
    dropSpace()
    if bytes.first == UInt8(ascii: "[") { bytes.removeFirst() }
    dropSpace()
    if bytes.first == UInt8(ascii: ",") { bytes.removeFirst() }
    guard bytes.count <= 4096, case .object(let event)? = JSONValue.parse(Array(bytes)) else { return nil }
    if let name = event["name"], name != .string("islet") { return nil }
    guard case .number(let button)? = event["button"], (1...3).contains(button), button == button.rounded(),
      let intent = intent(button: Int(button))
    else { return nil }
    var target: String?
    if case .string(let instance)? = event["instance"], !instance.isEmpty,
      instance.utf8.count <= 64,
      instance.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    {
      target = instance
    }
    return BarClick(intent: intent, target: target)
  }
}
