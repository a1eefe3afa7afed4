import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// Islet in the real bars Debian ships, under Xvfb: i3 4.22 with i3bar and i3blocks 1.4, and
/// polybar 3.6, each running the snippet `islet bar NAME` prints, clicked with xdotool where a
/// user clicks (found on a screenshot by the colors drawn: Islet's timer orange, a user's other
/// block green). Skipped, naming what is missing, without them (`.ci/run` installs them).
@Suite(.serialized, .enabled(if: XSession.missing.isEmpty, XSession.skipComment))
struct DesktopBarTests {
  let islet = Sandbox()

  /// The phases of the live activities, by name.
  func phases() throws -> [String: Phase] {
    guard let reader = try SQLiteActivityStore.openForReading(path: islet.storePath) else { return [:] }
    defer { reader.close() }
    return Dictionary(try reader.liveActivities().map { ($0.name, $0.state.phase) }) { a, _ in a }
  }

  /// Whether i3blocks is running Islet's block now (each second, and on a click): i3blocks 1.4
  /// drops a click on a block whose command is still running, as a person clicking twice
  /// quickly would see.
  func blockRunning() -> Bool {
    !processes { arguments, environment in
      arguments.contains("--click") && environment.contains("ISLET_DB=\(islet.storePath)")
    }.isEmpty
  }

  func lines(_ path: String) -> [String] {
    ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// i3blocks 1.4 writes no clicks to a persistent block, and its block inherits i3bar's click
  /// stream: the printed block is run again on a click instead, and reads none of it. Five
  /// clicks on a user's other block all reach it, a click on Islet's toggles the timer, and a
  /// global `markup=pango` leaves a name with `&<>` drawn (Pango would refuse it: a blank block).
  @Test func i3blocksClicksReachEachBlockAndANameWithMarkupIsDrawn() throws {
    #expect(try islet.binary("start", "--name", "Tom & <Jerry>").status == 0)
    let log = islet.folder.file("other.log")
    let snippet = try islet.binary("bar", "i3blocks").stdout
    let blocks = """
      markup=pango
      [other]
      command=[ -n "$BLOCK_BUTTON" ] && echo "$BLOCK_BUTTON" >> '\(log)'; echo OTHERBLOCK
      color=#00ff00
      interval=once

      \(snippet)
      """
    islet.folder.write("blocks", Array(blocks.utf8))
    let x = try XSession(islet)
    defer { x.stop() }
    try x.startI3(bar: "status_command i3blocks -c '\(islet.folder.file("blocks"))'")
    var shot: XSession.Screenshot?
    #expect(
      eventually {
        shot = try? x.screenshot()
        return shot?.box(rows: 0..<30, where: XSession.isGreen) != nil
          && shot?.box(rows: 0..<30, where: XSession.isOrange) != nil
      }, "i3bar never showed both blocks; \(x.diagnosis)")
    shot?.save(to: islet.folder.file("i3bar"))
    let other = try #require(shot?.box(rows: 0..<30, where: XSession.isGreen), "no other block")
    let island = try #require(
      shot?.box(rows: 0..<30, where: XSession.isOrange),
      "Islet's block is blank: \(islet.folder.file("i3bar")).ppm")
    for count in 1...5 {
      try x.click(other.center)
      #expect(
        eventually(within: 5) { lines(log).count == count },
        "click \(count) on the other block: it saw \(lines(log).count) (\(lines(log)))")
    }
    #expect(lines(log) == Array(repeating: "1", count: 5))
    // i3blocks 1.4 drops a click that comes while the block runs, which it does each second
    // (interval=1), so one may fall between our look and the click: clicked again, as a user
    // would, but never while an earlier click could still be on its way.
    func click(until phase: Phase) throws -> Bool {
      for _ in 0..<3 {
        _ = eventually { !blockRunning() }
        try x.click(island.center)
        if eventually(within: 3, { (try? phases()) == ["Tom & <Jerry>": phase] }) { return true }
      }
      return false
    }
    #expect(try click(until: .paused), "\((try? phases()) ?? [:])")
    #expect(try click(until: .active), "\((try? phases()) ?? [:])")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(try reader.history().map(\.source) == [.cli, .mouse, .mouse])
  }

  /// i3bar runs the printed status_command from a binary whose path has a space and a quote, as
  /// i3's parser reads it (sway's is read the same way in `BarCommandTests`), and its clicks
  /// come to Islet on stdin.
  @Test func i3barRunsTheStatusCommandFromAPathWithASpace() throws {
    let folder = islet.folder.file("my bin's")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try placeBinary(at: folder + "/islet")
    let snippet = try Binary.run(
      ["bar", "i3bar"], environment: islet.environment, executable: folder + "/islet")
    let command = try #require(snippet.stdout.split(separator: "\n").first { $0.contains("status_command") })
    #expect(try islet.binary("start", "--name", "Work").status == 0)
    let x = try XSession(islet)
    defer { x.stop() }
    try x.startI3(bar: String(command))
    var shot: XSession.Screenshot?
    #expect(
      eventually {
        shot = try? x.screenshot()
        return shot?.box(rows: 0..<30, where: XSession.isOrange) != nil
      }, "i3bar never showed Islet's block from \(command); \(x.diagnosis)")
    let island = try #require(shot?.box(rows: 0..<30, where: XSession.isOrange))
    try x.click(island.center)
    #expect(eventually { (try? phases()) == ["Work": .paused] }, "\((try? phases()) ?? [:])")
  }

  /// polybar runs the printed module: its pill and its bubble are each a button for their own
  /// timer, a user's other module keeps its click, and once time is up the name is drawn in the
  /// alert color, as the clock is.
  @Test func polybarsPillAndBubbleEachClickTheirTimerAndTheNameAlertsWhenTimeIsUp() throws {
    #expect(try islet.binary("start", "25m", "--name", "Tea").status == 0)
    #expect(try islet.binary("start", "--name", "Work").status == 0)
    let log = islet.folder.file("other.log")
    let module = try islet.binary("bar", "polybar").stdout
    // The other module is run each second: polybar 3.6 sometimes leaves a module out that
    // printed while a tail module (Islet's) was starting, until its next run.
    let config = """
      [bar/main]
      width = 100%
      height = 24
      bottom = true
      font-0 = DejaVu Sans Mono:size=10;2
      modules-right = other islet
      module-margin = 2
      background = #000000
      foreground = #ffffff

      [module/other]
      type = custom/script
      exec = echo OTHERBLOCK
      format-foreground = #00ff00
      click-left = echo 1 >> '\(log)'
      interval = 1

      \(module)
      """
    islet.folder.write("polybar.ini", Array(config.utf8))
    let x = try XSession(islet)
    defer { x.stop() }
    try x.startI3(bar: nil)
    try x.start("/usr/bin/polybar", ["-c", islet.folder.file("polybar.ini"), "main"])
    let rows = XSession.height - 24..<XSession.height
    var shot: XSession.Screenshot?
    #expect(
      eventually {
        shot = try? x.screenshot()
        return shot?.box(rows: rows, where: XSession.isGreen) != nil
          && shot?.box(rows: rows, where: XSession.isOrange) != nil
      }, "polybar never showed both modules; \(x.diagnosis)")
    let clock = try #require(shot?.box(rows: rows, where: XSession.isOrange))
    // The bubble: what is drawn right of the pill's clock.
    let bubble = try #require(
      shot?.box(rows: rows, columns: clock.maxX + 4..<XSession.width) { $0.r > 40 || $0.g > 40 || $0.b > 40 },
      "no bubble right of the clock")
    try x.click(clock.center)
    #expect(
      eventually { (try? phases()) == ["Work": .paused, "Tea": .active] }, "pill: \((try? phases()) ?? [:])")
    try x.click(bubble.center)
    #expect(
      eventually { (try? phases()) == ["Work": .paused, "Tea": .paused] }, "bubble: \((try? phases()) ?? [:])"
    )
    let other = try #require(shot?.box(rows: rows, where: XSession.isGreen))
    try x.click(other.center)
    #expect(eventually(within: 5) { lines(log) == ["1"] }, "the other module's click: \(lines(log))")

    // Time is up: the whole pill in the alert color, no name left in the text color.
    #expect(try islet.binary("end", "Work").status == 0)
    #expect(try islet.binary("end", "Tea").status == 0)
    #expect(try islet.binary("start", "5m", "--ago", "10m", "--name", "Over").status == 0)
    let over = islet.folder.file("over")
    #expect(
      eventually {
        guard let shot = try? x.screenshot() else { return false }
        shot.save(to: over)
        let red = shot.box(rows: rows, where: XSession.isRed)
        let light = shot.box(rows: rows, columns: (red?.minX ?? 0) - 40..<XSession.width) {
          $0.r > 200 && $0.g > 200 && $0.b > 200
        }
        return red != nil && light == nil
      }, "the finished pill is not all in the alert color: \(over).ppm; \(x.diagnosis)")
  }
}

/// A private X display (Xvfb) with i3 and the bars a test starts on it, for one sandbox.
final class XSession {
  static let width = 1000
  static let height = 200
  static let tools = [
    ("Xvfb", "xvfb"), ("i3", "i3-wm"), ("i3bar", "i3-wm"), ("i3blocks", "i3blocks"), ("polybar", "polybar"),
    ("xdotool", "xdotool"), ("import", "imagemagick"),
  ]

  /// The Debian packages whose programs are not on this machine.
  static let missing: [String] = {
    let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/local/bin"
    let folders = path.split(separator: ":").map(String.init)
    var packages: [String] = []
    for (program, package) in tools where !folders.contains(where: { access($0 + "/" + program, X_OK) == 0 })
    {
      if !packages.contains(package) { packages.append(package) }
    }
    return packages
  }()

  static let skipComment = Comment(
    rawValue: "needs the Debian packages \(missing.joined(separator: ", ")) (.ci/run installs them)")

  let sandbox: Sandbox
  private(set) var display = ""
  private var processes: [Process] = []
  private var logs: [String] = []

  init(_ sandbox: Sandbox) throws {
    self.sandbox = sandbox
    // Xvfb picks a free display itself and says which on stdout (`-displayfd`), so that tests
    // running at once never share one.
    let xvfb = Process()
    xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    xvfb.arguments = [
      "-displayfd", "1", "-screen", "0", "\(Self.width)x\(Self.height)x24", "-nolisten", "tcp",
    ]
    let out = Pipe()
    xvfb.standardOutput = out
    xvfb.standardError = FileHandle.nullDevice
    xvfb.standardInput = FileHandle.nullDevice
    try xvfb.run()
    processes.append(xvfb)
    var said: [UInt8] = []
    let fd = out.fileHandleForReading.fileDescriptor
    var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    var byte: UInt8 = 0
    let end = Date().addingTimeInterval(10)
    while !said.contains(0x0A) && Date() < end && poll(&ready, 1, 100) >= 0 {
      if ready.revents != 0 {
        guard read(fd, &byte, 1) == 1 else { break }
        said.append(byte)
      }
    }
    let number = String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    display = ":" + number
    guard Int(number) != nil else {
      stop()
      throw XSessionError(message: "Xvfb named no display (it said '\(number)')")
    }
  }

  struct XSessionError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  var environment: [String: String] { sandbox.environment.merging(["DISPLAY": display]) { $1 } }

  /// Starts `program` on the display, its output kept in the sandbox for `diagnosis`.
  func start(_ program: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = environment
    let log = sandbox.folder.file("\(URL(fileURLWithPath: program).lastPathComponent).log")
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    processes.append(process)
    logs.append(log)
  }

  /// i3 with one bar at the top running `bar` (a `status_command` line), or none.
  func startI3(bar: String?) throws {
    var config = """
      # i3 config file (v4)
      font pango:DejaVu Sans Mono 10
      ipc-socket \(sandbox.folder.file("i3.sock"))

      """
    if let bar { config += "bar {\n  position top\n  \(bar)\n}\n" }
    sandbox.folder.write("i3.config", Array(config.utf8))
    try start("/usr/bin/i3", ["-c", sandbox.folder.file("i3.config")])
  }

  /// The last lines each program wrote, for a failure's message.
  var diagnosis: String {
    logs.map { log in
      let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
      return URL(fileURLWithPath: log).lastPathComponent + ": "
        + text.split(separator: "\n").suffix(4).joined(separator: " | ")
    }.joined(separator: "; ")
  }

  func click(_ point: (x: Int, y: Int)) throws {
    let run = try Binary.run(
      ["mousemove", String(point.x), String(point.y), "click", "1"], environment: environment,
      executable: "/usr/bin/xdotool")
    if run.status != 0 { throw XSessionError(message: "xdotool: \(run)") }
  }

  func screenshot() throws -> Screenshot {
    let file = sandbox.folder.file("shot.ppm")
    let run = try Binary.run(
      ["-window", "root", "-depth", "8", file], environment: environment, executable: "/usr/bin/import")
    guard run.status == 0, let data = FileManager.default.contents(atPath: file),
      let shot = Screenshot(ppm: data)
    else { throw XSessionError(message: "import: \(run)") }
    return shot
  }

  /// Ends what it started, the display last (which ends every X client left). Killed
  /// outright: a child of the test runner may inherit a mask blocking SIGTERM, so Xvfb's lock
  /// and socket are taken away here.
  func stop() {
    for process in processes.reversed() where process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    let number = display.dropFirst()
    if !number.isEmpty {
      unlink("/tmp/.X\(number)-lock")
      unlink("/tmp/.X11-unix/X\(number)")
    }
  }

  static func isGreen(_ p: Pixel) -> Bool { p.g > 150 && p.r < 90 && p.b < 90 }
  /// The default theme's timer, #ff9f0a, and its antialiased edges on black.
  static func isOrange(_ p: Pixel) -> Bool {
    p.r > 150 && Double(p.g) > 0.45 * Double(p.r) && Double(p.g) < 0.8 * Double(p.r) && p.b < 60
  }
  /// The default theme's alert, #ff453a.
  static func isRed(_ p: Pixel) -> Bool { p.r > 180 && p.g < 110 && p.b < 100 && p.g > 30 }

  struct Pixel {
    var r: Int
    var g: Int
    var b: Int
  }

  /// A screenshot as `import` writes a PPM (P6) file.
  struct Screenshot: CustomStringConvertible {
    var description: String { "a screenshot \(width)×\(height)" }

    let width: Int
    let height: Int
    let bytes: [UInt8]
    let ppm: Data

    init?(ppm: Data) {
      self.ppm = ppm
      let all = [UInt8](ppm)
      var fields: [Int] = []
      var index = 2
      guard all.starts(with: Array("P6".utf8)) else { return nil }
      while fields.count < 3 && index < all.count {
        while index < all.count && (all[index] == 0x20 || all[index] == 0x0A || all[index] == 0x0D) {
          index += 1
        }
        var value = 0
        while index < all.count, (0x30...0x39).contains(all[index]) {
          value = value * 10 + Int(all[index] - 0x30)
          index += 1
        }
        fields.append(value)
      }
      // One byte a sample (`-depth 8`).
      guard fields.count == 3, fields[2] == 255 else { return nil }
      width = fields[0]
      height = fields[1]
      bytes = Array(all[(index + 1)...])
      guard bytes.count >= width * height * 3 else { return nil }
    }

    func pixel(_ x: Int, _ y: Int) -> Pixel {
      let at = (y * width + x) * 3
      return Pixel(r: Int(bytes[at]), g: Int(bytes[at + 1]), b: Int(bytes[at + 2]))
    }

    struct Box {
      var minX: Int
      var maxX: Int
      var minY: Int
      var maxY: Int
      var center: (x: Int, y: Int) { ((minX + maxX) / 2, (minY + maxY) / 2) }
    }

    /// The smallest box around the pixels in `rows` (and `columns`) that `match`; nil for none.
    func box(rows: Range<Int>, columns: Range<Int>? = nil, where match: (Pixel) -> Bool) -> Box? {
      var found: Box?
      let xs = (columns ?? 0..<width).clamped(to: 0..<width)
      for y in rows.clamped(to: 0..<height) {
        for x in xs where match(pixel(x, y)) {
          if var box = found {
            box.minX = min(box.minX, x)
            box.maxX = max(box.maxX, x)
            box.minY = min(box.minY, y)
            box.maxY = max(box.maxY, y)
            found = box
          } else {
            found = Box(minX: x, maxX: x, minY: y, maxY: y)
          }
        }
      }
      return found
    }

    /// Keeps it at `path.ppm`, for a failure to be looked at.
    func save(to path: String) { _ = FileManager.default.createFile(atPath: path + ".ppm", contents: ppm) }
  }
}
