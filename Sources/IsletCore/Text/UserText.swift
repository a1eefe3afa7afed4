/// The rules for text a user gives Islet (names, references, owners, categories, templates):
/// bounded in bytes as well as characters, and free of anything a terminal would obey or that
/// would make a line read other than it is.
///
/// ```swift
/// if let problem = UserText.problem(name, bound: .name) { throw … "--name \(problem)" }
/// ```
public enum UserText {
  /// How long a text may be. Bytes are checked first, so that a text of one character and
  /// thousands of combining marks is refused before anything counts its characters.
  public struct Bound: Equatable, Sendable {
    public var characters: Int
    public var bytes: Int

    public init(characters: Int, bytes: Int) {
      self.characters = characters
      self.bytes = bytes
    }

    /// An activity's name.
    public static let name = Bound(characters: 100, bytes: 400)
    /// A reference (`--id`), an owner, a category.
    public static let label = Bound(characters: 64, bytes: 256)
    /// A `--template`.
    public static let template = Bound(characters: 200, bytes: 800)
  }

  /// What is wrong with `text` (to follow the option's name in a message), or nil when it is
  /// fine. The text itself is shown escaped and shortened.
  public static func problem(_ text: String, bound: Bound) -> String? {
    let bytes = text.utf8.count
    if bytes > bound.bytes {
      return
        "'\(printable(text, limit: 20))' is \(bytes) bytes long; use at most \(bound.bytes) bytes (\(bound.characters) characters)"
    }
    if let scalar = text.unicodeScalars.first(where: isBidiControl) {
      return
        "'\(printable(text, limit: 40))' contains a bidirectional control (U+\(hex(scalar.value))), which can make a line read out of order; use plain text"
    }
    if text.unicodeScalars.contains(where: isControl) {
      return "'\(printable(text, limit: 40))' contains control characters; use plain text"
    }
    let characters = text.count
    if characters > bound.characters {
      return
        "'\(printable(text, limit: 20))' is \(characters) characters long; use at most \(bound.characters)"
    }
    return nil
  }

  /// C0 and C1 controls and DEL: what a terminal obeys instead of showing.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
  }

  /// The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what
  /// follows them on screen.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }

  /// Anything that must never reach a terminal as it is.
  public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || isBidiControl(scalar)
  }

  static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

/// Text made safe to print in a one-line message: controls and bidirectional controls shown
/// as escapes, and at most `limit` scalars (counted as it goes, so a huge text costs no more
/// than its first `limit`).
public func printable(_ text: String, limit: Int = 80) -> String {
  var out = ""
  var count = 0
  for scalar in text.unicodeScalars {
    if count >= limit {
      out += "…"
      break
    }
    count += 1
    switch scalar.value {
    case 0x0A: out += "\\n"
    case 0x09: out += "\\t"
    case 0x1B: out += "\\e"
    case _ where UserText.mustEscape(scalar): out += "\\u{\(String(scalar.value, radix: 16))}"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}
