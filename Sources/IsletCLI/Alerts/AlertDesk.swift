import IsletCore
import IsletStore
import IsletUI

/// The deadline watcher's alerts: an alert for each end time causes, whoever recorded it (one
/// an activity for several at once), given through every configured channel, repeated while
/// nobody acts on the activity, replaced in place when the activity goes on, withdrawn when it
/// is acted on, here or elsewhere; and the notification's buttons, turned into intents. No
/// notification of its own outlives the watcher.
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
  private var desktop: DesktopNotifier?

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
      let delivered = deliver(alert, replacing: previous, first: true, configuration: configuration)
      // Followed (repeated, withdrawn) only where it reached someone.
      guard delivered.outcomes.contains(where: \.succeeded) else {
        withdraw(event.activityID)
        continue
      }
      // Repeats count from the event, as the view counts them: those a late watcher missed are
      // not given in a burst.
      given[event.activityID] = Given(
        alert: alert, event: event, repeats: configuration.alerts.repeatsDue(since: event.at, at: now),
        notification: delivered.notification ?? previous)
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
      var next = entry
      next.repeats = due
      next.alert = alert
      next.notification =
        deliver(alert, replacing: entry.notification, first: false, configuration: configuration).notification
        ?? entry.notification
      given[activityID] = next
      lastAlertAt = now
    }
  }

  /// The next instant the desk must wake at: a repeat, or the end of its hold.
  func nextWake(configuration: Configuration) -> Instant? {
    let repeats = given.values.filter(\.alert.awaitsAcknowledgment).compactMap {
      configuration.alerts.nextRepeat(since: $0.event.at, given: $0.repeats)
    }
    let hold = isHolding ? lastAlertAt.map { $0 + Self.holdAfterLastAlert } : nil
    return (repeats + (hold.map { [$0] } ?? [])).min()
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
        self.desktop = nil
        for activityID in Array(given.keys) { given[activityID]?.notification = nil }
      }
    }
    return presses
  }

  /// Closes the notification whose button was pressed: xfce4-notifyd closes it on a click, but
  /// dunst leaves it open when the button is chosen from its menu.
  func answered(_ press: Press) { desktop?.close(press.notification) }

  /// Withdraws every notification of its own, as the watcher goes: nobody would serve their
  /// buttons or withdraw them later.
  func withdrawAll() {
    for activityID in Array(given.keys) { withdraw(activityID) }
  }

  private func withdraw(_ activityID: String) {
    if let id = given[activityID]?.notification { desktop?.close(id) }
    given[activityID] = nil
  }

  /// Gives `alert` through every configured channel; the notification's id, and what each did.
  func deliver(_ alert: Alert, replacing: UInt32?, first: Bool, configuration: Configuration)
    -> (notification: UInt32?, outcomes: [Outcome])
  {
    let channels = configuration.alerts.channels
    var outcomes: [Outcome] = []
    var notification: UInt32?
    if channels.contains(.desktop) {
      switch connectDesktop() {
      case .success(let desktop):
        notification = desktop.notify(alert, replacing: replacing)
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
      case .failure(let problem):
        outcomes.append(Outcome(channel: .desktop, result: .failure(problem)))
      }
    }
    let bell = channels.contains(.bell)
    if channels.contains(.tmux) || bell || channels.contains(.popup) {
      let popup = first && channels.contains(.popup) ? popupRequest(for: alert) : nil
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
        } else if popup == nil && first {
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
          channel: .sound, result: Sound.play(command: configuration.alerts.sound, environment: environment)))
    }
    return (notification, outcomes)
  }

  /// The popup for the alert's activity, when it is still there to show.
  private func popupRequest(for alert: Alert) -> PopupRequest? {
    guard !alert.activityID.isEmpty, let store = try? SQLiteActivityStore.openForReading(path: storePath)
    else { return nil }
    defer { store.close() }
    guard let activity = try? store.activity(id: alert.activityID) else { return nil }
    return PopupRequest(storePath: storePath, activity: activity)
  }

  /// The notification server's connection, made on first use and again after it is lost.
  private func connectDesktop() -> Result<DesktopNotifier, ChannelProblem> {
    if let desktop { return .success(desktop) }
    switch DesktopNotifier.connect(environment: environment) {
    case .success(let connected):
      desktop = connected
      return .success(connected)
    case .failure(let failure):
      return .failure(ChannelProblem(failure.reason))
    }
  }
}
