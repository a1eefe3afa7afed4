/// How long a command's past runs took: its estimate, as a delivery's arrival is estimated
/// from the ones before it.
public struct RunLengths: Equatable, Sendable {
  public var lengths: [Milliseconds]

  public init(_ lengths: [Milliseconds]) {
    self.lengths = lengths
  }

  /// The median, which one odd run (a cold cache, a run cut short) does not pull; nil with no
  /// runs, and for runs too short to estimate (under a second).
  public var median: Milliseconds? {
    let sorted = lengths.sorted()
    guard !sorted.isEmpty else { return nil }
    let middle = sorted.count / 2
    let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    return median >= 1000 ? median : nil
  }
}
