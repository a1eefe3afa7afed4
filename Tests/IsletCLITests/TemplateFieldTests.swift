import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletUI

/// `status --template`'s fields, for each kind of activity and phase, and where they are listed.
@Suite struct TemplateFieldTests {
  let islet = Sandbox()
  static let times = "{remaining}|{elapsed}|{deadline}|{category}|{owner}|{segment}"

  func line() -> String { islet("status", "--template", Self.times).stdout }

  @Test func aCountdownSaysItsTimeLeftRunAndEnd() {
    islet("start", "25m", "--name", "Tea", "--category", "home", "--owner", "ada")
    islet.clock.advance(by: 630_500)
    // Left rounded up as the time shown is; run rounded down. 09:05 + 25m is 09:30 (UTC).
    #expect(line() == "14:30|10:30|09:30|home|ada|\n")
    #expect(islet("status").stdout == "⏱ Tea 14:30 ●\n")
    islet("pause")
    islet.clock.advance(by: 60_000)
    #expect(line() == "14:30|10:30||home|ada|\n", "a paused countdown has no deadline")
    islet("resume")
    islet.clock.advance(by: 20 * 60_000)
    #expect(line() == "0:00|30:30|09:31|home|ada|\n", "a finished countdown has none left")
  }

  @Test func aStopwatchHasNoTimeLeftNorDeadline() {
    islet("start", "--name", "Run")
    islet.clock.advance(by: 3_725_000)
    #expect(line() == "|1:02:05||||\n")
  }

  @Test func aPlanSaysItsSegments() {
    islet("start", "--plan", "pomodoro", "--advance", "auto", "--category", "work")
    islet.clock.advance(by: 26 * 60_000)
    // The focus (25m) is over and the break (5m) has run a minute, from 09:30 to 09:35.
    #expect(line() == "4:00|1:00|09:35|work||Break\n")
  }

  @Test func anActivityOverHasOnlyWhatItRan() throws {
    let start = t0
    for phase in [Phase.completed, .ended, .expired] {
      let activity = Activity(
        id: "abcd",
        attributes: ActivityAttributes(
          icon: "tea", owner: "ada", mode: .countdown, fullDuration: 1_500_000),
        state: ContentState(
          name: "Tea", category: "home", startedAt: start, pausedAt: start + 600_000, duration: 1_500_000,
          phase: phase, touchedAt: start + 600_000),
        createdAt: start)
      let text = ActivityText(
        activity: activity, now: start + 3_600_000, policy: .standard,
        glyphs: Glyphs(unicode: true, theme: ThemeCatalog.fallback))
      #expect(text.filled(Self.times) == "|10:00||home|ada|", "\(phase)")
    }
  }

  @Test func everyFieldIsListedWithItsMeaning() throws {
    let help = islet("status", "--help").stdout
    let spec = try #require(commandSpecs.first { $0.name == "status" })
    let option = try #require(spec.options.first { $0.name == "template" })
    for field in TemplateField.allCases {
      #expect(help.contains("\n  {\(field.rawValue)} ") && help.contains(field.meaning), "\(field)")
      #expect(option.help.contains("{\(field.rawValue)}"), "\(field) is not in --template's help")
      #expect(ManPage.text.contains("{\(field.rawValue)}"), "\(field) is not in the man page")
    }
  }

  @Test func anUnknownFieldIsRefusedWithTheKnownOnes() {
    islet("start", "--name", "Tea")
    let known = TemplateField.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
    let run = islet("status", "--template", "{left}")
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: --template has an unknown field {left}; use \(known)\n"), "\(run)")
    #expect(known.contains("{remaining}, {elapsed}, {deadline}, {category}, {tags}, {owner}"))
  }
}
