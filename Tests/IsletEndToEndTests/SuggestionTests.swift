import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI

/// A mistyped command or option gets the nearest known one: still bad usage, exit 64, one
/// `Error:` line and the usage line, through the built binary.
@Suite struct SuggestionTests {
  static let topUsage = "Usage: islet [COMMAND] [OPTIONS]\n"

  @Test(
    arguments: [
      (["stat"], "Error: unknown command 'stat'; did you mean 'status'?\n" + topUsage),
      (["satuts"], "Error: unknown command 'satuts'; did you mean 'status'?\n" + topUsage),
      (["upd"], "Error: unknown command 'upd'; did you mean 'update'?\n" + topUsage),
      (["25m"], "Error: unknown command '25m'; did you mean 'islet start 25m'?\n" + topUsage),
      (["1:30:00"], "Error: unknown command '1:30:00'; did you mean 'islet start 1:30:00'?\n" + topUsage),
      // The unit word typed apart is part of it: 'islet start 25' would be 25 seconds.
      (
        ["25", "minutes"],
        "Error: unknown command '25'; did you mean 'islet start 25 minutes'?\n" + topUsage
      ),
      (
        ["6:30pm"], "Error: unknown command '6:30pm'; did you mean 'islet start --until 6:30pm'?\n" + topUsage
      ),
      // Read as start reads them: the rest of a duration, a work and its break.
      (["1h", "30m"], "Error: unknown command '1h'; did you mean 'islet start 1h 30m'?\n" + topUsage),
      (["50m/10m"], "Error: unknown command '50m/10m'; did you mean 'islet start 50m/10m'?\n" + topUsage),
      (["25m", "Tea"], "Error: unknown command '25m'; did you mean 'islet start 25m'?\n" + topUsage),
      (
        ["start", "--nmae", "X"],
        "Error: unknown option '--nmae'; did you mean '--name'?\n" + UsageTests.startUsage
      ),
      (
        ["start", "--nmae=X"],
        "Error: unknown option '--nmae'; did you mean '--name'?\n" + UsageTests.startUsage
      ),
      // A global option, from any command; and one islet alone takes, before any command.
      (
        ["pause", "--ascci"],
        "Error: unknown option '--ascci'; did you mean '--ascii'?\nUsage: islet pause [ACTIVITY] [--host NAME]\n"
      ),
      (
        ["--presnetation", "compact"],
        "Error: unknown option '--presnetation'; did you mean '--presentation'?\n" + topUsage
      ),
      (["--hlep"], "Error: unknown option '--hlep'; did you mean '--help'?\n" + topUsage),
      // An option of another command is not suggested.
      (
        ["pause", "--nmae"],
        "Error: unknown option '--nmae'; see 'islet pause --help'\nUsage: islet pause [ACTIVITY] [--host NAME]\n"
      ),
      (["help", "stat"], "Error: no help for 'stat'; did you mean 'status'?\nUsage: islet help [COMMAND]\n"),
      // Help is not a start: no 'islet start 25m' there.
      (
        ["help", "25m"],
        "Error: no help for '25m'; commands: start, switch, continue, pause, resume, toggle, skip, lap, reset, complete, end, adjust, snooze, update, press, away, fail, goto, wait, run, status, list, laps, log, edit, forget, report, import, plans, themes, icons, check, tmux, bar, taskwarrior, alert, remote, shell-init, completions, help\nUsage: islet help [COMMAND]\n"
      ),
    ] as [([String], String)])
  func aMistypedWordGetsTheNearestKnownOne(arguments: [String], stderr: String) throws {
    let islet = Sandbox()
    #expect(
      try Binary.run(arguments, environment: islet.environment) == Run(status: 64, stdout: "", stderr: stderr)
    )
    #expect(islet.folder.bytes("state/islet/islet.db") == nil)
  }

  @Test func theDistanceCountsASwapAsOneEdit() {
    #expect(editDistance("satuts", "status") == 2)
    #expect(editDistance("nmae", "name") == 1)
    #expect(editDistance("stat", "status") == 2)
    #expect(editDistance("", "end") == 3)
    #expect(editDistance("pause", "pause") == 0)
    #expect(editDistance("kitten", "sitting") == 3)
    // Optimal string alignment: a swapped pair is not edited again (full Damerau–Levenshtein says 2).
    #expect(editDistance("ca", "abc") == 3)
  }

  static let commands = commandSpecs.map(\.name)

  @Test(
    arguments: [
      ("stat", "status"), ("satuts", "status"), ("sno", "snooze"), ("START", "start"), ("Paus", "pause"),
      ("lst", "list"), ("rest", "reset"), ("updte", "update"), ("tmxu", "tmux"), ("en", "end"),
    ])
  func nearWordsSuggestTheirCommand(typed: String, meant: String) {
    #expect(suggestion(for: typed, among: Self.commands) == meant)
  }

  @Test(arguments: ["frob", "st", "s", "lg", "x", "", "completely-else", "staus-quo", "comp"])
  func farWordsSuggestNothing(typed: String) {
    #expect(suggestion(for: typed, among: Self.commands) == nil)
  }

  @Test func aTieSuggestsNothing() {
    // One edit from both: which was meant is a guess.
    #expect(suggestion(for: "bat", among: ["cat", "hat"]) == nil)
    #expect(suggestion(for: "bat", among: ["cat", "hats"]) == "cat")
    // A prefix of both is no suggestion either.
    #expect(suggestion(for: "re", among: ["reset", "resume"]) == nil)
    #expect(suggestion(for: "res", among: ["reset", "resume"]) == nil)
    #expect(suggestion(for: "resu", among: ["reset", "resume"]) == "resume")
  }

  @Test func optionsAreSuggestedByTheSameRule() {
    let names = (commandSpecs.first { $0.name == "start" }!.options + globalOptions).map(\.name)
    #expect(suggestion(for: "nmae", among: names) == "name")
    #expect(suggestion(for: "stale", among: names) == "stale-after")
    #expect(suggestion(for: "untill", among: names) == "until")
    #expect(suggestion(for: "frob", among: names) == nil)
  }
}
