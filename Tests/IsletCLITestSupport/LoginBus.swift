import Foundation
import IsletTestSupport

/// A private bus standing in for the system bus, with the tests' stand-in for logind
/// (`Support/login-stand-in.py`) on it: it answers for the session and emits `PrepareForSleep`,
/// `Lock` and `Unlock` when a test asks. Give a process `environment` and it takes this bus for
/// the system bus; everything stops when the value goes.
///
/// ```swift
/// let login = try LoginBus()
/// try islet.binary("start", "10m", extra: login.environment)
/// _ = login.waitForCalls { $0.contains("GetSession") }   // the watcher asked for its session
/// try login.lock()
/// ```
package final class LoginBus {
  private let bus: SessionBus
  private var standIn: Child?

  package static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Support/login-stand-in.py").path

  package init() throws {
    bus = try SessionBus(server: false)
    let output = bus.folder.file("login.out")
    let standIn = try SessionBus.start(
      SessionBus.pythonPath, [Self.script, recordPath],
      environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address],
      output: output, errors: bus.folder.file("login.err"))
    self.standIn = standIn
    _ = eventually(within: 10) { SessionBus.text(output) == "ready\n" || !standIn.isRunning }
    guard SessionBus.text(output) == "ready\n" else {
      standIn.stop()
      throw SessionBus.Failure(
        description:
          "the tests' logind stand-in did not start: \(SessionBus.text(bus.folder.file("login.err")))")
    }
  }

  deinit { standIn?.stop() }

  /// What a process needs to take this bus for the system bus (and a session id to ask for).
  package var environment: [String: String] {
    ["DBUS_SYSTEM_BUS_ADDRESS": bus.address, "XDG_SESSION_ID": "31"]
  }

  package var recordPath: String { bus.folder.file("login-calls.jsonl") }

  /// The names of the calls the stand-in got, in order.
  package func calls() -> [String] {
    SessionBus.text(recordPath).split(separator: "\n").compactMap { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["call"] as? String
    }
  }

  /// Waits (bounded) until the calls satisfy `condition`; whether they did.
  package func waitForCalls(within seconds: Double = 10, _ condition: ([String]) -> Bool) -> Bool {
    eventually(within: seconds) { condition(calls()) }
  }

  package func sleep(_ start: Bool) throws { try test("Sleep", "boolean:\(start)") }
  package func lock() throws { try test("Lock") }
  package func unlock() throws { try test("Unlock") }

  private func test(_ method: String, _ arguments: String...) throws {
    let run = try Binary.run(
      ["--bus=\(bus.address)", "--print-reply", "--dest=org.freedesktop.login1", "/org/freedesktop/login1"]
        + ["org.islet.Test.\(method)"] + arguments, environment: [:], executable: SessionBus.sendPath)
    guard run.status == 0 else { throw SessionBus.Failure(description: "\(method) failed: \(run.stderr)") }
  }
}
