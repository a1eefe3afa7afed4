import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// Expiry is durable: the moment an activity expires is fixed when it is last touched, and
/// readers show it expired, frozen at that moment, before any writer has recorded it.
@Suite struct ExpiryTests {
  let islet = Sandbox()

  func expiredEvents() throws -> [Event] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.history().filter { $0.kind == .expired }
  }

  @Test func readersShowAnExpiredActivityFrozenAndLogIt() throws {
    islet.writeConfig("max-idle = 4s\n")
    let id = islet("start", "--name", "Sw").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    islet.clock.advance(by: 6_000)
    let row = "   \(id)  Sw    expired  ran 0:04  stopwatch\n"
    #expect(islet("list", "--all").stdout.hasSuffix(row), "\(islet("list", "--all"))")
    islet.clock.advance(by: 3_000)
    #expect(islet("list", "--all").stdout.hasSuffix(row), "still 0:04 three seconds on")
    #expect(islet("status").status == 1, "an expired activity is not live")
    let log = islet("log").stdout
    #expect(log.contains("Sw    expired  0:04"), "\(log)")
    #expect(try expiredEvents().isEmpty, "readers recorded nothing")
    // Raising max-idle afterwards does not bring it back.
    islet.writeConfig("max-idle = 8h\n")
    #expect(islet("list", "--all").stdout.hasSuffix(row))
    #expect(islet("log").stdout == log)
    // A writer records it, at the moment it expired, and the log reads the same.
    #expect(islet("start", "--name", "Other").status == 0)
    let events = try expiredEvents()
    #expect(events.map(\.activityID) == [id])
    #expect(events.first?.at == t0 + 4_000)
    #expect(events.first?.elapsed == 4_000)
    #expect(islet("log").stdout.contains("Sw     expired  0:04"), "\(islet("log"))")
  }

  /// A lower max-idle applies to activities touched after the change, not before.
  @Test func maxIdleAppliesFromTheNextTouch() throws {
    islet.writeConfig("max-idle = 1h\n")
    #expect(islet("start", "--name", "Early").status == 0)
    islet.writeConfig("max-idle = 4s\n")
    islet.clock.advance(by: 60_000)
    #expect(islet("status", "--template", "{name} {phase}").stdout == "Early active\n")
    #expect(islet("pause").status == 0)
    islet.clock.advance(by: 5_000)
    #expect(islet("status").status == 1, "touched under 4 s, it expired 4 s later")
    #expect(
      islet("list", "--all", "--json").stdout.contains("\"phase\":\"expired\""),
      "\(islet("list", "--all", "--json"))")
  }
}

/// The same through the built binary, on the clock `ISLET_NOW` fixes.
@Suite struct ExpiryThroughTheBinaryTests {
  let islet = Sandbox()

  func at(_ seconds: Int64, _ arguments: String...) throws -> Run {
    try Binary.run(
      arguments,
      environment: islet.environment.merging(["ISLET_NOW": String(t0.milliseconds / 1000 + seconds)]) { $1 })
  }

  @Test func anExpiredStopwatchIsShownFrozenAndLoggedByEveryCommand() throws {
    islet.writeConfig("max-idle = 4s\n")
    let id = try at(0, "start", "--name", "Sw").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let row = "   \(id)  Sw    expired  ran 0:04  stopwatch\n"
    let listed = try at(6, "list", "--all")
    #expect(listed.stdout.hasSuffix(row), "\(listed)")
    #expect(try at(9, "list", "--all").stdout.hasSuffix(row))
    let log = try at(9, "log")
    #expect(log.stdout.contains("Sw    expired  0:04"), "\(log)")
    islet.writeConfig("max-idle = 8h\n")
    #expect(try at(12, "list", "--all").stdout.hasSuffix(row), "raising max-idle does not bring it back")
    #expect(try at(12, "status").status == 1)
  }
}
