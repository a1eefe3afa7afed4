import IsletCore

extension DeviceView {
  /// One of the view's coming frames, drawn with the next few in one go while the code that
  /// draws them is in the processor's caches (a frame drawn alone, a second after the last,
  /// cost three times as much); its wake only prints it. It holds while nothing but time moves.
  public struct FrameAhead: Sendable {
    /// The frame as it will be at its instant, `frame.now`.
    public let frame: Frame
    public let canvas: Canvas
    /// When the screen changes after it (`nextChange`), or the model must hear that time
    /// moved (`stop`), whichever is first; nil when neither will.
    public let until: Instant?
    /// The canvas shown before it, and the cells that differ from it: worked out ahead too.
    public let basis: Canvas
    public let changes: [Int]

    /// The frame at `instant` for the activities as stored (not yet ranked): what the screen
    /// shows then if nothing but time moves, after `basis`. `presentation` nil is the full view.
    /// It stands no longer than `stop` (`DeviceModel.tickAt`): what the model decides then (an
    /// alert given again, say) is not a change that time alone makes.
    public init(
      stored: [Activity], state: DeviceState, at instant: Instant, policy: TimePolicy, theme: Theme,
      ascii: Bool, goals: [GoalTally] = [],
      presentation: Presentation?, after basis: Canvas, stop: Instant? = nil
    ) {
      var memo = DrawingMemo()
      self.init(
        stored: stored, state: state, at: instant, policy: policy, theme: theme, ascii: ascii, goals: goals,
        presentation: presentation, after: basis, stop: stop, memo: &memo)
    }

    init(
      stored: [Activity], state: DeviceState, at instant: Instant, policy: TimePolicy, theme: Theme,
      ascii: Bool, goals: [GoalTally], presentation: Presentation?, after basis: Canvas, stop: Instant?,
      memo: inout DrawingMemo
    ) {
      let (width, height) = (basis.width, basis.height)
      let frame = Frame(
        live: ActivityMatcher.ranked(stored, at: instant, policy: policy), state: state.visible(at: instant),
        now: instant,
        policy: policy, theme: theme, ascii: ascii, goals: goals)
      self.frame = frame
      let canvas = DeviceView.draw(
        frame, presentation: presentation, width: width, height: height, memo: &memo)
      self.canvas = canvas
      self.basis = basis
      changes = canvas.changes(from: basis)
      until = [DeviceView.nextChange(frame, clockShown: presentation == nil), stop].compactMap { $0 }.min()
    }

    /// Whether it is what the screen shows at `instant` in a terminal of that size.
    public func shows(at instant: Instant, width: Int, height: Int) -> Bool {
      canvas.width == width && canvas.height == height && instant >= frame.now
        && until.map { instant < $0 } ?? true
    }
  }
}

extension DeviceView {
  /// The frames drawn ahead, and which is due: anything but time moving (a commit, a key, a
  /// resize) drops them.
  public struct Lookahead: Sendable {
    private var frames: [FrameAhead] = []
    private var next = 0
    /// What one frame keeps for the next, for these frames and those the runner draws itself.
    private var memo = DrawingMemo()

    public init() {}

    public mutating func drop() {
      frames.removeAll(keepingCapacity: true)
      next = 0
    }

    /// The frame still to show, once the ones the clock has passed (a late wake) are skipped.
    public mutating func upcoming(at instant: Instant) -> FrameAhead? {
      while next < frames.count, frames[next].until.map({ instant >= $0 }) ?? false { next += 1 }
      return next < frames.count ? frames[next] : nil
    }

    /// The frame to print now, if one drawn ahead is what the screen shows at `instant`.
    public mutating func take(at instant: Instant, width: Int, height: Int) -> FrameAhead? {
      guard let frame = upcoming(at: instant), frame.shows(at: instant, width: width, height: height) else {
        return nil
      }
      next += 1
      return frame
    }

    public var isEmpty: Bool { next >= frames.count }

    /// `frame` drawn now, as the frames ahead are (`presentation` nil: the full view), with what
    /// they keep from frame to frame.
    public mutating func draw(_ frame: Frame, presentation: Presentation?, width: Int, height: Int) -> Canvas
    {
      DeviceView.draw(frame, presentation: presentation, width: width, height: height, memo: &memo)
    }

    /// When the next frame drawn ahead is due.
    public var nextDue: Instant? { next < frames.count ? frames[next].frame.now : nil }

    /// Draws the next visible changes after `frame` (on screen as `canvas`), several at once
    /// (drawing the first brings the code into the caches for the rest), never past `settleAt`,
    /// when time will cause an event or the model must hear of it (`DeviceModel.tickAt`). Eight at a time, fewer on a very large terminal: each
    /// canvas is kept until shown.
    public mutating func fill(
      after frame: Frame, canvas: Canvas, stored: [Activity], presentation: Presentation?, settleAt: Instant?
    ) {
      drop()
      var (after, basis) = (frame, canvas)
      let count = max(2, min(8, 65_536 / max(1, canvas.width * canvas.height)))
      while frames.count < count, let change = DeviceView.nextChange(after, clockShown: presentation == nil),
        settleAt.map({ change < $0 }) ?? true
      {
        let ahead = FrameAhead(
          stored: stored, state: after.state, at: change, policy: frame.policy, theme: frame.theme,
          ascii: frame.ascii, goals: frame.goals, presentation: presentation, after: basis, stop: settleAt,
          memo: &memo)
        frames.append(ahead)
        (after, basis) = (ahead.frame, ahead.canvas)
      }
    }
  }
}
