/// What a user pressed or clicked, as the device view understands it.
public enum Key: Equatable, Sendable {
  case character(Character)
  case enter, escape, tab, backspace, resize
  /// Shift-Tab, and the arrow keys that move the selection.
  case backTab, up, down
  case click(x: Int, y: Int)
}

extension Key {
  /// `keys` without what a terminal says back rather than what a user typed: an OSC answer
  /// (`ESC ] … BEL` or `ESC ] … ESC \`, a background color come too late for its question) and
  /// a device-attributes answer (`ESC [ ? … c`). Read as keys, their ESC would quit the view.
  public static func withoutTerminalReplies(_ keys: [Key]) -> [Key] {
    var kept: [Key] = []
    var index = 0
    while index < keys.count {
      let next = index + 1 < keys.count ? keys[index + 1] : nil
      if keys[index] == .escape, next == .character("]") {
        var end = index + 2
        while end < keys.count, keys[end] != .character("\u{07}"),
          !(keys[end] == .escape && end + 1 < keys.count && keys[end + 1] == .character("\\"))
        {
          end += 1
        }
        index = min(keys.count, end + (end < keys.count && keys[end] == .escape ? 2 : 1))
        continue
      }
      if keys[index] == .escape, next == .character("["), index + 2 < keys.count,
        keys[index + 2] == .character("?")
      {
        var end = index + 3
        while end < keys.count, case .character(let c) = keys[end], c.isNumber || c == ";" { end += 1 }
        index = min(keys.count, end + 1)
        continue
      }
      kept.append(keys[index])
      index += 1
    }
    return kept
  }
}
