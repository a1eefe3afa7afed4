/// Rows of the last frame that drew a piece, kept for the next: the wall clock changes once a
/// minute, the key hints on a key and a banner's outline on a resize, yet a ticking view draws a
/// frame every second. A frame whose inputs are the key's copies the rows instead of drawing them
/// again.
///
/// Only for rows the piece alone writes, on a canvas still blank there: what is kept is then
/// exactly what drawing would make.
struct LastDrawn<Key: Equatable & Sendable>: Sendable {
  private var last: (key: Key, cells: [Cell])?

  /// Rows `rows` of `canvas`, as `draw` makes them from what `key` holds.
  mutating func rows(_ rows: Range<Int>, of canvas: inout Canvas, key: Key, draw: (inout Canvas) -> Void) {
    assert(
      canvas.cells(inRows: rows).allSatisfy { $0 == .blank }, "LastDrawn serves rows only on a blank canvas")
    if let last, last.key == key, last.cells.count == rows.count * canvas.width {
      canvas.replaceRows(from: rows.lowerBound, with: last.cells)
      return
    }
    draw(&canvas)
    last = (key, canvas.cells(inRows: rows))
  }
}

/// What a view that draws frame after frame keeps from one to the next (the view's runner, in
/// its frames drawn ahead): the pieces that seldom change, by what they were drawn from. Drawing
/// is handed it explicitly; drawing without one (a fresh memo) draws everything.
public struct DrawingMemo: Sendable {
  var footer = LastDrawn<DeviceView.FooterKey>()
  var clock = LastDrawn<DeviceView.ClockKey>()
  var box = LastDrawn<LockScreen.BoxKey>()

  public init() {}
}
