/// The rule for text a user gives Islet to keep and show again — a name, a label, a template,
/// a setting: printable, on one line, and bounded in bytes as well as characters.
///
/// ```swift
/// if let problem = UserText.problem(with: name, bounds: .name) {
///   throw UsageError(message: "--name '\(printable(name))' \(problem.message)", command: "start")
/// }
/// ```
public enum UserText {
  /// How long a piece of text may be, in characters (as people count them) and in UTF-8 bytes.
  public struct Bounds: Equatable, Sendable {
    public var characters: Int
    public var bytes: Int

    public init(characters: Int, bytes: Int) {
      self.characters = characters
      self.bytes = bytes
    }

    /// An activity's name: 100 characters, 400 bytes.
    public static let name = Bounds(characters: 100, bytes: 400)
    /// A category, owner, reference or a short setting: 64 characters, 256 bytes.
    public static let label = Bounds(characters: 64, bytes: 256)
    /// A `--template`: 200 characters, 800 bytes.
    public static let template = Bounds(characters: 200, bytes: 800)
    /// A file or folder named in a setting: 1024 characters, 1024 bytes.
    public static let path = Bounds(characters: 1024, bytes: 1024)
  }

  /// What is wrong with a piece of text.
  public enum Problem: Equatable, Sendable {
    /// Nothing but spaces, or nothing at all.
    case empty
    /// A C0 or C1 control character, DEL or a tab (`\u{7}`, `\e`, `\t`).
    case controlCharacter(Unicode.Scalar)
    /// A bidirectional embedding, override or isolate (U+202A–U+202E, U+2066–U+2069), which
    /// reorders what is printed after it.
    case bidirectionalControl(Unicode.Scalar)
    case tooManyCharacters(Int, limit: Int)
    case tooManyBytes(Int, limit: Int)

    /// The message, to follow the quoted text: `'…' contains control characters; use plain text`.
    public var message: String {
      switch self {
      case .empty: return "is empty; give some text"
      case .controlCharacter: return "contains control characters; use plain text"
      case .bidirectionalControl(let scalar):
        return "contains \(UserText.name(of: scalar)); use plain text"
      case .tooManyCharacters(let count, let limit):
        return "is \(count) characters long; use at most \(limit)"
      case .tooManyBytes(let count, let limit):
        return "is \(count) bytes long in UTF-8; use at most \(limit) bytes"
      }
    }
  }

  /// What is wrong with `text` within `bounds`; nil when it is fine. Bytes are counted first,
  /// so a text of one character and thousands of combining marks costs nothing more to refuse.
  public static func problem(with text: String, bounds: Bounds) -> Problem? {
    let bytes = text.utf8.count
    if bytes > bounds.bytes { return .tooManyBytes(bytes, limit: bounds.bytes) }
    if text.utf8.allSatisfy({ $0 == 0x20 }) { return .empty }
    for scalar in text.unicodeScalars {
      if isBidirectionalControl(scalar) { return .bidirectionalControl(scalar) }
      if !isPrintable(scalar) { return .controlCharacter(scalar) }
    }
    if text.allSatisfy(\.isWhitespace) { return .empty }
    let characters = text.count
    if characters > bounds.characters { return .tooManyCharacters(characters, limit: bounds.characters) }
    return nil
  }

  /// C0 controls (tab included), DEL and C1 controls.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  /// U+202A–U+202E (embeddings, overrides, pop) and U+2066–U+2069 (isolates).
  public static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  /// Neither a control character, a bidirectional control, a line or paragraph separator
  /// (U+2028, U+2029: a text is one line) nor a byte-order mark: fine to show as it is.
  public static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    !isControl(scalar) && !isBidirectionalControl(scalar) && !(0x2028...0x2029).contains(scalar.value)
      && scalar.value != 0xFEFF
  }

  /// `the control character U+0007`, `the bidirectional control character U+202E`.
  public static func name(of scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    return isBidirectionalControl(scalar)
      ? "the bidirectional control character \(code)" : "the control character \(code)"
  }
}

/// Text made safe to print in a one-line message: what `UserText.isPrintable` refuses shown as
/// escapes; at most `limit` characters, and counted as it goes, with no more than eight scalars
/// a character on average, so that a huge text costs no more than its first part.
public func printable(_ text: String, limit: Int = 80) -> String {
  // Plain printable ASCII within the limit is already safe: the common case, done bytewise.
  var plain = text
  if plain.utf8.count <= limit, plain.withUTF8({ $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) { return text }
  var out = ""
  var characters = 0
  var scalars = 0
  for character in text {
    scalars += character.unicodeScalars.count
    if characters >= limit || scalars > 8 * limit {
      out += "…"
      break
    }
    characters += 1
    for scalar in character.unicodeScalars {
      switch scalar.value {
      case 0x0A: out += "\\n"
      case 0x09: out += "\\t"
      case 0x1B: out += "\\e"
      case _ where !UserText.isPrintable(scalar): out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
  }
  return out
}

/// An activity's name made safe to print, whole when it is within the name's bounds.
public func printableName(_ name: String) -> String {
  printable(name, limit: UserText.Bounds.name.characters)
}
