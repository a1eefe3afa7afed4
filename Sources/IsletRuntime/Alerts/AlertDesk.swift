import IsletCore
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// The deadline watcher's alerts: an alert for each end time causes, whoever recorded it (one
/// an activity for several at once), given through every configured channel, repeated while
/// nobody acts on the activity, replaced in place when the activity goes on, withdrawn when it
/// is acted on, here or elsewhere; and the notification's buttons, turned into intents. No
/// notification of its own outlives the watcher. Nothing here waits on a channel: the
/// notification server's answers are read as they come, tmux and the sound run in children
/// bounded in time (`children`), so the deadlines the watcher records are never late for them.
package final class AlertDesk {
  /// What the desk shows for an activity: the alert last given (its buttons) and its
  /// notification once the server has numbered it, until withdrawn.
  package struct Shown {
    package var alert: Alert
    package var event: Event
    package var notification: UInt32?
    /// When it was last given.
    package var at: Instant
  }

  /// What one channel did with an alert, as `islet alert test` prints it.
  package struct Outcome: Equatable {
    package var channel: AlertChannel
    package var result: Result<String, ChannelProblem>

    package var succeeded: Bool {
      if case .success = result { return true }
      return false
    }
  }

  /// An alert followed, as the lock file keeps it for the next watcher (`WatcherLock.followed`):
  /// one that is killed leaves its repeats and its open notification to the next.
  package struct Followed: Equatable {
    package var activityID: String
    /// The event alerted for.
    package var seq: Int64
    package var repeats: Int
    package var notification: UInt32?
    /// The notification server's unique name on the bus, which numbered it.
    package var server: String?
    /// When it was last given.
    package var at: Instant
  }

  /// A notification's button pressed: the intents it sends, and the notification to close once
  /// they are applied (a server may leave it open: dunst's menu does); or the notification
  /// clicked, which goes to its activity's pane (`goTo`).
  package struct Press {
    package var activityID: String
    package var intents: [Intent]
    package var notification: UInt32
    package var goTo: Origin? = nil
    /// An ongoing notice's: it stays, and is replaced with what the intents leave.
    package var keepsOpen = false
  }

  /// How long after its last alert the watcher stays for its open notifications.
  package static let holdAfterLastAlert: Milliseconds = 3_600_000

  package let storePath: String
  package let environment: [String: String]
  /// Which alerts are followed, their repeats, what to give and withdraw: the rules the view
  /// follows too. An alert older than the hold is history: a watcher started late says nothing.
  package private(set) var tracker = AlertTracker(
    policy: AlertPolicy(), looked: true, sayableFor: holdAfterLastAlert)
  /// What each activity's channels show, withdrawn when its activity is acted on.
  package private(set) var shown: [String: Shown] = [:]
  /// The pane each alerted activity was started in: a click on its notification goes there.
  private var origins: [String: Origin] = [:]
  /// The terminal each alerted activity was started from: the terminal channel writes there.
  private var startedFrom: [String: Terminal] = [:]
  /// The live activities at the last look.
  private(set) var live: [Activity] = []
  package private(set) var lastAlertAt: Instant?
  /// Its children: the sound, the delivery to each tmux server.
  package let children = BoundedChildren()
  /// The notification server's connection, once `ready` (it said what it can do).
  private(set) var desktop: DesktopNotifier?
  private(set) var desktopReady = false
  /// The alerts for the desktop not sent yet: its server has not said what it can do, or an
  /// activity's last is not answered yet (its id is what the next replaces).
  private(set) var unsent: [String: Alert] = [:]
  private(set) var sending: Set<String> = []
  /// Each running countdown's or task's ongoing notice (`desktop-progress`), and the activities
  /// whose notice the user dismissed: AlertDesk+Ongoing.swift.
  var ongoing: [String: OngoingShown] = [:]
  var dismissed: Set<String> = []
  /// Notifications a killed watcher left open, numbered by this server: kept once this
  /// connection finds the same server there.
  private var adoptedFrom: String?

  /// Alerts in ASCII when the locale is not UTF-8.
  let ascii: Bool

  package init(storePath: String, environment: [String: String]) {
    self.storePath = storePath
    self.environment = environment
    ascii = !Glyphs.wantUnicode(ascii: false, environment: environment)
  }

  /// Takes the events recorded since the last look (by anyone): gives the alerts the tracker
  /// asks for (new ones, and repeats due), and withdraws those whose activity was acted on
  /// since. `find` gives an activity that is no longer live (a plan just completed).
  package func take(
    _ events: [Event], live: [Activity], at now: Instant, configuration: Configuration,
    find: (String) -> Activity?
  ) {
    self.live = live
    tracker.policy = configuration.alerts
    for action in tracker.update(events: events, live: live, now: now) {
      switch action {
      case .withdraw(let activityID):
        withdraw(activityID)
      case .give(let event, let segmentsEnded):
        give(event, segmentsEnded: segmentsEnded, at: now, configuration: configuration, find: find)
      case .again(let event):
        guard let activity = live.first(where: { $0.id == event.activityID }),
          let alert = Alert(
            for: event, activity: activity, at: now, policy: configuration.alerts, ascii: ascii)
        else { continue }
        shown[event.activityID]?.alert = alert
        shown[event.activityID]?.at = now
        _ = post(alert, first: false, configuration: configuration)
        lastAlertAt = now
      }
    }
  }

  /// Gives the alert for `event` through the channels, in place of what its activity shows.
  private func give(
    _ event: Event, segmentsEnded: Int, at now: Instant, configuration: Configuration,
    find: (String) -> Activity?
  ) {
    let activityID = event.activityID
    guard let activity = live.first(where: { $0.id == activityID }) ?? find(activityID),
      let alert = Alert(
        for: event, activity: activity, at: now, policy: configuration.alerts, ascii: ascii,
        segmentsEnded: segmentsEnded)
    else {
      tracker.followed[activityID] = nil
      return
    }
    origins[activityID] = activity.attributes.origin
    startedFrom[activityID] = activity.attributes.terminal
    // Followed (repeated, withdrawn) only where a channel took it.
    guard post(alert, first: true, configuration: configuration) else {
      withdraw(activityID)
      tracker.followed[activityID] = nil
      return
    }
    shown[activityID] = Shown(
      alert: alert, event: event, notification: shown[activityID]?.notification, at: now)
    lastAlertAt = now
  }

  /// The next instant the desk must wake at: a repeat, the end of its hold, a child over its
  /// time, a call to the notification server given up on, its connection's next turn.
  package func nextWake(at now: Instant, configuration: Configuration) -> Instant? {
    let repeats = tracker.nextWake(live: live)
    let hold = isHolding ? lastAlertAt.map { $0 + Self.holdAfterLastAlert } : nil
    let unanswered = desktop?.nextTimeout.map { now + max(0, $0 - Spawner.monotonicMilliseconds()) }
    // What has come is read at once; what is still to be written, in a moment.
    let desktopTurn = desktop.map { $0.hasQueued ? now : $0.isWriting ? now + 10 : nil } ?? nil
    return [repeats, hold, children.nextDeadline(at: now), unanswered, desktopTurn].compactMap { $0 }.min()
  }

  /// Whether a notification of ours is still open: its buttons are ours to serve, and it is
  /// ours to withdraw.
  package var isHolding: Bool { shown.values.contains { $0.notification != nil } }

  /// An hour after the last alert, the notifications are no longer served: they are withdrawn.
  package func endHold(at now: Instant) {
    guard let last = lastAlertAt, now >= last + Self.holdAfterLastAlert else { return }
    withdrawAll()
  }

  /// The descriptor that is readable when the notification server has something to say.
  package var descriptors: [Int32] { desktop.map { [$0.fileDescriptor] } ?? [] }

  /// The buttons pressed since the last look, as intents for their activities; `answered`
  /// closes each once its intents are applied.
  package func pressed() -> [Press] {
    guard let desktop else { return [] }
    var presses: [Press] = []
    for signal in desktop.signals() {
      switch signal {
      case .ready:
        desktopReady = true
        // What a killed watcher left open is ours if the same server still holds it.
        if let adoptedFrom, adoptedFrom != desktop.owner { forgetNotifications() }
        adoptedFrom = nil
      case .shown(let tag, let id) where Self.ongoingActivity(tag) != nil:
        ongoingShown(Self.ongoingActivity(tag) ?? tag, id: id)
      case .refused(let tag, _) where Self.ongoingActivity(tag) != nil:
        ongoingRefused(Self.ongoingActivity(tag) ?? tag)
      case .shown(let activityID, let id):
        sending.remove(activityID)
        if shown[activityID] != nil {
          shown[activityID]?.notification = id
        } else {
          // Withdrawn while it was on its way.
          desktop.postClose(id)
        }
      case .refused(let activityID, _):
        sending.remove(activityID)
      case .unavailable, .serverGone:
        // Its notifications went with it; the next alert connects afresh.
        dropDesktop()
      case .actionInvoked(let id, let key):
        if let press = ongoingPress(id, key: key) {
          presses.append(press)
          continue
        }
        guard let (activityID, entry) = shown.first(where: { $0.value.notification == id }) else { continue }
        if key == DesktopNotifier.defaultAction, let origin = origins[activityID] {
          shown[activityID]?.notification = nil
          presses.append(Press(activityID: activityID, intents: [], notification: id, goTo: origin))
          continue
        }
        guard let action = entry.alert.actions.first(where: { $0.key == key }) else { continue }
        // One press a notification: a second (a double click) would skip two segments.
        shown[activityID]?.notification = nil
        presses.append(Press(activityID: activityID, intents: action.intents, notification: id))
      case .closed(let id, let reason):
        ongoingClosed(id, reason: reason)
        for (activityID, entry) in shown where entry.notification == id {
          shown[activityID]?.notification = nil
        }
      case .disconnected:
        dropDesktop()
      }
    }
    sendDesktop()
    return presses
  }

  private func forgetNotifications() {
    for activityID in Array(shown.keys) { shown[activityID]?.notification = nil }
  }

  private func dropDesktop() {
    desktop = nil
    desktopReady = false
    adoptedFrom = nil
    unsent = [:]
    sending = []
    ongoing = [:]
    // No ongoing notice is asked for again while these live: a bus with no server holds no loop.
    dismissed.formUnion(live.filter(OngoingNotice.shows).map(\.id))
    forgetNotifications()
  }

  /// Closes the notification whose button was pressed: xfce4-notifyd closes it on a click, but
  /// dunst leaves it open when the button is chosen from its menu.
  package func answered(_ press: Press) {
    if !press.keepsOpen { desktop?.postClose(press.notification) }
  }

  /// Withdraws every notification of its own, as the watcher goes: nobody would serve their
  /// buttons or withdraw them later. Its ongoing notices are closed first (`closeOngoing`).
  package func withdrawAll() {
    for activityID in Set(shown.keys).union(unsent.keys) { withdraw(activityID) }
    // Nothing is followed once nothing of it is shown: a new watcher has nothing to carry on.
    tracker.followed = [:]
    // A notification still on its way is closed once its id comes, within the server's time.
    let end = Spawner.monotonicMilliseconds() + Milliseconds(DesktopNotifier.timeout)
    while let desktop, !sending.isEmpty || ongoing.values.contains(where: { $0.sending && $0.closing }),
      case let left = end - Spawner.monotonicMilliseconds(), left > 0
    {
      var ready = pollfd(fd: desktop.fileDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, Int32(left))
      _ = pressed()
    }
    desktop?.flush()
  }

  private func withdraw(_ activityID: String) {
    // An id a killed watcher left is closed only once its server is known to be the same one.
    if let id = shown[activityID]?.notification, adoptedFrom == nil { desktop?.postClose(id) }
    if shown[activityID] != nil {
      TerminalAlerts.startClosing(
        activityID, startedFrom: startedFrom[activityID], storePath: storePath, children: children)
    }
    shown[activityID] = nil
    unsent[activityID] = nil
    origins[activityID] = nil
    startedFrom[activityID] = nil
  }

  /// Gives `alert` through every configured channel without waiting on any; whether one took
  /// it (a notification is on its way, a tmux server is tried, the sound plays).
  private func post(_ alert: Alert, first: Bool, configuration: Configuration) -> Bool {
    let channels = configuration.alerts.channels
    var taken = false
    if channels.contains(.desktop), openDesktop() {
      unsent[alert.activityID] = alert
      sendDesktop()
      taken = true
    }
    let bell = channels.contains(.bell)
    if channels.contains(.tmux) || bell || channels.contains(.popup) {
      let popup = first && channels.contains(.popup) ? popupRequest(for: alert) : nil
      taken =
        TmuxAlerts.start(
          alert, storePath: storePath, message: channels.contains(.tmux), bell: bell, popup: popup,
          environment: environment, children: children) || taken
    }
    if channels.contains(.sound),
      case .success(let playing) = Sound.play(command: configuration.alerts.sound, environment: environment)
    {
      children.add(playing.pid, limit: Sound.timeLimit(environment))
      taken = true
    }
    if channels.contains(.terminal) {
      let targets = TerminalAlerts.targets(
        for: alert.activityID, startedFrom: startedFrom[alert.activityID], storePath: storePath, bell: bell)
      taken =
        TerminalAlerts.start(
          { TerminalNotification.bytes(for: alert, on: $0.terminal, bell: $0.bell) }, to: targets,
          children: children) || taken
    }
    return taken
  }

  /// The notification server's connection, opened when there is none; false when there is no
  /// bus to open it on.
  func openDesktop() -> Bool {
    if desktop != nil { return true }
    guard case .success(let opened) = DesktopNotifier.open(environment: environment) else { return false }
    desktop = opened
    desktopReady = false
    return true
  }

  /// Sends the alerts waiting for the desktop, once its server has said what it can do, each
  /// after its activity's last is answered (whose id it replaces).
  private func sendDesktop() {
    guard let desktop, desktopReady else { return }
    // An ongoing notice on its way is waited for: the alert takes its place, and its id.
    for (activityID, alert) in unsent
    where !sending.contains(activityID) && ongoing[activityID]?.sending != true {
      let replacing = shown[activityID]?.notification ?? ongoing.removeValue(forKey: activityID)?.notification
      desktop.post(alert, replacing: replacing, tag: activityID, goesTo: origins[activityID] != nil)
      sending.insert(activityID)
      unsent[activityID] = nil
    }
  }

  /// The alerts followed, for the next watcher: those with a repeat to come or a
  /// notification open.
  package func followed(configuration: Configuration) -> [Followed] {
    Set(shown.keys).union(tracker.followed.keys).compactMap { activityID in
      let entry = tracker.followed[activityID]
      let notification = shown[activityID]?.notification
      guard let event = shown[activityID]?.event ?? entry?.event,
        notification != nil || tracker.hasRepeatLeft(activityID, live: live)
      else { return nil }
      return Followed(
        activityID: activityID, seq: event.seq ?? 0,
        repeats: entry?.event == event ? entry?.repeats ?? 0 : configuration.alerts.repeatCount,
        notification: notification, server: notification == nil ? nil : desktop?.owner ?? adoptedFrom,
        at: shown[activityID]?.at ?? event.at)
    }.sorted { $0.activityID < $1.activityID }
  }

  /// Takes on the alerts a watcher that was killed followed (`alerted`, with the events they
  /// were given for): their repeats go on, and their open notifications are served once this
  /// connection finds the server that numbered them.
  package func resume(
    _ alerted: [(Followed, Event)], at now: Instant, configuration: Configuration, find: (String) -> Activity?
  ) {
    tracker.policy = configuration.alerts
    for (followed, event) in alerted {
      guard let activity = find(followed.activityID),
        let alert = Alert(for: event, activity: activity, at: now, policy: configuration.alerts, ascii: ascii)
      else { continue }
      tracker.followed[followed.activityID] = AlertTracker.Followed(event: event, repeats: followed.repeats)
      origins[followed.activityID] = activity.attributes.origin
      startedFrom[followed.activityID] = activity.attributes.terminal
      shown[followed.activityID] = Shown(
        alert: alert, event: event, notification: followed.notification, at: followed.at)
      lastAlertAt = max(lastAlertAt ?? followed.at, followed.at)
      if let server = followed.server, followed.notification != nil {
        adoptedFrom = server
      }
    }
    if adoptedFrom != nil && !openDesktop() { forgetNotifications() }
  }

  /// Gives `alert` through every configured channel, waiting (each for a bounded time) to say
  /// what each did: `islet alert test`.
  package func deliver(_ alert: Alert, configuration: Configuration) -> [Outcome] {
    let channels = configuration.alerts.channels
    var outcomes: [Outcome] = []
    if channels.contains(.desktop) { outcomes.append(desktopOutcome(alert)) }
    if channels.contains(.tmux) || channels.contains(.bell) || channels.contains(.popup) {
      outcomes += tmuxOutcomes(alert, channels: channels)
    }
    if channels.contains(.sound) {
      outcomes.append(
        Outcome(
          channel: .sound,
          result: Sound.play(command: configuration.alerts.sound, environment: environment).map(\.description)
        ))
    }
    if channels.contains(.terminal) {
      let written = TerminalAlerts.test(
        alert, environment: environment, storePath: storePath, bell: channels.contains(.bell))
      outcomes.append(Outcome(channel: .terminal, result: written))
    }
    return outcomes
  }

  /// The notification sent and waited on: which server took it, with buttons or not.
  private func desktopOutcome(_ alert: Alert) -> Outcome {
    switch DesktopNotifier.connect(environment: environment) {
    case .success(let desktop):
      guard desktop.notify(alert, replacing: nil) != nil else {
        return Outcome(
          channel: .desktop,
          result: .failure(
            ChannelProblem(
              "\(desktop.server) did not take the notification"
                + (desktop.lastFailure.map { ": \($0.reason)" } ?? ""))))
      }
      let buttons = desktop.capabilities.contains("actions") ? ", with buttons" : ", which shows no buttons"
      return Outcome(channel: .desktop, result: .success("sent to \(desktop.server)\(buttons)"))
    case .failure(let failure):
      return Outcome(channel: .desktop, result: .failure(ChannelProblem(failure.reason)))
    }
  }

  /// The message, the popup and the bell delivered to each recorded tmux server, waited on.
  private func tmuxOutcomes(_ alert: Alert, channels: Set<AlertChannel>) -> [Outcome] {
    let bell = channels.contains(.bell)
    let popup = channels.contains(.popup) ? popupRequest(for: alert) : nil
    let deliveries = TmuxAlerts.deliver(
      alert, storePath: storePath, message: channels.contains(.tmux), bell: bell, popup: popup,
      environment: environment)
    let problem = deliveries.compactMap(\.problem).first.map { ChannelProblem($0) }
    func result(_ count: (TmuxAlerts.Delivery) -> Int, _ what: String) -> Result<String, ChannelProblem> {
      let reached = deliveries.reduce(0) { $0 + count($1) }
      if deliveries.isEmpty {
        return .failure(ChannelProblem("no tmux server recorded yet: run an islet command inside tmux"))
      }
      guard reached > 0 else {
        return .failure(problem ?? ChannelProblem("no client attached to the recorded tmux servers"))
      }
      return .success(
        "\(what) on \(reached) client\(reached == 1 ? "" : "s") of \(deliveries.count) tmux server\(deliveries.count == 1 ? "" : "s")"
      )
    }
    var outcomes: [Outcome] = []
    if channels.contains(.tmux) {
      outcomes.append(Outcome(channel: .tmux, result: result(\.clients, "the message")))
    }
    if channels.contains(.popup) {
      let shown: Result<String, ChannelProblem>
      if alert.activityID.isEmpty {
        // A sample has no timer to draw: the clients that would show one are what is checked.
        shown = result(\.clients, "a timer's popup can open").map { $0 + " (a test has no timer to show)" }
      } else if popup == nil {
        shown = .failure(
          ChannelProblem("the popup cannot be started: the timer is gone, or islet's path is not UTF-8"))
      } else {
        shown = result(\.popups.count, "the popup")
      }
      outcomes.append(Outcome(channel: .popup, result: shown))
    }
    if bell { outcomes.append(Outcome(channel: .bell, result: result(\.rung, "the bell"))) }
    return outcomes
  }

  /// The popup for the alert's activity, when it is still there to show.
  private func popupRequest(for alert: Alert) -> PopupRequest? {
    guard !alert.activityID.isEmpty, let store = try? SQLiteActivityStore.openForReading(path: storePath)
    else { return nil }
    defer { store.close() }
    guard let activity = try? store.activity(id: alert.activityID) else { return nil }
    return PopupRequest(storePath: storePath, activity: activity)
  }
}
