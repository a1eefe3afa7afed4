import IsletCurses
import IsletUI

/// A stand-in terminal for the device view's runner: it keeps the last canvas printed and
/// counts frames, bells and flashes; keys are queued by the test. Nothing is printed.
///
/// ```swift
/// let screen = FakeScreen(width: 80, height: 24)
/// try runner.draw()
/// #expect(screen.lines.contains { $0.contains("Tea") } && screen.frames == 1)
/// ```
final class FakeScreen: Screen {
  var size: (width: Int, height: Int)
  /// The last canvas printed.
  private(set) var canvas: Canvas?
  /// How many frames were printed.
  private(set) var frames = 0
  /// Alerts (a bell and a flash) and cue bells.
  private(set) var alerts = 0
  private(set) var bells = 0
  /// Every progress and title the runner handed over, in order.
  private(set) var progresses: [TerminalProgress] = []
  private(set) var titles: [String] = []
  /// Keys `read` hands over next.
  var keys: [Key] = []
  private var repaint = true

  init(width: Int, height: Int) { size = (width, height) }

  var showsLastDrawing: Bool { canvas != nil && !repaint }
  var inputDescriptor: Int32 { -1 }

  /// The last canvas's rows as text.
  var lines: [String] { canvas?.lines ?? [] }

  func draw(_ canvas: Canvas, changes: (basis: Canvas, changes: [Int])?) {
    self.canvas = canvas
    frames += 1
    repaint = false
  }

  func invalidate() { repaint = true }
  func progress(_ progress: TerminalProgress) { progresses.append(progress) }
  func title(_ text: String) { titles.append(text) }
  func alert(bell: Bool) { alerts += 1 }
  func bell() { bells += 1 }

  func read() -> [Key] {
    defer { keys = [] }
    return keys
  }

  func suspend(while stopped: () -> Void) {
    stopped()
    repaint = true
  }

  func retake() { repaint = true }
}
