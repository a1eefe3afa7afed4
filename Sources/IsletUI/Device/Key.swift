/// What a user pressed or clicked, as the device view understands it.
public enum Key: Equatable, Sendable {
  case character(Character)
  case enter, escape, tab, backspace, resize
  /// Shift-Tab, and the arrow keys that move the selection.
  case backTab, up, down
  case click(x: Int, y: Int)
}
