import IsletCore
import IsletUI

/// A Taskwarrior task as an on-modify hook gets it (one JSON object a line): the fields Islet
/// reads.
struct TaskwarriorTask: Equatable {
  var uuid: String
  var description: String
  var project: String?
  /// Its tags (`task N modify +home`), in the order Taskwarrior keeps them.
  var tags: [String] = []
  /// pending, completed, deleted, waiting, recurring.
  var status: String
  /// Whether it is started (`task N start` sets its `start`, `task N stop` removes it).
  var started: Bool

  /// The task on one line of a hook's input; nil when it is not a task (a JSON object with a
  /// `uuid`, a `description` and a `status`).
  static func parse(_ line: [UInt8]) -> TaskwarriorTask? {
    guard case .object(let fields)? = JSONValue.parse(line), case .string(let uuid)? = fields["uuid"],
      !uuid.isEmpty, case .string(let description)? = fields["description"],
      case .string(let status)? = fields["status"]
    else { return nil }
    var project: String?
    if case .string(let text)? = fields["project"], !text.isEmpty { project = text }
    var tags: [String] = []
    if case .array(let values)? = fields["tags"] {
      for case .string(let tag) in values where !tag.isEmpty { tags.append(tag) }
    }
    return TaskwarriorTask(
      uuid: uuid, description: description, project: project, tags: tags, status: status,
      started: fields["start"] != nil)
  }
}

/// What a task's change means for Islet: `task N start` starts a stopwatch named after the
/// task (its UUID as `--id`, its project as the category, its tags as its tags), `task N stop`
/// ends it, `task N done` completes it and `task N delete` ends it; a started task renamed,
/// moved to another project or tagged again changes its stopwatch so.
enum TaskwarriorChange: Equatable {
  case start(StartRequest)
  case stop(uuid: String)
  case complete(uuid: String)
  case delete(uuid: String)
  case update(uuid: String, ActivityUpdate)
  /// Anything else: a change of its text, priority, due date…
  case nothing

  /// The change from the task as it was (`before`) to the task as modified (`after`); the
  /// stopwatch it starts has `attributes`, with the task's UUID as its reference.
  static func of(
    before: TaskwarriorTask, after: TaskwarriorTask, attributes: ActivityAttributes = ActivityAttributes()
  ) -> TaskwarriorChange {
    if after.status == "completed" && before.status != "completed" { return .complete(uuid: after.uuid) }
    if after.status == "deleted" && before.status != "deleted" { return .delete(uuid: after.uuid) }
    if after.started && !before.started {
      var attributes = attributes
      attributes.mode = .stopwatch
      attributes.recordID = fitting(after.uuid, .label)
      attributes.tags = tags(of: after)
      return .start(
        StartRequest(
          name: fitting(after.description, .name), attributes: attributes,
          category: after.project.map { fitting($0, .label) }))
    }
    if before.started && !after.started { return .stop(uuid: after.uuid) }
    if after.started {
      var update = ActivityUpdate()
      if after.description != before.description { update.name = fitting(after.description, .name) }
      // An empty category clears it.
      if after.project != before.project { update.category = after.project.map { fitting($0, .label) } ?? "" }
      if after.tags != before.tags { update.tags = tags(of: after) }
      if !update.isEmpty { return .update(uuid: after.uuid, update) }
    }
    return .nothing
  }

  /// The task's tags as an activity keeps them: each as a label, each once whatever its case,
  /// the first `ActivityAttributes.maximumTags`.
  static func tags(of task: TaskwarriorTask) -> [String] {
    var kept: [String] = []
    for tag in task.tags.map({ fitting($0, .label) })
    where kept.count < ActivityAttributes.maximumTags
      && !kept.contains(where: { $0.lowercased() == tag.lowercased() })
    {
      kept.append(tag)
    }
    return kept
  }

  /// `text` as Islet can keep it within `bounds`: control characters made spaces, and shortened
  /// with `…` when too long; `Task` when nothing is left.
  static func fitting(_ text: String, _ bounds: UserText.Bounds) -> String {
    var kept = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      let printable = UserText.isPrintable(scalar) && !UserText.isBidirectionalControl(scalar)
      kept.append(printable ? scalar : " ")
    }
    var result = String(kept)
    if UserText.problem(with: result, bounds: bounds) != nil {
      var short = ""
      for character in result {
        guard short.count + 1 < bounds.characters, short.utf8.count + character.utf8.count + 3 <= bounds.bytes
        else { break }
        short.append(character)
      }
      result = short + "…"
    }
    return UserText.problem(with: result, bounds: bounds) == nil ? result : "Task"
  }
}
