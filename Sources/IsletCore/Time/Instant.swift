/// Milliseconds, the unit every stored time and span is kept in: whole numbers add up without drift.
public typealias Milliseconds = Int64

/// A point in wall-clock time, in milliseconds since the Unix epoch.
public struct Instant: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
  public var milliseconds: Int64

  public init(milliseconds: Int64) { self.milliseconds = milliseconds }
  public init(seconds: Int64) { self.milliseconds = seconds * 1000 }

  public static func < (a: Instant, b: Instant) -> Bool { a.milliseconds < b.milliseconds }
  public static func + (a: Instant, span: Milliseconds) -> Instant {
    Instant(milliseconds: a.milliseconds + span)
  }
  public static func - (a: Instant, span: Milliseconds) -> Instant {
    Instant(milliseconds: a.milliseconds - span)
  }
  /// The span from `b` to `a`, negative when `a` is earlier.
  public static func - (a: Instant, b: Instant) -> Milliseconds { a.milliseconds - b.milliseconds }

  public var description: String { "\(milliseconds)ms" }

  public init(from decoder: any Decoder) throws {
    milliseconds = try decoder.singleValueContainer().decode(Int64.self)
  }
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(milliseconds)
  }
}
