import IsletCore

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
  /// The accent of an activity with this icon (one of `Role.tints`); nil: the theme's timer.
  public var tint: Role?

  public init(glyph: String, ascii: String, tint: Role? = nil) {
    self.glyph = glyph
    self.ascii = ascii
    self.tint = tint
  }
}

/// The terminal background a theme is drawn for: its text colors are readable on it.
public enum TerminalShade: String, CaseIterable, Equatable, Sendable {
  case dark, light, any

  /// Whether a theme for this shade reads well on a terminal of `background` (`any`: not
  /// known, taken as dark, as most terminals are).
  public func suits(_ background: TerminalShade) -> Bool {
    self == .any || self == (background == .light ? .light : .dark)
  }

  /// The terminal's background as `COLORFGBG` says it (`15;0`, `0;default;15`: its last field
  /// the background color, 7 and 15 light); `any` when it is unset or says nothing.
  public static func of(colorFGBG: String?) -> TerminalShade {
    guard let last = colorFGBG?.split(separator: ";", omittingEmptySubsequences: false).last,
      let color = Int(last)
    else { return .any }
    switch color {
    case 7, 15: return .light
    case 0...6, 8: return .dark
    default: return .any
    }
  }

  /// The terminal's background as its answer to the background-color query (OSC 11) gives
  /// it (`Color(backgroundReply:)`): light when its luminance is above half. `any` when
  /// `reply` holds no such answer.
  public static func of(backgroundReply reply: [UInt8]) -> TerminalShade {
    of(background: Color(backgroundReply: reply))
  }

  /// The shade of a background color; `any` when it is not known.
  public static func of(background: Color?) -> TerminalShade {
    background.map { $0.luminance > 0.5 ? .light : .dark } ?? .any
  }

  /// The built-in theme chosen when the user names none: light on a light terminal.
  public var standardTheme: String { self == .light ? "light" : "default" }
}

/// Colors for the roles and glyphs for the icons: `Themes/*.json`.
public struct Theme: Equatable, Sendable {
  public var name: String
  public var roles: [Role: RoleStyle]
  public var icons: [String: IconGlyph]
  /// The background it is drawn for (`"terminal"` in the file; `any` when it does not say).
  public var terminal: TerminalShade = .any
  /// What the file says of itself, for `islet themes`.
  public var description = ""
  /// How a one-row island's ends are drawn (`"glyphs"` in the file).
  public var glyphs = GlyphSet.blocks
  /// The terminal's own background, as it answered (or `COLORFGBG` says); nil when not
  /// known. Not in the file: the view sets it, and cards are raised on a black one.
  public var backdrop: Color?

  public init(
    name: String, roles: [Role: RoleStyle], icons: [String: IconGlyph], terminal: TerminalShade = .any,
    description: String = ""
  ) {
    self.name = name
    self.roles = roles
    self.icons = icons
    self.terminal = terminal
    self.description = description
  }

  public func style(_ role: Role) -> RoleStyle {
    switch role {
    case .islandEdge: return RoleStyle(foreground: style(.island).background)
    case .card: return cardStyle
    case .cardEdge: return RoleStyle(foreground: style(.card).background)
    case .alertIsland: return alertIslandStyle
    case .alertIslandEdge: return RoleStyle(foreground: style(.alertIsland).background)
    case .trackFill: return RoleStyle(background: style(.progressTrack).foreground)
    default:
      if let accent = role.chipSource { return chipStyle(accent) }
      return roles[role] ?? RoleStyle()
    }
  }

  /// A card's fill: black as the island, so a card reads as the Lock Screen's platter; a
  /// raised grey (iOS's dark secondary background) where the terminal's own is black too, or
  /// it would not show; a light grey (iOS's systemGray5) on a light theme, whose text is dark.
  private var cardStyle: RoleStyle {
    if terminal == .light { return RoleStyle(background: .rgb(229, 229, 234)) }
    var card = style(.island)
    if card.background != nil, let backdrop, backdrop.isNearBlack { card.background = Self.raisedCard }
    return card
  }

  /// The raised grey of a card on a black terminal: Apple's dark-mode secondary background.
  public static let raisedCard = Color.rgb(28, 28, 30)

  /// The island in the alert color: its fill a deep tint of the alert's (a quarter of it over
  /// the island's black), its text as the island's.
  private var alertIslandStyle: RoleStyle {
    var island = style(.island)
    guard let black = island.background, let red = style(.alert).foreground else { return island }
    island.background = red.mixed(into: black, amount: 0.25)
    return island
  }

  /// A primary chip in `accent`: as the theme's `button.pause` is made, either the accent's
  /// word on a tint of it (a quarter over black; a sixth over white on a light theme), or,
  /// where that chip is a neutral word on a solid color (high contrast), the word on the
  /// accent itself. A theme that gives chips no fill (mono) keeps its own.
  private func chipStyle(_ accent: Role) -> RoleStyle {
    let base = style(.buttonPause)
    guard let ink = style(accent).foreground, base.background != nil else { return base }
    if let word = base.foreground, word.isNeutral {
      return RoleStyle(foreground: word, background: ink, bold: base.bold)
    }
    let paper: Color = terminal == .light ? .rgb(255, 255, 255) : .rgb(0, 0, 0)
    let wash = ink.mixed(into: paper, amount: terminal == .light ? 0.16 : 0.25)
    return RoleStyle(foreground: ink, background: wash, bold: base.bold)
  }

  /// The accent an activity with icon `name` is drawn in, when its icon brings one.
  public func tint(_ name: String) -> Role? { icons[name]?.tint }

  public func icon(_ name: String, ascii: Bool) -> String {
    let glyph = icons[name] ?? icons["timer"] ?? IconGlyph(glyph: "⏱", ascii: "[T]")
    return ascii ? glyph.ascii : glyph.glyph
  }

  /// A theme file that cannot be used: which key, and what it should be.
  public struct Failure: Error, Equatable, Sendable {
    public var key: String
    public var message: String
  }

  /// The most bytes a theme file may hold: 128 KiB (the shipped ones are about 2 KiB).
  public static let maximumFileBytes = 131_072
  /// The most UTF-8 bytes of an icon's glyph: room for the longest emoji sequence (35).
  public static let maximumGlyphBytes = 64
  /// How long a theme's description may be.
  static let descriptionBounds = UserText.Bounds(characters: 400, bytes: 1600)

  /// Reads a theme file's JSON: UTF-8, perhaps with a byte-order mark, any line endings.
  public static func parse(_ bytes: [UInt8], name: String) -> Result<Theme, Failure> {
    do throws(Failure) {
      let top = try object(bytes)
      for key in top.keys.sorted()
      where !["name", "description", "terminal", "glyphs", "roles", "icons"].contains(key) {
        throw Failure(
          key: key, message: "is not a theme key; use name, description, terminal, glyphs, roles and icons")
      }
      var theme = Theme(name: try ownName(top) ?? name, roles: [:], icons: [:])
      theme.description = try description(top)
      theme.terminal = try terminal(top)
      theme.glyphs = try glyphSet(top)
      theme.roles = try roles(top)
      theme.icons = try icons(top)
      return .success(theme)
    } catch {
      return .failure(error)
    }
  }

  /// The file's top-level JSON object.
  private static func object(_ bytes: [UInt8]) throws(Failure) -> [String: JSONValue] {
    guard bytes.count <= maximumFileBytes else {
      throw Failure(key: "(file)", message: "is larger than a theme can be (128 KiB)")
    }
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let bytes = bytes.starts(with: bom) ? Array(bytes.dropFirst(3)) : bytes
    if let line = firstLineNotUTF8(bytes) {
      throw Failure(
        key: "(file)", message: "is not valid JSON: line \(line) is not UTF-8; save the file as UTF-8")
    }
    guard let root = JSONValue.parse(bytes) else {
      throw Failure(
        key: "(file)", message: "is not valid JSON; a theme is a JSON object with \"roles\" and \"icons\"")
    }
    guard case .object(let top) = root else {
      throw Failure(
        key: "(file)", message: "is not a JSON object; a theme is an object with \"roles\" and \"icons\"")
    }
    return top
  }

  /// The name the file gives itself, if it gives one.
  private static func ownName(_ top: [String: JSONValue]) throws(Failure) -> String? {
    guard let value = top["name"] else { return nil }
    guard case .string(let text) = value, !text.isEmpty else {
      throw Failure(key: "name", message: "must be a non-empty string")
    }
    if let problem = UserText.problem(with: text, bounds: .label) {
      throw Failure(key: "name", message: "'\(printable(text, limit: 20))' \(problem.message)")
    }
    return text
  }

  private static func description(_ top: [String: JSONValue]) throws(Failure) -> String {
    guard let value = top["description"] else { return "" }
    guard case .string(let text) = value else {
      throw Failure(key: "description", message: "must be a string")
    }
    if !text.isEmpty, let problem = UserText.problem(with: text, bounds: descriptionBounds) {
      throw Failure(key: "description", message: "'\(printable(text, limit: 20))' \(problem.message)")
    }
    return text
  }

  private static func terminal(_ top: [String: JSONValue]) throws(Failure) -> TerminalShade {
    guard let value = top["terminal"] else { return .any }
    guard case .string(let text) = value, let shade = TerminalShade(rawValue: text) else {
      throw Failure(
        key: "terminal", message: "must be \"dark\", \"light\" or \"any\": the background it is drawn for")
    }
    return shade
  }

  private static func roles(_ top: [String: JSONValue]) throws(Failure) -> [Role: RoleStyle] {
    let names = Role.themed.map(\.rawValue).joined(separator: ", ")
    guard case .object(let roles)? = top["roles"] else {
      throw Failure(key: "roles", message: "must be an object mapping roles (\(names)) to styles")
    }
    var styles: [Role: RoleStyle] = [:]
    for (key, value) in roles.sorted(by: { $0.key < $1.key }) {
      guard let role = Role(rawValue: key), Role.themed.contains(role) else {
        throw Failure(key: "roles.\(key)", message: "is not a role; use one of \(names)")
      }
      styles[role] = try roleStyle(value, key: "roles.\(key)").get()
    }
    return styles
  }

  private static func icons(_ top: [String: JSONValue]) throws(Failure) -> [String: IconGlyph] {
    guard let icons = top["icons"] else { return [:] }
    guard case .object(let map) = icons else {
      throw Failure(
        key: "icons", message: "must be an object mapping icon names to {\"glyph\": …, \"ascii\": …}")
    }
    var glyphs: [String: IconGlyph] = [:]
    for (key, value) in map.sorted(by: { $0.key < $1.key }) {
      if case .object(let fields) = value { try checkIconText(fields, key: key) }
      guard case .object(let fields) = value, case .string(let glyph)? = fields["glyph"],
        case .string(let ascii)? = fields["ascii"], !glyph.isEmpty, !ascii.isEmpty,
        DisplayWidth.of(glyph) <= 2, ascii.allSatisfy({ $0.isASCII && DisplayWidth.of($0) == 1 }),
        ascii.count <= 4, fields.count == (fields["tint"] == nil ? 2 : 3)
      else {
        throw Failure(
          key: "icons.\(key)",
          message:
            "must be {\"glyph\": one glyph, \"ascii\": 1–4 printable ASCII characters} and may add \"tint\"")
      }
      glyphs[key] = IconGlyph(glyph: glyph, ascii: ascii, tint: try tint(fields["tint"], key: key))
    }
    return glyphs
  }

  /// An icon's tint: one of the tints' names (`"teal"`), or none.
  private static func tint(_ value: JSONValue?, key: String) throws(Failure) -> Role? {
    guard let value else { return nil }
    let names = Role.tints.map { String($0.rawValue.dropFirst(5)) }
    guard case .string(let name) = value, let tint = Role(rawValue: "tint." + name), Role.tints.contains(tint)
    else {
      throw Failure(key: "icons.\(key).tint", message: "must be one of \(names.joined(separator: ", "))")
    }
    return tint
  }

  /// An icon's glyphs hold nothing a terminal would obey, and a glyph is not absurdly long.
  private static func checkIconText(_ fields: [String: JSONValue], key: String) throws(Failure) {
    for field in ["glyph", "ascii"] {
      guard case .string(let text)? = fields[field],
        let scalar = text.unicodeScalars.first(where: { !UserText.isPrintable($0) })
      else { continue }
      let want = field == "glyph" ? "one printable glyph" : "1–4 printable ASCII characters"
      throw Failure(
        key: "icons.\(key).\(field)",
        message: "'\(printable(text, limit: 20))' contains \(UserText.name(of: scalar)); use \(want)")
    }
    if case .string(let glyph)? = fields["glyph"], glyph.utf8.count > maximumGlyphBytes {
      throw Failure(
        key: "icons.\(key).glyph",
        message: "is \(glyph.utf8.count) bytes long in UTF-8; one glyph is at most \(maximumGlyphBytes) bytes"
      )
    }
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

  /// The number of the first line (counting LF, CRLF and CR endings) that is not UTF-8.
  static func firstLineNotUTF8(_ bytes: [UInt8]) -> Int? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var line = 1
    var afterCR = false
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let byte = encoded.first!
        if byte == 0x0D || (byte == 0x0A && !afterCR) { line += 1 }
        afterCR = byte == 0x0D
      case .error: return line
      case .emptyInput: return nil
      }
    }
  }
}

/// Just enough JSON to read a theme with exact errors (and a Taskwarrior task, timew export);
/// parsed by hand, since a theme is read on every status line and a general decoder costs more
/// than the rest of the command.
public enum JSONValue: Equatable {
  case null, bool(Bool), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

  /// The value of a whole document, or nil when it is not valid JSON.
  public static func parse(_ bytes: [UInt8]) -> JSONValue? {
    var parser = Parser(bytes: bytes)
    guard let value = parser.value(depth: 0) else { return nil }
    parser.skipSpace()
    return parser.index == bytes.count ? value : nil
  }

  struct Parser {
    let bytes: [UInt8]
    var index = 0

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) -> JSONValue? {
      guard depth < 64 else { return nil }
      skipSpace()
      guard index < bytes.count else { return nil }
      switch bytes[index] {
      case UInt8(ascii: "{"): return object(depth: depth)
      case UInt8(ascii: "["): return array(depth: depth)
      case UInt8(ascii: "\""):
        return string().map { .string($0) }
      case UInt8(ascii: "t"): return literal("true", .bool(true))
      case UInt8(ascii: "f"): return literal("false", .bool(false))
      case UInt8(ascii: "n"): return literal("null", .null)
      default: return number()
      }
    }

    /// `{"key": value, …}`, read from its `{`; its members are one level deeper.
    mutating func object(depth: Int) -> JSONValue? {
      index += 1
      var members: [String: JSONValue] = [:]
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      while true {
        skipSpace()
        guard let key = string() else { return nil }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        index += 1
        guard let item = value(depth: depth + 1) else { return nil }
        members[key] = item
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return .object(members)
        } else {
          return nil
        }
      }
    }

    /// `[value, …]`, read from its `[`; its items are one level deeper.
    mutating func array(depth: Int) -> JSONValue? {
      index += 1
      var items: [JSONValue] = []
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      while true {
        guard let item = value(depth: depth + 1) else { return nil }
        items.append(item)
        skipSpace()
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
        } else if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return .array(items)
        } else {
          return nil
        }
      }
    }

    mutating func literal(_ word: String, _ value: JSONValue) -> JSONValue? {
      let expected = Array(word.utf8)
      guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected
      else {
        return nil
      }
      index += expected.count
      return value
    }

    mutating func number() -> JSONValue? {
      let start = index
      while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
      guard index > start, let text = String(validating: bytes[start..<index], as: UTF8.self),
        text.first != "+", let value = Double(text), value.isFinite
      else { return nil }
      return .number(value)
    }

    mutating func string() -> String? {
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
      index += 1
      var scalars = String.UnicodeScalarView()
      var run: [UInt8] = []
      func flush() -> Bool {
        guard !run.isEmpty else { return true }
        guard let text = String(validating: run, as: UTF8.self) else { return false }
        scalars.append(contentsOf: text.unicodeScalars)
        run.removeAll()
        return true
      }
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return flush() ? String(scalars) : nil
        case UInt8(ascii: "\\"):
          guard flush(), index < bytes.count else { return nil }
          let escape = bytes[index]
          index += 1
          switch escape {
          case UInt8(ascii: "\""): scalars.append("\"")
          case UInt8(ascii: "\\"): scalars.append("\\")
          case UInt8(ascii: "/"): scalars.append("/")
          case UInt8(ascii: "b"): scalars.append("\u{08}")
          case UInt8(ascii: "f"): scalars.append("\u{0C}")
          case UInt8(ascii: "n"): scalars.append("\n")
          case UInt8(ascii: "r"): scalars.append("\r")
          case UInt8(ascii: "t"): scalars.append("\t")
          case UInt8(ascii: "u"):
            guard var code = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(code) {
              guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                bytes[index + 1] == UInt8(ascii: "u")
              else { return nil }
              index += 2
              guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
              code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(code) else { return nil }
            scalars.append(scalar)
          default: return nil
          }
        case 0..<0x20:
          return nil
        default:
          run.append(byte)
        }
      }
      return nil
    }

    mutating func hex4() -> UInt32? {
      guard index + 4 <= bytes.count, let text = String(validating: bytes[index..<index + 4], as: UTF8.self),
        let value = UInt32(text, radix: 16)
      else { return nil }
      index += 4
      return value
    }
  }

  var summary: String {
    switch self {
    case .null: return "null"
    case .bool(let b): return "\(b)"
    case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? "\(Int64(n))" : "\(n)"
    case .string(let s): return "'\(printable(s, limit: 40))'"
    case .array: return "a list"
    case .object: return "an object"
    }
  }
}

extension UInt8 {
  var isHexDigit: Bool {
    (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
  }
}
