import CSystem
import IsletCore
import IsletCurses
import IsletRuntime
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// `islet` with no command: the interactive device view (or one presentation filling the
/// terminal with `--presentation`). One thread waits on the terminal, the store and signals,
/// until the next change on screen is due (see `DeviceRunner`).
struct DeviceCommand: Command {
  /// `islet` alone has no command word: its declaration gives its options only.
  static let specs = [
    CommandSpec(
      name: "", operands: "", brief: "the interactive view", summary: "Open the interactive view.",
      options: DeviceCommand.options, maxOperands: 0)
  ]

  /// The options of `islet` alone, as the top help shows them.
  static let options = [
    OptionSpec(
      .presentation, value: "P",
      help: "fill the terminal with one presentation: " + Presentation.names.joined(separator: ", "),
      values: .words(Presentation.names))
  ]

  let presentation: Presentation?

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    presentation = try parsed.presentation()
  }

  func run(in environment: Environment) throws -> ExitStatus {
    guard isatty(0) == 1, isatty(1) == 1 else {
      return environment.refused("the device view needs a terminal; for a line of text, use: islet status")
    }
    let configuration = try environment.configuration
    setlocale(LC_ALL, "")
    // Without a UTF-8 locale the terminal cannot show the glyphs: ASCII then.
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    let ascii = !environment.unicode || codeset != "UTF-8"
    environment.asciiOnly = ascii
    islet_catch_interrupts()
    // Before ncurses opens the screen, so that Ctrl-Z is the runner's to handle (ncurses' own
    // handler would repaint its idea of the screen, which the frames do not go through).
    islet_catch_suspension()

    let intents = try environment.openIntents()
    defer { intents.close() }
    // Beside the intents' connection, which keeps the store open to write: one more to read.
    let follower = try StoreFollower(path: environment.storePath, besideWriter: true)
    // A crash would leave the terminal in the alternate screen, without echo: the modes as
    // they are now, and sequences any xterm-like terminal (or the Linux console) takes to
    // leave that screen, show the cursor and stop mouse reports, are put back first, and the
    // tab's progress cleared.
    let clearTab = TerminalSequence.forTerminal(
      TerminalSequence.osc(TerminalProgress.cleared.oscBody),
      insideTmux: environment.variables["TMUX"].map { !$0.isEmpty } ?? false)
    islet_restore_terminal_on_crash(
      "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"
        + String(decoding: clearTab, as: UTF8.self))
    // Asked once the terminal's modes are kept for a crash and Ctrl-C only sets a flag, so
    // nothing leaves the terminal without its echo.
    // The terminal's own background as it answers (`COLORFGBG` names a palette entry, not
    // the color): on a black one, cards are raised. A light terminal is not asked.
    var backdrop: Color?
    if environment.terminalShade != .light {
      let named = environment.terminalShade
      backdrop = TerminalQuery.background()
      if named == .any { environment.answeredShade = TerminalShade.of(background: backdrop) }
    }
    let theme = Shown(try environment.theme)
    theme.value.backdrop = backdrop
    let screen: CursesScreen
    do {
      screen = try CursesScreen(theme: { theme.value })
    } catch CursesScreen.Failure.unusable(let reason) {
      return environment.refused("\(reason); for a line of text, use: islet status")
    } catch {
      return environment.refused("the device view needs a terminal; for a line of text, use: islet status")
    }
    defer { screen.close() }
    // A signal that comes while a frame is drawn must end the wait after it, not go unseen
    // until the next wake (a minute away when everything is paused).
    islet_defer_interrupts()
    let model = DeviceModel(
      theme: theme.value, ascii: ascii, policy: configuration.policy, alerts: configuration.alerts,
      plans: configuration.allPlans, defaultPlan: configuration.plan)
    let runner = DeviceRunner(
      environment: environment, intents: intents, follower: follower, screen: screen, theme: theme,
      model: model, presentation: presentation,
      goals: configuration.dailyGoals, title: configuration.title)
    // The view rings and flashes itself: its terminal is given the notification sequence alone.
    let path = try environment.storePath
    let watching = WatchingTerminals.register(.view, environment: environment.variables, storePath: path)
    defer { watching.map { WatchingTerminals.unregister($0, storePath: path) } }
    return try runner.run()
  }
}
