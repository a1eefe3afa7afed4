import IsletUI

/// What the device view's runner needs of a terminal: its size, a descriptor to wait on for
/// keys, the keys themselves, frames printed, the bell, the terminal's tab (its progress and
/// title), and giving the terminal up for a stop.
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
  /// Shows `progress` on the terminal's tab (OSC 9;4); the runner hands over changes only. It
  /// is cleared while the terminal is given back (a stop, the exit) and shown again after.
  func progress(_ progress: TerminalProgress)
  /// Puts `text` in the terminal's title (OSC 2); the runner hands over changes only. The
  /// title the terminal had is put back while the terminal is given back, and at the exit.
  func title(_ text: String)
  /// Gives the terminal back while `stopped` runs, then takes it again.
  func suspend(while stopped: () -> Void)
  /// Takes the terminal again after anyone may have had it, repainting at the next draw.
  func retake()
}
