import Synchronization

/// Rows of the last frame that drew a piece, kept for the next: the wall clock changes once a
/// minute and the key hints on a key, yet a ticking view draws a frame every second. A frame
/// whose inputs are the key's copies the rows instead of drawing them again.
///
/// Only for rows the piece alone writes, on a canvas still blank there: what is kept is then
/// exactly what drawing would make.
final class LastDrawn<Key: Equatable & Sendable>: Sendable {
  private let slot = Mutex<(key: Key, cells: [Cell])?>(nil)

  init() {}

  /// Rows `rows` of `canvas`, as `draw` makes them from what `key` holds.
  func rows(_ rows: Range<Int>, of canvas: inout Canvas, key: Key, draw: (inout Canvas) -> Void) {
    assert(
      canvas.cells(inRows: rows).allSatisfy { $0 == .blank }, "LastDrawn serves rows only on a blank canvas")
    if LastDrawnSwitch.isOff { return draw(&canvas) }
    let kept = slot.withLock { last in last?.key == key ? last?.cells : nil }
    if let kept, kept.count == rows.count * canvas.width {
      canvas.replaceRows(from: rows.lowerBound, with: kept)
      return
    }
    draw(&canvas)
    let cells = canvas.cells(inRows: rows)
    slot.withLock { $0 = (key, cells) }
  }
}

/// Tests turn the kept rows off to draw a frame afresh, whatever other tests drew before.
enum LastDrawnSwitch {
  @TaskLocal static var isOff = false
}
