import CSystem
import IsletCore
import IsletCurses
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

extension Context {
  /// `islet` with no command: the interactive device view (or one presentation filling the
  /// terminal with `--presentation`). One thread waits on the terminal, the store and signals,
  /// until the next change on screen is due.
  func device() throws -> ExitStatus {
    var presentation: Presentation?
    if let name = arguments.value("presentation") {
      guard let chosen = Presentation(rawValue: name) else {
        throw UsageError(
          message:
            "--presentation '\(printable(name))' is not a presentation; use \(Presentation.names.joined(separator: ", "))",
          command: nil)
      }
      presentation = chosen
    }
    guard isatty(0) == 1, isatty(1) == 1 else {
      return refused("the device view needs a terminal; for a line of text, use: islet status")
    }
    let configuration = try configuration
    var theme = try self.theme
    setlocale(LC_ALL, "")
    // Without a UTF-8 locale the terminal cannot show the glyphs: ASCII then.
    let codeset = String(cString: nl_langinfo(nl_item(CODESET)))
    let ascii = !unicode || codeset != "UTF-8"
    islet_catch_interrupts()

    let intents = try openIntents()
    defer { intents.close() }
    let store = intents.store
    let watcher = try StoreWatcher(path: storePath)
    // A crash would leave the terminal in the alternate screen, without echo: the modes as
    // they are now, and sequences any xterm-like terminal (or the Linux console) takes to
    // leave that screen, show the cursor and stop mouse reports, are put back first.
    islet_restore_terminal_on_crash(
      "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    let screen: CursesScreen
    do {
      screen = try CursesScreen(theme: { theme })
    } catch CursesScreen.Failure.unusable(let reason) {
      return refused("\(reason); for a line of text, use: islet status")
    } catch {
      return refused("the device view needs a terminal; for a line of text, use: islet status")
    }
    defer { screen.close() }
    // A signal that comes while a frame is drawn must end the wait after it, not go unseen
    // until the next wake (a minute away when everything is paused).
    islet_defer_interrupts()

    var state = DeviceState()
    var canvas = Canvas(width: 0, height: 0)
    var alerted = Set<String>()
    var firstLook = true
    var recheckAt: Instant?
    // The store is read again only when it may have changed: a commit seen by the watcher, an
    // intent of ours, or time causing an event. A tick that only moves the seconds reads nothing.
    var stored: [Activity] = []
    var settleAt: Instant?
    var stale = true
    // The newest event the view has seen: every change to the store records one, so a newer
    // one is another process's change (the view's own commits come back through the watcher).
    var knownSeq: Int64 = 0
    // The next frames, drawn ahead; anything but time moving (a commit, a key, a resize) drops them.
    var framesAhead: [DeviceView.FrameAhead] = []
    var nextAhead = 0
    var frame = DeviceView.Frame(
      live: [], state: state, now: now, policy: configuration.policy, theme: theme, ascii: ascii)

    // Kept across wakes, so that a tick allocates nothing to wait.
    var fds = [
      pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
    ]

    func dropFramesAhead() {
      framesAhead.removeAll(keepingCapacity: true)
      nextAhead = 0
    }

    func show(_ live: [Activity]) {
      stored = live
      settleAt = stored.compactMap { TimerEngine.nextSettlement($0, policy: configuration.policy) }.min()
      dropFramesAhead()
    }
    func reload() throws {
      // The sequence first: a commit between the two reads is then seen again, not missed.
      knownSeq = try store.lastEventSeq()
      show(try store.liveActivities())
    }
    // What one of our own transactions read and left: the store as it is, no read needed.
    func adopt(_ report: IntentService.Report) {
      knownSeq = max(knownSeq, report.events.compactMap(\.seq).max() ?? knownSeq)
      show(report.live)
    }
    func changedElsewhere() throws -> Bool { try store.lastEventSeq() > knownSeq }

    while true {
      if stale {
        try reload()
        stale = false
      }
      var at = now
      if settleAt.map({ at >= $0 }) ?? false {
        adopt(try intents.settle())
        at = now
      }
      let size = screen.size
      // Frames drawn ahead that the clock has passed (a late wake) are skipped.
      while nextAhead < framesAhead.count, framesAhead[nextAhead].until.map({ at >= $0 }) ?? false {
        nextAhead += 1
      }
      let upcoming = nextAhead < framesAhead.count ? framesAhead[nextAhead] : nil
      var drawnAhead: DeviceView.FrameAhead?
      if let upcoming, upcoming.shows(at: at, width: size.width, height: size.height) {
        drawnAhead = upcoming
        nextAhead += 1
      }
      // Woken before the next drawnAhead frame with nothing changed (a file written beside the
      // store, say): the screen is still right.
      let early =
        drawnAhead == nil && screen.showsLastDrawing
        && (size.width, size.height) == (canvas.width, canvas.height)
        && upcoming.map { at < $0.frame.now } ?? false
      if let drawnAhead {
        (frame, canvas, state) = (drawnAhead.frame, drawnAhead.canvas, drawnAhead.frame.state)
      } else if !early {
        dropFramesAhead()
        let live = ActivityMatcher.ranked(stored, at: at, policy: configuration.policy)
        // A countdown that has just finished: bell, flash, and the alert look until acted on.
        let finished = live.filter { $0.phase(at: at, policy: configuration.policy) == .finished }
        for activity in finished where !alerted.contains(activity.id) {
          alerted.insert(activity.id)
          if !firstLook {
            screen.alert(bell: configuration.bell)
            state.show(
              "\(ascii ? "!" : "⏰") \(printableName(activity.name)) \(ascii ? "-" : "—") time's up",
              alert: true,
              at: at)
          }
        }
        alerted.formIntersection(finished.map(\.id))
        firstLook = false
        if let flash = state.flash, flash.until <= at { state.flash = nil }
        frame = DeviceView.Frame(
          live: live, state: state, now: at, policy: configuration.policy, theme: theme, ascii: ascii)
        canvas =
          presentation.map { DeviceView.draw($0, frame, width: size.width, height: size.height) }
          ?? DeviceView.draw(frame, width: size.width, height: size.height)
      }
      if !early { screen.draw(canvas, changes: drawnAhead.map { ($0.basis, $0.changes) }) }

      // The next visible changes are drawn ahead, several at once (drawing the first brings the
      // code into the caches for the rest), never past an event that time will cause.
      if nextAhead == framesAhead.count {
        dropFramesAhead()
        var (after, basis) = (frame, canvas)
        // Eight at a time, fewer on a very large terminal: each canvas is kept until shown.
        let ahead = max(2, min(8, 65_536 / max(1, size.width * size.height)))
        while framesAhead.count < ahead,
          let change = DeviceView.nextChange(after, clockShown: presentation == nil),
          settleAt.map({ change < $0 }) ?? true
        {
          let ahead = DeviceView.FrameAhead(
            stored: stored, state: after.state, at: change, policy: configuration.policy, theme: theme,
            ascii: ascii, presentation: presentation, after: basis)
          framesAhead.append(ahead)
          (after, basis) = (ahead.frame, ahead.canvas)
        }
      }
      let change =
        nextAhead < framesAhead.count
        ? framesAhead[nextAhead].frame.now : DeviceView.nextChange(frame, clockShown: presentation == nil)
      // Sleep until the next visible change, a key, a commit elsewhere, or a signal.
      let wake = [change, recheckAt].compactMap { $0 }.min()
      let timeout = wake.map { Int32(clamping: max(0, $0 - now)) } ?? -1
      fds[0].revents = 0
      fds[1].revents = 0
      let polled = islet_wait_for(&fds, 2, timeout)
      switch islet_take_signal() {
      case SIGINT: return .interrupted
      case SIGTERM, SIGHUP: return .ok
      default: break
      }
      if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .ok }
      if recheckAt.map({ $0 <= now }) == true {
        recheckAt = nil
        if try changedElsewhere() { stale = true }
      }
      if fds[1].revents != 0 {
        switch watcher.takeEvents() {
        case .gone:
          throw StoreError.unavailable(
            path: try storePath, detail: "it was removed or replaced while the view was open")
        // Look again a moment later too: a commit shows a little after its write.
        case .changed:
          if try changedElsewhere() { stale = true }
          recheckAt = now + 30
        default: break
        }
      }
      // Keys when there are some, and after a signal: ncurses hands a resize over as a key.
      // (A resize is also seen by `screen.size` at every wake.)
      let keys = fds[0].revents & Int16(POLLIN) != 0 || polled < 0 ? screen.read() : []
      for key in keys {
        dropFramesAhead()
        if key == .resize {
          screen.invalidate()
          continue
        }
        for effect in state.handle(key, live: frame.live, buttons: canvas.buttons, now: now) {
          switch effect {
          case .quit:
            return .ok
          case .dispatch(let intent, let id, let source):
            if let report = try perform(intent, on: id, source: source, intents: intents, state: &state) {
              adopt(report)
            } else {
              stale = true
            }
          case .start(let name, let duration):
            let request = StartRequest(
              name: name, attributes: IntentService.attributes(configuration, duration: duration))
            if let report = try perform(
              .start(request), on: nil, source: .key, intents: intents, state: &state)
            {
              adopt(report)
            } else {
              stale = true
            }
          case .nextTheme:
            let catalog = ThemeCatalog.standard(
              configFolder: StoreLocation.configFolder(environment: environment),
              executablePath: Spawner.executablePath)
            let names = catalog.names()
            let index = names.firstIndex(of: theme.name) ?? -1
            let name = names[(index + 1) % names.count]
            if case .success(let next) = catalog.load(name) {
              theme = next
              screen.invalidate()
              do {
                try ConfigurationFile.save("theme", name, environment: environment)
                state.show("Theme: \(name)", at: now)
              } catch let failure as CommandFailure {
                state.show(failure.message, alert: true, at: now)
              }
            }
          }
        }
      }
    }
  }

  /// Sends a key's or a click's intent down the one intent path and flashes what happened;
  /// the report, or nil when its activity is gone.
  private func perform(
    _ intent: Intent, on id: String?, source: Source, intents: IntentService, state: inout DeviceState
  ) throws -> IntentService.Report? {
    do {
      let report = try intents.send(intent, to: id.map { .id($0) } ?? .current, source: source)
      if let refusal = report.refusal {
        state.show(refusal.reason, alert: true, at: now)
      } else if let activity = report.activity {
        if case .start = intent { state.selectedID = activity.id }
        let own = report.events.filter { $0.activityID == activity.id && $0.source == source }
        state.show(confirmation(activity, own), at: now)
      }
      return report
    } catch let failure as ActivityMatcher.Failure {
      state.show(
        failure == .nothingLive ? "No timer yet: press n to start one" : "That timer is gone", alert: true,
        at: now)
      // Changed elsewhere in a way the view had not seen yet: it reads the store again.
      return nil
    }
  }
}
