import IsletCore

/// What the terminal channel writes to a terminal for an alert: the bell, and the desktop
/// notification sequence its emulator understands, wrapped for tmux's passthrough when the tty
/// is a tmux pane. Only the bell and OSC sequences, which a terminal that does not know them
/// ignores: never text, so a program holding the screen in full screen keeps it intact.
///
/// ```swift
/// let bytes = TerminalNotification.bytes(for: alert, on: Terminal(tty: tty, kind: .vte), bell: true)
/// // BEL, then ESC ] 777 ; notify ; ⏰ Tea — time's up ; +0:00 · started 10:05 BEL
/// ```
public enum TerminalNotification {
  /// Which sequence a kind gets.
  public enum Sequence: String, Equatable, Sendable {
    /// `OSC 777 ; notify ; TITLE ; BODY`.
    case osc777 = "OSC 777"
    /// `OSC 9 ; TEXT`.
    case osc9 = "OSC 9"
    /// kitty's `OSC 99`, the title and the body, with an identifier.
    case osc99 = "OSC 99"

    public init?(_ kind: TerminalKind) {
      switch kind {
      case .kitty: self = .osc99
      case .wezterm, .vte, .foot, .urxvt: self = .osc777
      case .iterm2, .ghostty, .windowsTerminal, .conemu: self = .osc9
      case .other: return nil
      }
    }
  }

  /// The bytes for `alert` on `terminal`: the bell (unless `bell` is false: a view rings its
  /// own), then the notification its kind understands, each wrapped inside tmux.
  public static func bytes(for alert: Alert, on terminal: Terminal, bell: Bool) -> [UInt8] {
    var bytes: [UInt8] = bell ? [0x07] : []
    for sequence in notification(for: alert, kind: terminal.kind) {
      bytes += TerminalSequence.forTerminal(sequence, insideTmux: terminal.insideTmux)
    }
    return bytes
  }

  /// The sequences that close the alert's notification where the terminal can (kitty), when its
  /// activity is acted on elsewhere; none for the others.
  public static func closing(activityID: String, on terminal: Terminal) -> [UInt8] {
    guard terminal.kind == .kitty else { return [] }
    return TerminalSequence.forTerminal(
      TerminalSequence.osc("99;i=\(identifier(activityID)):p=close;"), insideTmux: terminal.insideTmux)
  }

  /// The notification sequences alone, unwrapped: none for a kind that knows none.
  public static func notification(for alert: Alert, kind: TerminalKind) -> [[UInt8]] {
    switch Sequence(kind) {
    case .osc777:
      // A `;` would end the title early: it becomes a `,`.
      let title = alert.summary.replacing(";", with: ",")
      return [TerminalSequence.osc("777;notify;\(title);\(alert.body.replacing(";", with: ","))")]
    case .osc9:
      return [TerminalSequence.osc("9;\(alert.line)")]
    case .osc99:
      // The title, then the body, as one notification (`d=0` until its last part); the same
      // identifier replaces an activity's earlier one.
      let id = identifier(alert.activityID)
      return [
        TerminalSequence.osc("99;i=\(id):d=0:p=title;\(alert.summary)"),
        TerminalSequence.osc("99;i=\(id):d=1:p=body;\(alert.body)"),
      ]
    case nil:
      return []
    }
  }

  /// kitty's identifier for an activity's notification: `islet-` and its id, in the characters
  /// kitty allows in a value.
  public static func identifier(_ activityID: String) -> String {
    "islet-"
      + String(
        activityID.unicodeScalars.filter {
          $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_")
        }.map(Character.init))
  }
}
