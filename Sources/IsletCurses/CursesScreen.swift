import CNcursesw
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal: ncursesw opens it, reads keys and clicks and rings the bell; canvases are
/// printed by `FramePrinter`, only the cells that changed. No layout and no time in here.
public final class CursesScreen: Screen {
  public enum Failure: Error, Equatable {
    /// stdin or stdout is not a terminal.
    case notATerminal
    /// The terminal cannot position the cursor (TERM=dumb) or is unknown.
    case unusable(String)
  }

  private let screen: OpaquePointer
  private var previous: Canvas?
  private var printer: FramePrinter
  /// What a frame sends, kept between frames so its storage is not made again each time.
  private var output: [UInt8] = []
  private let colorDepth: ColorDepth
  private let theme: () -> Theme
  /// What the terminal's tab was last told to show, and whether its own title is kept on its
  /// stack (pushed before the first title of ours, popped when given back).
  private var tabProgress: TerminalProgress?
  private var tabTitle: String?
  private var titlePushed = false
  /// Inside tmux, the tab's sequences are wrapped to pass through to the outer terminal.
  private let insideTmux = getenv("TMUX").map { $0.pointee != 0 } ?? false

  /// Opens the terminal. Signals and locale are the caller's to set up before.
  public init(theme: @escaping () -> Theme) throws {
    guard isatty(0) == 1, isatty(1) == 1 else { throw Failure.notATerminal }
    let term = getenv("TERM").map { String(cString: $0) } ?? ""
    guard !term.isEmpty, term != "dumb" else {
      throw Failure.unusable(term.isEmpty ? "TERM is not set" : "TERM=\(term) cannot position the cursor")
    }
    // ncurses sizes its windows from COLUMNS and LINES when they are set, over the terminal's
    // report, at newterm and again at every SIGWINCH (COLUMNS=100000 made newterm fail; stty
    // cols 5000 rows 3000 cost 1.5 GB). They are set to the terminal's size, bounded, so ncurses
    // never allocates more; `size` then follows the terminal, bounded, before every frame.
    let start = Self.terminalSize(otherwise: (80, 24))
    setenv("COLUMNS", "\(start.width)", 1)
    setenv("LINES", "\(start.height)", 1)
    guard let opened = islet_newterm() else { throw Failure.unusable("the terminal '\(term)' is unknown") }
    screen = opened
    set_term(opened)
    guard let codes = TerminalCodes.current() else {
      endwin()
      delscreen(opened)
      throw Failure.unusable("TERM=\(term) cannot position the cursor")
    }
    printer = FramePrinter(codes: codes, utf8: String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8")
    self.theme = theme
    cbreak()
    noecho()
    nonl()
    keypad(islet_stdscr(), true)
    nodelay(islet_stdscr(), true)
    set_escdelay(25)
    // No peeking for typed keys while ncurses repaints (at start, after a stop): the loop reads them.
    typeahead(-1)
    curs_set(0)
    mouseinterval(0)
    mousemask(islet_click_events(), nil)
    if has_colors() {
      start_color()
      use_default_colors()
    }
    // ncurses takes the screen for a terminfo-only user's, flushing at every cursor move, until
    // it has been suspended and resumed once: then what it still sends goes in one write.
    endwin()
    wrefresh(islet_stdscr())
    // Resuming leaves the keypad's application mode off until the next read asks for it: an
    // arrow pressed first came as `ESC [ B`, read as Esc (quit). One read now turns it back on,
    // and the cursor keys' normal-mode sequences are known too, for keys typed before it.
    var typed: wint_t = 0
    switch wget_wch(islet_stdscr(), &typed) {
    case KEY_CODE_YES: ungetch(Int32(typed))
    case ERR: break
    default: unget_wch(wchar_t(typed))
    }
    for (sequence, key) in [
      ("\u{1B}[A", KEY_UP), ("\u{1B}[B", KEY_DOWN), ("\u{1B}[C", KEY_RIGHT), ("\u{1B}[D", KEY_LEFT),
    ] {
      define_key(sequence, key)
    }
    let colors = has_colors() ? islet_colors() : 0
    colorDepth = colors >= 256 ? .palette256 : colors >= 16 ? .basic16 : colors >= 8 ? .basic8 : .none
  }

  /// Gives the terminal back as it was: no alternate screen, no mouse reporting.
  public func close() {
    giveTabBack()
    mousemask(0, nil)
    endwin()
    delscreen(screen)
  }

  /// The largest screen drawn, in cells: a canvas of it is 8 MB (16 bytes a cell), and each of
  /// ncurses' three windows about twice that. A larger terminal is drawn in its top-left part.
  public static let largest = (width: 1000, height: 500)

  /// The terminal's size now, at most `largest`. Resizes that come fast can leave ncurses with a
  /// stale size, so the terminal is asked, and ncurses told when they differ. A side the
  /// terminal reports as 0 comes from `COLUMNS` or `LINES`, else stays as it was.
  public var size: (width: Int, height: Int) {
    let current = (Int(getmaxx(islet_stdscr())), Int(getmaxy(islet_stdscr())))
    let wanted = Self.terminalSize(otherwise: current)
    if wanted != current {
      resize_term(Int32(wanted.height), Int32(wanted.width))
      invalidate()
    }
    return (Int(getmaxx(islet_stdscr())), Int(getmaxy(islet_stdscr())))
  }

  /// What the terminal reports, else COLUMNS and LINES, else `otherwise`, side by side; at most
  /// `largest`.
  static func terminalSize(otherwise: (Int, Int)) -> (width: Int, height: Int) {
    var window = winsize()
    let reported =
      ioctl(1, UInt(TIOCGWINSZ), &window) == 0 ? (Int(window.ws_col), Int(window.ws_row)) : (0, 0)
    return bounded(
      width: [reported.0, environmentNumber("COLUMNS"), otherwise.0],
      height: [reported.1, environmentNumber("LINES"), otherwise.1])
  }

  /// The first positive width and height of those offered (the terminal's first), at most
  /// `largest`; 1×1 when none is.
  static func bounded(width: [Int], height: [Int]) -> (width: Int, height: Int) {
    (
      min(width.first { $0 > 0 } ?? 1, largest.width),
      min(height.first { $0 > 0 } ?? 1, largest.height)
    )
  }

  private static func environmentNumber(_ name: String) -> Int {
    getenv(name).flatMap { Int(String(cString: $0)) } ?? 0
  }

  /// Gives the terminal back as it was while `stopped` runs (the process stopped by Ctrl-Z),
  /// then takes it again; the next draw repaints everything.
  public func suspend(while stopped: () -> Void) {
    giveTabBack()
    endwin()
    stopped()
    takeBack()
    takeTabBack()
  }

  /// Sets the terminal's modes and screen again, after anyone may have had it (a shell puts
  /// its own modes back when a job stops), and repaints everything at the next draw.
  public func retake() {
    endwin()
    takeBack()
    // A stop it did not see coming left the tab as it was, its own title still kept: shown
    // again, in case whatever ran meanwhile wrote over them.
    takeTabBack()
  }

  /// ncurses' resume after `endwin`: the view's modes, the alternate screen, the keypad.
  private func takeBack() {
    wrefresh(islet_stdscr())
    invalidate()
  }

  public func progress(_ progress: TerminalProgress) {
    tabProgress = progress
    sendToTab(progress.oscBody)
  }

  public func title(_ text: String) {
    if !titlePushed {
      // xterm's title stack: the terminal's own title is kept, to be put back.
      Self.send(TerminalSequence.forTerminal(Self.titleStack(push: true), insideTmux: insideTmux))
      titlePushed = true
    }
    tabTitle = text
    sendToTab("2;" + text)
  }

  /// The tab as the terminal had it: no progress, its own title back.
  private func giveTabBack() {
    if let tabProgress, tabProgress != .cleared { sendToTab(TerminalProgress.cleared.oscBody) }
    if titlePushed {
      Self.send(TerminalSequence.forTerminal(Self.titleStack(push: false), insideTmux: insideTmux))
      titlePushed = false
    }
  }

  /// The tab as the view last said, after a stop: the terminal's title kept again first when
  /// it was put back.
  private func takeTabBack() {
    if let tabProgress, tabProgress != .cleared { sendToTab(tabProgress.oscBody) }
    if let tabTitle { title(tabTitle) }
  }

  private func sendToTab(_ body: String) {
    Self.send(TerminalSequence.forTerminal(TerminalSequence.osc(body), insideTmux: insideTmux))
  }

  /// `CSI 22;2 t` keeps the window title on the terminal's stack, `CSI 23;2 t` puts it back.
  private static func titleStack(push: Bool) -> [UInt8] {
    Array("\u{1B}[\(push ? 22 : 23);2t".utf8)
  }

  /// Whether the screen still shows the last canvas drawn (no resize or stop has come since).
  public var showsLastDrawing: Bool { previous != nil }

  /// Keys come on stdin.
  public var inputDescriptor: Int32 { 0 }

  /// Forgets what is on screen, so the next draw repaints everything (after a resize, or a
  /// suspension, when ncurses has drawn its own idea of the screen).
  public func invalidate() {
    previous = nil
    printer.forgetLooks()
  }

  /// Prints the canvas, sending only the cells that differ from the last one printed, in one
  /// write where the terminal takes it. The changes may come worked out already, from `basis`; they serve if that is what
  /// is shown.
  ///
  /// Frames go to the terminal directly, not into ncurses' window: ncurses keeps reading keys
  /// and clicks and sends the bell, and its window is kept untouched, so it never refreshes
  /// the screen over a frame (`read`).
  public func draw(_ canvas: Canvas, changes known: (basis: Canvas, changes: [Int])? = nil) {
    let same = previous.map { $0.width == canvas.width && $0.height == canvas.height } ?? false
    let changes =
      if !same {
        [Int]()
      } else if let known, let previous, previous.sharesStorage(with: known.basis) {
        known.changes
      } else {
        canvas.changes(from: previous)
      }
    output.removeAll(keepingCapacity: true)
    printer.print(canvas, changes: changes, afresh: !same, theme: theme(), depth: colorDepth, into: &output)
    previous = canvas
    Self.send(output)
  }

  /// Writes all of `bytes` to the terminal, waiting while it is full.
  private static func send(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(1, raw.baseAddress! + offset, raw.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && (errno == EINTR || errno == EAGAIN) {
          var terminal = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
          _ = poll(&terminal, 1, 1000)
        } else {
          return
        }
      }
    }
  }

  /// The terminal bell, and a visual flash.
  public func alert(bell: Bool) {
    if bell { beep() }
    flash()
  }

  /// The bell alone: a cue's second, which must not flash the screen each time.
  public func bell() { beep() }

  /// Every input waiting, without blocking.
  public func read() -> [Key] {
    var inputs: [Key] = []
    while true {
      // ncurses refreshes a window that was touched before it reads (a resize touches it):
      // that would print its blank window over the frame on screen.
      untouchwin(islet_stdscr())
      var key: wint_t = 0
      let kind = wget_wch(islet_stdscr(), &key)
      if kind == ERR { break }
      if kind == KEY_CODE_YES {
        switch Int32(key) {
        case KEY_RESIZE: inputs.append(.resize)
        case KEY_ENTER: inputs.append(.enter)
        case KEY_BACKSPACE: inputs.append(.backspace)
        case KEY_BTAB: inputs.append(.backTab)
        case KEY_UP: inputs.append(.up)
        case KEY_DOWN: inputs.append(.down)
        case KEY_MOUSE:
          var event = MEVENT()
          guard getmouse(&event) == OK else { break }
          if islet_button1_pressed(event.bstate) == 1 {
            inputs.append(.click(x: Int(event.x), y: Int(event.y)))
          } else if islet_wheel(event.bstate) != 0 {
            // The wheel moves the selection as the arrows do, and so scrolls the banners.
            inputs.append(islet_wheel(event.bstate) < 0 ? .up : .down)
          }
        default: break
        }
        continue
      }
      switch key {
      case 9: inputs.append(.tab)
      case 10, 13: inputs.append(.enter)
      case 27: inputs.append(.escape)
      case 8, 127: inputs.append(.backspace)
      default:
        if let scalar = Unicode.Scalar(UInt32(key)) { inputs.append(.character(Character(scalar))) }
      }
    }
    return Key.withoutTerminalReplies(inputs)
  }
}
