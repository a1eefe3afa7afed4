import CSystem
import IsletCore
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// The alert popup's loop (`islet __popup`): draws the activity's expanded island with the
/// alert's buttons on the popup's terminal, in raw mode, and waits for one key or click, the
/// time limit, a signal, or the activity being acted on elsewhere. Keys and clicks in its first
/// half second were meant for the pane below, and are dropped. What was chosen is the caller's
/// to send.
package struct AlertPopupRunner {
  private let context: any RunContext

  package init(context: any RunContext) { self.context = context }

  /// How long the popup stays when no key is pressed.
  static let timeLimit: Milliseconds = 8000
  /// Hides the cursor, asks for clicks and clears the screen; and the reverse.
  static let enter = "\u{1B}[?25l" + MouseReport.enable + "\u{1B}[H\u{1B}[2J"
  static let leave = MouseReport.disable + "\u{1B}[?25h"

  /// Waits for `subject`'s answer with the terminal in raw mode, and puts the terminal back.
  package func run(for subject: Subject, store: SQLiteActivityStore) throws -> Outcome {
    try withRawTerminal(context.console) { try wait(for: subject, store: store) }
  }

  package enum Outcome {
    case chosen(Alert.Action)
    case closed
    case interrupted
  }

  /// The activity the popup is for, with the alert it shows.
  package struct Subject {
    var stored: Activity
    var alert: Alert?
    /// The alert's event, and the newest event already seen: what comes after it, other than
    /// what time caused at the alert's own instant (a plan's next segment), acts on it.
    var alertAt: Instant?
    var seen: Int64

    package init(id: String, store: SQLiteActivityStore, context: any RunContext) throws {
      guard let stored = try store.activity(id: id) else {
        throw CommandFailure(message: "no activity has ID '\(printable(id))' in this store", status: .usage)
      }
      let configuration = try context.configuration
      let recorded = try store.history(activityID: id)
      // A deadline no writer has recorded yet alerts as the watcher will record it.
      let (settled, pending) = TimerEngine.settled(
        [stored], at: context.now, policy: configuration.policy)
      let due = pending.filter { event in !recorded.contains { $0.kind == event.kind && $0.at == event.at } }
      let event = AlertPolicy.alerts(recorded + due).last
      self.stored = stored
      alert = event.flatMap {
        Alert(
          for: $0, activity: settled.first ?? stored, at: context.now, policy: configuration.alerts,
          ascii: !context.unicode)
      }
      alertAt = event?.at
      seen = event?.seq ?? recorded.last?.seq ?? 0
    }

    package func actedOn(_ store: SQLiteActivityStore) throws -> Bool {
      actedOn(by: try store.history(activityID: stored.id, after: seen))
    }

    /// Whether any of `events` (recorded after the alert's) acts on the activity.
    func actedOn(by events: [Event]) -> Bool {
      // A correction of a past session is nobody acting on the timer (as AlertPolicy says).
      events.contains {
        $0.activityID == stored.id && ($0.seq ?? 0) > seen && !$0.kind.isCorrection
          && ($0.source != .time || $0.at != alertAt)
      }
    }
  }

  /// Draws the popup and waits for a key, the time limit, a signal, or the activity being
  /// acted on; the island is drawn again each second, its time going on.
  private func wait(for subject: Subject, store: SQLiteActivityStore) throws -> Outcome {
    let follower = try? StoreFollower(path: store.path)
    let opened = Spawner.monotonicMilliseconds()
    let listening = opened + AlertPopup.keyDelay
    let end = opened + Self.timeLimit
    var first = true
    // Acted on while the follower was being made: looked at once, then only news is.
    if follower != nil, try subject.actedOn(store) { return .closed }
    while true {
      let now = Spawner.monotonicMilliseconds()
      // Each frame fills the popup, drawn over the last from the top.
      let (canvas, drawn) = try frame(subject, listening: now >= listening)
      context.console.out((first ? Self.enter : "\u{1B}[H") + drawn)
      first = false
      if now >= end { return .closed }
      let nextSecond = 1000 - context.now.milliseconds % 1000
      let wakes = [end, now + nextSecond, now < listening ? listening : nil].compactMap { $0 }
      let timeout = min(Int32(clamping: max(0, wakes.min()! - now)), follower?.timeout ?? .max)
      var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
      if let follower { fds.append(pollfd(fd: follower.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
      if poll(&fds, nfds_t(fds.count), timeout) < 0 {
        guard errno == EINTR else { return .closed }
        if islet_take_signal() != 0 { return .interrupted }
        continue
      }
      // The popup was closed under us.
      if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .closed }
      if fds[0].revents & Int16(POLLIN) != 0 {
        let input = self.input()
        if Spawner.monotonicMilliseconds() < listening { continue }
        switch input {
        case .key(let key):
          return subject.alert.flatMap { AlertPopup.action(for: key, in: $0) }.map(Outcome.chosen) ?? .closed
        case .mouse(let reports):
          // A click on a button presses it; the rest of the mouse (a release, a click beside
          // the buttons) changes nothing.
          let pressed = reports.lazy.filter(\.isLeftPress).compactMap {
            AlertPopup.action(atX: $0.x, y: $0.y, in: canvas, alert: subject.alert)
          }.first
          guard let pressed else { continue }
          return .chosen(pressed)
        case .other: return .closed
        }
      }
      guard let follower else {
        if try subject.actedOn(store) { return .closed }
        continue
      }
      switch try follower.look(heard: fds[1].revents != 0) {
      case .gone: return .closed
      case .changed: if subject.actedOn(by: follower.news) { return .closed }
      default: break
      }
    }
  }

  /// What one read of the terminal brought.
  enum Input {
    /// A key of one byte.
    case key(Character)
    /// Clicks and other mouse events, read together.
    case mouse([MouseReport])
    /// A key of more bytes (an arrow, a function key, a letter outside ASCII), which only
    /// closes the popup.
    case other
  }

  private func input() -> Input {
    var bytes = [UInt8](repeating: 0, count: 64)
    let count = read(0, &bytes, bytes.count)
    guard count > 0 else { return .other }
    if let reports = MouseReport.reports(in: bytes.prefix(count)) { return .mouse(reports) }
    guard count == 1, bytes[0] < 0x80 else { return .other }
    return .key(Character(Unicode.Scalar(bytes[0])))
  }

  /// The popup, sized to the popup's terminal, and as ANSI text.
  private func frame(_ subject: Subject, listening: Bool) throws -> (Canvas, String) {
    let configuration = try context.configuration
    var size = winsize()
    let known = ioctl(1, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 && size.ws_row > 0
    let width = known ? Int(size.ws_col) : AlertPopup.width
    let height = known ? Int(size.ws_row) : AlertPopup.height(for: subject.stored)
    let look = Look(
      activity: TimerEngine.settled([subject.stored], at: context.now, policy: configuration.policy)
        .activities.first ?? subject.stored,
      now: context.now, policy: configuration.policy, theme: try context.theme,
      ascii: !context.unicode)
    let canvas = AlertPopup.draw(
      look, alert: subject.alert, listening: listening, width: width, height: height)
    let depth = context.colorDepth(terminalOnly: false)
    // Line breaks as the terminal needs them in raw mode; none after the last row, which would scroll.
    let text = ANSIText.render(canvas, theme: try context.theme, depth: depth)
      .split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
    return (canvas, text)
  }

  /// Runs `body` with the terminal reading each key as it is pressed, unechoed, and puts the
  /// terminal back afterwards, whether `body` returns, throws, or a signal ends it.
  private func withRawTerminal<T>(_ console: any Console, _ body: () throws -> T) throws -> T {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else {
      throw CommandFailure(message: "__popup draws on a terminal; tmux runs it in a popup", status: .usage)
    }
    islet_restore_terminal_on_crash(Self.leave)
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(ICRNL | IXON)
    tcsetattr(0, TCSANOW, &raw)
    defer {
      tcsetattr(0, TCSANOW, &saved)
      console.out(Self.leave)
    }
    return try body()
  }
}
