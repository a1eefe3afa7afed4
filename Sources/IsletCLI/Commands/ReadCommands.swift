import IsletCore
import IsletStore

// MARK: - status, list, log, and islet with no command: readers, which open the store read-only

extension Context {
  /// The live activities, ranked, read without writing; empty when there is no store yet.
  func readLive(policy: TimePolicy) throws -> (store: SQLiteActivityStore?, live: [Activity]) {
    guard let store = try SQLiteActivityStore.openForReading(path: storePath) else { return (nil, []) }
    return (store, ActivityMatcher.ranked(try store.liveActivities(), at: now, policy: policy))
  }

  func status() throws -> ExitStatus {
    let format = arguments.value("format") ?? "plain"
    guard format == "plain" || format == "json" else {
      throw UsageError(
        message: "--format '\(printable(format))' is not a format; use plain or json", command: "status")
    }
    let policy = try configuration.policy
    let (store, live) = try readLive(policy: policy)
    defer { store?.close() }
    let activity: Activity
    switch ActivityMatcher.match(arguments.operands.first, among: live, at: now, policy: policy) {
    case .success(let found): activity = found
    case .failure(.nothingLive):
      if format == "json" { console.out("null\n") }
      return .refused
    case .failure(let failure): throw matchFailure(failure, command: "status")
    }
    let shown = text(activity, policy: policy)
    if format == "json" {
      console.out(shown.json.text + "\n")
    } else if let template = arguments.value("template") {
      console.out(shown.filled(template) + "\n")
    } else {
      console.out(shown.line + "\n")
    }
    return .ok
  }

  func list() throws -> ExitStatus {
    let policy = try configuration.policy
    let (store, live) = try readLive(policy: policy)
    defer { store?.close() }
    var shown = live
    if arguments.has("all"), let store {
      let liveIDs = Set(live.map(\.id))
      shown += try store.allActivities().filter { !liveIDs.contains($0.id) }.reversed()
    }
    if arguments.has("json") {
      console.out(JSON.array(shown.map { text($0, policy: policy).json }).text + "\n")
      return .ok
    }
    if shown.isEmpty {
      console.out("No live activities. Start one with: islet start 25m --name Focus\n")
      return .ok
    }
    var rows = [["", "ID", "NAME", "PHASE", "TIME", "KIND"]]
    for activity in shown {
      let t = text(activity, policy: policy)
      let kind =
        activity.state.duration.map { "countdown \(DurationText.clock(seconds: $0 / 1000))" } ?? "stopwatch"
      let reference = activity.attributes.recordID.map { " · ID \(printable($0))" } ?? ""
      rows.append([
        activity.id == live.first?.id ? "*" : " ", activity.id, t.name,
        t.phase.rawValue + (activity.isStale(at: now) ? " (stale)" : ""), t.time, kind + reference,
      ])
    }
    console.out(table(rows))
    return .ok
  }

  /// What `islet` alone prints until the interactive view lands: the current activity and a hint.
  func overview() throws -> ExitStatus {
    let policy = try configuration.policy
    let (store, live) = try readLive(policy: policy)
    defer { store?.close() }
    guard let current = live.first else {
      console.out("No timer is running. Start one with: islet start 25m --name Focus\nMore: islet --help\n")
      return .ok
    }
    console.out(text(current, policy: policy).line + "\n")
    if live.count > 1 { console.out("and \(live.count - 1) more: islet list\n") }
    console.out("Act on it with: islet pause | resume | complete | end. More: islet --help\n")
    return .ok
  }

  /// Columns padded to their widest cell, the last one left ragged.
  func table(_ rows: [[String]]) -> String {
    guard let columns = rows.first?.count else { return "" }
    let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { column, cell in
        column == columns - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
      }.joined(separator: "  ").trailingSpacesTrimmed
    }.joined(separator: "\n") + "\n"
  }
}

extension String {
  var trailingSpacesTrimmed: String { String(reversed().drop { $0 == " " }.reversed()) }
}
