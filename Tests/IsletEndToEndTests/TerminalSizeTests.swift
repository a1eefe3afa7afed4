import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore

/// The terminal's size from every source (the terminal's report, `stty`, COLUMNS and LINES) is
/// bounded: a huge one is drawn within 1000×500 cells at a bounded cost, a zero one falls back.
@Suite(.serialized) struct TerminalSizeTests {
  let islet = Sandbox()

  /// Runs `script` in a W×H pane: `$0` is the binary, `$1.before` and `$1.after` get the
  /// terminal's modes around it.
  func open(width: Int = 100, height: Int = 30, _ script: String) throws -> (TmuxSession, modes: String) {
    try Binary.run(["start", "25m", "--name", "Workout"], environment: islet.environment)
    let modes = islet.folder.file("modes")
    var environment = islet.environment
    environment["TERM"] = "xterm-256color"
    let view = try TmuxSession(
      width: width, height: height, environment: environment,
      command: [
        "/bin/sh", "-c",
        #"stty -g > "$1.before"; "# + script + #"; status=$?; stty -g > "$1.after"; exit $status"#,
        Binary.path, modes,
      ],
      folder: islet.folder.path)
    return (view, modes)
  }

  /// The view's process: the child of the pane's wrapper shell.
  func viewPID(_ view: TmuxSession) -> Int32 { firstChild(of: view.pid) }

  /// Resident memory in kB, from /proc.
  func residentKB(_ pid: Int32) -> Int? {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else {
      return nil
    }
    return Int(line.split(separator: " ")[1])
  }

  func quitsCleanly(_ view: TmuxSession, modes: String) throws {
    view.send("q")
    #expect(view.waitForExit() == 0, "\(view.text)")
    let before = try String(contentsOfFile: modes + ".before", encoding: .utf8)
    #expect(try String(contentsOfFile: modes + ".after", encoding: .utf8) == before)
    #expect(!view.terminalLeftDirty)
  }

  @Test func aHugeSizeFromSttyAndTheEnvironmentCostsABoundedAmount() throws {
    let (view, modes) = try open(#"stty cols 60000 rows 60000; COLUMNS=100000 LINES=100000 "$0""#)
    // Drawn: the alternate screen is on and the key hints show. (The pane is 100 columns wide
    // but told 60000, so the drawing lands where the terminal puts columns past its edge.)
    #expect(view.waitFor { $0.contains("q quit") && view.value("#{alternate_on}") == "1" }, "\(view.text)")
    let pid = viewPID(view)
    let resident = try #require(residentKB(pid))
    // 1000×500 cells: a few canvases of 8 MB and ncurses' windows; 60000² cells would be 57 GB.
    #expect(resident < 400_000, "\(resident) kB resident")
    try quitsCleanly(view, modes: modes)
  }

  @Test func aHugeWindowIsDrawnWithinTheBound() throws {
    let (view, modes) = try open(#""$0""#)
    #expect(view.waitFor { $0.contains("▐ ⏱ Workout") })
    view.resize(width: 1600, height: 800)
    #expect(view.waitFor { _ in view.value("#{window_width}x#{window_height}") == "1600x800" })
    // The island is centered in the 1000 columns drawn, not in the window's 1600.
    #expect(
      view.waitFor {
        guard let row = $0.split(separator: "\n").first(where: { $0.contains("▐ ⏱ Workout") }),
          let pill = row.range(of: "▐")
        else { return false }
        let column = row.distance(from: row.startIndex, to: pill.lowerBound)
        return column > 400 && column < 500
      }, "\(view.screen().first(where: { $0.contains("▐") }) ?? "no island")")
    let rows = view.screen()
    #expect(rows.count >= 800)
    #expect(rows.dropFirst(500).allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
    #expect(rows.allSatisfy { $0.count <= 1000 })
    #expect(try #require(residentKB(viewPID(view))) < 400_000)
    try quitsCleanly(view, modes: modes)
  }

  /// The terminal told a huge size while the view runs (SIGWINCH, as `stty cols` in the pane
  /// from another shell would do): ncurses' own resize does not follow it either.
  @Test func aHugeSizeArrivingWhileItRunsCostsABoundedAmount() throws {
    let (view, modes) = try open(#""$0""#)
    #expect(view.waitFor { $0.contains("▐ ⏱ Workout") })
    let tty = view.value("#{pane_tty}")
    #expect(spawnAndWait(["/bin/stty", "-F", tty, "cols", "60000", "rows", "60000"], environment: [:]) == 0)
    let pid = viewPID(view)
    // It redraws for the new size: the pane's 100 columns no longer show the whole island.
    #expect(view.waitFor { !$0.contains("▐ ⏱ Workout") }, "\(view.text)")
    #expect(try #require(residentKB(pid)) < 400_000)
    try quitsCleanly(view, modes: modes)
  }

  @Test func aZeroSizeFallsBackToTheEnvironment() throws {
    let (view, modes) = try open(#"stty cols 0 rows 0; COLUMNS=60 LINES=20 "$0""#)
    // Centered in 60 columns: the pill's right end well left of the pane's 100.
    #expect(
      view.waitFor {
        guard let row = $0.split(separator: "\n").first(where: { $0.contains("▐ ⏱ Workout") }),
          let end = row.range(of: "▌")
        else { return false }
        return row.distance(from: row.startIndex, to: end.lowerBound) < 60
      }, "\(view.text)")
    try quitsCleanly(view, modes: modes)
  }
}
