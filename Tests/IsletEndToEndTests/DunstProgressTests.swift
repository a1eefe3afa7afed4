import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// The Notify calls on a session bus, as `dbus-monitor` (Debian's) sees them go to the server:
/// what the ongoing notification sent, with its `value` hint, and what it replaced.
final class NotifyMonitor {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  struct Call: Equatable {
    var replaces: UInt32
    var summary: String
    var body = ""
    var value: Int?
  }

  private let process = Process()
  private let log: String

  /// Follows the calls of `members` to the notification server (only Notify is read into `calls`).
  init(_ bus: SessionBus, members: [String] = ["Notify"]) throws {
    log = bus.folder.file("notify-monitor")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    process.executableURL = URL(fileURLWithPath: MprisTools.monitorPath)
    process.arguments =
      ["--address", bus.address]
      + members.map { "type='method_call',interface='org.freedesktop.Notifications',member='\($0)'" }
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.standardError = FileHandle.nullDevice
    try process.run()
    // It says it has become a monitor by losing its own name.
    guard eventually(within: 10, { text.contains("NameLost") }) else {
      process.terminate()
      throw Failure(description: "dbus-monitor did not start: \(text)")
    }
  }

  deinit { process.terminate() }

  /// How many calls of `member` went to the server.
  func count(_ member: String) -> Int {
    text.split(separator: "\n").count { $0.hasPrefix("method call ") && $0.hasSuffix("member=\(member)") }
  }

  private var text: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

  /// Every Notify call so far: its replaces_id, its summary and its `value` hint.
  var calls: [Call] {
    var calls: [Call] = []
    var strings = 0
    var awaitingValue = false
    for line in text.split(separator: "\n").map(String.init) {
      if line.hasPrefix("method call ") {
        guard line.hasSuffix("member=Notify") else { continue }
        calls.append(Call(replaces: 0, summary: "", value: nil))
        strings = 0
        continue
      }
      guard !calls.isEmpty else { continue }
      let word = line.trimmingCharacters(in: .whitespaces)
      // The arguments are indented by three; the hints' entries deeper.
      if line.hasPrefix("   uint32 "), calls[calls.count - 1].replaces == 0, strings == 1 {
        calls[calls.count - 1].replaces = UInt32(word.dropFirst("uint32 ".count)) ?? 0
      } else if line.hasPrefix("   string \"") {
        strings += 1
        let string = String(word.dropFirst(8).dropLast())
        if strings == 3 { calls[calls.count - 1].summary = string }
        if strings == 4 { calls[calls.count - 1].body = string }
      } else if word == "string \"value\"" {
        awaitingValue = true
      } else if awaitingValue, word.hasPrefix("variant") {
        calls[calls.count - 1].value = Int(word.split(separator: " ").last ?? "")
        awaitingValue = false
      }
    }
    return calls
  }
}

/// The ongoing notification (`desktop-progress = on`) as dunst (a real server under Xvfb) gets
/// and shows it: one notification with its progress bar, replaced in place as the countdown
/// goes, and turned into the alert, in the same place, when time is up.
@Suite(
  .serialized,
  .enabled(
    if: Dunst.missing == nil && MprisTools.missing == nil, "\(Dunst.missing ?? MprisTools.missing ?? "")"))
struct DunstProgressTests {
  let islet = Sandbox()

  func history() throws -> [Event] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.history()
  }

  @Test func aCountdownsBarIsReplacedInPlaceAndBecomesItsAlert() throws {
    let dunst = try Dunst()
    let monitor = try NotifyMonitor(dunst.bus)
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\ndesktop-progress = on\nmpris = off\n")
    #expect(try islet.binary("start", "3s", "--name", "Tea", extra: dunst.environment).status == 0)
    var mostOnScreen = 0
    let moved = eventually {
      mostOnScreen = max(mostOnScreen, dunst.displayed)
      return Set(monitor.calls.compactMap(\.value)).count >= 2
    }
    #expect(moved, "the bar did not move: \(monitor.calls)")
    #expect(
      eventually {
        mostOnScreen = max(mostOnScreen, dunst.displayed)
        return monitor.calls.contains { $0.summary.hasSuffix("time's up") }
      }, "no alert: \(monitor.calls)")
    let calls = monitor.calls
    let ongoing = calls.prefix { $0.value != nil }
    let alert = try #require(calls.first { $0.value == nil })
    #expect(ongoing.count >= 2 && ongoing.allSatisfy { $0.summary == "Tea" }, "\(calls)")
    let values = ongoing.compactMap(\.value)
    #expect(values == values.sorted() && values.allSatisfy { (0...100).contains($0) }, "\(values)")
    // The first is new; every later one, and the alert, takes its place.
    let id = try #require(ongoing.dropFirst().first?.replaces)
    #expect(ongoing.first?.replaces == 0 && id != 0, "\(calls)")
    #expect(ongoing.dropFirst().allSatisfy { $0.replaces == id }, "not replaced in place: \(calls)")
    #expect(alert.summary == "⏰ Tea — time's up" && alert.replaces == id, "\(alert)")
    #expect(mostOnScreen == 1, "\(mostOnScreen) notifications on screen at once")
    #expect(eventually { dunst.displayed == 1 }, "the alert is not on screen")
    #expect(try history().last?.kind == .finished)
  }

  /// Its buttons, chosen from dunst's menu, are sent to the countdown; the notification stays,
  /// replaced in place by what they leave (paused: Resume).
  @Test func itsPauseAndResumeAreSentAndItStaysInPlace() throws {
    let dunst = try Dunst()
    let monitor = try NotifyMonitor(dunst.bus)
    islet.writeConfig("alerts = desktop\ndesktop-progress = on\nmpris = off\n")
    #expect(try islet.binary("start", "10m", "--name", "Tea", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.displayed == 1 }, "no notification on screen")
    try dunst.choose("Pause")
    #expect(eventually { (try? history().last?.kind) == .paused }, "\((try? history().map(\.kind)) ?? [])")
    #expect(try history().last?.source == .notification)
    #expect(
      Set(dunst.offered.map { String($0.prefix { $0 != "(" }) }) == ["#Pause ", "#Done "], "\(dunst.offered)")
    #expect(eventually { monitor.calls.last?.body.hasPrefix("paused") == true }, "\(monitor.calls)")
    let id = try #require(monitor.calls.last?.replaces)
    #expect(id != 0 && monitor.calls.dropFirst().allSatisfy { $0.replaces == id }, "\(monitor.calls)")
    try dunst.choose("Resume")
    #expect(eventually { (try? history().last?.kind) == .resumed }, "\((try? history().map(\.kind)) ?? [])")
    #expect(eventually { monitor.calls.last?.body.hasPrefix("paused") == false }, "\(monitor.calls)")
    #expect(monitor.calls.last?.replaces == id)
    #expect(dunst.displayed == 1)
  }

  /// A task with an estimate has no deadline: its notification keeps a watcher, which ends it
  /// when the task ends.
  @Test func aRunsEstimateKeepsItsBarUntilItEnds() throws {
    let dunst = try Dunst()
    let monitor = try NotifyMonitor(dunst.bus)
    islet.writeConfig("alerts = desktop\ndesktop-progress = on\nmpris = off\n")
    #expect(
      try islet.binary("start", "--name", "make test", "--expect", "20s", extra: dunst.environment).status
        == 0)
    #expect(
      eventually { monitor.calls.compactMap(\.value).count >= 2 && dunst.displayed == 1 },
      "\(monitor.calls), \(dunst.displayed) on screen")
    #expect(monitor.calls.first?.summary == "make test")
    #expect(try islet.binary("end", extra: dunst.environment).status == 0)
    #expect(eventually { dunst.displayed == 0 }, "the bar outlived its task")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "the watcher stays with nothing live")
  }

  /// `desktop-progress` off, as by default: the alert alone is sent, new.
  @Test func offSendsTheAlertAlone() throws {
    let dunst = try Dunst()
    let monitor = try NotifyMonitor(dunst.bus)
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\nmpris = off\n")
    #expect(try islet.binary("start", "2s", "--name", "Tea", extra: dunst.environment).status == 0)
    #expect(eventually { !monitor.calls.isEmpty }, "no alert")
    #expect(monitor.calls.map(\.summary) == ["⏰ Tea — time's up"], "\(monitor.calls)")
    #expect(monitor.calls.allSatisfy { $0.replaces == 0 && $0.value == nil }, "\(monitor.calls)")
  }

  /// A bus with no notification server: it is asked once, not again and again while the
  /// countdown runs.
  @Test func aBusWithNoServerIsAskedOnce() throws {
    let bus = try SessionBus(server: false)
    let monitor = try NotifyMonitor(bus, members: ["GetCapabilities", "Notify"])
    islet.writeConfig("alerts = tmux\ndesktop-progress = on\nmpris = off\n")
    let run = try Binary.run(
      ["start", "10m", "--name", "Tea"], environment: islet.environment.merging(bus.environment) { $1 })
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(eventually { monitor.count("GetCapabilities") == 1 }, "never asked")
    // The window in which a watcher that asked again would have asked many times.
    Thread.sleep(forTimeInterval: 2)
    #expect(
      monitor.count("GetCapabilities") == 1 && monitor.calls.isEmpty,
      "\(monitor.count("GetCapabilities")) asked")
    #expect(watcherPID(islet.storePath) != nil, "the countdown's watcher went")
    _ = try Binary.run(["end"], environment: islet.environment)
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
  }

  /// No bus, or one that cannot be reached: nothing fails, and the countdown still finishes.
  @Test(arguments: [[:], ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"]])
  func noBusIsNoFailure(bus: [String: String]) throws {
    islet.writeConfig("alerts = desktop\ndesktop-progress = on\n")
    let run = try Binary.run(
      ["start", "1s", "--name", "Tea"], environment: islet.environment.merging(bus) { $1 })
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(eventually { (try? history().last?.kind) == .finished }, "\((try? history().map(\.kind)) ?? [])")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
  }
}
