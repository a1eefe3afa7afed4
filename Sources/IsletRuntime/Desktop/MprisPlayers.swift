import IsletCore

/// Every live activity as a media player on the session bus (MPRIS), for the desktop's media
/// controls, its media keys and `playerctl`: a player appears when its activity becomes live
/// and goes when it stops being live; nothing is on the bus when nothing is live. Owned by the
/// deadline watcher's loop, which polls `descriptors`, calls `handleReadable()` when one is
/// readable and `update(live:now:on:)` after each look, and sends the intents `takeRequests()`
/// gives (source `media`). No bus: no player, nothing said.
///
/// ```swift
/// let players = MprisPlayers(environment: environment.variables) { environment.now }
/// players.update(live: settled.live, now: now, on: configuration.mpris)
/// // when one of players.descriptors is readable:
/// if players.handleReadable() { /* a turn: */ }
/// for request in players.takeRequests() {
///   _ = try? intents.send(request.intent, to: .id(request.activityID), source: .media)
/// }
/// ```
package final class MprisPlayers {
  /// An intent a player's control asks of its activity.
  package struct Request: Equatable, Sendable {
    package var activityID: String
    package var intent: Intent
  }

  private var players: [String: MprisPlayer] = [:]
  /// Live activities whose player the bus refused, did not answer for, or lost: not asked for
  /// again while they stay live, so that a bus that refuses holds no loop.
  private var givenUp: Set<String> = []
  private var requests: [Request] = []
  private let environment: [String: String]
  private let clock: () -> Instant

  package init(environment: [String: String], clock: @escaping () -> Instant) {
    self.environment = environment
    self.clock = clock
  }

  /// Whether players would be shown for `live`: something is live, `on` (the `mpris` key),
  /// and a session bus is named. What keeps a watcher for activities with no deadline.
  package static func wanted(live: [Activity], on: Bool, environment: [String: String]) -> Bool {
    guard on, !live.isEmpty, case .success = DesktopNotifier.busAddress(environment) else { return false }
    return true
  }

  /// Whether `update` would ask for a player for one of `live` that has none yet.
  package func wouldOpen(live: [Activity], on: Bool) -> Bool {
    Self.wanted(live: live, on: on, environment: environment)
      && live.contains { players[$0.id] == nil && !givenUp.contains($0.id) }
  }

  /// The players' sockets, for the loop's poll.
  package var descriptors: [Int32] { players.values.map(\.fileDescriptor).filter { $0 >= 0 } }

  /// Shows `live` as it is at `now`: a player for each (none when not `on`), what changed
  /// signalled, the players of activities no longer live closed.
  package func update(live: [Activity], now: Instant, on: Bool) {
    let shown = on ? live : []
    let ids = Set(shown.map(\.id))
    for id in Array(players.keys) where !ids.contains(id) { players.removeValue(forKey: id)?.close() }
    givenUp.formIntersection(Set(live.map(\.id)))
    for activity in shown where !givenUp.contains(activity.id) {
      if let player = players[activity.id] {
        player.show(activity, at: now)
      } else if let player = MprisPlayer(activity, at: now, environment: environment) {
        players[activity.id] = player
      } else {
        givenUp.insert(activity.id)
      }
    }
    _ = handleReadable()
  }

  /// Reads what came on every player's connection and answers it. True when the loop has
  /// something to do: intents to send, or a player gone.
  @discardableResult
  package func handleReadable() -> Bool {
    let now = clock()
    var lost = false
    for (id, player) in players {
      requests += player.handle(at: now).map { Request(activityID: id, intent: $0) }
      if player.stage == .gone {
        player.close()
        players[id] = nil
        givenUp.insert(id)
        lost = true
      }
    }
    return lost || !requests.isEmpty
  }

  /// The intents the players' controls asked for since the last call.
  package func takeRequests() -> [Request] {
    defer { requests = [] }
    return requests
  }

  /// When the loop must look again: soon while a message is still to be written, when a call
  /// is given up on, else in an hour while any player is on the bus (it is woken by what comes
  /// meanwhile); nil when none is.
  package func nextWake(at now: Instant) -> Instant? {
    guard !players.isEmpty else { return nil }
    if players.values.contains(where: \.isWriting) { return now + 50 }
    let monotonic = BusConnection.monotonicMilliseconds()
    let timeout = players.values.compactMap(\.nextTimeout).min().map { now + max(0, $0 - monotonic) }
    return min(timeout ?? now + 3_600_000, now + 3_600_000)
  }

  /// Takes every player off the bus: the watcher is going.
  package func closeAll() {
    for player in players.values { player.close() }
    players = [:]
  }
}
