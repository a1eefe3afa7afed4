import Foundation
import Testing

@testable import IsletCore
@testable import IsletStore

/// The deadline watcher gives the alerts itself, with nothing of Islet open: through the
/// configured channels (here the sound channel, whose command writes a line a test can read),
/// repeated until someone acts on the activity, with settings read afresh and no child left
/// behind.
@Suite(.serialized) struct AlertWatcherTests {
  let islet = Sandbox()

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
  func lines(_ path: String) -> [Substring] { text(path).split(separator: "\n") }

  /// Alerts go to the sound channel only, whose command appends the alerted store to `file`.
  func alertTo(_ file: String, repeat count: Int, every: String) {
    islet.writeConfig(
      "alerts = sound\nalert-repeat = \(count)\nalert-every = \(every)\nsound = echo \"$ISLET_DB\" >> '\(file)'\n"
    )
  }

  /// The detached watcher of this sandbox's store, or nil.
  func watcher() -> Int32? {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).first { pid in
      let arguments = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))) ?? Data()
      let words = arguments.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
      return words.contains("__watch") && words.contains(islet.storePath)
    }
  }

  /// The children of `parent` that have exited and not been reaped.
  func zombies(of parent: Int32) -> [Int32] {
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap(Int32.init).filter { pid in
      let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
      // pid (comm) state ppid …: the fields after the command's closing parenthesis.
      guard let close = stat.lastIndex(of: ")") else { return false }
      let fields = stat[stat.index(after: close)...].split(separator: " ")
      return fields.count > 1 && fields[0] == "Z" && Int32(fields[1]) == parent
    }
  }

  @Test func aFinishedCountdownAlertsWithNothingOpenAndRepeatsUntilActedOn() throws {
    let played = islet.folder.file("played")
    alertTo(played, repeat: 2, every: "1s")
    #expect(try islet.binary("start", "1s", "--name", "Tea").status == 0)
    // The alert, then two repeats a second apart, and no more.
    #expect(eventually { lines(played).count == 3 }, "\(text(played))")
    #expect(lines(played).allSatisfy { $0 == islet.storePath })
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "the watcher stays after its repeats")
    #expect(lines(played).count == 3)
  }

  @Test func anIntentStopsTheRepeatsAndASnoozeAlertsAgainAtItsEnd() throws {
    let played = islet.folder.file("played")
    alertTo(played, repeat: 20, every: "1s")
    #expect(try islet.binary("start", "1s", "--name", "Tea").status == 0)
    #expect(eventually { lines(played).count >= 2 }, "\(text(played))")
    let snoozed = try islet.binary("snooze", "2s")
    #expect(snoozed.status == 0, "\(snoozed)")
    #expect(snoozed.stdout.hasPrefix("💤 Tea snoozed, 0:0"), "\(snoozed)")
    let atSnooze = lines(played).count
    // Finished again two seconds on: one more alert, and its repeats.
    #expect(eventually { lines(played).count >= atSnooze + 2 }, "\(text(played))")
    #expect(try islet.binary("complete").status == 0)
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "the watcher stays after complete")
    let atComplete = lines(played).count
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(try reader.history().map(\.kind) == [.started, .finished, .snoozed, .finished, .completed])
    #expect(lines(played).count == atComplete)
  }

  @Test func aChangedSettingTakesEffectWithoutRestartingTheWatcher() throws {
    let first = islet.folder.file("first")
    let second = islet.folder.file("second")
    alertTo(first, repeat: 0, every: "1m")
    #expect(try islet.binary("start", "3s", "--name", "Tea").status == 0)
    let pid = try #require(eventually { watcher() != nil } ? watcher() : nil)
    alertTo(second, repeat: 0, every: "1m")
    #expect(eventually { lines(second).count == 1 }, "the new sound setting was not used")
    #expect(text(first).isEmpty)
    #expect(kill(pid, 0) == 0 || lockIsFree(islet.storePath + ".watch"))
  }

  /// Ten alerts, each with a hook and a sound: every child is reaped as it exits, while the
  /// watcher still runs (it waits a minute for the next repeat).
  @Test func tenAlertsLeaveNoZombie() throws {
    let played = islet.folder.file("played")
    let fired = islet.folder.file("fired")
    alertTo(played, repeat: 1, every: "1m")
    try islet.hook("finished", "#!/bin/sh\ncat > /dev/null\necho fired >> '\(fired)'\n")
    for n in 1...10 {
      #expect(try islet.binary("start", "1s", "--name", "Tea \(n)").status == 0)
    }
    #expect(
      eventually(within: 30) { lines(played).count == 10 && lines(fired).count == 10 }, "\(text(played))")
    let pid = try #require(watcher(), "the watcher left before its repeats")
    #expect(eventually { zombies(of: pid).isEmpty }, "zombies of the watcher: \(zombies(of: pid))")
    kill(pid, SIGTERM)
  }

  /// Hooks see one environment whichever shell started the watcher: no TMUX or TERM of it.
  @Test func hooksRunWithTheDocumentedEnvironment() throws {
    let seen = islet.folder.file("env")
    try islet.hook("finished", "#!/bin/sh\ncat > /dev/null\nenv > '\(seen)'\n")
    let extra = ["TMUX": "/tmp/elsewhere,1,0", "TERM": "xterm", "ODD_VARIABLE": "1", "LC_TIME": "C"]
    #expect(try islet.binary("start", "1s", "--name", "Tea", extra: extra).status == 0)
    #expect(eventually { text(seen).contains("ISLET_EVENT=finished") }, "\(text(seen))")
    let names = Set(lines(seen).compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
    #expect(names.isDisjoint(with: ["TMUX", "TERM", "ODD_VARIABLE"]), "\(names.sorted())")
    #expect(
      names.isSuperset(of: ["HOME", "PATH", "LANG", "LC_TIME", "ISLET_DB", "ISLET_ACTIVITY"]),
      "\(names.sorted())")
    #expect(text(seen).contains("ISLET_DB=\(islet.storePath)\n"))
  }

  @Test func alertTestSaysWhatEachChannelDid() throws {
    let played = islet.folder.file("played")
    islet.writeConfig("alerts = sound desktop\nsound = echo test >> '\(played)'\n")
    var extra = ["XDG_RUNTIME_DIR": islet.folder.path]
    extra["DBUS_SESSION_BUS_ADDRESS"] = nil
    let run = try islet.binary("alert", "test", extra: extra)
    #expect(run.status == 69, "\(run)")
    let out = run.stdout.split(separator: "\n")
    #expect(out.first == "Alert test: ⏰ Islet — test alert", "\(run)")
    #expect(out.contains { $0.hasPrefix("  desktop  ✗ no session bus") }, "\(run)")
    #expect(out.contains("  tmux     - off"), "\(run)")
    #expect(out.contains { $0.hasPrefix("  sound    ✓ ran echo test") }, "\(run)")
    #expect(eventually { lines(played) == ["test"] }, "\(text(played))")
    islet.writeConfig("alerts = sound\nsound = true\n")
    #expect(try islet.binary("alert", "test").status == 0)
  }
}

/// The watcher reaches a tmux client attached to a server Islet was used from, with nothing of
/// Islet open: the message, and the bell.
@Suite(.serialized) struct AlertWatcherTmuxTests {
  let islet = Sandbox()

  @Test func aFinishedCountdownShowsOnTheAttachedClientWithNothingOpen() throws {
    let tmux = try NestedTmux(islet)
    islet.writeConfig("alerts = tmux bell\nalert-repeat = 0\n")
    // Started from a shell of that server: the server is recorded, the watcher inherits no TMUX.
    #expect(try islet.binary("start", "2s", "--name", "Tea", extra: ["TMUX": tmux.tmuxVariable]).status == 0)
    #expect(!tmux.rang)
    #expect(tmux.outer.waitFor { $0.contains("⏰ Tea — time's up") }, "\(tmux.outer.text)")
    #expect(eventually { tmux.rang }, "the bell did not ring on the client")
    let test = try islet.binary("alert", "test", extra: ["TMUX": tmux.tmuxVariable])
    #expect(test.status == 0, "\(test)")
    #expect(test.stdout.contains("  tmux     ✓ the message on 1 client of 1 tmux server"), "\(test)")
    #expect(test.stdout.contains("  bell     ✓ the bell on 1 client of 1 tmux server"), "\(test)")
  }
}
