import IsletCore
import IsletRuntime
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
final class AlertDesk {
  /// An alert given and still followed.
  struct Given {
    var alert: Alert
    var event: Event
    var repeats: Int
    var notification: UInt32?
  }

  /// What one channel did with an alert, as `islet alert test` prints it.
  struct Outcome: Equatable {
    var channel: AlertChannel
    var result: Result<String, ChannelProblem>

    var succeeded: Bool {
      if case .success = result { return true }
      return false
    }
  }

  /// An alert followed, as the lock file keeps it for the next watcher (`WatcherLock.followed`):
  /// one that is killed leaves its repeats and its open notification to the next.
  struct Followed: Equatable {
    var activityID: String
    /// The event alerted for.
    var seq: Int64
    var repeats: Int
    var notification: UInt32?
    /// The notification server's unique name on the bus, which numbered it.
    var server: String?
    /// When it was last given.
    var at: Instant
  }

  /// A notification's button pressed: the intents it sends, and the notification to close once
  /// they are applied (a server may leave it open: dunst's menu does).
  struct Press {
    var activityID: String
    var intents: [Intent]
    var notification: UInt32
  }

  /// How long after its last alert the watcher stays for its open notifications.
  static let holdAfterLastAlert: Milliseconds = 3_600_000

  let storePath: String
  let environment: [String: String]
  private(set) var given: [String: Given] = [:]
  private(set) var lastAlertAt: Instant?
  /// Its children: the sound, the delivery to each tmux server.
  let children = BoundedChildren()
  /// The notification server's connection, once `ready` (it said what it can do).
  private var desktop: DesktopNotifier?
  private var desktopReady = false
  /// The alerts for the desktop not sent yet: its server has not said what it can do, or an
  /// activity's last is not answered yet (its id is what the next replaces).
  private var unsent: [String: Alert] = [:]
  private var sending: Set<String> = []
  /// Notifications a killed watcher left open, numbered by this server: kept once this
  /// connection finds the same server there.
  private var adoptedFrom: String?
  /// When each activity's alert was last given.
  private var givenAt: [String: Instant] = [:]

  /// Alerts in ASCII when the locale is not UTF-8.
  private let ascii: Bool

  init(storePath: String, environment: [String: String]) {
    self.storePath = storePath
    self.environment = environment
    ascii = !Glyphs.wantUnicode(ascii: false, environment: environment)
  }

  /// Takes the events recorded since the last look (by anyone): alerts for those that alert,
  /// and withdraws the alerts whose activity was acted on since. `find` gives an activity
  /// that is no longer live (a plan just completed).
  func take(
    _ events: [Event], live: [Activity], at now: Instant, configuration: Configuration,
    find: (String) -> Activity?
  ) {
    let alerting = AlertPolicy.latest(events)
    for (activityID, entry) in given {
      let activity = live.first { $0.id == activityID }
      // Any intent acknowledges it; one that waits also ends when its wait does (time went on).
      let over =
        AlertPolicy.acknowledges(events, entry.event)
        || entry.alert.awaitsAcknowledgment
          && !(activity.map { AlertPolicy.awaits($0, since: entry.event) } ?? false)
      if over && !alerting.contains(where: { $0.event.activityID == activityID }) { withdraw(activityID) }
    }
    for (event, segmentsEnded) in alerting {
      // Acted on in the same breath (a key in the view at the deadline): nothing to say.
      if AlertPolicy.acknowledges(events, event) { continue }
      // An alert older than the watcher's hold is history: a watcher started late says nothing.
      if now - event.at > Self.holdAfterLastAlert { continue }
      guard let activity = live.first(where: { $0.id == event.activityID }) ?? find(event.activityID),
        let alert = Alert(
          for: event, activity: activity, at: now, policy: configuration.alerts, ascii: ascii,
          segmentsEnded: segmentsEnded)
      else { continue }
      let previous = given[event.activityID]?.notification
      // Followed (repeated, withdrawn) only where a channel took it.
      guard give(alert, first: true, configuration: configuration) else {
        withdraw(event.activityID)
        continue
      }
      // Repeats count from the event, as the view counts them: those a late watcher missed are
      // not given in a burst.
      given[event.activityID] = Given(
        alert: alert, event: event, repeats: configuration.alerts.repeatsDue(since: event.at, at: now),
        notification: previous)
      givenAt[event.activityID] = now
      lastAlertAt = now
    }
  }

  /// Gives again the alerts nobody has acted on whose repeat is due.
  func repeatDue(live: [Activity], at now: Instant, configuration: Configuration) {
    let policy = configuration.alerts
    for (activityID, entry) in given where entry.alert.awaitsAcknowledgment {
      let due = policy.repeatsDue(since: entry.event.at, at: now)
      guard due > entry.repeats, let activity = live.first(where: { $0.id == activityID }),
        AlertPolicy.awaits(activity, since: entry.event),
        let alert = Alert(
          for: entry.event, activity: activity, at: now, policy: policy,
          ascii: ascii)
      else { continue }
      given[activityID]?.repeats = due
      given[activityID]?.alert = alert
      _ = give(alert, first: false, configuration: configuration)
      givenAt[activityID] = now
      lastAlertAt = now
    }
  }

  /// The next instant the desk must wake at: a repeat, the end of its hold, a child over its
  /// time, a call to the notification server given up on, its connection's next turn.
  func nextWake(at now: Instant, configuration: Configuration) -> Instant? {
    let repeats = given.values.filter(\.alert.awaitsAcknowledgment).compactMap {
      configuration.alerts.nextRepeat(since: $0.event.at, given: $0.repeats)
    }
    let hold = isHolding ? lastAlertAt.map { $0 + Self.holdAfterLastAlert } : nil
    let unanswered = desktop?.nextTimeout.map { now + max(0, $0 - Spawner.monotonicMilliseconds()) }
    // What has come is read at once; what is still to be written, in a moment.
    let desktopTurn = desktop.map { $0.hasQueued ? now : $0.isWriting ? now + 10 : nil } ?? nil
    return (repeats + [hold, children.nextDeadline(at: now), unanswered, desktopTurn].compactMap { $0 }).min()
  }

  /// Whether a notification of ours is still open: its buttons are ours to serve, and it is
  /// ours to withdraw.
  var isHolding: Bool { given.values.contains { $0.notification != nil } }

  /// An hour after the last alert, the notifications are no longer served: they are withdrawn.
  func endHold(at now: Instant) {
    guard let last = lastAlertAt, now >= last + Self.holdAfterLastAlert else { return }
    withdrawAll()
  }

  /// The descriptor that is readable when the notification server has something to say.
  var descriptors: [Int32] { desktop.map { [$0.fileDescriptor] } ?? [] }

  /// The buttons pressed since the last look, as intents for their activities; `answered`
  /// closes each once its intents are applied.
  func pressed() -> [Press] {
    guard let desktop else { return [] }
    var presses: [Press] = []
    for signal in desktop.signals() {
      switch signal {
      case .ready:
        desktopReady = true
        // What a killed watcher left open is ours if the same server still holds it.
        if let adoptedFrom, adoptedFrom != desktop.owner { forgetNotifications() }
        adoptedFrom = nil
      case .shown(let activityID, let id):
        sending.remove(activityID)
        if given[activityID] != nil {
          given[activityID]?.notification = id
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
        guard let (activityID, entry) = given.first(where: { $0.value.notification == id }),
          let action = entry.alert.actions.first(where: { $0.key == key })
        else { continue }
        // One press a notification: a second (a double click) would skip two segments.
        given[activityID]?.notification = nil
        presses.append(Press(activityID: activityID, intents: action.intents, notification: id))
      case .closed(let id, _):
        for (activityID, entry) in given where entry.notification == id {
          given[activityID]?.notification = nil
        }
      case .disconnected:
        dropDesktop()
      }
    }
    sendDesktop()
    return presses
  }

  private func forgetNotifications() {
    for activityID in Array(given.keys) { given[activityID]?.notification = nil }
  }

  private func dropDesktop() {
    desktop = nil
    desktopReady = false
    adoptedFrom = nil
    unsent = [:]
    sending = []
    forgetNotifications()
  }

  /// Closes the notification whose button was pressed: xfce4-notifyd closes it on a click, but
  /// dunst leaves it open when the button is chosen from its menu.
  func answered(_ press: Press) { desktop?.postClose(press.notification) }

  /// Withdraws every notification of its own, as the watcher goes: nobody would serve their
  /// buttons or withdraw them later.
  func withdrawAll() {
    for activityID in Array(given.keys) { withdraw(activityID) }
    // A notification still on its way is closed once its id comes, within the server's time.
    let end = Spawner.monotonicMilliseconds() + Milliseconds(DesktopNotifier.timeout)
    while let desktop, !sending.isEmpty, case let left = end - Spawner.monotonicMilliseconds(), left > 0 {
      var ready = pollfd(fd: desktop.fileDescriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&ready, 1, Int32(left))
      _ = pressed()
    }
    desktop?.flush()
  }

  private func withdraw(_ activityID: String) {
    // An id a killed watcher left is closed only once its server is known to be the same one.
    if let id = given[activityID]?.notification, adoptedFrom == nil { desktop?.postClose(id) }
    given[activityID] = nil
    givenAt[activityID] = nil
    unsent[activityID] = nil
  }

  /// Gives `alert` through every configured channel without waiting on any; whether one took
  /// it (a notification is on its way, a tmux server is tried, the sound plays).
  private func give(_ alert: Alert, first: Bool, configuration: Configuration) -> Bool {
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
    return taken
  }

  /// The notification server's connection, opened when there is none; false when there is no
  /// bus to open it on.
  private func openDesktop() -> Bool {
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
    for (activityID, alert) in unsent where !sending.contains(activityID) {
      desktop.post(alert, replacing: given[activityID]?.notification, tag: activityID)
      sending.insert(activityID)
      unsent[activityID] = nil
    }
  }

  /// The alerts followed, for the next watcher: those with a repeat to come or a
  /// notification open.
  func followed(configuration: Configuration) -> [Followed] {
    given.filter { _, entry in
      entry.notification != nil
        || entry.alert.awaitsAcknowledgment
          && configuration.alerts.nextRepeat(since: entry.event.at, given: entry.repeats) != nil
    }.map { activityID, entry in
      Followed(
        activityID: activityID, seq: entry.event.seq ?? 0, repeats: entry.repeats,
        notification: entry.notification,
        server: entry.notification == nil ? nil : desktop?.owner ?? adoptedFrom,
        at: givenAt[activityID] ?? entry.event.at)
    }.sorted { $0.activityID < $1.activityID }
  }

  /// Takes on the alerts a watcher that was killed followed (`alerted`, with the events they
  /// were given for): their repeats go on, and their open notifications are served once this
  /// connection finds the server that numbered them.
  func resume(
    _ alerted: [(Followed, Event)], at now: Instant, configuration: Configuration, find: (String) -> Activity?
  ) {
    for (followed, event) in alerted {
      guard let activity = find(followed.activityID),
        let alert = Alert(for: event, activity: activity, at: now, policy: configuration.alerts, ascii: ascii)
      else { continue }
      given[followed.activityID] = Given(
        alert: alert, event: event, repeats: followed.repeats, notification: followed.notification)
      givenAt[followed.activityID] = followed.at
      lastAlertAt = max(lastAlertAt ?? followed.at, followed.at)
      if let server = followed.server, followed.notification != nil {
        adoptedFrom = server
      }
    }
    if adoptedFrom != nil && !openDesktop() { forgetNotifications() }
  }

  /// Gives `alert` through every configured channel, waiting (each for a bounded time) to say
  /// what each did: `islet alert test`.
  func deliver(_ alert: Alert, configuration: Configuration) -> [Outcome] {
    let channels = configuration.alerts.channels
    var outcomes: [Outcome] = []
    if channels.contains(.desktop) {
      switch DesktopNotifier.connect(environment: environment) {
      case .success(let desktop):
        let notification = desktop.notify(alert, replacing: nil)
        outcomes.append(
          Outcome(
            channel: .desktop,
            result: notification != nil
              ? .success(
                "sent to \(desktop.server)\(desktop.capabilities.contains("actions") ? ", with buttons" : ", which shows no buttons")"
              )
              : .failure(
                ChannelProblem(
                  "\(desktop.server) did not take the notification"
                    + (desktop.lastFailure.map { ": \($0.reason)" } ?? "")))))
      case .failure(let failure):
        outcomes.append(Outcome(channel: .desktop, result: .failure(ChannelProblem(failure.reason))))
      }
    }
    let bell = channels.contains(.bell)
    if channels.contains(.tmux) || bell || channels.contains(.popup) {
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
    }
    if channels.contains(.sound) {
      outcomes.append(
        Outcome(
          channel: .sound,
          result: Sound.play(command: configuration.alerts.sound, environment: environment).map(\.description)
        ))
    }
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
