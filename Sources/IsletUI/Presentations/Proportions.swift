/// Apple's sizes for the presentations (Human Interface Guidelines, in points), translated to
/// cells once, here: a presentation drawn on its own is sized by these and centered in the
/// space it is given, never stretched to it.
///
/// A cell is taken as 408 / 72 ≈ 5.7 points wide and twice that tall, so the widest Live
/// Activity (408 points) is 72 columns and the tallest (160 points) 14 rows.
public struct Proportions: Sendable, Equatable {
  /// Points across, at most (Apple's figure).
  public var widthPoints: Double
  /// Cells across, at least: below it the presentation degrades rather than shrinks its parts.
  public var fewestColumns: Int

  static let pointsPerColumn = 408.0 / 72

  /// The most columns it takes: its points in cells.
  public var columns: Int { Int((widthPoints / Self.pointsPerColumn).rounded(.down)) }

  /// The expanded island and the lock screen: 371–408 × 84–160 points, 72 columns at most.
  public static let banner = Proportions(widthPoints: 408, fewestColumns: 24)
  /// Compact: its two sides around the camera, about 227 points, 40 columns at most.
  public static let compact = Proportions(widthPoints: 227, fewestColumns: 1)
  /// Minimal: a circle of about 37–40 points, 7 columns: the bubble's own bound
  /// (`Minimal.maximumWidth`).
  public static let minimal = Proportions(widthPoints: 40, fewestColumns: 1)

  public static func of(_ presentation: Presentation) -> Proportions {
    switch presentation {
    case .minimal: return .minimal
    case .compact: return .compact
    case .expanded, .lockscreen: return .banner
    }
  }
}
