import IsletCore

/// What the device view shows on the terminal's own surfaces, beside its screen: the selected
/// activity's progress on the tab (OSC 9;4) and, with `title = on`, the island's compact text
/// as the terminal's title (OSC 2). Pure: the runner sends them, the screen writes them.
public enum TerminalTab {
  /// The title while nothing is live.
  public static let idleTitle = "islet"

  /// The selected activity's progress, as the frame shows it.
  public static func progress(_ frame: DeviceView.Frame) -> TerminalProgress {
    TerminalProgress(showing: frame.state.selected(in: frame.live), at: frame.now, policy: frame.policy)
  }

  /// The island's compact text as plain words: what the tmux status line shows of the current
  /// activity, without the pill's ends and the room between its sides (`🍅 Focus 2/4 ◑ 12:30`).
  public static func title(_ frame: DeviceView.Frame) -> String {
    guard let current = frame.live.first else { return idleTitle }
    let look = frame.look(current)
    let line = Compact.draw(look, width: Compact.wanted(look)).plainLine(0)
    var words = line.split(separator: " ").map(String.init)
    if words.first == look.g.leftCap { words.removeFirst() }
    if words.last == look.g.rightCap { words.removeLast() }
    return words.joined(separator: " ")
  }
}
