import IsletUI

/// What the device view's runner needs of a terminal: its size, a descriptor to wait on for
/// keys, the keys themselves, frames printed, the bell, and giving the terminal up for a stop.
/// `CursesScreen` is the terminal; a test's stand-in keeps the last canvas instead.
public protocol Screen: AnyObject {
  /// The size a frame is drawn at, as the terminal has it now.
  var size: (width: Int, height: Int) { get }
  /// Whether the screen still shows the last canvas drawn (no resize or stop has come since).
  var showsLastDrawing: Bool { get }
  /// Readable when keys are waiting (-1: none ever come).
  var inputDescriptor: Int32 { get }
  /// Prints the canvas; `changes`, when given, are its cells that differ from `basis`.
  func draw(_ canvas: Canvas, changes: (basis: Canvas, changes: [Int])?)
  /// Forgets what is on screen, so the next draw repaints everything.
  func invalidate()
  /// An alert: the bell when `bell`, and a visible flash.
  func alert(bell: Bool)
  /// The bell alone (a cue's second).
  func bell()
  /// Every key waiting, without blocking.
  func read() -> [Key]
  /// Gives the terminal back while `stopped` runs, then takes it again.
  func suspend(while stopped: () -> Void)
  /// Takes the terminal again after anyone may have had it, repainting at the next draw.
  func retake()
}
