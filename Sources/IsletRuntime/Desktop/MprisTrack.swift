import IsletCore

/// What an activity's media player (MPRIS) shows at an instant: its status, its metadata and
/// where its position stands. Pure: the player signals the difference between two of them, so
/// that a timer that only ticks signals nothing (a reader computes the position from the rate).
///
/// ```swift
/// let track = MprisTrack(tea, at: now)  // Playing, "Tea", length 300000000 µs
/// let (changed, seeked) = MprisTrack(pausedTea, at: later).changes(from: track)
/// // changed: ["PlaybackStatus": .string("Paused"), "Metadata": …]; seeked: true
/// ```
package struct MprisTrack: Equatable, Sendable {
  package enum Status: String, Sendable {
    case playing = "Playing"
    case paused = "Paused"
    case stopped = "Stopped"
  }

  /// How the position goes: on from an instant, at the rate of 1 (playing), or standing still.
  package enum Line: Equatable, Sendable {
    case moving(since: Instant)
    /// In microseconds.
    case still(Int64)
  }

  package var status: Status
  package var title: String
  /// The plan's segment and round (`Focus 2/4`), else the posted state text, else the phase word.
  package var artist: String
  /// The countdown's length in microseconds; nil for a stopwatch.
  package var length: Int64?
  /// One object path an activity.
  package var trackID: String
  /// Only a plan has a next: its next segment.
  package var canGoNext: Bool
  package var line: Line

  package init(_ activity: Activity, at now: Instant) {
    let length = activity.isCountdown ? activity.state.duration.map { Int64($0) * 1000 } : nil
    switch activity.state.phase {
    case .active:
      status = .playing
      line = .moving(since: activity.state.startedAt)
    case .idle, .paused, .pending:
      status = .paused
      line = .still(Int64(activity.elapsed(at: now)) * 1000)
    default:
      // Over: a finished countdown stands at its end, not in its overtime.
      status = .stopped
      line = .still(length ?? Int64(activity.elapsed(at: now)) * 1000)
    }
    title = activity.name
    if let position = activity.planPosition {
      artist = position.text()
    } else if let text = activity.state.posted.text, !text.isEmpty {
      artist = text
    } else {
      artist = activity.state.phase.word
    }
    self.length = length
    trackID = Self.trackID(of: activity.id)
    canGoNext = activity.isPlan
  }

  /// An object path for the activity `id`.
  package static func trackID(of id: String) -> String { "/org/islet/activity/" + element(id) }

  /// `a` and the id's ASCII letters and digits, anything else `_`: a name element that both an
  /// object path and a bus name take, whatever the id holds.
  package static func element(_ id: String) -> String {
    "a"
      + String(
        id.unicodeScalars.map { scalar in
          scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            ? Character(scalar) : "_"
        })
  }

  /// Microseconds run at `now`; never past a countdown's end.
  package func position(at now: Instant) -> Int64 {
    switch line {
    case .still(let position): return position
    case .moving(let since):
      let run = max(0, Int64(now - since)) * 1000
      return length.map { min($0, run) } ?? run
    }
  }

  package var metadata: [String: BusValue] {
    var entries: [String: BusValue] = [
      "mpris:trackid": .objectPath(trackID), "xesam:title": .string(title),
      "xesam:artist": .strings([artist]),
    ]
    if let length { entries["mpris:length"] = .int64(length) }
    return entries
  }

  /// `org.mpris.MediaPlayer2`'s properties, the same for every player.
  package static let rootProperties: [String: BusValue] = [
    "Identity": .string("Islet"), "DesktopEntry": .string("islet"), "CanQuit": .bool(false),
    "CanRaise": .bool(false), "HasTrackList": .bool(false), "SupportedUriSchemes": .strings([]),
    "SupportedMimeTypes": .strings([]),
  ]

  /// `org.mpris.MediaPlayer2.Player`'s properties at `now`.
  package func playerProperties(at now: Instant) -> [String: BusValue] {
    [
      "PlaybackStatus": .string(status.rawValue), "Metadata": .dictionary(metadata),
      "Position": .int64(position(at: now)), "Rate": .double(1), "MinimumRate": .double(1),
      "MaximumRate": .double(1), "CanGoNext": .bool(canGoNext), "CanGoPrevious": .bool(false),
      "CanPlay": .bool(true), "CanPause": .bool(true), "CanSeek": .bool(false), "CanControl": .bool(true),
    ]
  }

  /// The player's properties that differ from `old`'s (for `PropertiesChanged`), and whether
  /// the position jumped (for `Seeked`): paused, resumed, reset, adjusted, a new segment.
  package func changes(from old: MprisTrack) -> (properties: [String: BusValue], seeked: Bool) {
    var changed: [String: BusValue] = [:]
    if status != old.status { changed["PlaybackStatus"] = .string(status.rawValue) }
    if metadata != old.metadata { changed["Metadata"] = .dictionary(metadata) }
    if canGoNext != old.canGoNext { changed["CanGoNext"] = .bool(canGoNext) }
    return (changed, line != old.line || length != old.length)
  }
}
