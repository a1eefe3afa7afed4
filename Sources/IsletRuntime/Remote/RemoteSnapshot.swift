import IsletCore
import IsletUI

/// What a remote host's `islet status --all --format json` says: its live activities at an
/// instant, read back into activities marked with the host (`RemoteHost`).
package struct RemoteSnapshot: Equatable, Sendable {
  /// Raised when what the JSON carries changes in a way an older reader would misread.
  package static let protocolVersion = 1

  /// The envelope's keys, written by `status --all` and read here.
  package enum Key {
    package static let islet = "islet"
    package static let protocolVersion = "protocol"
    package static let at = "at"
    package static let activities = "activities"
  }

  /// The host's Islet version, as it says it.
  package var version: String
  /// When the host printed it, by its clock.
  package var at: Instant
  package var activities: [Activity]

  /// Why a line is not one to show.
  package enum Problem: Error, Equatable {
    /// Not Islet's JSON at all: what was printed, cut short.
    case garbage(String)
    /// An Islet that speaks another protocol: its version and protocol.
    case protocolMismatch(version: String, protocol: Int)

    /// One line for `islet remote` and the island's stale mark.
    package func message(host: String) -> String {
      switch self {
      case .garbage(let text):
        return "\(host) printed something that is not Islet's status ('\(printable(text, limit: 40))')"
      case .protocolMismatch(let version, let remote):
        return
          "\(host) runs Islet \(printable(version, limit: 20)) (remote protocol \(remote)); this is Islet \(IsletVersion.text) (protocol \(RemoteSnapshot.protocolVersion)): update the older one"
      }
    }
  }

  /// The snapshot a line holds, its activities marked `@host`.
  package static func parse(_ line: [UInt8], host: String) -> Result<RemoteSnapshot, Problem> {
    let shown = String(decoding: line.prefix(60), as: UTF8.self)
    guard case .object(let top)? = JSONValue.parse(line), case .string(let version)? = top[Key.islet] else {
      return .failure(.garbage(shown))
    }
    guard case .number(let spoken)? = top[Key.protocolVersion], spoken == Double(protocolVersion) else {
      let spoken = top[Key.protocolVersion].flatMap(\.number).map { Int($0) } ?? 0
      return .failure(.protocolMismatch(version: version, protocol: spoken))
    }
    guard case .string(let atText)? = top[Key.at], let at = LocalTime.instant(iso: atText),
      case .array(let items)? = top[Key.activities]
    else { return .failure(.garbage(shown)) }
    var activities: [Activity] = []
    for item in items {
      // Another host's, which that host shows (an older Islet served them): followed from that
      // host itself, if at all, or a host following itself would pass them round without end.
      if case .object(let fields) = item, fields["id"]?.string?.contains("@") == true { continue }
      guard case .object(let fields) = item, let activity = RemoteActivity(fields).activity(host: host) else {
        return .failure(.garbage(shown))
      }
      activities.append(activity)
    }
    return .success(RemoteSnapshot(version: version, at: at, activities: activities))
  }

  /// The activities as shown here at `heardAt`, when the line arrived: moved by how far the
  /// host's clock is off ours when that is a second or more, and all stale when `stale`.
  package func shown(heardAt: Instant, stale: Bool) -> [Activity] {
    let skew = heardAt - at
    let shift = abs(skew) >= 1000 ? skew : 0
    return activities.map { activity in
      var moved = activity.shifted(by: shift)
      if stale { moved.state.staleDate = min(moved.state.staleDate ?? heardAt, heardAt) }
      return moved
    }
  }
}

/// The version `status --all` announces.
package enum IsletVersion {
  package static let text = "0.1.0"
}

extension JSONValue {
  fileprivate var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }
  fileprivate var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }
  fileprivate var array: [JSONValue]? {
    if case .array(let items) = self { return items }
    return nil
  }
}

/// One activity of the snapshot, read field by field.
private struct RemoteActivity {
  let fields: [String: JSONValue]

  init(_ fields: [String: JSONValue]) { self.fields = fields }

  func text(_ key: String) -> String? { fields[key]?.string }
  func instant(_ key: String) -> Instant? { text(key).flatMap { LocalTime.instant(iso: $0) } }
  func span(_ key: String) -> Milliseconds? {
    fields[key]?.number.map { Milliseconds(($0 * 1000).rounded()) }
  }

  func activity(host: String) -> Activity? {
    guard let id = text("id"), let name = text("name"), let icon = text("icon"),
      let mode = text("mode").flatMap(Mode.init(rawValue:)),
      let phase = text("phase").flatMap(Phase.init(rawValue:)),
      // A pending one's start is `startsAt` (an older host gave it as `startedAt` too).
      let startedAt = instant("startedAt") ?? instant("startsAt"), let createdAt = instant("createdAt")
    else { return nil }
    let (plan, progress) = planRun()
    let duration = span("duration")
    let attributes = ActivityAttributes(
      icon: icon, recordID: text("recordID"), owner: text("owner"), mode: mode,
      fullDuration: plan == nil ? duration : nil, plan: plan, expected: span("expected"), host: host,
      tags: (fields["tags"]?.array ?? []).compactMap(\.string))
    let buttons = (fields["buttons"]?.array ?? []).compactMap(\.string).map {
      ActivityButton(label: $0, command: "")
    }
    // A task's progress is what it posted, unless it has an estimate to be measured against.
    let posted = Posted(
      text: text("state"),
      percent: mode == .stopwatch && plan == nil && fields["expected"]?.number == nil
        ? fields["progress"]?.number.map { Int(($0 * 100).rounded()) } : nil,
      attention: text("attention"), buttons: buttons)
    let state = ContentState(
      name: RemoteHost.markedID(name, host: host), category: text("category"), startedAt: startedAt,
      pausedAt: instant("pausedAt"), duration: duration, phase: phase,
      staleDate: fields["stale"] == .bool(true) ? startedAt : nil,
      relevance: fields["relevance"]?.number ?? 0,
      touchedAt: startedAt, progress: progress, laps: laps, posted: posted, exit: exit)
    return Activity(
      id: RemoteHost.markedID(id, host: host), attributes: attributes, state: state, createdAt: createdAt,
      endedAt: instant("endedAt"))
  }

  /// The plan and where its run is, when the host sent its definition.
  private func planRun() -> (Plan?, PlanProgress?) {
    guard case .object(let plan)? = fields["plan"], let name = plan["name"]?.string,
      let definition = plan["definition"]?.string,
      case .success(let parsed) = Plan.parse(name: name, definition: definition),
      let part = plan["part"]?.string.flatMap(PlanProgress.Part.init(rawValue:)),
      let round = plan["round"]?.number, let worked = plan["worked"]?.number
    else { return (nil, nil) }
    return (parsed, PlanProgress(part: part, round: Int(round), worked: Int(worked)))
  }

  private var laps: LapMarks {
    let count = Int(fields["laps"]?.number ?? 0)
    let last = span("lastLap")
    return LapMarks(count: count, lastSplit: 0, last: last)
  }

  private var exit: CommandExit? {
    guard case .object(let exit)? = fields["exit"] else { return nil }
    if let status = exit["status"]?.number { return .status(Int32(status)) }
    return exit["signal"]?.number.map { .signal(Int32($0)) }
  }
}

extension Activity {
  /// The same activity with every instant it holds moved by `offset`.
  fileprivate func shifted(by offset: Milliseconds) -> Activity {
    guard offset != 0 else { return self }
    var moved = self
    moved.createdAt = createdAt + offset
    moved.endedAt = endedAt.map { $0 + offset }
    moved.state.startedAt = state.startedAt + offset
    moved.state.pausedAt = state.pausedAt.map { $0 + offset }
    moved.state.staleDate = state.staleDate.map { $0 + offset }
    moved.state.touchedAt = state.touchedAt + offset
    return moved
  }
}
