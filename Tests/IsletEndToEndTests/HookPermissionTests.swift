import Foundation
import IsletCLITestSupport
import Testing

/// A hook that others could change runs as you whatever they put in it: as ssh and git refuse
/// such files, it is not run, and hooks.log and `islet alert test` say why.
@Suite struct HookPermissionTests {
  let islet = Sandbox()

  var hooks: String { islet.folder.file("config/islet/hooks") }
  var log: String { islet.folder.file("state/islet/hooks.log") }
  var ran: String { islet.folder.file("ran") }

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  /// A `paused` hook that leaves a mark when it runs; the one alert channel (a sound that is
  /// `true`) delivers, so `alert test` fails only for the hooks.
  func installHook() throws {
    islet.writeConfig("alerts = sound\nsound = true\n")
    try islet.hook("paused", "#!/bin/sh\ncat > /dev/null\necho ran >> '\(ran)'\n")
  }

  /// Pauses a running timer: the `paused` hook's turn.
  func pause() throws {
    #expect(try islet.binary("start", "--name", "Focus").status == 0)
    #expect(try islet.binary("pause").status == 0)
  }

  /// The hook's mode, its folder's mode, and what the refusal says of them.
  static let unsafe: [(hook: mode_t, folder: mode_t, says: String)] = [
    (0o777, 0o755, "every user can write it (mode 777); make it yours alone: chmod go-w {hook}"),
    (0o775, 0o755, "its group can write it (mode 775); make it yours alone: chmod go-w {hook}"),
    (0o722, 0o755, "every user can write it (mode 722); make it yours alone: chmod go-w {hook}"),
    (
      0o755, 0o777,
      "every user can write its folder {hooks} (mode 777); make it yours alone: chmod go-w {hooks}"
    ),
    (
      0o755, 0o775,
      "its group can write its folder {hooks} (mode 775); make it yours alone: chmod go-w {hooks}"
    ),
  ]

  @Test(arguments: unsafe)
  func aHookOthersCanWriteIsNotRunAndSaysWhy(hook: mode_t, folder: mode_t, says: String) throws {
    try installHook()
    chmod(hooks + "/paused", hook)
    chmod(hooks, folder)
    let reason =
      "is not run: "
      + says.replacingOccurrences(of: "{hook}", with: hooks + "/paused")
      .replacingOccurrences(of: "{hooks}", with: hooks)
    try pause()
    #expect(eventually { text(log).contains("\(hooks)/paused \(reason)") }, "hooks.log: \(text(log))")
    #expect(text(log).split(separator: "\n").count == 1, "\(text(log))")
    #expect(!FileManager.default.fileExists(atPath: ran), "the hook ran")
    let test = try islet.binary("alert", "test")
    #expect(test.status == 69, "\(test)")
    #expect(test.stdout.contains("  hooks     ✗ paused \(reason)\n"), "\(test)")
  }

  @Test func aHookOfYoursAloneRunsAndAlertTestListsIt() throws {
    try installHook()
    chmod(hooks + "/paused", 0o700)
    chmod(hooks, 0o700)
    try pause()
    #expect(eventually { text(ran) == "ran\n" }, "the hook did not run; hooks.log: \(text(log))")
    let test = try islet.binary("alert", "test")
    #expect(test.status == 0, "\(test)")
    #expect(test.stdout.contains("  hooks     ✓ paused in \(hooks)\n"), "\(test)")
    #expect(!test.stdout.contains("✗ paused"), "\(test)")
  }

  /// Owned by another user: only root can make one (chown), so it is tried only as root.
  @Test func aHookAnotherUserOwnsIsNotRun() throws {
    guard geteuid() == 0 else {
      print("skipped: making a file another user owns needs root (this runs as uid \(geteuid()))")
      return
    }
    try installHook()
    guard chown(hooks + "/paused", 65534, 65534) == 0 else {
      print("skipped: chown to uid 65534 failed here: \(String(cString: strerror(errno)))")
      return
    }
    try pause()
    let reason = "is not run: it belongs to another user (uid 65534); it would run as you"
    #expect(eventually { text(log).contains("\(hooks)/paused \(reason)") }, "hooks.log: \(text(log))")
    #expect(!FileManager.default.fileExists(atPath: ran), "the hook ran")
    #expect(try islet.binary("alert", "test").stdout.contains("  hooks     ✗ paused \(reason)\n"))
  }

  /// The hook's time limit is kept by the real clock, whatever `ISLET_NOW` says: a fixed clock
  /// never reaches the limit.
  @Test func aHangingHookIsStoppedUnderAFixedClock() throws {
    let marker = islet.folder.file("hook.pid")
    try islet.hook("paused", "#!/bin/sh\necho $$ > '\(marker)'\nexec sleep 60\n")
    #expect(try islet.run(0, "start", "--name", "Focus").status == 0)
    #expect(try islet.run(5, "pause").status == 0)
    #expect(eventually { Int32(text(marker).trimmingCharacters(in: .whitespacesAndNewlines)) != nil })
    let pid = Int32(text(marker).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    #expect(
      eventually(within: 30) { text(log).contains("ran longer than 10s and was stopped") }, "\(text(log))")
    #expect(eventually { kill(pid, 0) != 0 }, "the hook \(pid) still runs")
  }
}
