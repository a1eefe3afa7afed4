import IsletCore
import IsletRuntime

// MARK: - Values converted once, when parsed

extension ParsedArguments {
  /// `--option DURATION` (or the DURATION operand when `option` is nil), in milliseconds.
  func duration(_ text: String, option: String? = nil) throws -> Milliseconds {
    switch DurationText.parse(text) {
    case .success(let span): return span
    case .failure(let failure):
      throw UsageError(message: (option.map { "--\($0) " } ?? "") + failure.message, command: command)
    }
  }

  /// The DURATION operands (or a prompt's words): one duration, or a work and a break.
  func reading(_ words: [String]) throws -> DurationReading {
    switch DurationReading.of(words) {
    case .success(let reading): return reading
    case .failure(let failure): throw UsageError(message: failure.message, command: command)
    }
  }

  /// A user's text option (name, category, owner, reference): printable, one line, bounded.
  func label(_ option: Option) throws -> String? {
    guard let text = value(option) else { return nil }
    return try Self.label(text, option: option.name, command: command)
  }

  /// `text` given for `--option`, checked by `UserText`: a name's bounds for `name`, a label's
  /// otherwise.
  static func label(_ text: String, option: String, command: String?) throws -> String {
    switch UserText.problem(with: text, bounds: option == "name" ? .name : .label) {
    case nil: return text
    case .empty: throw UsageError(message: "--\(option) is empty; give some text", command: command)
    case let problem?:
      throw UsageError(
        message: "--\(option) '\(printable(text, limit: 20))' \(problem.message)", command: command)
    }
  }

  /// `--icon I`: an icon's name, lowercased; whether the theme has it is `Environment.checkIcon`'s.
  func icon() throws -> String? {
    guard let icon = value(.icon) else { return nil }
    guard Plan.isIconName(icon) else {
      throw UsageError(
        message:
          "--icon '\(printable(icon))' is not an icon name; use a word such as timer, run, focus, book, coffee or code",
        command: command)
    }
    return icon.lowercased()
  }

  /// `--json` or `--csv` (never both), else the listing for people.
  func listingFormat() throws -> ListingFormat {
    if has(.json) && has(.csv) {
      throw UsageError(message: "choose one of --json and --csv", command: command)
    }
    return has(.json) ? .json : has(.csv) ? .csv : .people
  }

  /// `--relevance R`: a finite number, at most a million either way.
  func relevance() throws -> Double? {
    guard let text = value(.relevance) else { return nil }
    guard let value = Double(text), value.isFinite, abs(value) <= 1_000_000 else {
      throw UsageError(
        message: "--relevance '\(printable(text))' is not a number; use a number such as 0, 1 or 2.5",
        command: command)
    }
    return value
  }
}

extension ParsedArguments {
  /// `--since DATE` and `--until DATE` (`log`, `report`): the start of what `--since` names and
  /// the end of what `--until` names, so that `--since last-week --until last-week` is that week.
  func dateRange(now: Instant, zone: LocalZone = .current) throws -> (since: Instant?, until: Instant?) {
    func word(_ option: Option) throws -> (start: Instant, end: Instant)? {
      guard let text = value(option) else { return nil }
      guard let stretch = DateWord.parse(text, now: now, zone: zone) else {
        throw UsageError(
          message: "--\(option.name) '\(printable(text))' is not a date; use \(DateWord.forms)",
          command: command)
      }
      return stretch
    }
    let since = try word(.since)?.start
    let until = try word(.until)?.end
    if let since, let until, until <= since {
      throw UsageError(
        message:
          "--until '\(printable(value(.until) ?? ""))' is not after --since '\(printable(value(.since) ?? ""))'; "
          + "give an end after the start",
        command: command)
    }
    return (since, until)
  }
}

/// What `log` and `report` keep of the history: `--since`/`--until`, `--name`/`--category`,
/// and `--only`/`--exclude`, which match the category or a tag (all of them any case).
struct SessionFilter {
  var since: Instant?
  var until: Instant?
  var name: String?
  var category: String?
  /// `--only`: a session in one of these categories or with one of these tags; empty for all.
  var only: [String] = []
  /// `--exclude`: no session in one of these categories or with one of these tags.
  var exclude: [String] = []

  var isEmpty: Bool { since == nil && until == nil && name == nil && category == nil && !matchesTags }

  /// Whether it leaves any session out but by its time: `--name`, `--category`, `--only`,
  /// `--exclude`.
  var picks: Bool { name != nil || category != nil || matchesTags }

  /// Whether `--only` or `--exclude` was given: the sessions need their tags.
  var matchesTags: Bool { !only.isEmpty || !exclude.isEmpty }

  /// Whether a session is of the name and category asked for, and of `--only`, not `--exclude`.
  func keeps(_ session: Session) -> Bool {
    keeps(name: session.name, category: session.category, tags: session.tags)
  }

  /// The same of a report's entry.
  func keeps(_ entry: Report.Entry) -> Bool {
    keeps(name: entry.name, category: entry.category, tags: entry.tags)
  }

  private func keeps(name: String, category: String?, tags: [String]) -> Bool {
    guard self.name.map({ name.lowercased() == $0 }) ?? true,
      self.category.map({ category?.lowercased() == $0 }) ?? true
    else { return false }
    guard matchesTags else { return true }
    let labels = ([category].compactMap { $0 } + tags).map { $0.lowercased() }
    return (only.isEmpty || only.contains(where: labels.contains))
      && !exclude.contains(where: labels.contains)
  }
}

extension ParsedArguments {
  func sessionFilter(now: Instant) throws -> SessionFilter {
    let (since, until) = try dateRange(now: now)
    return SessionFilter(
      since: since, until: until, name: value(.name)?.lowercased(), category: value(.category)?.lowercased(),
      only: try matching(.only), exclude: try matching(.exclude))
  }

  /// `--only C` or `--exclude C`, each given as often as wanted: categories or tags, lowercased.
  private func matching(_ option: Option) throws -> [String] {
    try list(option).map { try Self.label($0, option: option.name, command: command).lowercased() }
  }

  /// `--tag T`, each given once (any case), at most `ActivityAttributes.maximumTags`; nil
  /// when none is given.
  func tags() throws -> [String]? {
    let given = list(.tag)
    guard !given.isEmpty else { return nil }
    guard given.count <= ActivityAttributes.maximumTags else {
      throw UsageError(
        message:
          "--tag is given \(given.count) times; an activity has at most \(ActivityAttributes.maximumTags) tags",
        command: command)
    }
    var tags: [String] = []
    for text in given {
      let tag = try Self.label(text, option: "tag", command: command)
      guard tags.allSatisfy({ $0.lowercased() != tag.lowercased() }) else {
        throw UsageError(
          message: "--tag '\(printable(tag))' is given twice; give each tag once", command: command)
      }
      tags.append(tag)
    }
    return tags
  }
}

/// `--icon`, `--id` and `--owner`, as `start` and `switch` declare them.
let identityOptionSpecs = [
  OptionSpec(
    .icon, value: "I", help: "timer, run, focus, book, coffee, code, … (default from the configuration)",
    values: .dynamic(.icons)),
  OptionSpec(.id, value: "REF", help: "your own reference, shown as \"ID REF\""),
  OptionSpec(.owner, value: "U", help: "who it belongs to"),
]

/// The `--tag` option, as `start`, `switch` and `update` declare it.
let tagOptionSpec = OptionSpec(
  .tag, value: "T", help: "a tag beside the category (repeat it for several)", repeatable: true)

/// `--only` and `--exclude`, as `log` and `report` declare them.
let matchingOptionSpecs = [
  OptionSpec(
    .only, value: "C", help: "only sessions in category C or tagged C (repeat it for several)",
    repeatable: true),
  OptionSpec(
    .exclude, value: "C", help: "leave out sessions in category C or tagged C (repeatable)", repeatable: true),
]

/// How `log`, `report` and `laps` print: for people (a table, a chart), or JSON or CSV.
enum ListingFormat {
  case people, json, csv
}

extension ParsedArguments {
  /// `--progress P`: whole percent, from `40%`, `40` or `72.5%` (rounded); nil when not given.
  func percent() throws -> Int? {
    guard let text = value(.progress) else { return nil }
    let number = text.hasSuffix("%") ? String(text.dropLast()) : text
    guard let value = Double(number), value.isFinite, (0...100).contains(value),
      number.allSatisfy({ $0.isASCIIDigit || $0 == "." })
    else {
      throw UsageError(
        message:
          "--progress '\(printable(text, limit: 20))' is not a progress; use a percentage from 0% to 100%",
        command: command)
    }
    return Int(value.rounded())
  }

  /// `--state TEXT` and `--attention TEXT`, checked as labels; an empty one (`''`) stays empty,
  /// which clears it on `update`.
  func postedText(_ option: Option) throws -> String? {
    guard let text = value(option) else { return nil }
    return text.isEmpty ? "" : try label(option)
  }

  /// `--button "LABEL=COMMAND"`, each given once, at most three.
  func buttons() throws -> [ActivityButton] {
    let given = list(.button)
    guard given.count <= Posted.maximumButtons else {
      throw UsageError(
        message:
          "--button is given \(given.count) times; an activity has at most \(Posted.maximumButtons) buttons",
        command: command)
    }
    var buttons: [ActivityButton] = []
    for text in given {
      guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
        throw UsageError(
          message:
            "--button '\(printable(text, limit: 40))' has no label; use LABEL=COMMAND, such as Approve='make deploy'",
          command: command)
      }
      let label = try Self.label(String(text[..<equals]), option: "button", command: command)
      let command = String(text[text.index(after: equals)...])
      guard !command.unicodeScalars.contains(where: { $0.value == 0x1E || $0.value == 0x1F || $0.value == 0 })
      else {
        throw UsageError(
          message:
            "--button '\(printable(label))' has a control character in its command; give a shell command",
          command: self.command)
      }
      guard buttons.allSatisfy({ $0.label.lowercased() != label.lowercased() }) else {
        throw UsageError(
          message: "--button '\(printable(label))' is given twice; give each label once",
          command: self.command)
      }
      buttons.append(ActivityButton(label: label, command: command))
    }
    return buttons
  }

  /// What `start` posts: `--state`, `--progress`, `--attention`, `--button`.
  func posted() throws -> Posted {
    Posted(
      text: try postedText(.state).flatMap { $0.isEmpty ? nil : $0 }, percent: try percent(),
      attention: try postedText(.attention).flatMap { $0.isEmpty ? nil : $0 }, buttons: try buttons())
  }
}

/// The options that post on an activity, as `start` and `update` declare them.
enum PostedOptions {
  static func specs(clearing: Bool) -> [OptionSpec] {
    var specs = [
      OptionSpec(
        .state, value: "TEXT",
        help: "what it is doing now (\"Uploading\")" + (clearing ? "; '' clears it" : "")),
      OptionSpec(.progress, value: "P", help: "how far it is, 0% to 100%"),
      OptionSpec(
        .attention, value: "TEXT", help: "mark it as needing you: alerts, takes the island until answered"),
      OptionSpec(
        .button, value: "LABEL=CMD", help: "a button running CMD when pressed (up to 3; repeat it)",
        repeatable: true),
    ]
    if clearing {
      specs += [
        OptionSpec(.noProgress, help: "remove its progress"),
        OptionSpec(.noAttention, help: "clear the mark of needing you"),
        OptionSpec(.noButtons, help: "remove its buttons"),
      ]
    }
    return specs
  }
}

extension Character {
  /// `0` to `9`: what a count takes, with no sign for `Int` to read.
  var isASCIIDigit: Bool { isASCII && isNumber }
}
