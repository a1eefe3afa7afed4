import Foundation
import IsletCLI
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCore
@testable import IsletStore

/// Output that cannot be written is never reported as success: a full disk or a closed stdout
/// ends the command with exit 74 and one line, a reader that goes away ends it quietly.
@Suite struct OutputFailureTests {
  let islet = Sandbox()

  /// How the binary ended: its status, or the signal that stopped it, and what it said on stderr.
  struct Ending: Equatable, CustomStringConvertible {
    var exited: Bool
    var status: Int32
    var stderr: String
    var description: String { "\(exited ? "exit" : "signal") \(status), stderr: \(stderr.debugDescription)" }
  }

  /// Runs `executable arguments` with stdout on `output` (a file handle, or nil for a pipe the
  /// caller reads through `reading`), stderr captured.
  func run(
    _ arguments: [String], executable: String = Binary.path, output: FileHandle?,
    reading: ((FileHandle) -> Void)? = nil
  ) throws -> Ending {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = islet.environment
    let err = Pipe()
    let out = Pipe()
    process.standardOutput = output ?? out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    if output == nil {
      // The smallest pipe Linux makes (F_SETPIPE_SZ is 1031), so a log of a few KiB outgrows it.
      _ = fcntl(out.fileHandleForWriting.fileDescriptor, 1031, 4096)
    }
    try process.run()
    if output == nil {
      try out.fileHandleForWriting.close()
      reading?(out.fileHandleForReading)
    }
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Ending(
      exited: process.terminationReason == .exit, status: process.terminationStatus,
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  static let everyOutput: [[String]] = [
    ["help"], ["--help"], ["--version"], ["help", "start"], ["themes"], ["status"],
    ["status", "--format", "json"], ["status", "--format", "tmux"], ["list"], ["list", "--json"], ["log"],
    ["log", "--json"], ["log", "--csv"],
  ]

  @Test(arguments: everyOutput)
  func aFullDiskIsAWriteErrorNotSuccess(_ command: [String]) throws {
    try islet.binary("start", "25m", "--name", "Workout")
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let ending = try run(command, output: full)
    #expect(
      ending == Ending(exited: true, status: 74, stderr: "islet: write error: No space left on device\n"),
      "islet \(command.joined(separator: " ")) > /dev/full")
  }

  /// `tmux` also warns (on stderr) that this is a debug build: the write error comes last.
  @Test func theTmuxSnippetToAFullDiskIsAWriteError() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let ending = try run(["tmux"], output: full)
    #expect(ending.exited && ending.status == 74, "\(ending)")
    #expect(ending.stderr.hasSuffix("\nislet: write error: No space left on device\n"), "\(ending)")
  }

  @Test(arguments: [["list"], ["log", "--csv"], ["--version"], ["status", "--format", "json"]])
  func aClosedStdoutIsAWriteError(_ command: [String]) throws {
    try islet.binary("start", "25m", "--name", "Workout")
    let ending = try run(
      ["-c", #"exec "$0" "$@" >&-"#, Binary.path] + command, executable: "/bin/sh", output: nil)
    #expect(
      ending == Ending(exited: true, status: 74, stderr: "islet: write error: Bad file descriptor\n"),
      "islet \(command.joined(separator: " ")) >&-")
  }

  @Test func anIntentWhoseConfirmationIsLostIsKeptAndSaysSo() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let ending = try run(["start", "25m", "--name", "Workout"], output: full)
    #expect(
      ending == Ending(exited: true, status: 74, stderr: "islet: write error: No space left on device\n"))
    // The start was committed before its id failed to print.
    #expect(try islet.binary("status").stdout.hasPrefix("⏱ Workout"))
  }

  @Test func aFailingStderrNeitherCrashesNorHides74() throws {
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? full.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Binary.path)
    process.arguments = ["list"]
    process.environment = islet.environment
    process.standardOutput = full
    process.standardError = full
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit && process.terminationStatus == 74)
    let usage = try run(
      ["-c", #"exec "$0" "$@" 2>&-"#, Binary.path, "frobnicate"], executable: "/bin/sh", output: nil)
    #expect(usage == Ending(exited: true, status: 64, stderr: ""))
  }

  /// A log far longer than the pipe holds, so the reader goes away while it is still written;
  /// the binary reads it a minute after the sandbox's clock started them.
  func longLog() {
    for index in 0..<150 { islet("start", "--name", "Session number \(index)") }
    islet.extra["ISLET_NOW"] = String(t0.milliseconds / 1000 + 60)
  }

  func readAFewBytesAndClose(_ handle: FileHandle) {
    _ = try? handle.read(upToCount: 100)
    try? handle.close()
  }

  @Test func aReaderThatGoesAwayEndsTheLogQuietly() throws {
    longLog()
    let ending = try run(["log"], output: nil, reading: readAFewBytesAndClose)
    // The write fails with EPIPE (islet ignores SIGPIPE) and it ends quietly with the status a
    // shell shows for a command SIGPIPE stopped.
    #expect(ending == Ending(exited: true, status: 141, stderr: ""))
    let csv = try islet.binary("log", "--csv")
    #expect(csv.status == 0 && csv.stdout.split(separator: "\n").count == 151, "\(csv)")
  }

  /// An intent whose reader has gone before it prints: the intent is kept, its hook runs and
  /// the deadline watcher records the finish, with nothing else looking.
  @Test func anIntentWhoseReaderHasGoneStillRunsItsHandlers() throws {
    let fired = islet.folder.file("fired")
    try islet.hook("started", "#!/bin/sh\ncat > /dev/null\necho started >> '\(fired)'\n")
    try islet.hook("finished", "#!/bin/sh\ncat > /dev/null\necho finished >> '\(fired)'\n")
    // The pipe's reader is gone before the binary starts.
    let gone = Pipe()
    try gone.fileHandleForReading.close()
    let ending = try run(["start", "1s", "--name", "Egg"], output: gone.fileHandleForWriting)
    #expect(ending == Ending(exited: true, status: 141, stderr: ""))
    let text = { (try? String(contentsOfFile: fired, encoding: .utf8)) ?? "" }
    #expect(eventually { text() == "started\nfinished\n" }, "\(text())")
  }

  @Test func withSIGPIPEIgnoredAReaderThatGoesAwayStillEndsItQuietly() throws {
    longLog()
    let ending = try run(
      ["-c", #"trap '' PIPE; exec "$0" "$@""#, Binary.path, "log"], executable: "/bin/sh", output: nil,
      reading: readAFewBytesAndClose)
    #expect(ending == Ending(exited: true, status: 141, stderr: ""))
    #expect(try islet.binary("list", "--json").status == 0)
  }

  @Test func theDecisionIsMadeOnceForEveryCommandInProcess() {
    islet("start", "25m", "--name", "Workout")
    let console = RecordingConsole()
    console.outputFailure = ENOSPC
    let status = CommandLineInterface(environment: islet.environment, clock: islet.clock).run(
      ["list"], console: console)
    #expect(status == 74)
    #expect(console.stderr == "islet: write error: No space left on device\n")
  }
}
