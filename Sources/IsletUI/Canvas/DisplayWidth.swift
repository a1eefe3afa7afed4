/// How many terminal cells text takes: the one place that knows. Wide (East Asian and emoji
/// presentation) glyphs take two, combining marks and joiners none.
public enum DisplayWidth {
  public static func of(_ character: Character) -> Int {
    // Most cells are ASCII, box lines or blocks: answered without Unicode property lookups.
    if let ascii = character.asciiValue { return ascii < 0x20 || ascii == 0x7F ? 0 : 1 }
    guard let first = character.unicodeScalars.first else { return 0 }
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

  public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }

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
