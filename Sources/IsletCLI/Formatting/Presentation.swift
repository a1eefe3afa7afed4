import IsletCore
import IsletUI

/// The presentations `status --presentation` and the device view draw, at their target sizes
/// unless a width is given.
enum Presentation: String, CaseIterable {
  case minimal, compact, expanded, lockscreen

  static var names: [String] { allCases.map(\.rawValue) }

  func draw(_ look: Look, next: Look?, width: Int?) -> Canvas {
    switch self {
    case .minimal:
      return Minimal.draw(look, width: width ?? Minimal.maximumWidth)
    case .compact:
      let target = Compact.targetWidth + (next.map { Minimal.width($0) + 1 } ?? 0)
      return Island.draw(look, next: next, width: width ?? target)
    case .expanded:
      return Expanded.draw(
        look, width: width ?? Expanded.targetSize.width, height: Expanded.targetSize.height)
    case .lockscreen:
      return LockScreen.draw(
        look, width: width ?? LockScreen.targetSize.width, height: LockScreen.height(for: look.activity))
    }
  }
}
