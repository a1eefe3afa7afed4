import IsletRuntime

/// A field of `status --template` (`{time}`): its name and what it says; its value for an
/// activity is `ActivityText.value(of:)`. A field that means nothing for the activity (a
/// stopwatch's `{remaining}`, a single timer's `{segment}`) is empty.
///
/// Apart from the formatting, so that fuzz/run builds `status`'s declaration with it.
enum TemplateField: String, CaseIterable {
  case icon, name, time, phase, progress, id
  case remaining, elapsed, deadline, category, tags, owner
  case segment, round, rounds, goal
  case state, attention

  var meaning: String {
    switch self {
    case .icon: return "the icon"
    case .name: return "the name"
    case .time: return "the time shown: a countdown's left, a stopwatch's run"
    case .phase: return "active, paused, idle, finished, completed, ended, expired or failed"
    case .progress: return "how far a countdown has run, or a task's posted or estimated progress (40%)"
    case .id: return "the activity's id"
    case .remaining: return "a countdown's time left (0:00 once finished); empty for a stopwatch or once over"
    case .elapsed: return "the time run so far, pauses aside (once over, the time it ran)"
    case .deadline: return "the local time a running countdown reaches zero (10:52); empty while paused"
    case .category: return "the category"
    case .tags: return "the tags (--tag), a comma and a space between them"
    case .owner: return "the owner (--owner)"
    case .segment: return "a plan's segment (Focus); remaining, elapsed and deadline are the segment's"
    case .round: return "a plan's round"
    case .rounds: return "a plan's rounds"
    case .goal: return "today's work segments against its plan's goal (3/8 today); empty without one"
    case .state: return "the state a program posted (--state)"
    case .attention: return "what needs you, while it does (--attention)"
    }
  }

  /// `{icon} {name} …`: every field, as the option's help lists them. Built by hand: it is
  /// read while finding the command (see `DurationText.forms`).
  static let listed: String = {
    var text = ""
    for field in allCases { text += (text.isEmpty ? "{" : " {") + field.rawValue + "}" }
    return text
  }()

  /// Each field and what it says, a line each, for `status --help` and the man page.
  static let described: String = {
    var text = ""
    for field in allCases {
      let name = "{" + field.rawValue + "}"
      text +=
        (text.isEmpty ? "  " : "\n  ") + name + String(repeating: " ", count: 13 - name.count) + field.meaning
    }
    return text
  }()

  /// The first `{word}` of a template that is not a field, if any.
  static func unknown(in template: String) -> String? {
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{") {
      rest = rest[rest.index(after: open)...]
      guard let close = rest.firstIndex(of: "}") else { return nil }
      let word = rest[..<close]
      if !word.isEmpty, word.allSatisfy({ $0.isLetter }), TemplateField(rawValue: String(word)) == nil {
        return "{\(word)}"
      }
    }
    return nil
  }
}
