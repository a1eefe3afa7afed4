import FoundationEssentials

/// How one role looks.
public struct RoleStyle: Equatable, Sendable {
  public var foreground: Color?
  public var background: Color?
  public var bold = false
  public var dim = false
  public var reverse = false

  public init(
    foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
    reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
  }
}

/// An icon's glyph and its ASCII stand-in.
public struct IconGlyph: Equatable, Sendable {
  public var glyph: String
  public var ascii: String
}

/// Colors for the roles and glyphs for the icons: `Themes/*.json`.
public struct Theme: Equatable, Sendable {
  public var name: String
  public var roles: [Role: RoleStyle]
  public var icons: [String: IconGlyph]

  public func style(_ role: Role) -> RoleStyle {
    if role == .islandEdge { return RoleStyle(foreground: style(.island).background) }
    return roles[role] ?? RoleStyle()
  }

  public func icon(_ name: String, ascii: Bool) -> String {
    let glyph = icons[name] ?? icons["timer"] ?? IconGlyph(glyph: "⏱", ascii: "[T]")
    return ascii ? glyph.ascii : glyph.glyph
  }

  /// A theme file that cannot be used: which key, and what it should be.
  public struct Failure: Error, Equatable, Sendable {
    public var key: String
    public var message: String
  }

  /// Reads a theme file's JSON.
  public static func parse(_ bytes: [UInt8], name: String) -> Result<Theme, Failure> {
    let root: JSONValue
    do {
      root = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    } catch {
      return .failure(
        Failure(
          key: "(file)", message: "is not valid JSON; a theme is a JSON object with \"roles\" and \"icons\""))
    }
    guard case .object(let top) = root else {
      return .failure(
        Failure(
          key: "(file)", message: "is not a JSON object; a theme is an object with \"roles\" and \"icons\""))
    }
    var theme = Theme(name: name, roles: [:], icons: [:])
    for key in top.keys.sorted() where !["name", "description", "roles", "icons"].contains(key) {
      return .failure(
        Failure(key: key, message: "is not a theme key; use name, description, roles and icons"))
    }
    if let value = top["name"] {
      guard case .string(let text) = value, !text.isEmpty else {
        return .failure(Failure(key: "name", message: "must be a non-empty string"))
      }
      theme.name = text
    }
    if let value = top["description"], case .string = value {
    } else if top["description"] != nil {
      return .failure(Failure(key: "description", message: "must be a string"))
    }
    guard case .object(let roles)? = top["roles"] else {
      return .failure(
        Failure(
          key: "roles",
          message:
            "must be an object mapping roles (\(Role.themed.map(\.rawValue).joined(separator: ", "))) to styles"
        ))
    }
    for (key, value) in roles.sorted(by: { $0.key < $1.key }) {
      guard let role = Role(rawValue: key), role != .islandEdge else {
        return .failure(
          Failure(
            key: "roles.\(key)",
            message: "is not a role; use one of \(Role.themed.map(\.rawValue).joined(separator: ", "))"))
      }
      switch roleStyle(value, key: "roles.\(key)") {
      case .success(let style): theme.roles[role] = style
      case .failure(let failure): return .failure(failure)
      }
    }
    if let icons = top["icons"] {
      guard case .object(let map) = icons else {
        return .failure(
          Failure(
            key: "icons", message: "must be an object mapping icon names to {\"glyph\": …, \"ascii\": …}"))
      }
      for (key, value) in map.sorted(by: { $0.key < $1.key }) {
        guard case .object(let fields) = value, case .string(let glyph)? = fields["glyph"],
          case .string(let ascii)? = fields["ascii"], !glyph.isEmpty, !ascii.isEmpty,
          DisplayWidth.of(glyph) <= 2, ascii.allSatisfy({ $0.isASCII && DisplayWidth.of($0) == 1 }),
          ascii.count <= 4, fields.count == 2
        else {
          return .failure(
            Failure(
              key: "icons.\(key)",
              message: "must be {\"glyph\": one glyph, \"ascii\": 1–4 printable ASCII characters}"))
        }
        theme.icons[key] = IconGlyph(glyph: glyph, ascii: ascii)
      }
    }
    return .success(theme)
  }

  private static func roleStyle(_ value: JSONValue, key: String) -> Result<RoleStyle, Failure> {
    guard case .object(let fields) = value else {
      return .failure(
        Failure(
          key: key, message: "must be an object such as {\"fg\": \"#RRGGBB\", \"bg\": 236, \"bold\": true}"))
    }
    var style = RoleStyle()
    for (field, item) in fields.sorted(by: { $0.key < $1.key }) {
      let path = "\(key).\(field)"
      switch field {
      case "fg", "bg":
        guard let color = color(item) else {
          return .failure(
            Failure(key: path, message: "is \(item.summary); use \"#RRGGBB\" or a number 0–255"))
        }
        if field == "fg" { style.foreground = color } else { style.background = color }
      case "bold", "dim", "reverse":
        guard case .bool(let flag) = item else {
          return .failure(Failure(key: path, message: "is \(item.summary); use true or false"))
        }
        if field == "bold" {
          style.bold = flag
        } else if field == "dim" {
          style.dim = flag
        } else {
          style.reverse = flag
        }
      default:
        return .failure(Failure(key: path, message: "is not a style key; use fg, bg, bold, dim or reverse"))
      }
    }
    return .success(style)
  }

  private static func color(_ value: JSONValue) -> Color? {
    switch value {
    case .string(let text): return Color(hex: text)
    case .number(let number):
      guard number == number.rounded(), number >= 0, number <= 255 else { return nil }
      return .indexed(UInt8(number))
    default: return nil
    }
  }
}

/// Just enough JSON to read a theme with exact errors.
enum JSONValue: Decodable, Equatable {
  case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  var summary: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return "\(b)"
    case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? "\(Int64(n))" : "\(n)"
    case .string(let s): return "'\(s.prefix(40))'"
    case .array: return "a list"
    case .object: return "an object"
    }
  }
}
