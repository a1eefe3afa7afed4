import IsletCore
import IsletRuntime
import IsletUI
import Testing

@testable import IsletCLI

/// `islet run`'s pure parts: the OSC 9;4 scanner, the throttle on what it writes, the name a
/// command gets and the intent its end sends.
@Suite struct ProgressSequenceScannerTests {
  let escape = "\u{1B}"
  let bell = "\u{07}"

  func scan(_ pieces: [String]) -> [TerminalProgress] {
    var scanner = ProgressSequenceScanner()
    return pieces.flatMap { scanner.scan(Array($0.utf8)) }
  }

  @Test func bothTerminatorsEndASequence() {
    #expect(scan(["\(escape)]9;4;1;42\(escape)\\"]) == [.value(42)])
    #expect(scan(["text \(escape)]9;4;1;7\(bell) more"]) == [.value(7)])
  }

  @Test func everyState() {
    let states = ["0", "1;50", "2;30", "2", "3", "3;", "4;80", "4"].map { "\(escape)]9;4;\($0)\(bell)" }
    #expect(
      scan(states) == [
        .cleared, .value(50), .error(30), .error(nil), .indeterminate, .indeterminate, .paused(80),
        .paused(nil),
      ])
  }

  /// Split at every byte, the sequence is still found, once.
  @Test func aSequenceSplitAcrossReadsIsFoundOnceWhole() {
    let whole = "ab\(escape)]9;4;1;63\(escape)\\cd"
    for cut in 0...whole.utf8.count {
      let bytes = Array(whole.utf8)
      var scanner = ProgressSequenceScanner()
      let found = scanner.scan(bytes[..<cut]) + scanner.scan(bytes[cut...])
      #expect(found == [.value(63)], "cut at \(cut)")
    }
    #expect(scan(whole.map(String.init)) == [.value(63)])
  }

  @Test func otherSequencesAndJunkAreIgnored() {
    let ignored = [
      "\(escape)]0;a window title\(bell)", "\(escape)]9;hello\(bell)", "\(escape)]9;4;5;10\(bell)",
      "\(escape)]9;4;1;abc\(bell)", "\(escape)]9;4;1;10;20\(bell)", "\(escape)]9;4;1;1000\(bell)",
      "\(escape)]8;;https://example.com\(escape)\\", "\(escape)[31m red \(escape)[0m", "9;4;1;50\(bell)",
      // Cancelled by CAN, and cut short by another escape.
      "\(escape)]9;4;1;20\u{18}\(bell)", "\(escape)]9;4;1;30\(escape)[m\(bell)",
    ]
    #expect(scan(ignored) == [])
    // After all that, the next one is still read.
    #expect(scan(ignored + ["\(escape)]9;4;1;99\(bell)"]) == [.value(99)])
  }

  @Test func aPercentPast100Is100AndALongOSCIsSkipped() {
    #expect(scan(["\(escape)]9;4;1;150\(bell)"]) == [.value(100)])
    let title = String(repeating: "x", count: 5000)
    #expect(scan(["\(escape)]9;4;1;5\(title)\(bell)", "\(escape)]9;4;1;6\(bell)"]) == [.value(6)])
  }
}

@Suite struct ProgressThrottleTests {
  @Test func oneWriteAChangeAndAtMostTenASecond() {
    var throttle = ProgressThrottle()
    #expect(throttle.offer(.value(1), at: 0) == .value(1))
    #expect(throttle.offer(.value(1), at: 500) == nil, "nothing new")
    #expect(throttle.offer(.value(2), at: 550) == .value(2))
    #expect(throttle.offer(.value(3), at: 560) == nil, "too soon")
    #expect(throttle.offer(.value(4), at: 570) == nil, "too soon")
    #expect(throttle.nextDue == 650)
    #expect(throttle.due(at: 600) == nil)
    #expect(throttle.due(at: 650) == .value(4), "the last word held is written")
    #expect(throttle.nextDue == nil)
    #expect(throttle.offer(.value(4), at: 800) == nil)
  }

  @Test func aThousandUpdatesASecondCostTenWrites() {
    var throttle = ProgressThrottle()
    var writes = 0
    for millisecond in 0..<1000 {
      if throttle.offer(.value(millisecond % 100), at: Int64(millisecond)) != nil { writes += 1 }
      if throttle.due(at: Int64(millisecond)) != nil { writes += 1 }
    }
    #expect(writes == 10)
  }

  @Test func theLastWordIsFlushedAtTheEnd() {
    var throttle = ProgressThrottle()
    #expect(throttle.offer(.value(42), at: 0) == .value(42))
    #expect(throttle.offer(.value(7), at: 10) == nil)
    #expect(throttle.flush(at: 20) == .value(7))
    #expect(throttle.flush(at: 30) == nil)
  }

  @Test func goingBackToWhatWasWrittenDropsWhatWasHeld() {
    var throttle = ProgressThrottle()
    #expect(throttle.offer(.value(5), at: 0) == .value(5))
    #expect(throttle.offer(.value(6), at: 10) == nil)
    #expect(throttle.offer(.value(5), at: 20) == nil)
    #expect(throttle.nextDue == nil)
  }
}

@Suite struct RunCommandPartsTests {
  @Test func aRunIsNamedAfterItsCommandShortened() {
    #expect(RunCommand.name(for: ["make", "test"]) == "make test")
    #expect(RunCommand.name(for: ["/usr/bin/make", "-j4"]) == "make -j4")
    #expect(RunCommand.name(for: ["sh", "-c", "exit 3"]) == "sh -c 'exit 3'")
    #expect(RunCommand.name(for: ["echo", "\u{1B}[31mred"]) == "echo \\e[31mred")
    let long = RunCommand.name(for: ["rsync", String(repeating: "a", count: 100)])
    #expect(long.count == RunCommand.longestName + 1 && long.hasSuffix("…"), "\(long)")
  }

  @Test func itsEndIsDoneOrFailed() {
    #expect(RunCommand.intent(for: .exited(0)) == .complete)
    #expect(RunCommand.intent(for: .exited(2)) == .fail(.status(2)))
    #expect(RunCommand.intent(for: .killed(signal: 2)) == .fail(.signal(2)))
    #expect(ForegroundRun.Ending.killed(signal: 15).status == 143)
  }

  @Test func progressSetsOrClearsThePercent() {
    #expect(RunCommand.update(for: .value(40)) == ActivityUpdate(percent: .some(40)))
    #expect(RunCommand.update(for: .indeterminate) == ActivityUpdate(percent: .some(nil)))
    #expect(RunCommand.update(for: .cleared) == ActivityUpdate(percent: .some(nil)))
    #expect(RunCommand.update(for: .error(nil)) == nil)
    #expect(RunCommand.update(for: .paused(70)) == ActivityUpdate(percent: .some(70)))
  }

  @Test func theCommandsOwnOptionsAreItsOwn() throws {
    let spec = try #require(commandSpecs.first { $0.name == "run" })
    let parsed = try parse(
      ["--name", "Build", "make", "-j4", "--name", "x"], options: spec.options, command: "run",
      operandEndsOptions: true)
    #expect(parsed.value(.name) == "Build")
    #expect(parsed.operands == ["make", "-j4", "--name", "x"])
    #expect(spec.usage == "run [--name N] [--icon I] [--category C] [--expect DURATION] -- CMD [ARGS…]")
  }
}
