import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletStore

/// A follower prints a line only when what it shows changes: writes to other files in the
/// store's folder and other processes reading the store wake it, and print nothing.
@Suite struct FollowerQuietTests {
  let islet = Sandbox()

  /// Writes to another file beside the store, and reads of the store by other commands, for
  /// about `seconds` of real time.
  func disturb(for seconds: Double) throws {
    let other = URL(fileURLWithPath: StoreLocation.parent(of: islet.storePath) + "/notes.txt")
    let end = Date().addingTimeInterval(seconds)
    var round = 0
    while Date() < end {
      try Data("note \(round)\n".utf8).write(to: other)
      if round % 5 == 0 { #expect(try islet.binary("status").status == 0) }
      round += 1
      usleep(20_000)
    }
  }

  /// Every format, a stopwatch running: about a line a second (each second shown once), however
  /// much goes on around the store; a rename after it is still followed. (JSON, which shows
  /// milliseconds, printed a line for every wake.)
  @Test(arguments: ["plain", "json", "tmux", "ansi", "waybar", "polybar", "i3blocks", "i3status-rs"])
  func aRunningStopwatchIsPrintedOnceASecond(format: String) throws {
    #expect(try islet.binary("start", "--name", "Tea").status == 0)
    let follower = try Follower(in: islet, ["--format", format])
    defer { follower.stop() }
    #expect(follower.waitFor(lines: 1), "\(follower)")
    let started = Date()
    try disturb(for: 2.5)
    follower.take()
    let seconds = Int(Date().timeIntervalSince(started).rounded(.up))
    #expect(
      follower.lines.count <= seconds + 2,
      "\(follower.lines.count) lines in \(seconds) seconds:\n\(follower.lines.joined(separator: "\n"))")
    #expect(try islet.binary("update", "--name", "Coffee").status == 0)
    #expect(follower.waitForLine { $0.contains("Coffee") }, "\(follower)")
  }

  /// JSON, line by line: no two lines in a row show the same time.
  @Test func aRunningStopwatchInJSONShowsEachSecondOnce() throws {
    #expect(try islet.binary("start", "--name", "Tea").status == 0)
    let follower = try Follower(in: islet, ["--format", "json"])
    defer { follower.stop() }
    #expect(follower.waitFor(lines: 1), "\(follower)")
    try disturb(for: 2.5)
    follower.take()
    let times = follower.lines.map { line in
      ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["time"] as? String
        ?? line
    }
    let repeated = zip(times, times.dropFirst()).filter { $0.0 == $0.1 }
    #expect(repeated.isEmpty, "\(follower.lines.count) lines for \(Set(times).count) seconds shown: \(times)")
  }
}
