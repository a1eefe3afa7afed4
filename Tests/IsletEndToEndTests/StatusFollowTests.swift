import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore

/// `islet status --follow` through the built binary, read line by line as a bar reads it.
@Suite struct StatusFollowTests {
  let islet = Sandbox()

  @Test func showsEachIntentFromAnotherShell() throws {
    try islet.binary("start", "25m", "--name", "Tea", "--paused")
    let follower = try Follower(in: islet)
    defer { follower.stop() }
    #expect(follower.waitForLine { $0.contains("Tea") }, "\(follower)")
    for index in 1...10 {
      try islet.binary("update", "--name", "Name\(index)")
      #expect(follower.waitForLine { $0.contains("Name\(index) ") }, "rename \(index) not shown: \(follower)")
    }
  }

  @Test func printsOneLinePerDisplayedSecondWhileATimerRuns() throws {
    try islet.binary("start", "10m", "--name", "Tea")
    let follower = try Follower(in: islet)
    defer { follower.stop() }
    #expect(follower.waitFor(lines: 5), "\(follower)")
    let seconds = follower.lines.prefix(5).map(Self.seconds)
    // Each line one second on from the one before: none twice, none skipped.
    let steps = zip(seconds, seconds.dropFirst()).map { $0 - $1 }
    #expect(steps == [1, 1, 1, 1], "\(follower.lines.prefix(5))")
  }

  /// While everything is paused nothing is printed, and the follower does not even wake: a
  /// timer ticking in another store marks two displayed seconds, in which the follower's
  /// main thread sleeps throughout; then a rename is the only line after the first.
  @Test func printsNothingAndWakesNotWhileEverythingIsPaused() throws {
    try islet.binary("start", "25m", "--name", "Held")
    try islet.binary("pause")
    // The deadline watcher the start spawned has gone: nothing else touches the store.
    #expect(eventually { !Self.watcherRuns(for: islet.storePath) })
    let follower = try Follower(in: islet)
    defer { follower.stop() }
    #expect(follower.waitFor(lines: 1))
    #expect(eventually { follower.isAsleep })
    let wakes = follower.wakes
    let clock = Sandbox()
    try clock.binary("start", "10m", "--name", "Clock")
    let ticking = try Follower(in: clock)
    defer { ticking.stop() }
    #expect(ticking.waitFor(lines: 3), "\(ticking)")
    #expect(follower.wakes == wakes, "it woke while everything was paused")
    try islet.binary("update", "--name", "Renamed")
    #expect(follower.waitForLine { $0.contains("Renamed") })
    #expect(follower.lines == ["⏱ Held 25:00 ⏸", "⏱ Renamed 25:00 ⏸"])
  }

  @Test func printsAnEmptyLineWhileNothingIsLiveAndFollowsAStoreMadeLater() throws {
    let follower = try Follower(in: islet)
    defer { follower.stop() }
    #expect(follower.waitFor(lines: 1))
    #expect(!FileManager.default.fileExists(atPath: islet.storePath))
    try islet.binary("start", "25m", "--name", "Tea", "--paused")
    #expect(follower.waitForLine { $0 == "⏱ Tea 25:00 ◦ ready" }, "\(follower)")
    try islet.binary("end")
    #expect(follower.waitFor(lines: 3), "\(follower)")
    #expect(follower.lines == ["", "⏱ Tea 25:00 ◦ ready", ""])
    #expect(!FileManager.default.fileExists(atPath: islet.storePath + "-journal"))
  }

  @Test func endsQuietlyWhenItsReaderGoesAway() throws {
    try islet.binary("start", "25m", "--name", "Tea", "--paused")
    let follower = try Follower(in: islet)
    #expect(follower.waitFor(lines: 1))
    // Paused, it has nothing to write: it sees the closed pipe itself.
    try follower.out.fileHandleForReading.close()
    #expect(eventually { !follower.process.isRunning })
    let stderr = String(decoding: follower.err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(stderr == "")
    #expect([0, 141].contains(follower.process.terminationStatus))
  }

  @Test func endsOnSIGTERMAndSIGHUP() throws {
    try islet.binary("start", "10m", "--name", "Tea")
    for signal in [SIGTERM, SIGHUP] {
      let follower = try Follower(in: islet)
      #expect(follower.waitFor(lines: 1))
      kill(follower.process.processIdentifier, signal)
      let run = follower.finish()
      #expect(run.status == 0 && run.stderr == "", "signal \(signal): \(run)")
      #expect(follower.process.terminationReason == .exit)
    }
  }

  /// A reader that stops reading fills the pipe: the follower then waits for room where
  /// signals reach it, rather than in a write that holds them off until the reader drains.
  @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
  func aFullPipeStillEndsOnASignal(signal: Int32) throws {
    try islet.binary("start", "10m", "--name", "Tea")
    // A line a second into a pipe of one page, which poll reports full once a line is in it;
    // lines of nearly 800 bytes (a template's most: 200 characters of 4 bytes) fill it for a
    // blocking write too by the sixth.
    let follower = try Follower(in: islet, ["--template", String(repeating: "🍅", count: 190) + "{time}"])
    #expect(fcntl(follower.out.fileHandleForReading.fileDescriptor, 1031 /* F_SETPIPE_SZ */, 4096) == 4096)
    // Waiting for room: in ppoll (271) with one descriptor and no timeout, as /proc shows.
    let syscall = "/proc/\(follower.process.processIdentifier)/syscall"
    let waitsForRoom = {
      let fields = ((try? String(contentsOfFile: syscall, encoding: .utf8)) ?? "").split(separator: " ")
      return fields.count > 3 && fields[0] == "271" && fields[2] == "0x1" && fields[3] == "0x0"
    }
    #expect(
      eventually(waitsForRoom),
      "never waited for room: \((try? String(contentsOfFile: syscall, encoding: .utf8)) ?? "")")
    try send(signal, to: follower.process.processIdentifier)
    #expect(eventually { !follower.process.isRunning }, "a full pipe held off signal \(signal)")
    if !follower.process.isRunning {
      #expect(follower.process.terminationStatus == (signal == SIGINT ? 130 : 0))
    } else {
      try send(SIGKILL, to: follower.process.processIdentifier)
      follower.process.waitUntilExit()
    }
  }

  @Test func theStoreRemovedWhileFollowingIsAnError() throws {
    try islet.binary("start", "25m", "--name", "Tea", "--paused")
    let follower = try Follower(in: islet)
    #expect(follower.waitFor(lines: 1))
    unlink(islet.storePath)
    let run = follower.finish()
    #expect(run.status == 74)
    #expect(run.stderr.hasSuffix("it was removed or replaced while following\n"), "\(run)")
    #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
  }

  @Test func everyFormatFollows() throws {
    try islet.binary("start", "25m", "--name", "Tea", "--paused")
    let json = try Follower(in: islet, ["--format", "json"])
    defer { json.stop() }
    #expect(json.waitFor(lines: 1))
    let object = try JSONSerialization.jsonObject(with: Data(json.lines[0].utf8)) as? [String: Any]
    #expect(object?["name"] as? String == "Tea", "\(json)")
    let tmux = try Follower(in: islet, ["--format", "tmux"])
    defer { tmux.stop() }
    #expect(tmux.waitFor(lines: 1))
    #expect(tmux.lines[0].contains("#[") && tmux.lines[0].contains("Tea"), "\(tmux)")
    let compact = try Follower(in: islet, ["--presentation", "compact"])
    defer { compact.stop() }
    let template = try Follower(in: islet, ["--template", "{name}={time}"])
    defer { template.stop() }
    #expect(compact.waitFor(lines: 1) && template.waitFor(lines: 1))
    #expect(
      compact.lines[0]
        == (try islet.binary("status", "--presentation", "compact").stdout.dropLast()).description)
    #expect(template.lines == ["Tea=25:00"])
    try islet.binary("update", "--name", "Coffee")
    #expect(json.waitForLine { $0.contains("\"Coffee\"") }, "\(json)")
    #expect(tmux.waitForLine { $0.contains("Coffee") }, "\(tmux)")
    #expect(compact.waitForLine { $0.contains("Coffee") }, "\(compact)")
    #expect(template.waitForLine { $0 == "Coffee=25:00" }, "\(template)")
    try islet.binary("end")
    #expect(json.waitForLine { $0 == "null" }, "\(json)")
  }

  @Test func badUsageWithFollowIsOneLineAndExit64() throws {
    for arguments in [
      ["status", "--follow", "--format", "bar"],
      ["status", "--follow", "--presentation", "compact", "--template", "{name}"],
      ["status", "--follow=yes"],
    ] {
      let run = try Binary.run(arguments, environment: islet.environment)
      #expect(run.status == 64, "\(arguments): \(run)")
      #expect(run.stdout == "" && run.stderr.hasPrefix("Error: "), "\(arguments): \(run)")
      #expect(run.stderr.split(separator: "\n").count == 2, "an error and the usage line: \(run)")
    }
  }

  /// Whether a detached deadline watcher of the store at `path` is running.
  static func watcherRuns(for path: String) -> Bool { watcherPID(path) != nil }

  /// The seconds a plain line shows: `⏱ Tea 9:58 ●` is 598.
  static func seconds(_ line: String) -> Int {
    let time = line.split(separator: " ").first { $0.contains(":") } ?? ""
    return time.split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) }
  }
}

/// A running `islet status --follow`, its output read as it comes.
final class Follower: CustomStringConvertible {
  let process: Process
  let out: Pipe
  let err: Pipe
  private(set) var lines: [String] = []
  private var partial: [UInt8] = []

  init(in sandbox: Sandbox, _ arguments: [String] = [], input: Pipe? = nil) throws {
    (process, out, err) = try Binary.start(
      ["status", "--follow"] + arguments, environment: sandbox.environment, input: input)
  }

  var description: String { "lines so far: \(lines)" }

  /// Its main thread's sleeps so far (`voluntary_ctxt_switches`): each wake adds one.
  var wakes: Int? {
    let status =
      (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
    return line.flatMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") }
  }

  /// Whether its main thread is asleep in `ppoll` now (`/proc/PID/syscall`, x86-64's number
  /// 271), where the follower waits.
  var isAsleep: Bool {
    let text =
      (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/syscall", encoding: .utf8)) ?? ""
    return text.hasPrefix("271 ")
  }

  /// Takes what has arrived, without waiting.
  func take() {
    let fd = out.fileHandleForReading.fileDescriptor
    var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while poll(&ready, 1, 0) > 0 && ready.revents & Int16(POLLIN) != 0 {
      let count = read(fd, &buffer, buffer.count)
      if count <= 0 { break }
      partial += buffer[..<count]
      while let end = partial.firstIndex(of: 10) {
        lines.append(String(decoding: partial[..<end], as: UTF8.self))
        partial.removeSubrange(...end)
      }
    }
  }

  func waitFor(lines count: Int) -> Bool {
    eventually {
      take()
      return lines.count >= count
    }
  }

  func waitForLine(_ matches: (String) -> Bool) -> Bool {
    eventually {
      take()
      return lines.contains(where: matches)
    }
  }

  /// Waits for it to end by itself; what it printed then.
  func finish() -> Run {
    process.waitUntilExit()
    take()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    return Run(
      status: process.terminationStatus, stdout: lines.joined(separator: "\n"),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  func stop() {
    if process.isRunning { process.terminate() }
    process.waitUntilExit()
  }
}
