/// A theme written out in the theme file format (`islet themes --export`): read back by
/// `Theme.parse`, it is the same theme. The name is left out: a theme file is known by its
/// file's name.
extension Theme {
  public var fileText: String {
    var members: [String] = []
    if !description.isEmpty { members.append("  \"description\": " + Self.quoted(description)) }
    members.append("  \"terminal\": " + Self.quoted(terminal.rawValue))
    if glyphs != .blocks { members.append("  \"glyphs\": " + Self.quoted(glyphs.rawValue)) }
    let roles = Role.themed.compactMap { role in
      self.roles[role].map { "    " + Self.quoted(role.rawValue) + ": " + Self.object(Self.fields(of: $0)) }
    }
    members.append("  \"roles\": {\n" + roles.joined(separator: ",\n") + "\n  }")
    let icons = icons.sorted { $0.key < $1.key }.map { name, glyph in
      "    " + Self.quoted(name) + ": "
        + Self.object(
          [("glyph", Self.quoted(glyph.glyph)), ("ascii", Self.quoted(glyph.ascii))]
            + (glyph.tint.map { [("tint", Self.quoted(String($0.rawValue.dropFirst(5))))] } ?? []))
    }
    members.append("  \"icons\": {\n" + icons.joined(separator: ",\n") + "\n  }")
    return "{\n" + members.joined(separator: ",\n") + "\n}\n"
  }

  /// A style's keys as the file writes them: colors, then the attributes that are on.
  private static func fields(of style: RoleStyle) -> [(String, String)] {
    var fields: [(String, String)] = []
    if let color = style.foreground { fields.append(("fg", text(of: color))) }
    if let color = style.background { fields.append(("bg", text(of: color))) }
    if style.bold { fields.append(("bold", "true")) }
    if style.dim { fields.append(("dim", "true")) }
    if style.reverse { fields.append(("reverse", "true")) }
    return fields
  }

  /// An object at the depth of a role or an icon: `{}`, or a member a line.
  private static func object(_ fields: [(String, String)]) -> String {
    guard !fields.isEmpty else { return "{}" }
    return "{\n" + fields.map { "      " + quoted($0.0) + ": " + $0.1 }.joined(separator: ",\n") + "\n    }"
  }

  /// `"#0A84FF"`, or a palette index as a number.
  private static func text(of color: Color) -> String {
    switch color {
    case .rgb(let r, let g, let b): return quoted("#" + hex(r) + hex(g) + hex(b))
    case .indexed(let n): return String(n)
    }
  }

  private static func hex(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return digits.count == 1 ? "0" + digits : digits
  }

  /// A JSON string: a quote, a backslash and a control character escaped.
  private static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let digits = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
