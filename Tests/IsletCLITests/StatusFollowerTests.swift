import IsletCLITestSupport
import IsletCore
import IsletRuntime
import IsletStore
import IsletTestSupport
import Testing

@testable import IsletCLI

#if canImport(Glibc)
  import Glibc
#endif

/// `status --follow`'s runner in-process: a real store in a temporary folder, the manual clock,
/// and another shell's intents sent as each line is printed. What it prints is what it heard.
@Suite struct StatusFollowerTests {
  let folder = TemporaryFolder()
  let clock = ManualClock(t0)
  let console = RecordingConsole()
  let environment: Environment

  init() {
    environment = Environment(
      variables: [
        "ISLET_DB": folder.file("islet.db"), "XDG_CONFIG_HOME": folder.file("config"),
        "XDG_STATE_HOME": folder.file("state"), "HOME": folder.path,
      ], clock: clock, console: console)
  }

  /// Each live activity's name and phase, or `nothing`: the runner is under test, not a format.
  static func render(_ set: LiveSet) -> String {
    set.live.isEmpty
      ? "nothing" : set.live.map { "\($0.name) \($0.state.phase.word)" }.joined(separator: ", ")
  }

  /// Follows the store with `prologue`, calling `step` with the number of each line printed
  /// after it; `step` returns false to end the run (the reader gone).
  func follow(prologue: [String] = [], _ step: @escaping (Int) throws -> Bool) throws -> IsletCore.ExitStatus
  {
    var printed = 0
    let follower = StatusFollower(
      environment: environment, policy: .standard, goals: [], prologue: prologue,
      printedLine: { _ in
        printed += 1
        // A write that fails ends the loop at the next line, as a reader gone does.
        if (try? step(printed)) != true { console.outputFailure = EPIPE }
      }, render: Self.render)
    return try follower.run()
  }

  @Test(.timeLimit(.minutes(1)))
  func printsALineForEachOutsideIntentAndNothingElse() throws {
    let outside = try environment.openIntents()
    defer { outside.close() }
    let tea = Intent.start(StartRequest(name: "Tea", attributes: ActivityAttributes()))
    let status = try follow(prologue: ["{\"version\":1}"]) { line in
      switch line {
      case 1: _ = try outside.send(tea, to: .current, source: .cli)
      case 2: _ = try outside.send(.pause, to: .current, source: .cli)
      // One more intent, so that a line is written and found failing.
      case 3: _ = try outside.send(.resume, to: .current, source: .cli)
      default: break
      }
      return line < 3
    }
    #expect(status == .ok, "a failed write ends the loop quietly")
    #expect(
      console.stdout == "{\"version\":1}\nnothing\nTea running\nTea paused\n",
      "the prologue, then one line for the empty store and one for each intent")
  }

  @Test(.timeLimit(.minutes(1)))
  func aStoreMadeLaterIsFollowedFromThen() throws {
    // No store yet: the empty line, then the store another shell makes is followed.
    #expect(access(folder.file("islet.db"), F_OK) != 0)
    var outside: IntentService?
    defer { outside?.close() }
    let status = try follow { line in
      if line == 1 {
        outside = try environment.openIntents()
        _ = try outside?.send(
          .start(StartRequest(name: "Bread", attributes: ActivityAttributes())), to: .current, source: .cli)
        return true
      }
      if line == 2 { _ = try outside?.send(.pause, to: .current, source: .cli) }
      return false
    }
    #expect(status == .ok)
    #expect(console.stdout == "nothing\nBread running\n", "the empty line, then the store made later")
  }
}
