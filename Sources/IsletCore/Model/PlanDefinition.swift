/// A plan written as one line, the value of a `plan.NAME = …` setting and the form the store
/// keeps: the round's work and break, then clauses after `;`.
///
/// ```
/// Deep work 50m, Break 10m; rounds 3; long-break 20m; advance ask
/// Work 20s workout, Rest 10s; rounds 8; cue 3
/// Work 40s, Rest 20s; rounds 10; warm-up 5m; cool-down Stretch 5m
/// ```
///
/// A segment is a label, a duration with its unit (`5m`, `90s`) or as a clock (`5:00`) and,
/// after it, an icon name. The clauses are `rounds N`,
/// `long-break [LABEL] DURATION [ICON] [every N]`, `warm-up …`, `cool-down …`,
/// `advance auto|ask|breaks|work` and `cue N` (the seconds cued at each segment's end, 0 off).
/// In a label, `\,`, `\;`, `\\` and `\ ` keep a comma, a semicolon, a backslash and a space.
extension Plan {
  /// What is wrong with a definition, as a sentence that names the part.
  public struct DefinitionError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
  }

  /// The plan's name: lowercase letters, digits and `-`, as `plan.NAME` and `--plan NAME` take it.
  public static func isName(_ text: String) -> Bool {
    !text.isEmpty && text.count <= 32 && text.first != "-"
      && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
  }

  /// An icon's name, as a plan and `--icon` take it: a letter, then ASCII letters, digits and
  /// `-`, at most 32 (so it is never read as a duration).
  public static func isIconName(_ text: String) -> Bool {
    text.first?.isLetter == true && text.count <= 32
      && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
  }

  /// The plan `definition` describes, named `name`.
  public static func parse(name: String, definition: String) -> Result<Plan, DefinitionError> {
    do {
      return .success(try read(name: name, definition))
    } catch {
      return .failure(error)
    }
  }

  private static func read(name: String, _ definition: String) throws(DefinitionError) -> Plan {
    try checkEscapes(definition)
    let parts = split(Substring(definition), at: ";")
    let round = split(parts[0], at: ",")
    guard round.count <= 2 else {
      throw DefinitionError("a round is a work segment and its break, such as 'Focus 25m, Break 5m'")
    }
    let work = try segment(round[0], kind: .work, label: "Work", icon: "timer")
    let rest = try round.count == 2 ? segment(round[1], kind: .break, label: "Break", icon: "coffee") : nil
    var clauses = Clauses()
    var seen: Set<String> = []
    for clause in parts.dropFirst() {
      let words = tokens(clause)
      guard let first = words.first else {
        throw DefinitionError("a ';' has nothing after it; remove it or add a part such as 'rounds 4'")
      }
      let keyword = first.lowercased()
      guard seen.insert(keyword).inserted else {
        throw DefinitionError("'\(printable(keyword, limit: 30))' is given twice")
      }
      try clauses.read(keyword, Substring(clause.unicodeScalars[first.endIndex...]))
    }
    try clauses.checkLongBreakComes()
    return Plan(
      name: name, work: work, rest: rest, rounds: clauses.rounds ?? 1, longBreak: clauses.longBreak?.0,
      longBreakEvery: clauses.longBreak?.every, warmUp: clauses.warmUp, coolDown: clauses.coolDown,
      advance: clauses.advance ?? .auto, cueSeconds: clauses.cue)
  }

  /// The clauses after the round, each read once; nil where the definition leaves it out.
  private struct Clauses {
    var rounds: Int?
    var longBreak: (Segment, every: Int?)?
    var warmUp: Segment?
    var coolDown: Segment?
    var advance: AdvancePolicy?
    var cue: Int?

    /// Reads the clause `keyword` with the text after it, `rest`.
    mutating func read(_ keyword: String, _ rest: Substring) throws(DefinitionError) {
      switch keyword {
      case "rounds":
        rounds = try Plan.number(String(rest), what: "rounds", in: 1...Plan.maximumRounds)
      case "long-break":
        longBreak = try Plan.longBreak(rest)
      case "warm-up":
        warmUp = try Plan.segment(rest, kind: .warmUp, label: "Warm-up", icon: "run")
      case "cool-down":
        coolDown = try Plan.segment(rest, kind: .coolDown, label: "Cool-down", icon: "run")
      case "advance":
        let word = rest.trimmed.lowercased()
        guard let policy = AdvancePolicy(rawValue: word) else {
          throw DefinitionError("advance is '\(printable(word))'; use auto, ask, breaks or work")
        }
        advance = policy
      case "cue":
        cue =
          rest.trimmed.lowercased() == "off"
          ? 0 : try Plan.number(String(rest), what: "cue", in: 0...Plan.maximumCue)
      // A daily goal is the configuration's, a line of its own, counted for this plan alone.
      case "goal":
        throw DefinitionError(
          "a plan's daily goal is a line of its own, goal.NAME = N, not part of the plan")
      default:
        throw DefinitionError(
          "'\(printable(keyword, limit: 30))' is not part of a plan; use rounds, long-break, warm-up, cool-down, advance or cue"
        )
      }
    }

    /// Checked on the whole plan, so the clauses may come in any order.
    func checkLongBreakComes() throws(DefinitionError) {
      guard let every = longBreak?.every, every > rounds ?? 1 else { return }
      let count = rounds ?? 1
      let plan = count == 1 ? "1 round" : "\(count) rounds"
      let range = count == 1 ? "1" : "1 to \(count)"
      throw DefinitionError(
        "a long break every \(every) rounds would never come in a plan of \(plan); use every \(range), or more rounds"
      )
    }
  }

  /// `long-break [LABEL] DURATION [ICON] [every N]`: the segment and how many rounds apart.
  private static func longBreak(_ rest: Substring) throws(DefinitionError) -> (Segment, every: Int?) {
    var text = Substring(rest)
    var every: Int?
    let tokens = self.tokens(text)
    if tokens.last?.lowercased() == "every" {
      throw DefinitionError("every needs a number of rounds, such as 'long-break 15m every 4'")
    }
    // The last `every` after a duration is the clause's; one before it is the label's.
    if let at = tokens.lastIndex(where: { $0.lowercased() == "every" }),
      tokens[..<at].contains(where: { (try? DurationText.parse(String($0)).get()) != nil })
    {
      let count = try number(String(tokens[at + 1]), what: "every", in: 1...maximumRounds)
      if at + 2 < tokens.count {
        throw DefinitionError(
          "'\(printable(String(tokens[at + 2]), limit: 30))' comes after 'every \(count)'; every N ends a long break, as in 'long-break 15m coffee every 4'"
        )
      }
      every = count
      text = Substring(text.unicodeScalars[..<tokens[at].startIndex])
    }
    return (try segment(text, kind: .break, label: "Long break", icon: "coffee"), every)
  }

  /// The one line that `parse` reads back as this plan.
  public var definition: String {
    func text(_ segment: Segment) -> String {
      // A space the reader would drop (at either end, or after another) is kept by a `\`.
      let scalars = Array(segment.label.unicodeScalars)
      let label = scalars.indices.map { index -> String in
        let scalar = scalars[index]
        let lost = scalar == " " && (index == 0 || index == scalars.count - 1 || scalars[index - 1] == " ")
        return lost || ",;\\".unicodeScalars.contains(scalar) ? "\\\(scalar)" : "\(scalar)"
      }
      return label.joined() + " " + DurationText.compact(segment.duration) + " " + segment.icon
    }
    var parts = [([work] + (rest.map { [$0] } ?? [])).map(text).joined(separator: ", ")]
    parts.append("rounds \(rounds)")
    if let longBreak { parts.append("long-break \(text(longBreak)) every \(longBreakEvery)") }
    if let warmUp { parts.append("warm-up \(text(warmUp))") }
    if let coolDown { parts.append("cool-down \(text(coolDown))") }
    parts.append("advance \(advance.rawValue)")
    parts.append("cue \(cueSeconds)")
    return parts.joined(separator: "; ")
  }

  // MARK: - Pieces

  /// `[LABEL] DURATION [ICON]`, the label defaulting to `label` and the icon to `icon`.
  private static func segment(_ text: Substring, kind: SegmentKind, label: String, icon: String)
    throws(DefinitionError) -> Segment
  {
    var tokens = words(text)
    guard !tokens.isEmpty else {
      throw DefinitionError("a segment is empty; write a label and a duration, such as 'Focus 25m'")
    }
    var chosenIcon = icon
    if case .failure = DurationText.parse(tokens[tokens.count - 1]), tokens.count >= 2,
      case .success = DurationText.parse(tokens[tokens.count - 2])
    {
      chosenIcon = try iconName(tokens.removeLast())
    }
    let last = tokens.removeLast()
    let shown = printable(text.trimmed, limit: 40)
    let duration: Milliseconds
    switch DurationText.parse(last) {
    case .success(let parsed):
      // A bare number is seconds on the command line; in a plan it is too easily a typo.
      guard last.contains(where: { !($0.isASCII && ($0.isNumber || $0 == ".")) }) else {
        let number = printable(last, limit: 20)
        throw DefinitionError(
          "'\(shown)': '\(number)' has no unit; write \(number)s or \(number)m, or MM:SS such as 5:00")
      }
      duration = parsed
    case .failure(.malformed):
      throw DefinitionError(
        "'\(shown)' has no duration at its end; write a label and a duration, such as 'Focus 25m'")
    case .failure(.notPositive(let given)):
      throw DefinitionError(
        "'\(shown)': '\(printable(given, limit: 20))' is not a positive duration; use \(durationForms)")
    case .failure(let failure):
      throw DefinitionError("'\(shown)': \(failure.message)")
    }
    let chosenLabel = tokens.isEmpty ? label : tokens.joined(separator: " ")
    if let problem = UserText.problem(with: chosenLabel, bounds: .label) {
      throw DefinitionError("the label '\(printable(chosenLabel, limit: 40))' \(problem.message)")
    }
    return Segment(label: chosenLabel, duration: duration, icon: chosenIcon, kind: kind)
  }

  /// The forms a plan's duration takes: those of the command line but a bare number.
  private static let durationForms = DurationText.unitForms

  private static func iconName(_ text: String) throws(DefinitionError) -> String {
    guard isIconName(text) else {
      throw DefinitionError(
        "'\(printable(text, limit: 40))' is not an icon name; use a word such as timer, focus, coffee or run")
    }
    return text.lowercased()
  }

  private static func number(_ text: String, what: String, in range: ClosedRange<Int>) throws(DefinitionError)
    -> Int
  {
    let trimmed = Substring(text).trimmed
    // Digits only: `Int` would take a sign.
    guard trimmed.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(trimmed), range.contains(value)
    else {
      throw DefinitionError(
        "\(what) is '\(printable(trimmed, limit: 20))'; use a whole number from \(range.lowerBound) to \(range.upperBound)"
      )
    }
    return value
  }

  // The escapes and separators are read scalar by scalar: a Character may join a `,` or a `\`
  // to the mark before it (U+0601 prepends itself), and the line must read back as it was written.

  /// Refuses a `\` before anything but `,`, `;`, `\` or a space, and one at the end.
  private static func checkEscapes(_ text: String) throws(DefinitionError) {
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "\\" else { continue }
      guard let kept = scalars.next() else {
        throw DefinitionError(#"a lone '\' ends the line; write '\\' for a backslash"#)
      }
      guard ",;\\ ".unicodeScalars.contains(kept) else {
        throw DefinitionError(
          #"'\"# + printable(String(kept), limit: 1)
            + #"' is not an escape; a \ keeps only the ',', ';', '\' or space after it"#)
      }
    }
  }

  /// `text` cut at each `separator` that no `\` keeps; the escapes stay for `words` to read.
  private static func split(_ text: Substring, at separator: Unicode.Scalar) -> [Substring] {
    let scalars = text.unicodeScalars
    var parts: [Substring] = []
    var start = scalars.startIndex
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if scalars[index] == "\\" {
        index = scalars.index(after: index)
        if index < scalars.endIndex { index = scalars.index(after: index) }
        continue
      }
      if scalars[index] == separator {
        parts.append(Substring(scalars[start..<index]))
        start = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    parts.append(Substring(scalars[start...]))
    return parts
  }

  /// `text` split at spaces and tabs, escapes and all.
  private static func tokens(_ text: Substring) -> [Substring] {
    text.unicodeScalars.split { $0 == " " || $0 == "\t" }.map(Substring.init)
  }

  /// The words of a segment, split at spaces, each `\x` read as `x`.
  private static func words(_ text: Substring) -> [String] {
    var words: [String] = []
    var word = String.UnicodeScalarView()
    var escaped = false
    for scalar in text.unicodeScalars {
      if escaped {
        word.append(scalar)
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == " " || scalar == "\t" {
        if !word.isEmpty { words.append(String(word)) }
        word = String.UnicodeScalarView()
      } else {
        word.append(scalar)
      }
    }
    if !word.isEmpty { words.append(String(word)) }
    return words
  }
}

extension Substring {
  fileprivate var trimmed: String {
    let scalars = unicodeScalars.drop { $0 == " " || $0 == "\t" }
    return String(String.UnicodeScalarView(scalars.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
  }
}

extension Plan {
  /// The plans Islet knows without a configuration, by name. A `plan.NAME` setting of the same
  /// name takes a preset's place.
  public static let presets: [Plan] = [
    preset("pomodoro", "Focus 25m tomato, Break 5m; rounds 4; long-break 15m every 4; advance ask; cue 0"),
    preset("tabata", "Work 20s workout, Rest 10s; rounds 8; advance auto; cue 3"),
    preset(
      "hiit", "Work 40s workout, Rest 20s; rounds 10; warm-up 5m; cool-down 5m; advance auto; cue 3"),
    preset("52-17", "Work 52m focus, Break 17m; rounds 3; advance ask; cue 0"),
  ]

  private static func preset(_ name: String, _ definition: String) -> Plan {
    switch parse(name: name, definition: definition) {
    case .success(let plan): return plan
    case .failure(let error): preconditionFailure("preset \(name): \(error.message)")
    }
  }
}
