import IsletCore
import IsletUI

/// The glyphs plain output uses, Unicode or ASCII (`--ascii`, or a locale that is not UTF-8).
struct Glyphs {
  var unicode: Bool

  /// Where the icons come from.
  var theme: Theme

  func icon(_ name: String) -> String { theme.icon(name, ascii: !unicode) }

  /// The mark after the time: what state the timer is in.
  func mark(for phase: Phase) -> String {
    switch phase {
    case .idle: return unicode ? "◦ ready" : "ready"
    case .active: return unicode ? "●" : ">"
    case .paused: return unicode ? "⏸" : "||"
    case .finished: return unicode ? "⏰" : "!"
    case .completed: return unicode ? "✓" : "done"
    case .ended: return unicode ? "⏹" : "ended"
    case .expired: return "expired"
    }
  }

  func event(_ kind: EventKind) -> String {
    switch kind {
    case .started, .resumed: return unicode ? "▶" : ">"
    case .paused: return unicode ? "⏸" : "||"
    case .reset: return unicode ? "↺" : "<-"
    case .completed: return unicode ? "✓" : "ok"
    case .ended: return unicode ? "⏹" : "[]"
    case .adjusted: return unicode ? "±" : "+-"
    case .updated: return unicode ? "✎" : "*"
    case .finished: return unicode ? "⏰" : "!"
    case .expired: return unicode ? "⌛" : "~"
    }
  }

  var dash: String { unicode ? "—" : "-" }

  /// UTF-8 unless told otherwise or the locale says another codeset.
  static func wantUnicode(ascii: Bool, environment: [String: String]) -> Bool {
    if ascii { return false }
    let locale =
      [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty } ?? ""
    let lowered = locale.lowercased()
    return lowered.contains("utf-8") || lowered.contains("utf8")
  }
}
