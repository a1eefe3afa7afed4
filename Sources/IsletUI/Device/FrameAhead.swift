import IsletCore

extension DeviceView {
  /// One of the view's coming frames, drawn with the next few in one go while the code that
  /// draws them is in the processor's caches (a frame drawn alone, a second after the last,
  /// cost three times as much); its wake only prints it. It holds while nothing but time moves.
  public struct FrameAhead: Sendable {
    /// The frame as it will be at its instant, `frame.now`.
    public let frame: Frame
    public let canvas: Canvas
    /// When the screen changes after it (`nextChange`); nil when nothing will.
    public let until: Instant?
    /// The canvas shown before it, and the cells that differ from it: worked out ahead too.
    public let basis: Canvas
    public let changes: [Int]

    /// The frame at `instant` for the activities as stored (not yet ranked): what the screen
    /// shows then if nothing but time moves, after `basis`. `presentation` nil is the full view.
    public init(
      stored: [Activity], state: DeviceState, at instant: Instant, policy: TimePolicy, theme: Theme,
      ascii: Bool,
      presentation: Presentation?, after basis: Canvas
    ) {
      let (width, height) = (basis.width, basis.height)
      var state = state
      if let flash = state.flash, flash.until <= instant { state.flash = nil }
      let frame = Frame(
        live: ActivityMatcher.ranked(stored, at: instant, policy: policy), state: state, now: instant,
        policy: policy, theme: theme, ascii: ascii)
      self.frame = frame
      let canvas =
        presentation.map { DeviceView.draw($0, frame, width: width, height: height) }
        ?? DeviceView.draw(frame, width: width, height: height)
      self.canvas = canvas
      self.basis = basis
      changes = canvas.changes(from: basis)
      until = DeviceView.nextChange(frame, clockShown: presentation == nil)
    }

    /// Whether it is what the screen shows at `instant` in a terminal of that size.
    public func shows(at instant: Instant, width: Int, height: Int) -> Bool {
      canvas.width == width && canvas.height == height && instant >= frame.now
        && until.map { instant < $0 } ?? true
    }
  }
}
