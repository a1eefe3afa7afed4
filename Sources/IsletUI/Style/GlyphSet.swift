/// How a theme draws a one-row island's ends: half blocks, which every terminal draws flush
/// with the fill, or Powerline's round caps (U+E0B6, U+E0B4) for a Nerd Font, which draw a
/// true capsule where the font has them (`"glyphs": "powerline"` in a theme file).
public enum GlyphSet: String, CaseIterable, Sendable {
  case blocks, powerline
}

extension Theme {
  /// The file's `glyphs`: `blocks` when it does not say.
  static func glyphSet(_ top: [String: JSONValue]) throws(Failure) -> GlyphSet {
    guard let value = top["glyphs"] else { return .blocks }
    guard case .string(let text) = value, let set = GlyphSet(rawValue: text) else {
      throw Failure(
        key: "glyphs",
        message:
          "must be \"blocks\" or \"powerline\" (round caps, for a Nerd Font): how the island's ends are drawn"
      )
    }
    return set
  }
}
