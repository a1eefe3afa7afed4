/// What a user pressed or clicked, as the device view understands it.
public enum Key: Equatable, Sendable {
  case character(Character)
  case enter, escape, tab, backspace, resize
  case click(x: Int, y: Int)
}
