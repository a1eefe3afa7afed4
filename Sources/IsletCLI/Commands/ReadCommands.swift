import IsletCore
import IsletStore
import IsletUI

// MARK: - status, list, log, and islet with no command: readers, which open the store read-only

extension Context {
  /// The live activities, ranked, read without writing; empty when there is no store yet.
  /// They are shown as time has left them (see `TimerEngine.settled`), with the events time
  /// has caused that no writer has recorded yet.
  func readLive(policy: TimePolicy) throws -> (
    store: SQLiteActivityStore?, live: [Activity], pending: [Event]
  ) {
    guard let store = try SQLiteActivityStore.openForReading(path: storePath) else { return (nil, [], []) }
    let stored = try store.liveActivities()
    DeadlineWatcherLauncher.ensure(storePath: store.path, live: stored, environment: environment)
    let (settled, pending) = TimerEngine.settled(stored, at: now, policy: policy)
    return (store, ActivityMatcher.ranked(settled, at: now, policy: policy), pending)
  }

  func status() throws -> ExitStatus {
    let format = arguments.value("format") ?? "plain"
    guard ["plain", "ansi", "tmux", "json"].contains(format) else {
      throw UsageError(
        message: "--format '\(printable(format))' is not a format; use plain, ansi, tmux or json",
        command: "status")
    }
    var presentation = arguments.value("presentation")
    if let name = presentation, !Presentation.names.contains(name) {
      throw UsageError(
        message:
          "--presentation '\(printable(name))' is not a presentation; use \(Presentation.names.joined(separator: ", "))",
        command: "status")
    }
    var width: Int?
    if let text = arguments.value("width") {
      guard let value = Int(text), (1...1000).contains(value) else {
        throw UsageError(
          message: "--width '\(printable(text))' is not a width; use a number of cells from 1 to 1000",
          command: "status")
      }
      width = value
    }
    if let template = arguments.value("template"),
      let problem = UserText.problem(with: template, bounds: .template)
    {
      throw UsageError(
        message: "--template '\(printable(template, limit: 40))' \(problem.message)", command: "status")
    }
    if let template = arguments.value("template"), let field = ActivityText.unknownField(in: template) {
      throw UsageError(
        message:
          "--template has an unknown field \(printable(field)); use \(ActivityText.fieldNames.map { "{\($0)}" }.joined(separator: ", "))",
        command: "status")
    }
    if presentation != nil && arguments.value("template") != nil {
      throw UsageError(message: "give --presentation or --template, not both", command: "status")
    }
    if presentation == nil && (format == "ansi" || format == "tmux") && arguments.value("template") == nil {
      presentation = "compact"
    }
    let policy = try configuration.policy
    let theme = try theme
    let (store, live, _) = try readLive(policy: policy)
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
    var lines: [String]?
    var canvas: Canvas?
    if let presentation {
      let look = Look(activity: activity, now: now, policy: policy, theme: theme, ascii: !unicode)
      // The island shows the next activity beside the current one, unless one was named.
      let next =
        arguments.operands.isEmpty && live.count > 1
        ? Look(activity: live[1], now: now, policy: policy, theme: theme, ascii: !unicode) : nil
      let drawn = Presentation(rawValue: presentation)!.draw(look, next: next, width: width)
      canvas = drawn
      lines = PlainText.lines(drawn)
    }
    switch format {
    case "json":
      var json = shown.json
      if case .object(var members) = json {
        members.append(("presentation", .string(presentation ?? "line")))
        members.append(("lines", .array((lines ?? [shown.line]).map { .string($0) })))
        json = .object(members)
      }
      console.out(json.text + "\n")
    case "ansi":
      let depth = arguments.has("no-color") ? .none : ColorDepth.of(environment: environment)
      console.out(ANSIText.render(canvas!, theme: theme, depth: depth) + "\n")
    case "tmux":
      let depth: ColorDepth =
        arguments.has("no-color") || environment["NO_COLOR"].map({ !$0.isEmpty }) == true ? .none : .trueColor
      if let template = arguments.value("template") {
        console.out(TmuxText.escaped(shown.filled(template)) + "\n")
      } else {
        console.out(TmuxText.render(canvas!, theme: theme, depth: depth) + "\n")
      }
    default:
      if let lines {
        console.out(lines.joined(separator: "\n") + "\n")
      } else if let template = arguments.value("template") {
        console.out(shown.filled(template) + "\n")
      } else {
        console.out(shown.line + "\n")
      }
    }
    return .ok
  }

  func list() throws -> ExitStatus {
    let policy = try configuration.policy
    let (store, live, _) = try readLive(policy: policy)
    defer { store?.close() }
    var shown = live
    if arguments.has("all"), let store {
      let liveIDs = Set(live.map(\.id))
      let all = TimerEngine.settled(try store.allActivities(), at: now, policy: policy).activities
      shown += all.filter { !liveIDs.contains($0.id) }.reversed()
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
