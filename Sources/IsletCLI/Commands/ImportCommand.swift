import IsletCore
import IsletRuntime
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// `islet import timewarrior FILE`: past intervals from `timew export` as past sessions.
struct ImportCommand: Command {
  static let specs = [
    CommandSpec(
      name: "import", operands: "timewarrior FILE",
      brief: "add the intervals of timew export to the history",
      summary: "Add the intervals that timew export printed (FILE, or - for stdin) to the history.",
      details: """
        Each finished interval becomes a past session, named by its annotation, else by its
        first tag; one other tag is its category, several are its tags. What islet log
        --format timewarrior printed of a session without tags of its own comes back as it
        was. An interval still open is left out.
        Importing the same file again adds nothing: an interval is known by its times, tags
        and annotation. A file that is not timew export's output is refused whole (exit 65),
        and nothing is added.

        Example:
          timew export :all | islet import timewarrior -
        """,
      maxOperands: 2)
  ]

  /// `-` for stdin.
  let file: String

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    guard parsed.operands.count == 2, let format = parsed.operands.first else {
      throw UsageError(
        message: "give the format and the file: islet import timewarrior FILE", command: "import")
    }
    guard format == "timewarrior" else {
      throw UsageError(
        message: "'\(printable(format, limit: 20))' is not a format islet imports; use timewarrior",
        command: "import")
    }
    file = parsed.operands[1]
  }

  /// What the import did, for its one line.
  struct Counts: Equatable {
    var added = 0
    var addedTime: Milliseconds = 0
    var known = 0
    var open = 0
    /// Intervals that end where they start: no time to keep.
    var empty = 0
  }

  func run(in environment: Environment) throws -> ExitStatus {
    let shown = file == "-" ? "stdin" : "'\(printable(file, limit: 80))'"
    let intervals: [TimewarriorInterval]
    switch TimewarriorJSON.intervals(try bytes()) {
    case .success(let read): intervals = read
    case .failure(let failure):
      throw CommandFailure(
        message: "\(shown) is not what timew export prints: \(failure.reason)", status: .dataError)
    }
    let configuration = try environment.configuration
    let policy = configuration.policy
    let now = environment.now
    let runs = try intervals.enumerated().compactMap { index, interval in
      try Self.run(
        interval, number: index + 1, icon: configuration.icon, policy: policy, file: shown, now: now)
    }
    let store = try SQLiteActivityStore.openForWriting(path: try environment.storePath)
    defer { store.close() }
    let open = intervals.filter { $0.end == nil }.count
    var counts = Counts(open: open, empty: intervals.count - runs.count - open)
    try store.transaction {
      for run in runs {
        if try store.activity(id: run.activity.id) != nil {
          counts.known += 1
          continue
        }
        try store.insert(run.activity)
        _ = try store.append(run.events)
        counts.added += 1
        counts.addedTime += run.events.last?.elapsed ?? 0
      }
    }
    environment.console.out(Self.said(counts))
    return .ok
  }

  /// `Imported 3 intervals (2:30:00); 1 was here already; 1 still open was left out.`
  static func said(_ counts: Counts) -> String {
    func intervals(_ n: Int) -> String { n == 1 ? "1 interval" : "\(n) intervals" }
    var text = "Imported \(intervals(counts.added))"
    if counts.added > 0 { text += " (\(DurationText.clock(seconds: counts.addedTime / 1000)))" }
    if counts.known > 0 { text += "; \(counts.known) \(counts.known == 1 ? "was" : "were") here already" }
    if counts.open > 0 { text += "; \(counts.open) still open \(counts.open == 1 ? "was" : "were") left out" }
    if counts.empty > 0 {
      text += "; \(counts.empty) of no length \(counts.empty == 1 ? "was" : "were") left out"
    }
    return text + ".\n"
  }

  /// A finished interval as a past run; nil for one still open or of no length. Refuses an
  /// interval whose name or category Islet could not keep, or that is not in the past since 1970
  /// (what `log --since` reaches).
  static func run(
    _ interval: TimewarriorInterval, number: Int, icon: String, policy: TimePolicy, file: String, now: Instant
  ) throws -> (activity: Activity, events: [Event])? {
    guard let end = interval.end else { return nil }
    if interval.start.milliseconds < 0 {
      throw CommandFailure(
        message:
          "\(file): interval \(number) starts at \(Timewarrior.timestamp(interval.start)), before 1970; Islet keeps times from 1970 on",
        status: .dataError)
    }
    if end > now {
      throw CommandFailure(
        message:
          "\(file): interval \(number) ends at \(Timewarrior.timestamp(end)), still ahead; import what is past (timew export … - now)",
        status: .dataError)
    }
    let (name, category, tags) = Timewarrior.naming(interval)
    let kept =
      [("name", name, UserText.Bounds.name), ("category", category ?? "x", .label)]
      + tags.map { ("tag", $0, UserText.Bounds.label) }
    for (what, text, bounds) in kept {
      if let problem = UserText.problem(with: text, bounds: bounds) {
        throw CommandFailure(
          message:
            "\(file): interval \(number) would be a session whose \(what) '\(printable(text, limit: 20))' \(problem.message)",
          status: .dataError)
      }
    }
    return Timewarrior.pastRun(
      interval, name: name, category: category, tags: tags, icon: icon, policy: policy)
  }

  /// What FILE (or stdin, or a pipe named: `<(timew export)`, `/dev/stdin`) holds, whole.
  private func bytes() throws -> [UInt8] {
    let bytes: [UInt8]
    var info = stat()
    if file == "-" {
      bytes = StandardInput.all(upTo: Self.maximumBytes)
    } else if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFIFO {
      let fd = open(file, O_RDONLY | O_CLOEXEC)
      guard fd >= 0 else {
        throw CommandFailure(
          message: "'\(printable(file, limit: 80))' cannot be read: \(String(cString: strerror(errno)))",
          status: .ioError)
      }
      defer { close(fd) }
      bytes = StandardInput.all(from: fd, upTo: Self.maximumBytes)
    } else {
      switch UserFile.read(file, upTo: Self.maximumBytes) {
      case .success(let read?): bytes = read
      case .success(nil):
        throw UsageError(message: "there is no file '\(printable(file, limit: 80))'", command: "import")
      case .failure(.notRegular(let kind)):
        throw CommandFailure(
          message:
            "'\(printable(file, limit: 80))' is \(kind); give the file timew export wrote, or - to read stdin",
          status: .ioError)
      case .failure(let failure):
        throw CommandFailure(message: "'\(printable(file, limit: 80))' \(failure.reason)", status: .ioError)
      }
    }
    guard bytes.count <= Self.maximumBytes else {
      throw CommandFailure(
        message:
          "'\(printable(file, limit: 80))' is larger than 256 MB; export a shorter stretch (timew export FROM - TO)",
        status: .dataError)
    }
    return bytes
  }

  static let maximumBytes = 256 << 20
}
