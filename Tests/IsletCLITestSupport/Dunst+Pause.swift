import Foundation

/// dunst's Do Not Disturb (`dunstctl set-paused`), as a user turns it and reads it.
extension Dunst {
  /// Whether dunst is paused (`dunstctl is-paused`); nil when it did not answer.
  package var isPaused: Bool? {
    guard let run = try? pauseCommand(["is-paused"]), run.status == 0 else { return nil }
    switch run.stdout.trimmingCharacters(in: .whitespacesAndNewlines) {
    case "true": return true
    case "false": return false
    default: return nil
    }
  }

  package func setPaused(_ paused: Bool) throws {
    let run = try pauseCommand(["set-paused", paused ? "true" : "false"])
    guard run.status == 0 else { throw Failure(description: "dunstctl set-paused failed: \(run)") }
  }

  /// How many notifications dunst holds back while paused.
  package var waiting: Int {
    (try? pauseCommand(["count", "waiting"])).flatMap {
      Int($0.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    } ?? -1
  }

  private func pauseCommand(_ arguments: [String]) throws -> Run {
    try Binary.run(
      arguments, environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
      executable: "/usr/bin/dunstctl")
  }
}
