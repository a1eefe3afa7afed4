import IsletCore
import IsletUI

/// The glyphs plain output uses, Unicode or ASCII (`--ascii`, or a locale that is not UTF-8).
package struct Glyphs {
  package var unicode: Bool

  /// Where the icons come from.
  package var theme: Theme

  package init(unicode: Bool, theme: Theme) {
    self.unicode = unicode
    self.theme = theme
  }

  package func icon(_ name: String) -> String { theme.icon(name, ascii: !unicode) }

  /// What ends a cut text, as the presentations cut theirs.
  package var ellipsis: String { unicode ? "…" : "~" }

  /// The mark after the time: what state the timer is in.
  package func mark(for phase: Phase) -> String {
    switch phase {
    case .idle: return unicode ? "◦ ready" : "ready"
    case .active: return unicode ? "●" : ">"
    case .paused: return unicode ? "⏸" : "||"
    case .finished: return unicode ? "⏰" : "!"
    case .completed: return unicode ? "✓" : "done"
    case .ended: return unicode ? "⏹" : "ended"
    case .expired: return "expired"
    case .failed: return unicode ? "✕" : "failed"
    case .pending: return unicode ? "◷ pending" : "pending"
    }
  }

  package func event(_ kind: EventKind) -> String {
    switch kind {
    case .started, .resumed: return unicode ? "▶" : ">"
    case .paused: return unicode ? "⏸" : "||"
    case .reset: return unicode ? "↺" : "<-"
    case .completed: return unicode ? "✓" : "ok"
    case .ended: return unicode ? "⏹" : "[]"
    case .adjusted: return unicode ? "±" : "+-"
    case .updated: return unicode ? "✎" : "*"
    case .snoozed: return unicode ? "💤" : "zz"
    case .finished: return unicode ? "⏰" : "!"
    case .expired: return unicode ? "⌛" : "~"
    case .skipped: return unicode ? "⏭" : ">>"
    case .segmentStarted: return unicode ? "▶" : ">"
    case .segmentFinished: return unicode ? "⏰" : "!"
    case .planCompleted: return unicode ? "✓" : "ok"
    case .goalReached: return unicode ? "★" : "*"
    case .lapped: return unicode ? "⏱" : "|"
    case .edited: return unicode ? "✎" : "*"
    case .forgotten: return unicode ? "✗" : "x"
    case .failed: return unicode ? "✕" : "x"
    case .attention: return unicode ? "❗" : "!!"
    case .pressed: return unicode ? "▣" : "#"
    case .scheduled: return unicode ? "◷" : "@"
    case .away: return unicode ? "☾" : "?"
    case .awayAnswered: return unicode ? "☀" : "="
    }
  }

  package var dash: String { unicode ? "—" : "-" }
  package var separator: String { unicode ? "·" : "-" }

  /// UTF-8 unless told otherwise, the locale says another codeset, or the terminal is the Linux
  /// console, whose fonts have none of the island's quadrant corners, pies or icons: its
  /// readable forms are the ASCII ones.
  package static func wantUnicode(ascii: Bool, environment: [String: String]) -> Bool {
    if ascii || environment["TERM"] == "linux" { return false }
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
      guard let locale = environment[name], !locale.isEmpty else { continue }
      // The codeset, any case, with or without its dash: `en_US.UTF-8`, `C.utf8`.
      let letters = locale.utf8.filter { $0 != UInt8(ascii: "-") }.map { $0 | 0x20 }
      let utf8 = Array("utf8".utf8)
      return letters.count >= 4 && (0...letters.count - 4).contains { Array(letters[$0..<$0 + 4]) == utf8 }
    }
    return false
  }
}
