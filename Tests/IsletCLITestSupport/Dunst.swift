import Foundation
import IsletTestSupport

/// A real dunst (Debian's) on a private session bus, drawing on its own Xvfb display, driven as
/// a user drives it from the keyboard: `dunstctl context` opens its menu of the notifications'
/// buttons, and the menu program (dmenu's place, a script here) picks the one asked for.
///
/// ```swift
/// let dunst = try Dunst()
/// try islet.binary("start", "1s", extra: dunst.environment)
/// #expect(eventually { dunst.displayed == 1 })
/// try dunst.choose("Done")  // dunst sends ActionInvoked, and leaves the notification open
/// ```
package final class Dunst {
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  package static let paths = ["/usr/bin/Xvfb", "/usr/bin/dunst", "/usr/bin/dunstctl"]
  /// Why these tests cannot run here, or nil.
  package static let missing: String? = {
    let absent = paths.filter { !FileManager.default.isExecutableFile(atPath: $0) }
    return absent.isEmpty ? nil : "\(absent.joined(separator: ", ")) missing: apt-get install dunst xvfb"
  }()

  package let bus: SessionBus
  private let display: Child
  private let dunst: Child
  /// `:N`, the display Xvfb chose.
  package let displayName: String

  package init() throws {
    if let missing = Self.missing { throw Failure(description: missing) }
    bus = try SessionBus(server: false)
    let folder = bus.folder
    // Xvfb picks a free display itself and writes its number to the descriptor given.
    let xvfb = try SessionBus.start(
      "/usr/bin/Xvfb", ["-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"],
      environment: [:],
      output: folder.file("xvfb.out"), errors: folder.file("xvfb.err"))
    var number: String?
    _ = eventually(within: 10) {
      let text = (try? String(contentsOfFile: folder.file("xvfb.out"), encoding: .utf8)) ?? ""
      if text.hasSuffix("\n") { number = text.trimmingCharacters(in: .whitespacesAndNewlines) }
      return number != nil || !xvfb.isRunning
    }
    guard let number, !number.isEmpty else {
      xvfb.stop()
      throw Failure(description: "Xvfb did not start: \(SessionBus.text(folder.file("xvfb.err")))")
    }
    displayName = ":\(number)"
    // The menu program: it keeps what dunst offered and prints the line holding the label asked for.
    let menu = folder.file("menu")
    try """
    #!/bin/sh
    cat > '\(folder.file("offered"))'
    grep -m1 -F -- "$(cat '\(folder.file("choice"))')" '\(folder.file("offered"))'
    """.write(toFile: menu, atomically: true, encoding: .utf8)
    chmod(menu, 0o755)
    try "[global]\n    dmenu = \(menu)\n".write(
      toFile: folder.file("dunstrc"), atomically: true, encoding: .utf8)
    let server = try SessionBus.start(
      "/usr/bin/dunst", ["-config", folder.file("dunstrc")],
      environment: bus.environment.merging(["DISPLAY": displayName, "HOME": folder.path]) { $1 },
      output: folder.file("dunst.out"), errors: folder.file("dunst.err"))
    let environment = bus.environment
    guard eventually(within: 10, { Self.count("displayed", environment) != nil || !server.isRunning }),
      server.isRunning
    else {
      server.stop()
      xvfb.stop()
      throw Failure(description: "dunst did not start: \(SessionBus.text(folder.file("dunst.err")))")
    }
    display = xvfb
    dunst = server
  }

  deinit {
    dunst.stop()
    display.stop()
  }

  /// What a process needs to send its notifications to this dunst.
  package var environment: [String: String] { bus.environment }

  /// How many notifications are on screen.
  package var displayed: Int { Self.count("displayed", environment) ?? -1 }

  /// How many are in its history: closed, by the user or the sender.
  package var closed: Int { Self.count("history", environment) ?? -1 }

  /// The lines dunst's menu offered the last time it opened: `#Done (⏰ Tea — time's up) [1,complete]`.
  package var offered: [String] {
    SessionBus.text(bus.folder.file("offered")).split(separator: "\n").map(String.init)
  }

  /// Opens dunst's menu and picks the button labelled `label`, as a user does from the keyboard.
  package func choose(_ label: String) throws {
    try "#\(label) (".write(toFile: bus.folder.file("choice"), atomically: true, encoding: .utf8)
    let run = try Self.dunstctl(["context"], environment)
    guard run.status == 0 else { throw Failure(description: "dunstctl context failed: \(run)") }
  }

  private static func count(_ what: String, _ environment: [String: String]) -> Int? {
    guard let run = try? dunstctl(["count", what], environment), run.status == 0 else { return nil }
    return Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
  }

  private static func dunstctl(_ arguments: [String], _ environment: [String: String]) throws -> Run {
    try Binary.run(
      arguments, environment: environment.merging(["PATH": "/usr/bin:/bin"]) { $1 },
      executable: "/usr/bin/dunstctl")
  }

}
