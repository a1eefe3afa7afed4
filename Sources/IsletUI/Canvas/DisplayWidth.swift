/// How many terminal cells text takes: the one place that knows. Wide (East Asian and emoji
/// presentation) glyphs take two, combining marks and joiners none.
public enum DisplayWidth {
  public static func of(_ character: Character) -> Int {
    // Most cells are ASCII, box lines or blocks: answered without Unicode property lookups.
    if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if standsAlone(first), scalars.count == 1 { return 1 }
    if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji {
      return 2
    }
    return of(first)
  }

  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
    if value < 0x300 || (0x2500..<0x25A0).contains(value) { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return 0 }
    if scalar.properties.isEmojiPresentation { return 2 }
    if isEastAsianWide(value) { return 2 }
    return 1
  }

  public static func of(_ text: String) -> Int {
    var text = text
    let simple = text.withUTF8 { utf8 -> Int? in
      var offset = 0
      var count = 0
      while offset < utf8.count {
        guard let (_, length) = Glyph.standingAlone(utf8, at: offset) else { return nil }
        offset += length
        count += 1
      }
      return count
    }
    return simple ?? text.reduce(0) { $0 + of($1) }
  }

  /// Scalars that are a grapheme and one cell each whatever surrounds them (printable ASCII
  /// and Latin, dashes and ellipsis, box lines, blocks and shapes, ✓ and the end button's ✕),
  /// so text made only of them needs no grapheme breaking. Anything that could join them (a
  /// mark, a selector) is not.
  static func standsAlone(_ scalar: Unicode.Scalar) -> Bool { standsAlone(scalar.value) }

  @inline(__always)
  static func standsAlone(_ value: UInt32) -> Bool {
    switch value {
    case 0x20..<0x7F, 0xA0..<0xAD, 0xAE..<0x300, 0x2010..<0x2028, 0x2190..<0x231A, 0x231C..<0x2329,
      0x232B..<0x23E9, 0x23ED..<0x23F0, 0x23F1..<0x23F3, 0x23F4..<0x2427, 0x2500..<0x25FD, 0x2713, 0x2715:
      return true
    default: return false
    }
  }

  private static func isEastAsianWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  /// The longest prefix of `text` that fits in `width` cells, with `…` when cut.
  public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    if of(text) <= width { return text }
    let room = width - of(ellipsis)
    if room < 0 { return "" }
    var result = ""
    var used = 0
    for character in text {
      let w = of(character)
      if used + w > room { break }
      result.append(character)
      used += w
    }
    return result + ellipsis
  }
}
