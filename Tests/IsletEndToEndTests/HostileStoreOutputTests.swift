import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletStore

/// Names an older Islet stored before the rules on user text (or another program wrote into
/// the store): escape sequences, control characters, bidirectional controls, bytes that are not
/// UTF-8. Every output of every reading command prints them as text, whatever the format.
@Suite struct HostileStoreOutputTests {
  let islet = Sandbox()

  /// `ESC[31m`, an OSC title ended by BEL, NUL, CSI as a C1 character, DEL, CR, U+202E, a byte
  /// that is not UTF-8, a line break and a tab, as SQL hex.
  static let hostile = "1B5B33316D1B5D303B70776E0700C29B324A7F0DE280AEFF0A09"

  func text(_ prefix: String) -> String {
    "CAST(X'\(Array(prefix.utf8).map { String($0, radix: 16) }.joined())\(Self.hostile)' AS TEXT)"
  }

  /// A store with a running stopwatch with a lap, a countdown with an ID, an owner and a
  /// category, a plan run and a finished session; then every name, label and category
  /// overwritten straight in the file.
  func makeHostileStore() throws -> (stopwatch: String, countdown: String, plan: String) {
    for arguments in [
      ["start", "--name", "Old"], ["complete", "Old"], ["start", "--name", "Watch"],
      ["start", "25m", "--name", "Tea", "--id", "T1", "--owner", "ada", "--category", "home"],
      ["start", "--plan", "pomodoro", "--name", "Deep"],
    ] {
      let run = try Binary.run(arguments, environment: islet.environment.merging(islet.at(0)) { $1 })
      #expect(run.status == 0, "\(arguments): \(run)")
    }
    #expect(try islet.run(5, "lap", "Watch").status == 0)
    let ids = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    let live = try ids.liveActivities()
    ids.close()
    let id = { (name: String) in live.first { $0.name == name }?.id ?? "" }
    let found = (id("Watch"), id("Tea"), id("Deep"))
    let store = try SQLiteActivityStore.openForWriting(path: islet.storePath)
    try store.database.execute(
      """
      UPDATE activity SET name = \(text("N")), category = \(text("c")), owner = \(text("o")),
        record_id = \(text("r")), plan_name = CASE WHEN plan_name IS NULL THEN NULL ELSE \(text("p")) END;
      UPDATE event SET name = \(text("E")), category = \(text("c")),
        segment = CASE WHEN segment IS NULL THEN NULL ELSE \(text("s")) END,
        plan_name = CASE WHEN plan_name IS NULL THEN NULL ELSE \(text("p")) END;
      """)
    store.close()
    return found
  }

  /// Every reading command in every output format, at the fixed clock.
  static func readings(stopwatch: String, countdown: String, plan: String) -> [[String]] {
    var all: [[String]] = []
    let formats = ["plain", "json", "ansi", "tmux", "waybar", "polybar", "i3blocks", "i3bar", "i3status-rs"]
    for target in [[], [stopwatch], [countdown], [plan]] {
      for format in formats { all.append(["status"] + target + ["--format", format]) }
      for presentation in ["minimal", "compact", "expanded", "lockscreen"] {
        for format in ["plain", "ansi", "tmux", "json"] {
          all.append(["status"] + target + ["--presentation", presentation, "--format", format])
        }
      }
      for format in ["plain", "tmux", "ansi"] {
        all.append(
          ["status"] + target + ["--format", format, "--template", "{icon} {name} {segment} {time}"])
      }
    }
    // waybar's island is two modules, each a part.
    for part in ["pill", "bubble"] { all.append(["status", "--format", "waybar", "--part", part]) }
    all += [
      ["list"], ["list", "--all"], ["list", "--json"], ["list", "--all", "--json"],
      ["log"], ["log", "--json"], ["log", "--csv"], ["check"],
      ["report"], ["report", "--json"], ["report", "--csv"],
      ["report", "--by", "category"], ["report", "--by", "category", "--json"],
      ["report", "--by", "category", "--csv"],
      ["laps", stopwatch], ["laps", stopwatch, "--json"], ["laps", stopwatch, "--csv"],
      ["status", "nothing-by-this-name"],
    ]
    return all
  }

  @Test func everyOutputPrintsStoredControlCharactersAsText() throws {
    let (stopwatch, countdown, plan) = try makeHostileStore()
    var checked = 0
    for arguments in Self.readings(stopwatch: stopwatch, countdown: countdown, plan: plan) {
      let run = try Binary.runBytes(arguments, environment: islet.environment.merging(islet.at(20)) { $1 })
      // Only the lookup of a name nobody has is refused: every other shows the activities.
      #expect(
        (run.status == 0) != arguments.contains("nothing-by-this-name"), "islet \(arguments): \(run.status)")
      for (stream, bytes) in [("stdout", run.stdout), ("stderr", run.stderr)] {
        if let raw = Self.rawControl(in: bytes, ownColors: arguments.contains("ansi")) {
          Issue.record("islet \(arguments.joined(separator: " ")) printed \(raw) on \(stream)")
        }
      }
      checked += 1
    }
    #expect(checked > 100)
    // The names are there, escaped: a user can still tell the activities apart.
    let line = try Binary.run(
      ["status", stopwatch], environment: islet.environment.merging(islet.at(20)) { $1 }
    ).stdout
    #expect(line.contains(#"N\e[31m\e]0;pwn\u{7}\u{0}\u{9b}2J\u{7f}\u{d}\u{202e}"#), "\(line)")
  }

  /// What in `bytes` a terminal would act on rather than show: a C0 control but the line
  /// break, DEL, a C1 control or a bidirectional control (each as UTF-8), or a byte that is
  /// not UTF-8; Islet's own color codes (`ESC[…m`) aside when the format has them.
  static func rawControl(in bytes: [UInt8], ownColors: Bool) -> String? {
    var bytes = bytes
    if ownColors {
      var plain: [UInt8] = []
      var index = 0
      while index < bytes.count {
        if bytes[index] == 0x1B, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "[") {
          var end = index + 2
          while end < bytes.count, bytes[end] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[end]) {
            end += 1
          }
          if end < bytes.count, bytes[end] == UInt8(ascii: "m") {
            index = end + 1
            continue
          }
        }
        plain.append(bytes[index])
        index += 1
      }
      bytes = plain
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return "bytes that are not UTF-8" }
    for (offset, scalar) in text.unicodeScalars.enumerated() where scalar != "\n" {
      let value = scalar.value
      if value < 0x20 || (0x7F..<0xA0).contains(value) || (0x202A...0x202E).contains(value)
        || (0x2066...0x2069).contains(value)
      {
        return
          "U+\(String(value, radix: 16, uppercase: true)) raw at scalar \(offset) of \(text.debugDescription)"
      }
    }
    return nil
  }
}

extension Binary {
  /// Runs the binary; its exit status and its output's bytes as they are.
  static func runBytes(_ arguments: [String], environment: [String: String]) throws -> (
    status: Int32, stdout: [UInt8], stderr: [UInt8]
  ) {
    let (process, out, err) = try start(arguments, environment: environment)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, Array(stdout), Array(stderr))
  }
}
