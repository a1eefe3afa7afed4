import IsletCore
import IsletRuntime
import IsletUI

/// One activity as the plain and JSON outputs show it.
struct ActivityText {
  var activity: Activity
  var now: Instant
  var policy: TimePolicy
  var glyphs: Glyphs
  /// Today's work segments against the configured goal; nil when there is no goal.
  var goal: GoalTally? = nil

  var phase: Phase { activity.phase(at: now, policy: policy) }
  var name: String { printableName(activity.name) }
  var time: String { activity.displayTime(at: now) }

  var progress: String {
    // Past its estimate a task is not done: no percentage, as the presentations say "over".
    activity.taskProgress(at: now)?.isOverEstimate == true
      ? "" : activity.shownProgress(at: now).map { "\(Int(($0 * 100).rounded(.down)))%" } ?? ""
  }

  /// What a run that is over ran: a single timer's running time, a plan's from its start to its
  /// end (its `elapsed` is the last segment's).
  var ran: Milliseconds {
    guard activity.isPlan else { return activity.elapsed(at: now) }
    return (activity.endedAt ?? now) - activity.runStart
  }

  /// A plan's place; nil for a single timer.
  var position: PlanPosition? { activity.planPosition }

  /// `Focus 2/4`: a plan's segment and its round, in place of the name; nil for a single timer.
  var segmentText: String? { position.map { $0.text() } }

  var round: Int? { position.flatMap { $0.kind == .work || $0.kind == .break ? $0.round : nil } }

  /// `⏱ Workout 12:34 ⏸`; a plan shows its segment and round instead of its name:
  /// `🍅 Focus 2/4 12:04 ●`; a program's what it posted, as every one-row surface says it
  /// (`Look.rowDetail`): `⏱ Deploy api · Migrating 72% 3:12 ●`, `⌨ make failed · exit 2 0:12 ✕`.
  var line: String {
    let look = Look(activity: activity, now: now, policy: policy, theme: glyphs.theme, ascii: !glyphs.unicode)
    let detail = look.rowDetail.map { $0.joint + $0.text } ?? ""
    // A start still ahead says when, in place of a time that has not begun.
    if let starts = look.startsText {
      return [glyphs.icon(activity.icon), (segmentText ?? name) + detail, starts].joined(separator: " ")
    }
    var parts = [glyphs.icon(activity.icon), (segmentText ?? name) + detail, time, glyphs.mark(for: phase)]
    if activity.isStale(at: now) { parts.append("(stale)") }
    return parts.joined(separator: " ")
  }

  /// The template with each `{field}` filled (`TemplateField`); other braces are left as typed.
  func filled(_ template: String) -> String {
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      result += rest[..<open]
      let afterOpen = rest.index(after: open)
      if let close = rest[afterOpen...].firstIndex(of: "}"),
        let field = TemplateField(rawValue: String(rest[afterOpen..<close]))
      {
        result += value(of: field)
        rest = rest[rest.index(after: close)...]
      } else {
        result += "{"
        rest = rest[afterOpen...]
      }
    }
    return result + rest
  }

  /// The JSON of `status --format json` and `list --json`: times ISO 8601 (UTC), spans in
  /// seconds, every key always present (null when absent). `icon` is the one shown (a plan's
  /// segment's).
  var json: JSON {
    let a = activity
    return .object([
      ("id", .string(a.id)),
      ("name", .string(a.name)),
      ("icon", .string(a.icon)),
      ("mode", .string(a.attributes.mode.rawValue)),
      ("phase", .string(phase.rawValue)),
      ("time", .string(time)),
      ("elapsed", .number(Double(a.elapsed(at: now)) / 1000)),
      ("remaining", .number(a.remaining(at: now).map { Double($0) / 1000 })),
      ("duration", .number(a.state.duration.map { Double($0) / 1000 })),
      ("progress", .number(a.shownProgress(at: now))),
      ("stale", .bool(a.isStale(at: now))),
      ("category", .string(a.state.category)),
      ("tags", .array(a.attributes.tags.map { .string($0) })),
      ("recordID", .string(a.attributes.recordID)),
      ("owner", .string(a.attributes.owner)),
      ("relevance", .number(a.state.relevance)),
      ("createdAt", .string(LocalTime.iso(a.createdAt))),
      // Null until a pending one starts (`startsAt` says when).
      ("startedAt", .string(a.startsAt == nil ? LocalTime.iso(a.state.startedAt) : nil)),
      ("startsAt", .string(a.startsAt.map(LocalTime.iso))),
      ("pausedAt", .string(a.state.pausedAt.map(LocalTime.iso))),
      ("deadline", .string(a.deadline.map(LocalTime.iso))),
      ("endedAt", .string(a.endedAt.map(LocalTime.iso))),
      ("plan", planJSON),
      ("laps", .number(Double(a.state.laps.count))),
      ("lastLap", .number(a.state.laps.last.map { Double($0) / 1000 })),
      ("state", .string(a.state.posted.text)),
      ("attention", .string(a.state.posted.attention)),
      ("buttons", .array(a.state.posted.buttons.map { .string($0.label) })),
      ("expected", .number(a.attributes.expected.map { Double($0) / 1000 })),
      ("exit", Self.exitJSON(a.state.exit)),
      ("tmuxPane", .string(a.attributes.origin?.tmuxPane)),
      ("away", awayJSON),
    ])
  }

  /// The user away from the machine, as the activity keeps it: `{"since": …, "back": …,
  /// "paused": true}`, `back` set while the question about the time away waits; null unless away.
  private var awayJSON: JSON {
    guard let away = activity.state.away else { return .null }
    return .object([
      ("since", .string(LocalTime.iso(away.since))), ("back", .string(away.back.map(LocalTime.iso))),
      ("paused", .bool(away.paused)),
    ])
  }

  /// The plan's place (`JSON.plan`) with what another Islet needs to follow the run as this
  /// one does (`islet remote`): the plan's definition, its part and the work segments done.
  private var planJSON: JSON {
    guard case .object(var members) = JSON.plan(position), let plan = activity.attributes.plan,
      let progress = activity.state.progress
    else { return .plan(position) }
    members.append(("definition", .string(plan.definition)))
    members.append(("part", .string(progress.part.rawValue)))
    members.append(("worked", .number(Double(progress.worked))))
    return .object(members)
  }

  /// How a failed command ended: `{"status": 2, "signal": null}`; null unless failed.
  static func exitJSON(_ exit: CommandExit?) -> JSON {
    guard let exit else { return .null }
    switch exit {
    case .status(let status): return .object([("status", .number(Double(status))), ("signal", .null)])
    case .signal(let signal): return .object([("status", .null), ("signal", .number(Double(signal)))])
    }
  }
}

extension ActivityText {
  /// The field's text for this activity at `now`.
  func value(of field: TemplateField) -> String {
    let live = activity.state.phase.isLive
    switch field {
    case .icon: return glyphs.icon(activity.icon)
    case .name: return name
    case .time: return time
    case .phase: return phase.rawValue
    case .progress: return progress
    case .id: return activity.id
    case .remaining:
      guard live, let left = activity.remaining(at: now) else { return "" }
      // Rounded up, as the time shown is: 0:00 only once it is up.
      return DurationText.clock(seconds: (max(0, left) + 999) / 1000)
    case .elapsed: return DurationText.clock(seconds: activity.elapsed(at: now) / 1000)
    case .deadline: return activity.deadline.map { LocalTime.clock($0, from: now) } ?? ""
    case .category: return activity.state.category.map(printableName) ?? ""
    case .tags: return activity.attributes.tags.map(printableName).joined(separator: ", ")
    case .owner: return activity.attributes.owner.map(printableName) ?? ""
    case .segment: return position.map { printableName($0.segment) } ?? ""
    case .round: return round.map(String.init) ?? ""
    case .rounds: return position.map { String($0.rounds) } ?? ""
    case .goal: return goal?.text ?? ""
    case .state: return activity.state.posted.text.map(printableName) ?? ""
    case .attention: return activity.state.posted.attention.map(printableName) ?? ""
    }
  }
}
