import Foundation
import IsletCLITestSupport
import IsletCore
import IsletRuntime
import IsletTestSupport
import Testing

@testable import IsletCLI

/// What the shell hook's lines become, on instants handed in: nothing for a short command, a
/// stopwatch started at the command's true start for a long one, and its end by its status.
@Suite struct ShellCommandsTests {
  let after: Milliseconds = 10_000

  @Test func aShortCommandRecordsNothing() {
    var commands = ShellCommands(after: after)
    #expect(commands.read(.began("make"), at: t0) == [])
    #expect(commands.nextDue == t0 + after)
    #expect(commands.due(at: t0 + 9_999) == [])
    #expect(commands.read(.ended(2), at: t0 + 9_999) == [])
    #expect(commands.nextDue == nil)
    #expect(commands.due(at: t0 + 20_000) == [])
    #expect(commands.open == [])
  }

  @Test func aLongCommandStartsAtItsTrueStartAndEndsByItsStatus() {
    for (status, intent) in [
      (Int32(0), Intent.complete), (3, .fail(.status(3))), (130, .fail(.signal(2))),
      (255, .fail(.status(255))),
    ] {
      var commands = ShellCommands(after: after)
      _ = commands.read(.began("make   -j4\tall"), at: t0)
      #expect(commands.due(at: t0 + 12_000) == [.start(name: "make -j4 all", at: t0)])
      #expect(commands.nextDue == nil, "nothing waits once it is shown")
      commands.shown("a1")
      #expect(commands.open == ["a1"])
      #expect(commands.read(.ended(status), at: t0 + 60_000) == [.finish("a1", intent)], "status \(status)")
      #expect(commands.open == [])
    }
  }

  @Test func aStartThatCouldNotBeRecordedEndsNothing() {
    var commands = ShellCommands(after: after)
    _ = commands.read(.began("make"), at: t0)
    _ = commands.due(at: t0 + after)
    commands.shown(nil)
    #expect(commands.read(.ended(0), at: t0 + 60_000) == [])
  }

  @Test func ctrlZPausesAndFgResumesTheSameActivity() {
    var commands = ShellCommands(after: after)
    _ = commands.read(.began("make"), at: t0)
    _ = commands.due(at: t0 + after)
    commands.shown("a1")
    #expect(
      commands.read(.ended(148), at: t0 + 20_000) == [.pause("a1")], "128+SIGTSTP is a stop, not a failure")
    #expect(commands.open == ["a1"])
    #expect(commands.read(.began("ls"), at: t0 + 21_000) == [])
    #expect(commands.read(.ended(0), at: t0 + 21_010) == [])
    #expect(commands.read(.began("fg"), at: t0 + 30_000) == [.resume("a1")])
    #expect(commands.due(at: t0 + 99_000) == [], "a resumed command is shown already")
    #expect(commands.read(.ended(1), at: t0 + 40_000) == [.finish("a1", .fail(.status(1)))])
  }

  @Test func aCommandStoppedBeforeItWasShownWaitsAgainAfterFg() {
    var commands = ShellCommands(after: after)
    _ = commands.read(.began("make"), at: t0)
    #expect(commands.read(.ended(148), at: t0 + 2_000) == [])
    #expect(commands.read(.began("fg %1"), at: t0 + 50_000) == [])
    #expect(commands.due(at: t0 + 60_000) == [.start(name: "make", at: t0 + 50_000)])
  }

  @Test func theShellGoneEndsWhatItShowed() {
    var commands = ShellCommands(after: after)
    _ = commands.read(.began("sleep 100"), at: t0)
    _ = commands.due(at: t0 + after)
    commands.shown("a1")
    _ = commands.read(.ended(148), at: t0 + 11_000)
    _ = commands.read(.began("sleep 200"), at: t0 + 12_000)
    _ = commands.due(at: t0 + 22_000)
    commands.shown("a2")
    #expect(commands.shellGone() == [.end("a2"), .end("a1")])
    #expect(commands.open == [])
  }

  @Test func interactiveProgramsAndIsletAreNeverShown() {
    for text in [
      "vim notes.txt", "less log", "ssh host", "islet start 5m", "/usr/local/bin/islet", "python3", "bash",
    ] {
      var commands = ShellCommands(after: after)
      _ = commands.read(.began(text), at: t0)
      #expect(commands.due(at: t0 + 60_000) == [], "\(text)")
    }
    for text in ["python3 train.py", "bash build.sh", "sh -c 'sleep 2; exit 3'", "cargo build"] {
      var commands = ShellCommands(after: after)
      _ = commands.read(.began(text), at: t0)
      #expect(commands.due(at: t0 + 60_000).count == 1, "\(text)")
    }
  }

  @Test func theNameIsTheFirstLineShortened() {
    #expect(ShellCommands.name(for: "make test") == "make test")
    #expect(ShellCommands.name(for: "for f in *; do\n  gzip $f\ndone") == "for f in *; do …")
    let long = "rsync -a --delete /home/ada/projects/ /mnt/backup/projects/"
    #expect(ShellCommands.name(for: long) == "rsync -a --delete /home/ada/projects/ /m…")
    #expect(ShellCommands.name(for: "printf '\u{1B}[31m'") == #"printf '\e[31m'"#)
  }

  @Test func theHooksLinesAreRead() {
    #expect(ShellCommands.Line("b make -j4") == .began("make -j4"))
    #expect(ShellCommands.Line("e 130") == .ended(130))
    #expect(ShellCommands.Line("e x") == nil)
    #expect(ShellCommands.Line("trap -- 'x' DEBUG") == nil)
  }
}

/// The watcher's reading of its shell's file: whole lines only, in order, once each.
@Suite struct LineReaderTests {
  @Test func aLineWaitsForItsEndAndAFileCutShortIsReadAgain() throws {
    let folder = TemporaryFolder()
    let path = folder.file("shell-1")
    folder.write("shell-1", Array("b make\ne 0\nb sle".utf8))
    let file = open(path, O_RDONLY)
    defer { close(file) }
    var reader = LineReader(file: file)
    #expect(reader.lines() == ["b make", "e 0"])
    #expect(reader.lines() == [], "nothing new, and half a line waits")
    let append = open(path, O_WRONLY | O_APPEND)
    _ = "ep 9\n".withCString { write(append, $0, 5) }
    close(append)
    #expect(reader.lines() == ["b sleep 9"])
    // As the hook does it (`: > file`): the same file, cut to nothing, then written.
    let again = open(path, O_WRONLY | O_TRUNC)
    _ = "b ls\n".withCString { write(again, $0, 5) }
    close(again)
    #expect(reader.lines() == ["b ls"], "the hook started the file again")
  }
}
