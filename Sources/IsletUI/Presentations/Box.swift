/// Rounded boxes, progress bars and the big time: pieces the boxed presentations share.
enum Pieces {
  /// A rounded box around `rect`, its lines drawn as text (ACS lines misdraw under tmux).
  static func box(_ rect: Rect, on canvas: inout Canvas, role: Role, glyphs: Glyphs) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let b = glyphs.box
    for (y, left, right) in [(rect.y, b.tl, b.tr), (rect.maxY - 1, b.bl, b.br)] {
      canvas.put(left, x: rect.x, y: y, role: role)
      canvas.put(b.h, repeated: rect.width - 2, x: rect.x + 1, y: y, role: role)
      canvas.put(right, x: rect.maxX - 1, y: y, role: role)
    }
    for y in (rect.y + 1)..<(rect.maxY - 1) {
      canvas.put(b.v, x: rect.x, y: y, role: role)
      canvas.put(b.v, x: rect.maxX - 1, y: y, role: role)
    }
  }

  /// `━━━━━━━━──────── 50%` across `width` cells.
  static func progress(
    _ fraction: Double, x: Int, y: Int, width: Int, on canvas: inout Canvas, glyphs: Glyphs, clip: Rect
  ) {
    let percent = "\(Int((fraction * 100).rounded(.down)))%"
    let label = String(repeating: " ", count: max(0, 4 - percent.count)) + percent
    let barWidth = width - label.count - 1
    guard barWidth >= 4 else {
      canvas.put(label, x: x + width - label.count, y: y, role: .secondary, clip: clip)
      return
    }
    let filled = Int((Double(barWidth) * min(1, max(0, fraction))).rounded(.down))
    var column = canvas.put(glyphs.barFull, repeated: filled, x: x, y: y, role: .progress, clip: clip)
    column = canvas.put(
      glyphs.barEmpty, repeated: barWidth - filled, x: column, y: y, role: .progressTrack, clip: clip)
    canvas.put(label, x: column + 1, y: y, role: .secondary, clip: clip)
  }

  /// The big time's three rows at (x, y).
  static func bigTime(
    _ text: String, x: Int, y: Int, role: Role, on canvas: inout Canvas, ascii: Bool, clip: Rect
  ) {
    BigDigits.draw(text, x: x, y: y, role: role, on: &canvas, ascii: ascii, clip: clip)
  }

  /// Dims everything but the box lines.
  static func dim(_ canvas: inout Canvas) {
    for y in 0..<canvas.height {
      for x in 0..<canvas.width where canvas[x, y].role != .keyline {
        canvas[x, y].role = .stale
      }
    }
  }
}
