/// Apple's sizes for the presentations (Human Interface Guidelines, in points), translated to
/// cells once, here: a presentation drawn on its own is sized by these and centered in the
/// space it is given, never stretched to it.
///
/// A cell is taken as 408 / 72 ≈ 5.7 points wide and twice that tall, so the widest Live
/// Activity (408 points) is 72 columns and the tallest (160 points) 14 rows.
///
/// `natural` is the width a presentation takes where nothing sets one (a pipe, the device
/// view's banners, a bar's island), as on a 393-point iPhone: the lock screen 64 columns (its
/// 363 points between the screen's margins), the expanded island a little narrower inside the
/// screen's corners, compact 32, leaving a status bar room for what else it shows.
public struct Proportions: Sendable, Equatable {
  /// Points across, at most (Apple's figure).
  public var widthPoints: Double
  /// Cells across where nothing sets a width.
  public var natural: Int

  static let pointsPerColumn = 408.0 / 72

  /// The most columns it takes: its points in cells.
  public var columns: Int { Int((widthPoints / Self.pointsPerColumn).rounded(.down)) }

  /// The lock screen and the expanded island: 371–408 × 84–160 points, 72 columns at most.
  public static let banner = Proportions(widthPoints: 408, natural: 64)
  public static let expanded = Proportions(widthPoints: 408, natural: 58)
  /// Compact: its two sides around the camera, about 227 points, 40 columns at most.
  public static let compact = Proportions(widthPoints: 227, natural: 32)
  /// Minimal: a circle of about 37–40 points, 7 columns (`Minimal.maximumWidth`).
  public static let minimal = Proportions(widthPoints: 40, natural: 7)

  public static func of(_ presentation: Presentation) -> Proportions {
    switch presentation {
    case .minimal: return .minimal
    case .compact: return .compact
    case .expanded: return .expanded
    case .lockscreen: return .banner
    }
  }
}
