import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI

/// The words users bring from other tools: aliases, `-v`, and an option typed twice.
@Suite struct CommandWordTests {
  /// Each alias, with the command it runs.
  static let aliases: [(alias: String, command: String)] = commandSpecs.flatMap { spec in
    spec.aliases.map { ($0, spec.name) }
  }

  @Test func stopCompletesAndCancelEnds() {
    // What a time tracker's stop and a dialog's cancel mean: the time kept, the run abandoned.
    #expect(Self.aliases.contains { $0 == ("stop", "complete") }, "\(Self.aliases)")
    #expect(Self.aliases.contains { $0 == ("cancel", "end") }, "\(Self.aliases)")
    let islet = Sandbox()
    islet("start", "10m", "--name", "Tea")
    islet.clock.advance(by: 60_000)
    #expect(islet("stop") == Run(status: 0, stdout: "✓ Tea done — 1:00\n", stderr: ""))
    islet("start", "10m", "--name", "Soup")
    #expect(islet("cancel") == Run(status: 0, stdout: "⏹ Soup ended at 0:00\n", stderr: ""))
  }

  /// An alias does what its command does, says so in its help, and is everywhere the command is.
  @Test(arguments: aliases.map(\.alias))
  func anAliasIsItsCommandEverywhere(alias: String) throws {
    let spec = try #require(commandSpecs.first { $0.aliases.contains(alias) })
    let byAlias = Sandbox()
    let byName = Sandbox()
    for islet in [byAlias, byName] {
      islet("start", "25m", "--name", "Tea")
      islet.clock.advance(by: 90_000)
    }
    #expect(byAlias(alias, "tea") == byName(spec.name, "tea"))
    #expect(byAlias("log") == byName("log"), "the history differs")
    // A refusal too: nothing is live now.
    #expect(byAlias(alias) == byName(spec.name))

    let help = byName(spec.name, "--help")
    #expect(help.stdout.contains("\nAlso run as: islet \(alias).\n"), "\(help.stdout)")
    #expect(byAlias(alias, "--help") == help)
    #expect(byAlias("help", alias) == help)
    #expect(byAlias("--help").stdout.contains("\n  \(spec.name), \(alias) "), "not in the top help")
    #expect(ManPage.text.contains("Also run as: islet \(alias)."), "not in the man page")
    let entry = try #require(CompletionScript.entries.first { $0.name == alias }, "not completed")
    #expect(entry.options.map(\.name) == (spec.options + globalOptions).map(\.name))
    #expect(CompletionScript.commands.contains { $0.name == alias })
  }

  @Test func anAliasIsNoOtherCommand() {
    let words = (commandSpecs + hiddenSpecs).flatMap(\.words)
    #expect(Set(words).count == words.count, "a word runs two commands: \(words)")
  }

  /// `-v` is `--version`, on its own and after any command, as `-h` is `--help`.
  @Test(arguments: [nil] + commandSpecs.map(\.name))
  func dashVIsTheVersion(command: String?) {
    let islet = Sandbox()
    let words = command.map { [$0] } ?? []
    let version = Run(status: 0, stdout: "islet \(CommandLineInterface.version)\n", stderr: "")
    #expect(islet.run(words + ["-v"]) == version)
    #expect(islet.run(words + ["--version"]) == version)
  }

  /// Every option that takes a value, of every command (hidden ones too) and of islet alone,
  /// with the usage line its errors are followed by.
  static let singleValued: [(command: String?, option: String)] =
    (commandSpecs + hiddenSpecs).flatMap { spec in
      (spec.options + globalOptions).filter { $0.value != nil && !$0.repeatable }.map { (spec.name, $0.name) }
    } + (DeviceCommand.options + globalOptions).filter { $0.value != nil }.map { (nil, $0.name) }

  @Test(arguments: singleValued)
  func anOptionGivenTwiceIsRefusedWithBothValues(command: String?, option: String) {
    let islet = Sandbox()
    let words = command.map { [$0] } ?? []
    let usage = UsageError(message: "", command: command).usageLine
    let message = "Error: --\(option) is given twice, 'first' and 'second'; give it once\n\(usage)\n"
    for twice in [
      ["--\(option)", "first", "--\(option)", "second"], ["--\(option)=first", "--\(option)=second"],
    ] {
      #expect(islet.run(words + twice) == Run(status: 64, stdout: "", stderr: message))
    }
  }

  @Test func theSameValueTwiceOrAFlagTwiceIsTaken() {
    let islet = Sandbox()
    islet("start", "--name", "Tea", "--name", "Tea")
    #expect(islet("status", "--format", "plain", "--format=plain") == islet("status"))
    #expect(islet("list", "--all", "--all") == islet("list", "--all"))
  }
}
