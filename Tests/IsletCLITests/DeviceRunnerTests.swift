import Foundation
import IsletCLITestSupport
import IsletCore
import IsletRuntime
import IsletStore
import IsletTestSupport
import IsletUI
import Testing

@testable import IsletCLI

/// The device view's runner in-process: a real store in a temporary folder, the manual clock,
/// and a stand-in screen that keeps the last canvas. A message is sent, the commands it gives
/// are carried out (an intent down the one intent path, a read of the store), and what they
/// bring back is checked: the model, the frames printed, the statements run.
final class RunnerHarness {
  let folder = TemporaryFolder()
  let clock = ManualClock(t0)
  let screen: FakeScreen
  let environment: Environment
  /// Another shell's intents, on a connection of their own.
  let outside: IntentService
  private var opened: (intents: IntentService, follower: StoreFollower)?

  /// A screen of `width`×`height`; `config`, when given, is the configuration file's text;
  /// `linked`, the store is a link to a file in another folder (as dotfile managers make).
  init(width: Int = 80, height: Int = 24, config: String? = nil, linked: Bool = false) throws {
    screen = FakeScreen(width: width, height: height)
    var store = folder.file("islet.db")
    if linked {
      try FileManager.default.createDirectory(
        atPath: folder.file("dotfiles"), withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(
        atPath: folder.file("linked.db"), withDestinationPath: folder.file("dotfiles/islet.db"))
      store = folder.file("linked.db")
    }
    if let config {
      try FileManager.default.createDirectory(
        atPath: folder.file("config/islet"), withIntermediateDirectories: true)
      try config.write(toFile: folder.file("config/islet/config"), atomically: true, encoding: .utf8)
    }
    environment = Environment(
      variables: [
        "ISLET_DB": store, "XDG_CONFIG_HOME": folder.file("config"),
        "XDG_STATE_HOME": folder.file("state"), "HOME": folder.path, "LANG": "C.UTF-8",
      ], clock: clock, console: RecordingConsole())
    outside = try environment.openIntents()
  }

  deinit {
    outside.close()
    opened?.intents.close()
  }

  /// The view as `islet` opens it, after its first look at the store.
  func open() throws -> DeviceRunner {
    let configuration = try environment.configuration
    let intents = try environment.openIntents()
    let follower = try StoreFollower(path: try environment.storePath, besideWriter: true)
    opened = (intents, follower)
    let theme = try environment.theme
    let model = DeviceModel(
      theme: theme, ascii: false, policy: configuration.policy, alerts: configuration.alerts,
      plans: configuration.allPlans, defaultPlan: configuration.plan)
    let runner = DeviceRunner(
      environment: environment, intents: intents, follower: follower, screen: screen, theme: Shown(theme),
      model: model, presentation: nil, goals: configuration.dailyGoals,
      title: configuration.title)
    try runner.start()
    return runner
  }

  /// Starts recording the statements the view runs, on both its connections.
  func record() {
    opened?.intents.store.recordStatements()
    opened?.follower.connection.recordStatements()
  }

  /// The statements run since `record` (or the last call), each named by what it does: on the
  /// view's connection (its intents and reads), and on its follower's.
  func statements() -> (view: [String], follower: [String]) {
    guard let opened else { return ([], []) }
    return (
      opened.intents.store.takeRecordedStatements().map(Self.name),
      opened.follower.connection.takeRecordedStatements().map(Self.name)
    )
  }

  /// Lets the runner hear what the store says until nothing is left to hear (bounded): each
  /// wake handed over, then the frame due drawn.
  func hearStore(_ runner: DeviceRunner) throws {
    guard let follower = opened?.follower else { return }
    for _ in 0..<50 {
      var heard = [pollfd(fd: follower.fileDescriptor, events: Int16(POLLIN), revents: 0)]
      guard poll(&heard, 1, 0) > 0 || follower.timeout != nil else { return }
      try runner.wait()
      try runner.draw()
    }
    Issue.record("the store still had something to say after 50 wakes")
  }

  /// A statement by its kind and table: `read event`, `write activity`, `BEGIN IMMEDIATE`.
  static func name(_ sql: String) -> String {
    let words = sql.split(whereSeparator: \.isWhitespace).map(String.init)
    guard let verb = words.first?.uppercased() else { return sql }
    let table = { (after: String) in
      words.firstIndex { $0.uppercased() == after }.flatMap { words.dropFirst($0 + 1).first }
    }
    switch verb {
    case "SELECT": return "read " + (table("FROM") ?? "?")
    case "UPDATE": return "write " + (words.dropFirst().first ?? "?")
    case "INSERT": return "write " + (table("INTO") ?? "?")
    default: return words.joined(separator: " ")
    }
  }
}

@Suite struct DeviceRunnerTests {
  static let tea = Intent.start(StartRequest(name: "Tea", attributes: ActivityAttributes()))

  /// A key: its one transaction (which reads the live set it shows), one new frame, and when
  /// the follower hears the view's own commit, one confirmation, one read of the events that
  /// finds no news and one of the pulse (a posted progress records no event).
  @Test func aKeyCostsItsTransactionAndOneFrame() throws {
    let view = try RunnerHarness()
    _ = try view.outside.send(Self.tea, to: .current, source: .cli)
    let runner = try view.open()
    try runner.draw()
    #expect(view.screen.frames == 1 && view.screen.lines.joined().contains("Tea"))
    view.record()

    try runner.send(.key(.character(" "), buttons: []))
    try runner.draw()
    try view.hearStore(runner)

    #expect(runner.shown.stored.map(\.state.phase) == [.paused])
    #expect(view.screen.lines.joined().contains("Paused"), "\(view.screen.lines.joined(separator: "\n"))")
    #expect(view.screen.frames == 2, "one new frame for the key")
    let statements = view.statements()
    #expect(
      statements.view.first == "BEGIN IMMEDIATE" && statements.view.last == "COMMIT"
        && statements.view.filter { $0 == "write event" }.count == 1
        && !statements.view.dropFirst().dropLast().contains { $0.hasPrefix("BEGIN") || $0 == "COMMIT" },
      "one transaction, nothing read after it: \(statements.view)")
    #expect(statements.follower == ["PRAGMA data_version", "read event", "read pulse"])
  }

  /// Another shell's `pause`: one confirmation, one read of the events, one of the live set,
  /// and one new frame.
  @Test func anOutsidePauseCostsOneReadOfEachTableAndOneFrame() throws {
    let view = try RunnerHarness()
    _ = try view.outside.send(Self.tea, to: .current, source: .cli)
    let runner = try view.open()
    try runner.draw()
    view.record()

    let paused = try view.outside.send(.pause, to: .current, source: .cli)
    try view.hearStore(runner)

    #expect(runner.shown.stored.map(\.state.phase) == [.paused])
    #expect(runner.shown.seq == paused.newestSeq)
    #expect(view.screen.frames == 2, "one new frame for the pause")
    let statements = view.statements()
    #expect(
      statements.view == ["read activity"] && statements.follower == ["PRAGMA data_version", "read event"])
  }

  /// A script's progress from another shell records no event: the follower hears the pulse,
  /// and the view reads the live set and draws once; the same progress again writes nothing,
  /// so there is nothing to hear or draw.
  @Test func anOutsideProgressCostsOneFrameAndTheSameAgainNothing() throws {
    let view = try RunnerHarness()
    _ = try view.outside.send(
      .start(StartRequest(name: "Deploy", posted: Posted(percent: 40))), to: .current, source: .cli)
    let runner = try view.open()
    try runner.draw()
    view.record()

    let moved = try view.outside.send(.update(ActivityUpdate(percent: 41)), to: .current, source: .cli)
    #expect(moved.ownEvents(from: .cli).isEmpty)
    try view.hearStore(runner)
    #expect(runner.shown.stored.map(\.state.posted.percent) == [41])
    #expect(view.screen.frames == 2, "one new frame for the progress")
    let statements = view.statements()
    #expect(
      statements.view == ["read activity"]
        && statements.follower == ["PRAGMA data_version", "read event", "read pulse"], "\(statements)")

    _ = try view.outside.send(.update(ActivityUpdate(percent: 41)), to: .current, source: .cli)
    try view.hearStore(runner)
    #expect(view.screen.frames == 2, "the same progress again draws nothing")
  }

  /// Nothing new in the store: a wake for a write that recorded no event draws nothing, and
  /// the frames drawn ahead stay.
  @Test func aWriteWithoutNewsDrawsNothing() throws {
    let view = try RunnerHarness()
    let started = try view.outside.send(Self.tea, to: .current, source: .cli)
    let runner = try view.open()
    try runner.draw()
    var renamed = try #require(started.activity)
    renamed.state.name = "Quiet"
    let store = view.outside.store
    #expect(try store.transaction { try store.save(renamed) })
    try view.hearStore(runner)
    #expect(view.screen.frames == 1)
    #expect(runner.shown.stored.map(\.state.name) == ["Tea"])
    // A message that changes nothing keeps the frames drawn ahead.
    try runner.send(.counted(runner.shown.goals))
    try runner.draw()
    #expect(view.screen.frames == 1)
  }
}

extension RunnerHarness {
  /// Presses `keys` one after another, each drawn, as a terminal hands them over.
  func press(_ runner: DeviceRunner, _ keys: Key...) throws {
    for key in keys {
      try runner.send(.key(key, buttons: screen.canvas?.buttons ?? []))
      try runner.draw()
    }
  }

  /// The screen as one text, for `contains`.
  var text: String { screen.lines.joined(separator: "\n") }

  /// A countdown of `seconds`, started from another shell.
  func startCountdown(_ name: String, seconds: Int64) throws {
    let attributes = IntentService.attributes(try environment.configuration, duration: seconds * 1000)
    _ = try outside.send(.start(StartRequest(name: name, attributes: attributes)), to: .current, source: .cli)
  }
}

/// What the tmux tests of the view check that needs no terminal, in milliseconds.
@Suite struct DeviceRunnerBehaviourTests {
  @Test func showsHowToStartAndThenAnActivityStartedElsewhere() throws {
    let view = try RunnerHarness()
    let runner = try view.open()
    try runner.draw()
    #expect(view.text.contains("No timers. Press n to start one."), "\(view.text)")
    #expect(view.text.contains("space start · n new · t theme · ? help · q quit"), "only what needs no timer")
    _ = try view.outside.send(
      .start(StartRequest(name: "Workout", attributes: ActivityAttributes(recordID: "1823"))), to: .current,
      source: .cli)
    try view.hearStore(runner)
    #expect(view.text.contains("⏱ Workout") && view.text.contains("ID 1823"), "\(view.text)")
    #expect(view.screen.lines[1].contains("▐ ⏱ Workout"), "the island's middle row: \(view.text)")
  }

  @Test func spaceToggles() throws {
    let view = try RunnerHarness()
    _ = try view.outside.send(DeviceRunnerTests.tea, to: .current, source: .cli)
    let runner = try view.open()
    try runner.draw()
    try view.press(runner, .character(" "))
    #expect(view.text.contains("Tea · Paused") && view.text.contains("paused at"), "\(view.text)")
    try view.press(runner, .character("p"))
    #expect(view.text.contains("resumed at"), "\(view.text)")
    #expect(try view.outside.store.liveActivities().map(\.state.phase) == [.active])
  }

  @Test func resetAndEndAskFirst() throws {
    let view = try RunnerHarness()
    try view.startCountdown("Workout", seconds: 1500)
    let runner = try view.open()
    try runner.draw()
    try view.press(runner, .character("r"))
    #expect(view.text.contains("Reset Workout?"), "\(view.text)")
    try view.press(runner, .character("n"))
    #expect(view.text.contains("Cancelled") && runner.shown.stored.map(\.state.phase) == [.active])
    try view.press(runner, .character("r"), .character("y"))
    #expect(view.text.contains("Workout · Ready"), "\(view.text)")
    try view.press(runner, .character("x"))
    #expect(view.text.contains("End Workout?"), "\(view.text)")
    try view.press(runner, .character("y"))
    #expect(view.text.contains("No timers."), "\(view.text)")
    #expect(try view.outside.store.liveActivities().isEmpty)
  }

  /// A countdown's end rings once, whoever records it: here another process (the deadline
  /// watcher, say) records it before the view's own look.
  @Test(arguments: [false, true])
  func aCountdownsEndRingsOnce(recordedElsewhere: Bool) throws {
    let view = try RunnerHarness()
    try view.startCountdown("Tea", seconds: 60)
    let runner = try view.open()
    try runner.draw()
    view.clock.advance(by: 61_000)
    if recordedElsewhere {
      _ = try view.outside.settle()
      try view.hearStore(runner)
    }
    try runner.draw()
    #expect(view.screen.alerts == 1, "\(view.text)")
    #expect(view.text.contains("⏰ Tea — time's up"), "\(view.text)")
    view.clock.advance(by: 1000)
    try runner.draw()
    try view.hearStore(runner)
    #expect(view.screen.alerts == 1, "rung once")
    let finished = try view.outside.store.history().filter { $0.kind == .finished }
    #expect(finished.count == 1)
  }
}
