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

/// What `log` and `report` keep of the history: `--since`/`--until` and `--name`/`--category`
/// (any case).
struct SessionFilter {
  var since: Instant?
  var until: Instant?
  var name: String?
  var category: String?

  var isEmpty: Bool { since == nil && until == nil && name == nil && category == nil }

  /// Whether a session is of the name and category asked for.
  func keeps(_ session: Session) -> Bool {
    (name.map { session.name.lowercased() == $0 } ?? true)
      && (category.map { session.category?.lowercased() == $0 } ?? true)
  }
}

extension ParsedArguments {
  func sessionFilter(now: Instant) throws -> SessionFilter {
    let (since, until) = try dateRange(now: now)
    return SessionFilter(
      since: since, until: until, name: value(.name)?.lowercased(), category: value(.category)?.lowercased()
    )
  }
}

/// How `log`, `report` and `laps` print: for people (a table, a chart), or JSON or CSV.
enum ListingFormat {
  case people, json, csv
}
