import IsletCore

/// The presentations `status --presentation` and the device view draw, at their target sizes
/// unless a width is given.
public enum Presentation: String, CaseIterable, Sendable {
  case minimal, compact, expanded, lockscreen

  public static var names: [String] { allCases.map(\.rawValue) }

  /// `centered`: drawn on its own, it takes no more than its `Proportions` and sits in the
  /// middle of `width` (a bar's island is given its width exactly).
  public func draw(_ look: Look, next: Look?, width: Int?, centered: Bool = false) -> Canvas {
    guard centered, let width else { return draw(look, next: next, width: width) }
    let drawn = draw(look, next: next, width: min(width, Proportions.of(self).columns))
    var canvas = Canvas(width: width, height: drawn.height, ascii: look.ascii)
    canvas.draw(drawn, x: (width - drawn.width) / 2, y: 0)
    return canvas
  }

  func draw(_ look: Look, next: Look?, width: Int?) -> Canvas {
    switch self {
    case .minimal:
      return Minimal.draw(look, width: width ?? Proportions.minimal.natural)
    case .compact:
      let target = Compact.wanted(look) + (next.map { Minimal.width($0) + 1 } ?? 0)
      return Island.draw(look, next: next, width: width ?? target)
    case .expanded:
      return Expanded.draw(
        look, width: width ?? Proportions.expanded.natural, height: Expanded.height(for: look.activity))
    case .lockscreen:
      return LockScreen.draw(
        look, width: width ?? Proportions.banner.natural, height: LockScreen.height(for: look.activity))
    }
  }
}

extension DeviceView {
  /// The full view, or one presentation alone when `presentation` is given.
  static func draw(
    _ frame: Frame, presentation: Presentation?, width: Int, height: Int, memo: inout DrawingMemo
  ) -> Canvas {
    guard let presentation else { return draw(frame, width: width, height: height, memo: &memo) }
    return draw(presentation, frame, width: width, height: height)
  }

  /// One presentation alone in the terminal, centered (`islet --presentation compact` in a tmux pane),
  /// with the same keys and overlays as the full view.
  public static func draw(_ presentation: Presentation, _ frame: Frame, width: Int, height: Int) -> Canvas {
    var canvas = Canvas(width: width, height: height, ascii: frame.ascii)
    guard width > 0, height > 0 else { return canvas }
    let g = Glyphs(ascii: frame.ascii)
    guard let current = frame.state.selected(in: frame.live) else {
      let text = DisplayWidth.truncate("No timer · n to start one", to: width, ellipsis: g.ellipsis)
      canvas.put(frame.ascii ? text.replacingSeparator() : text, x: 0, y: 0, role: .secondary)
      return overlaid(canvas, frame, g)
    }
    let look = frame.look(current)
    let others = frame.live.filter { $0.id != current.id }
    // Sized to its own proportions and centered, never stretched to the pane.
    let w = min(width, Proportions.of(presentation).columns)
    let drawn: Canvas
    switch presentation {
    case .minimal: drawn = Minimal.draw(look, width: w)
    // With a row to spare for the flash, the island as the full view draws it: three rows.
    case .compact where height > Island.rows:
      drawn = Island.drawTall(look, next: others.first.map(frame.look), width: width, ascii: frame.ascii)
    case .compact: drawn = Island.draw(look, next: others.first.map(frame.look), width: w)
    case .expanded: drawn = Expanded.draw(look, width: w, height: height)
    case .lockscreen: drawn = LockScreen.draw(look, width: w, height: height)
    }
    let top = (height - drawn.height) / 2
    canvas.draw(drawn, x: (width - drawn.width) / 2, y: top)
    // The flash takes a free row beside the drawing (below it, else above), never its border.
    var layout = Layout()
    layout.flashRow =
      top + drawn.height < height ? top + drawn.height : top > 0 ? top - 1 : max(0, height - 2)
    return overlaid(canvas, frame, layout, g)
  }
}

extension String {
  fileprivate func replacingSeparator() -> String { String(map { $0 == "·" ? "-" : $0 }) }
}
