import IsletCore
import IsletUI

/// The ongoing notices (`desktop-progress`): a quiet notification with its progress bar for each
/// running countdown or task, replaced in place as `OngoingNotice` says (a whole percent, a
/// minute), closed when the activity stops being one, or taken over in place by the alert for
/// its end (`sendDesktop` hands the alert its id). Sent on the desk's own connection, never
/// waiting; no bus, nothing shown.
extension AlertDesk {
  /// An activity's ongoing notice as sent: its notification once numbered.
  struct OngoingShown {
    var notice: OngoingNotice
    var notification: UInt32?
    /// When it was last sent: the next is `OngoingNotice.minimumSpacing` later at the soonest.
    var at: Instant
    /// Sent, and not answered yet.
    var sending = true
    /// To close as soon as its id comes: the watcher is going.
    var closing = false
    /// A button of it was pressed: a server that closes it on a click has not dismissed it.
    var pressed = false
  }

  /// Whether a watcher is wanted for ongoing notices: `on` (`desktop-progress`), a session bus
  /// named, and a countdown or task of `live` that shows one.
  package static func wantsOngoing(live: [Activity], on: Bool, environment: [String: String]) -> Bool {
    guard on, live.contains(where: OngoingNotice.shows),
      case .success = DesktopNotifier.busAddress(environment)
    else { return false }
    return true
  }

  /// Shows `live` as it is at `now`: a notice sent for each countdown or task that has one and
  /// none yet, or whose notice differs from the one shown (no sooner than the spacing after the
  /// last); the notices of those that no longer have one closed, unless an alert is on its way
  /// to take their place. An activity whose alert is on screen shows that alone.
  package func showOngoing(live: [Activity], at now: Instant, on: Bool) {
    let showing = on ? live.filter(OngoingNotice.shows) : []
    let ids = Set(showing.map(\.id))
    dismissed.formIntersection(Set(live.map(\.id)))
    for (activityID, entry) in ongoing where !ids.contains(activityID) && unsent[activityID] == nil {
      // One on its way is closed, or handed to an alert, once its id has come.
      guard !entry.sending else { continue }
      if let id = entry.notification { desktop?.postClose(id) }
      ongoing[activityID] = nil
    }
    let wanted = showing.filter { activity in
      !dismissed.contains(activity.id) && unsent[activity.id] == nil && !sending.contains(activity.id)
        && shown[activity.id]?.notification == nil
    }
    guard !wanted.isEmpty, openDesktop(), let desktop, desktopReady else { return }
    for activity in wanted {
      guard let notice = OngoingNotice(activity, at: now, ascii: ascii) else { continue }
      let last = ongoing[activity.id]
      if let last, last.sending || last.notice == notice || now < last.at + OngoingNotice.minimumSpacing {
        continue
      }
      desktop.post(
        notice.alert, replacing: last?.notification, tag: Self.ongoingTag(activity.id), value: notice.value)
      ongoing[activity.id] = OngoingShown(notice: notice, notification: last?.notification, at: now)
    }
  }

  /// When the notices must be looked at again: the soonest one due, or an hour from `now` while
  /// any countdown or task of the last look has one (a pause, a press or a new one wakes the
  /// watcher sooner); nil when none has.
  package func nextOngoingWake(at now: Instant, on: Bool) -> Instant? {
    guard on, !ongoing.isEmpty || Self.wantsOngoing(live: live, on: on, environment: environment) else {
      return nil
    }
    let due = ongoing.compactMap { activityID, entry -> Instant? in
      guard !entry.sending, let activity = live.first(where: { $0.id == activityID }) else { return nil }
      // Changed (by an intent) within the spacing: at its end.
      if OngoingNotice(activity, at: now, ascii: ascii) != entry.notice {
        return entry.at + OngoingNotice.minimumSpacing
      }
      return OngoingNotice.due(activity, shownAt: entry.at, after: now)
    }
    return (due + [now + 3_600_000]).min()
  }

  /// Closes every ongoing notice, as the watcher goes; one on its way, when its id comes
  /// (`withdrawAll` waits for it).
  package func closeOngoing() {
    for (activityID, entry) in ongoing {
      if entry.sending {
        ongoing[activityID]?.closing = true
      } else {
        if let id = entry.notification { desktop?.postClose(id) }
        ongoing[activityID] = nil
      }
    }
  }

  // MARK: - What the server said of them

  /// The tag an ongoing notice is sent with, apart from its activity's alerts'.
  static func ongoingTag(_ activityID: String) -> String { "ongoing:" + activityID }

  /// The activity an ongoing notice's tag names; nil for an alert's.
  static func ongoingActivity(_ tag: String) -> String? {
    tag.hasPrefix("ongoing:") ? String(tag.dropFirst("ongoing:".count)) : nil
  }

  func ongoingShown(_ activityID: String, id: UInt32) {
    guard let entry = ongoing[activityID], !entry.closing else {
      desktop?.postClose(id)
      ongoing[activityID] = nil
      return
    }
    ongoing[activityID]?.notification = id
    ongoing[activityID]?.sending = false
  }

  /// A server that did not take it is not asked again while the activity lives.
  func ongoingRefused(_ activityID: String) {
    if ongoing[activityID]?.closing == true {
      ongoing[activityID] = nil
      return
    }
    ongoing[activityID]?.sending = false
    dismissed.insert(activityID)
  }

  /// Dismissed by the user (reason 2), not by a press: not shown again while the activity lives.
  /// Closed otherwise: sent afresh when next due.
  func ongoingClosed(_ id: UInt32, reason: UInt32) {
    guard let (activityID, entry) = ongoing.first(where: { $0.value.notification == id }) else { return }
    if reason == 2 && !entry.pressed { dismissed.insert(activityID) }
    ongoing[activityID]?.notification = nil
    if !entry.sending { ongoing[activityID] = nil }
  }

  /// A button of an ongoing notice: its intents, the notice kept to be replaced by what they
  /// leave; nil when `id` is no ongoing notice's.
  func ongoingPress(_ id: UInt32, key: String) -> Press? {
    guard let (activityID, entry) = ongoing.first(where: { $0.value.notification == id }),
      let action = entry.notice.alert.actions.first(where: { $0.key == key })
    else { return nil }
    ongoing[activityID]?.pressed = true
    return Press(activityID: activityID, intents: action.intents, notification: id, keepsOpen: true)
  }
}
