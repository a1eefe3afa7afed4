import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletStore
@testable import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// One error vocabulary: every error a user can meet says a sentence and brings its status, and
/// `CommandLineInterface.report` alone decides how it is printed.
@Suite struct ErrorReportTests {
  static let tea = Activity(
    id: "ab12", attributes: ActivityAttributes(icon: "coffee"),
    state: ContentState(name: "Tea", startedAt: t0, phase: .active, touchedAt: t0),
    createdAt: t0)

  /// One of every case of every type that conforms to `UserFacingError`, with its status.
  static let everyError: [(any UserFacingError, IsletCore.ExitStatus)] = [
    (UsageError(message: "'25x' is not a duration", command: "start"), .usage),
    (CommandFailure(message: "cannot read /x: Permission denied", status: .ioError), .ioError),
    (Refusal("Tea is already paused"), .refused),
    (ActivityMatcher.Failure.nothingLive, .refused),
    (ActivityMatcher.Failure.noMatch("Cofee", live: [tea]), .usage),
    (ActivityMatcher.Failure.ambiguous("Tea", candidates: [tea, tea]), .usage),
    (IntentDispatcher.Conflict(), .tryAgain),
    (DurationText.Failure.malformed("25x"), .usage),
    (DurationText.Failure.notPositive("0"), .usage),
    (DurationText.Failure.tooLong("101h"), .usage),
    (StoreError.foreign(path: "/x.db", detail: "not a SQLite database"), .dataError),
    (StoreError.damaged(path: "/x.db", detail: "database disk image is malformed"), .dataError),
    (StoreError.newer(path: "/x.db", version: 99), .dataError),
    (StoreError.unavailable(path: "/x.db", detail: "it is a directory; give a file path"), .ioError),
    (FolderFailure(folder: "/x", code: EACCES), .ioError),
    (FolderFailure(folder: "/x", code: ENOTDIR), .ioError),
    (ThemeCatalog.Failure.unknown("nope", known: ["default", "light"]), .usage),
    (ThemeCatalog.Failure.broken(path: "/t.json", key: "roles", message: "must be an object"), .dataError),
    (ThemeCatalog.Failure.unreadable(path: "/t.json", detail: "Is a directory"), .ioError),
  ]

  @Test func everyErrorSaysASentenceNotItsType() {
    for (error, status) in Self.everyError {
      let message = error.message
      let type = String(describing: Swift.type(of: error))
      #expect(error.exitStatus == status, "\(type)")
      #expect(!message.isEmpty && !message.contains("\n"), "\(type): \(message)")
      #expect(message != String(describing: error), "\(type) says its debug description")
      // A debug description: a name with its parenthesis, `Conflict()`, `noMatch("Cofee", …`.
      #expect(
        zip(message, message.dropFirst()).allSatisfy { !($0.isLetter && $1 == "(") }, "\(type): \(message)")
      #expect(!message.contains(type), "\(type): \(message)")
      #expect(!message.hasPrefix("Error") && !message.hasPrefix("islet:"), "\(type): \(message)")
    }
  }

  @Test func aRefusalIsIsletColonAndEverythingElseErrorColon() {
    for (error, status) in Self.everyError {
      let report = CommandLineInterface.report(error)
      #expect(report.status == status)
      let prefix = status == .refused ? "islet: " : "Error: "
      let usage =
        error is UsageError ? "Usage: islet start [DURATION | WORK/BREAK | --until HH:MM | --plan NAME]" : ""
      #expect(report.text.hasPrefix(prefix + error.message + "\n" + usage), "\(report.text)")
      #expect(report.text.hasSuffix("\n"))
    }
  }

  @Test func aFailedMatchIsAUsageErrorWithTheCommandsUsage() throws {
    let failure = ActivityMatcher.Failure.noMatch("Cofee", live: [Self.tea])
    let context = Environment(variables: [:], clock: ManualClock(t0), console: RecordingConsole())
    #expect(
      CommandLineInterface.report(context.matchFailure(failure, command: "pause"))
        == (
          "Error: no live activity matches 'Cofee'; live: ab12 (Tea)\nUsage: islet pause [ACTIVITY] [--host NAME]\n",
          .usage
        ))
    #expect(
      CommandLineInterface.report(context.matchFailure(.nothingLive, command: "pause"))
        == ("islet: nothing is live; start one with: islet start 25m\n", .refused))
  }

  /// Two writers at once: the dispatcher's save finds the row changed under it, and the user
  /// reads a sentence that says so and what to do, exit 75 (EX_TEMPFAIL), never `Conflict()`.
  @Test func aConflictReachesTheUserAsASentence() throws {
    let store = LosingStore()
    let dispatcher = IntentDispatcher(store: store, clock: ManualClock(t0))
    try dispatcher.dispatch(.start(StartRequest(name: "Tea")), source: .cli)
    store.losing = true
    let thrown = #expect(throws: IntentDispatcher.Conflict.self) {
      try dispatcher.dispatch(.pause, source: .cli)
    }
    let report = CommandLineInterface.report(try #require(thrown))
    #expect(
      report
        == (
          "Error: another islet changed the store at the same moment, so nothing was changed; try again\n",
          .tryAgain
        ))
  }

  @Test func aControlCharacterInAMessageIsEscapedOnTheWayOut() {
    let report = CommandLineInterface.report(CommandFailure(message: "bad \u{1B}[2J\nname", status: .usage))
    #expect(report == ("Error: bad \\e[2J\\nname\n", .usage))
  }

  /// An error with no sentence is a bug, and is said to be one before its type is named.
  @Test func anUnknownErrorSaysItIsABug() {
    struct Mystery: Error {}
    let report = CommandLineInterface.report(Mystery())
    #expect(report.status == .internalError)
    #expect(
      report.text.hasPrefix(
        "Error: islet met an error it has no message for, which is a bug; please report it (IsletCLITests."),
      "\(report.text)")
    #expect(report.text.hasSuffix(".Mystery)\n"), "\(report.text)")
  }

  @Test func theHelpListsEveryDocumentedStatus() {
    let help = Sandbox()("--help").stdout
    for status in IsletCore.ExitStatus.documented {
      #expect(help.contains("\n  \(status.rawValue)" + " ") && help.contains(status.meaning))
    }
  }
}

/// The in-memory store, whose saves lose to another writer once `losing` is set.
final class LosingStore: ActivityStore {
  let inner = InMemoryActivityStore()
  var losing = false
  func transaction<T>(_ body: () throws -> T) throws -> T { try inner.transaction(body) }
  func liveActivities() throws -> [Activity] { try inner.liveActivities() }
  func activity(id: String) throws -> Activity? { try inner.activity(id: id) }
  func insert(_ activity: Activity) throws { try inner.insert(activity) }
  func save(_ activity: Activity) throws -> Bool { losing ? false : try inner.save(activity) }
  func append(_ events: [Event]) throws -> [Event] { try inner.append(events) }
  func markChanged() throws { try inner.markChanged() }
  func events(from start: Instant, through end: Instant) throws -> [Event] {
    try inner.events(from: start, through: end)
  }
}
