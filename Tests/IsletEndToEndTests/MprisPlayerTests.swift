import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// What the players' tests run beside the binary.
enum MprisTools {
  static let playerctlPath = "/usr/bin/playerctl"
  static let monitorPath = "/usr/bin/dbus-monitor"
  static var missing: String? {
    [playerctlPath, monitorPath].first { !FileManager.default.isExecutableFile(atPath: $0) }.map {
      "\($0) is missing: install Debian's playerctl and dbus-bin"
    }
  }
}

/// Every live activity as an MPRIS media player, read and controlled by `playerctl` (Debian's)
/// on a private session bus: what the desktop's media controls and media keys do.
@Suite(.serialized, .enabled(if: MprisTools.missing == nil, "\(MprisTools.missing ?? "")"))
struct MprisPlayerTests {
  let islet = Sandbox()

  func playerctl(_ bus: SessionBus, _ arguments: String...) throws -> Run {
    try Binary.run(
      arguments, environment: bus.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
      executable: MprisTools.playerctlPath)
  }

  /// What `playerctl` prints, without its last newline.
  func output(_ bus: SessionBus, _ arguments: String...) -> String {
    let run = try? Binary.run(
      arguments, environment: bus.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
      executable: MprisTools.playerctlPath)
    return run.map { $0.stdout.trimmingCharacters(in: .newlines) } ?? ""
  }

  func live() throws -> [Activity] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.liveActivities()
  }

  func history() throws -> [Event] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.history()
  }

  func start(_ bus: SessionBus, _ arguments: String...) throws -> String {
    let run = try Binary.run(
      ["start"] + arguments, environment: islet.environment.merging(bus.environment) { $1 })
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    return run.stdout.trimmingCharacters(in: .newlines)
  }

  @Test func aCountdownIsAPlayerThatPlayerctlReadsAndControls() throws {
    let bus = try SessionBus(server: false)
    let id = try start(bus, "5m", "--name", "Tea")
    let player = "islet.a\(id)"
    #expect(eventually { output(bus, "-l") == player }, "players: \(output(bus, "-l"))")
    let metadata = output(bus, "metadata")
    for line in [
      "islet mpris:length              300000000",
      "islet mpris:trackid             '/org/islet/activity/a\(id)'",
      "islet xesam:artist              running", "islet xesam:title               Tea",
    ] {
      #expect(metadata.contains(line), "no \(line) in:\n\(metadata)")
    }
    #expect(output(bus, "status") == "Playing")

    #expect(try playerctl(bus, "pause").status == 0)
    #expect(eventually { (try? live().first?.state.phase) == .paused }, "\((try? live()) ?? [])")
    #expect(try history().last?.source == .media)
    #expect(eventually { output(bus, "status") == "Paused" }, "status \(output(bus, "status"))")
    #expect(output(bus, "metadata", "artist") == "paused")

    #expect(try playerctl(bus, "play-pause").status == 0)
    #expect(eventually { (try? live().first?.state.phase) == .active })
    #expect(eventually { output(bus, "status") == "Playing" }, "status \(output(bus, "status"))")

    // Next is a plan's: a single countdown is left as it is.
    _ = try playerctl(bus, "next")
    #expect(try playerctl(bus, "stop").status == 0)
    #expect(eventually { (try? live().isEmpty) == true }, "\((try? live()) ?? [])")
    let last = try #require(try history().last)
    #expect(last.kind == .ended && last.source == .media, "\(last)")
    #expect(!(try history()).contains { $0.kind == .skipped })
    #expect(eventually { output(bus, "-l").isEmpty }, "players: \(output(bus, "-l"))")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "the watcher stays with nothing live")
  }

  @Test func nextOnAPlanSkipsToItsNextSegment() throws {
    let bus = try SessionBus(server: false)
    let id = try start(bus, "--plan", "pomodoro")
    #expect(eventually { output(bus, "-l") == "islet.a\(id)" }, "players: \(output(bus, "-l"))")
    #expect(
      output(bus, "metadata", "--format", "{{title}}|{{artist}}|{{mpris:length}}")
        == "Pomodoro|Focus 1/4|1500000000")
    #expect(try playerctl(bus, "next").status == 0)
    #expect(eventually { (try? history().contains { $0.kind == .skipped && $0.source == .media }) == true })
    let next = try #require(try live().first?.planPosition?.text())
    #expect(next != "Focus 1/4")
    #expect(
      eventually { output(bus, "metadata", "artist") == next }, "artist \(output(bus, "metadata", "artist"))")
    _ = try Binary.run(["end"], environment: islet.environment)
    #expect(eventually { output(bus, "-l").isEmpty }, "players: \(output(bus, "-l"))")
  }

  /// A stopwatch has no deadline, yet its player keeps a watcher; while it only ticks nothing is
  /// signalled, and a pause signals at once.
  @Test func aTimerThatOnlyTicksSignalsNothing() throws {
    let bus = try SessionBus(server: false)
    _ = try start(bus, "--name", "Run")
    #expect(eventually { !output(bus, "-l").isEmpty }, "no player for a stopwatch")
    let log = islet.folder.file("monitor")
    let monitor = Process()
    monitor.executableURL = URL(fileURLWithPath: MprisTools.monitorPath)
    monitor.arguments = [
      "--address", bus.address, "type='signal',member='PropertiesChanged'", "type='signal',member='Seeked'",
    ]
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    monitor.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    monitor.standardError = FileHandle.nullDevice
    try monitor.run()
    defer { monitor.terminate() }
    func members() -> [String] {
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      return text.split(separator: "\n").compactMap { line in
        line.hasPrefix("signal ") ? line.split(separator: "member=").last.map(String.init) : nil
      }.filter { $0 == "PropertiesChanged" || $0 == "Seeked" }
    }
    // It says it has become a monitor by losing its own name.
    #expect(eventually { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("NameLost") })
    // The window the issue asks for: three seconds of a running timer.
    Thread.sleep(forTimeInterval: 3)
    #expect(members().isEmpty, "signalled while ticking: \(members())")
    #expect(try playerctl(bus, "pause").status == 0)
    #expect(
      eventually { members().sorted() == ["PropertiesChanged", "Seeked"] }, "after a pause: \(members())")
    _ = try Binary.run(["end"], environment: islet.environment)
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "the watcher stays with nothing live")
  }

  /// `mpris = off`: a stopwatch starts no watcher, and nothing is on the bus.
  @Test func offPutsNothingOnTheBus() throws {
    let bus = try SessionBus(server: false)
    islet.writeConfig("mpris = off\n")
    _ = try start(bus, "--name", "Run")
    #expect(watcherPID(islet.storePath) == nil)
    #expect(output(bus, "-l").isEmpty)
  }

  /// No bus, or one that cannot be reached: nothing fails, nothing is said.
  @Test(arguments: [[:], ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"]])
  func noBusIsNoFailure(bus: [String: String]) throws {
    let run = try Binary.run(
      ["start", "--name", "Run"], environment: islet.environment.merging(bus) { $1 })
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "a watcher stays with no bus to serve")
    #expect(try live().count == 1)
  }
}
