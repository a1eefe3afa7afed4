/// One grapheme as a cell holds it: up to 12 bytes of UTF-8 kept inline with its width, so
/// cells copy and compare as plain bytes (no reference counting, no Unicode comparison) when a
/// frame is laid out and diffed every second.
public struct Glyph: Equatable, Sendable {
  private var low: UInt64 = 0
  private var high: UInt32 = 0
  private var count: UInt8 = 0
  /// Cells taken on screen: 0 for the second half of a wide glyph, else 1 or 2.
  public private(set) var width: UInt8 = 0

  static let capacity = 12

  /// The second half of a wide glyph.
  public static let continuation = Glyph()
  public static let space = Glyph(ascii: 0x20)

  private init() {}

  init(ascii byte: UInt8) {
    low = UInt64(byte)
    count = 1
    width = 1
  }

  /// The scalar at `offset` of UTF-8 `bytes` as a glyph, with its length in bytes, when it
  /// stands alone (`DisplayWidth.standsAlone`); nil otherwise.
  @inline(__always)
  static func standingAlone(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Glyph, Int)? {
    let first = UInt32(bytes[offset])
    var glyph = Glyph()
    glyph.width = 1
    if first < 0x80 {
      guard DisplayWidth.standsAlone(first) else { return nil }
      (glyph.low, glyph.count) = (UInt64(first), 1)
      return (glyph, 1)
    }
    // Valid UTF-8 (it comes from a String): only the lead byte says the length.
    if first & 0xE0 == 0xC0, offset + 1 < bytes.count {
      let second = UInt32(bytes[offset + 1])
      let value = (first & 0x1F) << 6 | (second & 0x3F)
      guard DisplayWidth.standsAlone(value) else { return nil }
      (glyph.low, glyph.count) = (UInt64(first) | UInt64(second) << 8, 2)
      return (glyph, 2)
    }
    if first & 0xF0 == 0xE0, offset + 2 < bytes.count {
      let second = UInt32(bytes[offset + 1])
      let third = UInt32(bytes[offset + 2])
      let value = (first & 0x0F) << 12 | (second & 0x3F) << 6 | (third & 0x3F)
      guard DisplayWidth.standsAlone(value) else { return nil }
      (glyph.low, glyph.count) = (UInt64(first) | UInt64(second) << 8 | UInt64(third) << 16, 3)
      return (glyph, 3)
    }
    return nil
  }

  /// A grapheme; one longer than 12 bytes keeps the whole scalars that fit (the first of a
  /// long emoji sequence), which is what most terminals would show of it anyway.
  init(_ character: Character, width: Int) {
    var beforeJoiner: UInt8?
    for scalar in character.unicodeScalars {
      let bytes = UTF8.encode(scalar)!
      if Int(count) + bytes.count > Self.capacity {
        // Not ending on a joiner with nothing to join.
        if let beforeJoiner { truncate(to: beforeJoiner) }
        break
      }
      beforeJoiner = scalar.value == 0x200D ? count : nil
      for byte in bytes { push(byte) }
    }
    self.width = UInt8(width)
  }

  /// A grapheme given as text; "" is the continuation.
  public init(_ text: String) {
    if let character = text.first {
      self.init(character, width: DisplayWidth.of(character))
    } else {
      self.init()
    }
  }

  public var isContinuation: Bool { count == 0 }
  public var isSpace: Bool { count == 1 && low == 0x20 }

  public var string: String { withUTF8 { String(decoding: $0, as: UTF8.self) } }

  /// The glyph's UTF-8, without making a String.
  @inline(__always)
  public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    withUnsafeBytes(of: (low.littleEndian, high.littleEndian)) {
      body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self).prefix(Int(count))))
    }
  }

  func appendUTF8(to bytes: inout [UInt8]) {
    for index in 0..<Int(count) {
      bytes.append(
        UInt8(
          truncatingIfNeeded: index < 8 ? low >> (8 * UInt64(index)) : UInt64(high) >> (8 * UInt64(index - 8))
        ))
    }
  }

  /// Joins a combining mark to the glyph, while there is room.
  mutating func append(_ character: Character) {
    for scalar in character.unicodeScalars {
      let bytes = UTF8.encode(scalar)!
      if Int(count) + bytes.count > Self.capacity { return }
      for byte in bytes { push(byte) }
    }
  }

  // Byte i of the text is byte i % 8, from the least significant end, of `low` or `high`.
  private mutating func truncate(to length: UInt8) {
    while count > length {
      count -= 1
      let shift = UInt64(count % 8) * 8
      if count < 8 { low &= ~(0xFF << shift) } else { high &= ~(0xFF << UInt32(shift)) }
    }
  }

  private mutating func push(_ byte: UInt8) {
    let shift = UInt64(count % 8) * 8
    if count < 8 { low |= UInt64(byte) << shift } else { high |= UInt32(byte) << UInt32(shift) }
    count += 1
  }
}
