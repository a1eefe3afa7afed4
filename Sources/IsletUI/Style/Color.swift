/// A theme color: 24-bit, or an index into the terminal's 256-color palette.
public enum Color: Equatable, Hashable, Sendable {
  case rgb(UInt8, UInt8, UInt8)
  case indexed(UInt8)

  /// `#RRGGBB`, or nil.
  public init?(hex text: String) {
    guard text.count == 7, text.first == "#", let value = UInt32(text.dropFirst(), radix: 16),
      text.dropFirst().allSatisfy(\.isHexDigit)
    else { return nil }
    self = .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
  }

  /// Red, green and blue, the palette index resolved by xterm's standard palette.
  public var components: (r: Int, g: Int, b: Int) {
    switch self {
    case .rgb(let r, let g, let b): return (Int(r), Int(g), Int(b))
    case .indexed(let n): return Self.paletteRGB(Int(n))
    }
  }

  /// This color as the terminal can show it, or nil when it shows none.
  public func degraded(to depth: ColorDepth) -> Color? {
    switch depth {
    case .none: return nil
    case .trueColor: return self
    case .palette256:
      if case .indexed = self { return self }
      return .indexed(UInt8(Self.nearest(components, in: 16..<256)))
    case .basic16:
      if case .indexed(let n) = self, n < 16 { return self }
      return .indexed(UInt8(Self.nearest(components, in: 0..<16)))
    case .basic8:
      if case .indexed(let n) = self, n < 8 { return self }
      return .indexed(UInt8(Self.nearest(components, in: 0..<8)))
    }
  }

  /// This color `amount` (0…1) of the way over `paper`: a tint of it on that ground.
  public func mixed(into paper: Color, amount: Double) -> Color {
    let (a, b) = (components, paper.components)
    func channel(_ top: Int, _ ground: Int) -> UInt8 {
      UInt8(clamping: Int((Double(ground) + Double(top - ground) * amount).rounded()))
    }
    return .rgb(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b))
  }

  /// Its luminance, 0…1, as the eye weighs the channels.
  public var luminance: Double {
    let c = components
    return (0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)) / 255
  }

  /// Black or nearly (below #141414): a black card would not show on it.
  public var isNearBlack: Bool { luminance < 0.08 }

  /// A grey, black or white: no hue of its own.
  var isNeutral: Bool {
    let c = components
    return c.r == c.g && c.g == c.b
  }

  /// The color of a terminal's answer to the background-color query (OSC 11):
  /// `ESC ] 11 ; rgb:RRRR/GGGG/BBBB`, one to four hex digits a channel, ended by BEL or ST;
  /// nil when `reply` holds no such answer.
  public init?(backgroundReply reply: [UInt8]) {
    let prefix = Array("\u{1B}]11;rgb:".utf8)
    guard let start = reply.indices.first(where: { reply[$0...].starts(with: prefix) }) else {
      return nil
    }
    let rest = reply[(start + prefix.count)...].prefix { $0 != 0x07 && $0 != 0x1B }
    let channels = rest.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
    let levels = channels.compactMap { channel -> UInt8? in
      guard (1...4).contains(channel.count), channel.allSatisfy({ $0.isHexDigit }),
        let value = Int(String(decoding: channel, as: UTF8.self), radix: 16)
      else { return nil }
      return UInt8((Double(value) * 255 / Double((1 << (4 * channel.count)) - 1)).rounded())
    }
    guard channels.count == 3, levels.count == 3 else { return nil }
    self = .rgb(levels[0], levels[1], levels[2])
  }

  static func nearest(_ c: (r: Int, g: Int, b: Int), in range: Range<Int>) -> Int {
    range.min { a, b in distance(c, paletteRGB(a)) < distance(c, paletteRGB(b)) } ?? 0
  }

  static func distance(_ a: (r: Int, g: Int, b: Int), _ b: (r: Int, g: Int, b: Int)) -> Int {
    // Weighted for the eye: green counts most, blue least.
    let dr = a.r - b.r
    let dg = a.g - b.g
    let db = a.b - b.b
    return 3 * dr * dr + 4 * dg * dg + 2 * db * db
  }

  /// xterm's default palette.
  static func paletteRGB(_ n: Int) -> (r: Int, g: Int, b: Int) {
    let basic: [(Int, Int, Int)] = [
      (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
      (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
      (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    if n < 16 { return basic[n] }
    if n < 232 {
      let levels = [0, 95, 135, 175, 215, 255]
      let i = n - 16
      return (levels[i / 36], levels[(i / 6) % 6], levels[i % 6])
    }
    let gray = 8 + (n - 232) * 10
    return (gray, gray, gray)
  }
}

/// How many colors an output can show.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable {
  case none, basic8, basic16, palette256, trueColor

  public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }

  /// The depth a terminal offers, from its environment: `NO_COLOR` and `TERM=dumb` give none,
  /// `COLORTERM=truecolor` the most.
  public static func of(environment: [String: String]) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" || term.hasPrefix("vt1") || term.hasPrefix("vt2") { return .none }
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" || term.hasSuffix("-direct") { return .trueColor }
    if term.contains("256color") { return .palette256 }
    if term == "linux" || term == "ansi" || term == "cons25" { return .basic8 }
    return .basic16
  }
}
