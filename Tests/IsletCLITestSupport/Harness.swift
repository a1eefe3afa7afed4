import Foundation
import IsletCLI
import IsletRuntime
import IsletTestSupport

@testable import IsletCore

package let t0 = Instant(seconds: 1_764_493_500)

/// The top of the checkout, where the Makefile is.
package let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
  "../.."
)
.standardizedFileURL.path

/// What a command printed and how it exited.
package struct Run: Equatable, CustomStringConvertible {
  package var status: Int32
  package var stdout: String
  package var stderr: String
  package var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

  package init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// A private Islet world: its own store, configuration and state folders.
package final class Sandbox {
  package let folder = TemporaryFolder()
  package let clock = ManualClock(t0)
  package var unicode = true
  /// More environment for the next commands.
  package var extra: [String: String] = [:]

  package var storePath: String { folder.file("state/islet/islet.db") }

  package init() {
    // Local times in the output are read in UTC, whatever this machine's zone.
    setenv("TZ", "UTC", 1)
    tzset()
  }

  package var environment: [String: String] {
    var env = [
      "HOME": folder.path, "XDG_CONFIG_HOME": folder.file("config"), "XDG_STATE_HOME": folder.file("state"),
      "ISLET_DB": storePath, "TZ": "UTC",
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
    if unicode { env["LANG"] = "C.UTF-8" }
    return env.merging(extra) { $1 }
  }

  /// Runs a command in this process, on the sandbox's hand-moved clock.
  @discardableResult
  package func callAsFunction(_ arguments: String...) -> Run {
    run(arguments)
  }

  package func run(_ arguments: [String]) -> Run {
    let console = RecordingConsole()
    let status = CommandLineInterface(environment: environment, clock: clock).run(arguments, console: console)
    return Run(status: status, stdout: console.stdout, stderr: console.stderr)
  }

  /// Installs an executable hook for `event` in the sandbox's hooks folder.
  package func hook(_ event: String, _ script: String) throws {
    let hooks = folder.file("config/islet/hooks")
    try FileManager.default.createDirectory(atPath: hooks, withIntermediateDirectories: true)
    try script.write(toFile: hooks + "/" + event, atomically: true, encoding: .utf8)
    chmod(hooks + "/" + event, 0o755)
  }

  package func writeConfig(_ text: String) {
    mkdir(folder.file("config"), 0o700)
    mkdir(folder.file("config/islet"), 0o700)
    folder.write("config/islet/config", Array(text.utf8))
  }
}

/// The built `islet`, beside the test bundle in the build folder.
package enum Binary {
  package static let path: String = {
    let bundle = URL(
      fileURLWithPath: CommandLine.arguments.first { $0.contains(".xctest") } ?? Bundle.main.bundlePath)
    var folder = bundle.deletingLastPathComponent()
    if !FileManager.default.fileExists(atPath: folder.appendingPathComponent("islet").path) {
      folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../.build/debug")
    }
    return folder.appendingPathComponent("islet").standardizedFileURL.path
  }()

  /// Starts the real binary; the caller waits.
  package static func start(
    _ arguments: [String], environment: [String: String], executable: String = path, folder: String? = nil,
    input: Pipe? = nil
  ) throws -> (Process, Pipe, Pipe) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input ?? FileHandle.nullDevice
    try process.run()
    return (process, out, err)
  }

  package static func finish(_ started: (Process, Pipe, Pipe)) -> Run {
    let (process, out, err) = started
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Run(
      status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
      stderr: String(decoding: stderr, as: UTF8.self))
  }

  @discardableResult
  package static func run(_ arguments: [String], environment: [String: String], executable: String = path)
    throws
    -> Run
  {
    finish(try start(arguments, environment: environment, executable: executable))
  }
}

extension Sandbox {
  /// The binary's fixed clock (`ISLET_NOW`) `seconds` after `t0`, 09:05 UTC on 30 Nov 2025.
  package func at(_ seconds: Int) -> [String: String] {
    ["ISLET_NOW": String(t0.milliseconds / 1000 + Int64(seconds))]
  }

  /// Runs the built binary `seconds` after `t0`, so every time it shows is exact.
  package func run(_ seconds: Int, _ arguments: String...) throws -> Run {
    try Binary.run(arguments, environment: environment.merging(at(seconds)) { $1 })
  }

  /// Runs the built binary in this sandbox (real clock unless `ISLET_NOW` is given).
  @discardableResult
  package func binary(_ arguments: String..., extra: [String: String] = [:]) throws -> Run {
    try Binary.run(arguments, environment: environment.merging(extra) { $1 })
  }
}

/// Waits for a condition, checking often, for at most `seconds`; true when it came.
package func eventually(within seconds: Double = 15, _ condition: () throws -> Bool) rethrows -> Bool {
  let end = Date().addingTimeInterval(seconds)
  while Date() < end {
    if try condition() { return true }
    usleep(20_000)
  }
  return try condition()
}

/// The processes running now whose command line and environment (each a list of words, as
/// `/proc` has them) satisfy `matches`: a watcher, a follower or a bar's block of a sandbox.
package func processes(where matches: (_ arguments: [String], _ environment: [String]) -> Bool) -> [Int32] {
  let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
  return entries.compactMap(Int32.init).filter { pid in
    let words = { (file: String) in
      ((try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/\(file)"))) ?? Data()).split(separator: 0)
        .map {
          String(decoding: $0, as: UTF8.self)
        }
    }
    return matches(words("cmdline"), words("environ"))
  }.sorted()
}

/// The built binary at `path` too, as a user's install would put it. A hard link where it can
/// be: a copy is a file open for writing, which a child another test forks meanwhile holds
/// until it execs, so running the copy could fail with "Text file busy".
package func placeBinary(at path: String) throws {
  if link(Binary.path, path) != 0 { try FileManager.default.copyItem(atPath: Binary.path, toPath: path) }
}
