import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
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
  func watcher() -> Int32? { watcherPID(islet.storePath) }

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

  @Test func aFinishedCountdownAlertsWithNothingOpenAndRepeatsAsConfigured() throws {
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

  /// Any intent acknowledges the alert, one that leaves the countdown finished too (a rename).
  @Test func aRenameStopsTheRepeats() throws {
    let played = islet.folder.file("played")
    alertTo(played, repeat: 20, every: "1s")
    #expect(try islet.binary("start", "1s", "--name", "Tea").status == 0)
    #expect(eventually { lines(played).count >= 1 }, "\(text(played))")
    #expect(try islet.binary("update", "--name", "Green tea").status == 0)
    #expect(eventually { lockIsFree(islet.storePath + ".watch") }, "the watcher kept repeating")
    #expect(lines(played).count <= 2, "\(text(played))")
  }

  @Test func aChangedSettingTakesEffectWithoutRestartingTheWatcher() throws {
    let first = islet.folder.file("first")
    let second = islet.folder.file("second")
    alertTo(first, repeat: 0, every: "1m")
    #expect(try islet.binary("start", "3s", "--name", "Tea").status == 0)
    let pid = try #require(eventually { watcher() != nil } ? watcher() : nil)
    alertTo(second, repeat: 1, every: "1s")
    #expect(eventually { lines(second).count == 1 }, "the new sound setting was not used")
    #expect(text(first).isEmpty)
    // The same watcher gave it, and takes the next change too, for the repeat.
    #expect(watcher() == pid)
    alertTo(first, repeat: 1, every: "1s")
    #expect(eventually { lines(first).count == 1 }, "the repeat did not follow the newer setting")
    #expect(lines(second).count == 1)
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
    // A hook of an event the command itself records sees the same.
    let started = islet.folder.file("started-env")
    try islet.hook("started", "#!/bin/sh\ncat > /dev/null\nenv > '\(started)'\n")
    #expect(try islet.binary("start", "--name", "Watch", extra: extra).status == 0)
    #expect(eventually { text(started).contains("ISLET_EVENT=started") }, "\(text(started))")
    let startedNames = Set(
      lines(started).compactMap { $0.split(separator: "=", maxSplits: 1).first.map(String.init) })
    #expect(startedNames.isDisjoint(with: ["TMUX", "TERM", "ODD_VARIABLE"]), "\(startedNames.sorted())")
    #expect(startedNames.contains("ISLET_DB"))
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
    #expect(out.contains { $0.hasPrefix("  desktop   ✗ no session bus") }, "\(run)")
    #expect(out.contains("  tmux      - off"), "\(run)")
    #expect(out.contains { $0.hasPrefix("  sound     ✓ ran echo test") }, "\(run)")
    #expect(eventually { lines(played) == ["test"] }, "\(text(played))")
    islet.writeConfig("alerts = sound\nsound = true\n")
    #expect(try islet.binary("alert", "test").status == 0)
  }

  /// A player that is not there is said so, not ticked: the shell's own complaint would go to
  /// a stderr nobody reads.
  @Test func alertTestSaysASoundPlayerIsMissing() throws {
    islet.writeConfig("alerts = sound\nsound = no-such-player --loud ~/gong.oga\n")
    let run = try islet.binary("alert", "test")
    #expect(run.status == 69, "\(run)")
    #expect(
      run.stdout.contains("  sound     ✗ no-such-player is not found on PATH; set sound = COMMAND"), "\(run)")
    // What only the shell can tell is left to it.
    islet.writeConfig("alerts = sound\nsound = PLAYER=x true\n")
    #expect(try islet.binary("alert", "test").status == 0)
    // A word the shell runs itself is found, a special built-in too.
    islet.writeConfig("alerts = sound\nsound = trap '' INT; true\n")
    let builtIn = try islet.binary("alert", "test")
    #expect(builtIn.status == 0, "\(builtIn)")
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
    // The message says what the notification says: the summary, then the body.
    #expect(tmux.outer.waitFor { $0.contains("⏰ Tea — time's up · +0:0") }, "\(tmux.outer.text)")
    #expect(eventually { tmux.rang }, "the bell did not ring on the client")
    let test = try islet.binary("alert", "test", extra: ["TMUX": tmux.tmuxVariable])
    #expect(test.status == 0, "\(test)")
    #expect(test.stdout.contains("  tmux      ✓ the message on 1 client of 1 tmux server"), "\(test)")
    #expect(test.stdout.contains("  bell      ✓ the bell on 1 client of 1 tmux server"), "\(test)")
  }
}

/// The watcher's desktop notification, on a real session bus with the tests' notification
/// server, with nothing of Islet open.
@Suite(.serialized) struct AlertWatcherDesktopTests {
  let islet = Sandbox()

  func history() throws -> [EventKind] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.history().map(\.kind)
  }

  func live() throws -> [Activity] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.liveActivities()
  }

  @Test func aFinishedCountdownSendsOneNotificationWithButtonsAndSnoozeGivesFiveMinutes() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\n")
    #expect(try islet.binary("start", "1s", "--name", "Tea", extra: bus.environment).status == 0)
    let sent = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.filter { $0.call == "Notify" }
    #expect(sent.count == 1, "\(bus.calls())")
    let notification = try #require(sent.first)
    #expect(notification.summary == "⏰ Tea — time's up")
    #expect(notification.body?.hasPrefix("+0:00 · started ") == true, "\(notification)")
    #expect(notification.actions == ["complete", "Done", "snooze", "+5 min", "reset", "Reset"])
    #expect(notification.hints?["urgency"] == .number(2))
    // The user presses +5 min: the watcher snoozes it through the one intent path.
    try bus.invokeAction(id: try #require(notification.id), key: "snooze")
    #expect(eventually { (try? history()) == [.started, .finished, .snoozed] }, "\((try? history()) ?? [])")
    let tea = try #require(try live().first)
    #expect(tea.state.phase == .active)
    #expect(bus.notifications().count == 1, "\(bus.calls())")
    // Closed by the watcher once the snooze is applied, whether or not the server closed it.
    let calls = bus.waitForCalls { $0.contains { $0.call == "CloseNotification" } }
    #expect(
      calls.map(\.call).suffix(2) == ["InvokeAction", "CloseNotification"]
        && calls.last?.id == notification.id,
      "\(calls)")
    let left = try #require(
      tea.remaining(at: Instant(milliseconds: Int64(Date().timeIntervalSince1970 * 1000))))
    #expect(left > 290_000 && left <= 300_000, "\(left) ms left after the snooze")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(try reader.history().last?.source == .notification)
  }

  @Test func completingFromTheCommandLineWithdrawsTheNotification() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\n")
    #expect(
      try islet.binary("start", "1s", "--name", "Read", "--icon", "book", extra: bus.environment).status == 0)
    let sent = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.first { $0.call == "Notify" }
    let id = try #require(sent?.id, "\(bus.calls())")
    // Its icon, as the icon naming specification names a book.
    #expect(sent?.appIcon == "accessories-dictionary")
    #expect(try islet.binary("complete", "Read").status == 0)
    let closed = bus.waitForCalls { $0.contains { $0.call == "CloseNotification" } }
    #expect(closed.contains { $0.call == "CloseNotification" && $0.id == id }, "\(closed)")
    // Nothing left to serve: the watcher goes.
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
  }

  @Test func aPlanSegmentThatWaitsOffersTheWayOnAndItsButtonGoesOn() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\nplan.quick = Work 1s, Rest 30s; advance ask\n")
    #expect(try islet.binary("start", "--plan", "quick", extra: bus.environment).status == 0)
    let sent = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.first { $0.call == "Notify" }
    let notification = try #require(sent, "\(bus.calls())")
    #expect(notification.summary == "⏰ Quick — Work done", "\(notification)")
    #expect(notification.actions == ["go-on", "Start Rest", "skip", "Skip Rest"], "\(notification)")
    // A segment under a minute: an ordinary notification.
    #expect(notification.hints?["urgency"] == .number(1))
    try bus.invokeAction(id: try #require(notification.id), key: "go-on")
    #expect(
      eventually {
        (try? live().first?.segment?.label) == "Rest" && (try? live().first?.state.phase) == .active
      },
      "\((try? history()) ?? [])")
  }

  /// Segments that go on by themselves update one notification in place; the plan's end is urgent.
  @Test func aPlanThatGoesOnReplacesItsNotificationInPlace() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\nplan.quick = Work 1s, Rest 1s; rounds 2; advance auto\n")
    #expect(try islet.binary("start", "--plan", "quick", extra: bus.environment).status == 0)
    let sent = bus.waitForCalls { $0.contains { $0.summary == "✓ Quick — done" } }.filter {
      $0.call == "Notify"
    }
    let summaries = [
      "⏰ Quick — Work 1/2 done", "⏰ Quick — Rest 1/2 done", "⏰ Quick — Work 2/2 done", "✓ Quick — done",
    ]
    #expect(sent.map(\.summary) == summaries, "\(sent)")
    let first = try #require(sent.first?.id)
    #expect(sent.map(\.replacesId) == [0, first, first, first], "\(sent)")
    #expect(sent.map { $0.hints?["urgency"] } == [.number(1), .number(1), .number(1), .number(2)])
    #expect(sent.first?.actions == ["skip", "Skip Rest", "pause", "Pause"])
    #expect(sent.last?.actions == [])
  }

  /// A plan started in the past, five segments on: one notification for where the clock is,
  /// naming how many segments ended, not one for each.
  @Test func aPlanStartedInThePastGivesOneAlertForNow() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\nplan.quick = Work 1m, Rest 1m; rounds 4; advance auto\n")
    // A watcher already runs, as on a day of use: it takes every event the start records.
    #expect(try islet.binary("start", "1h", "--name", "Tea", extra: bus.environment).status == 0)
    // Running, and past its start: it has kept where it is in the history, so what comes next
    // is news to it (a watcher that starts after the events takes them as past).
    #expect(eventually { WatcherLock(storePath: islet.storePath)?.alerted != nil })
    let started = try islet.binary("start", "--plan", "quick", "--ago", "5m30s", extra: bus.environment)
    #expect(started.status == 0, "\(started)")
    let first = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.first { $0.call == "Notify" }
    let notification = try #require(first, "\(bus.calls())")
    #expect(notification.summary == "⏰ Quick — Work 3/4 done", "\(notification)")
    #expect(
      notification.body?.hasPrefix("5 segments ended · Rest 3/4 started, 1:00 · ends ") == true,
      "\(notification)")
    // A pause withdraws it in the watcher's next look: every notification of the first one is sent by then.
    #expect(try islet.binary("pause", "quick").status == 0)
    let calls = bus.waitForCalls { $0.contains { $0.call == "CloseNotification" } }
    #expect(calls.filter { $0.call == "Notify" }.count == 1, "\(calls)")
  }

  /// A notification that waits on nobody but the user (a plan's end) is withdrawn when its
  /// watcher goes, as those with buttons are.
  @Test func theWatcherWithdrawsEveryNotificationOfItsOwnAsItGoes() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\nplan.quick = Work 1s; advance auto\n")
    #expect(try islet.binary("start", "--plan", "quick", extra: bus.environment).status == 0)
    let done = bus.waitForCalls { $0.contains { $0.summary == "✓ Quick — done" } }.last {
      $0.call == "Notify"
    }
    let id = try #require(done?.id, "\(bus.calls())")
    #expect(done?.actions == [])
    // It stays while its notification is open, and takes it away when stopped.
    let pid = try #require(watcherPID(islet.storePath), "the watcher left with its notification open")
    kill(pid, SIGTERM)
    let calls = bus.waitForCalls { $0.contains { $0.call == "CloseNotification" } }
    #expect(calls.contains { $0.call == "CloseNotification" && $0.id == id }, "\(calls)")
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
  }

  /// No session bus at all: the alert goes nowhere, and nothing fails or hangs.
  @Test func noBusMeansNothingSentAndNothingFails() throws {
    let played = islet.folder.file("played")
    islet.writeConfig("alerts = desktop sound\nalert-repeat = 0\nsound = echo played >> '\(played)'\n")
    let extra = ["XDG_RUNTIME_DIR": islet.folder.file("no-runtime")]
    #expect(try islet.binary("start", "1s", "--name", "Tea", extra: extra).status == 0)
    // The other channel still gets it; the watcher then goes, as nothing of it is open.
    #expect(eventually { ((try? String(contentsOfFile: played, encoding: .utf8)) ?? "") == "played\n" })
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
    #expect(try history() == [.started, .finished])
  }

  // The notification server going, or giving its name to another, takes Islet's notifications
  // with it: nobody else's button presses one of Islet's, and the watcher does not stay for them.

  /// Another application's notification, sent as `gdbus` sends it; its id.
  func notifyAsAnotherApplication(_ bus: SessionBus) throws -> UInt32 {
    let run = try Binary.run(
      [
        "call", "--address", bus.address, "--dest", "org.freedesktop.Notifications", "--object-path",
        "/org/freedesktop/Notifications", "--method", "org.freedesktop.Notifications.Notify", "Other", "0",
        "",
        "Other", "", "['snooze', 'Snooze', 'complete', 'Done']", "{}", "0",
      ], environment: [:], executable: "/usr/bin/gdbus")
    // "(uint32 1,)"
    let digits = run.stdout.filter(\.isNumber).dropFirst(2)
    return try #require(UInt32(String(digits)), "\(run)")
  }

  @Test func aRestartedServersPressesAreNotIsletsButtons() throws {
    let bus = try SessionBus()
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\n")
    #expect(try islet.binary("start", "1s", "--name", "Tea", extra: bus.environment).status == 0)
    let tea = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.first { $0.call == "Notify" }
    let id = try #require(tea?.id, "\(bus.calls())")
    try bus.restartServer()
    // The new server numbers from 1 again: another application's notification takes Tea's id.
    #expect(try notifyAsAnotherApplication(bus) == id)
    try bus.invokeAction(id: id, key: "snooze")
    // The watcher reads the press before the next deadline's alert, which then reaches the new server.
    #expect(try islet.binary("start", "1s", "--name", "Later", extra: bus.environment).status == 0)
    #expect(!bus.waitForCalls { $0.contains { $0.summary == "⏰ Later — time's up" } }.isEmpty)
    let kinds = try history()
    #expect(kinds == [.started, .finished, .started, .finished], "\(kinds)")
    // Nor is the other application's notification withdrawn as if it were Tea's.
    #expect(try islet.binary("complete", "Tea").status == 0)
    #expect(try islet.binary("complete", "Later").status == 0)
    let calls = bus.waitForCalls { $0.filter { $0.call == "CloseNotification" }.count >= 1 }
    #expect(
      calls.filter { $0.call == "CloseNotification" }.map(\.id) == [id + 1],
      "\(calls.filter { $0.call == "CloseNotification" })")
  }

  @Test func theWatcherGoesWhenTheServerGoes() throws {
    let bus = try SessionBus()
    // Its media player would keep it while the finished countdown is live (MprisPlayerTests).
    islet.writeConfig("alerts = desktop\nalert-repeat = 0\nmpris = off\n")
    #expect(try islet.binary("start", "1s", "--name", "Tea", extra: bus.environment).status == 0)
    _ = bus.waitForCalls { $0.contains { $0.call == "Notify" } }
    #expect(watcherPID(islet.storePath) != nil, "the watcher left with its notification open")
    bus.stopServer()
    #expect(eventually(within: 10) { lockIsFree(islet.storePath + ".watch") }, "the watcher stays")
  }
}

/// The detached deadline watcher of the store at `storePath`, or nil.
func watcherPID(_ storePath: String) -> Int32? {
  processes { arguments, _ in arguments.contains("__watch") && arguments.contains(storePath) }.first
}

/// Channels that never answer hold nothing: not the deadlines the watcher records, not the
/// hooks, not the other channels. A notification server (or the whole bus) that is frozen and
/// a tmux server that is stopped (all still take connections), with five countdowns a second
/// apart.
@Suite(.serialized) struct AlertWatcherStallTests {
  let islet = Sandbox()

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  @Test(arguments: ["server", "bus"]) func channelsThatNeverAnswerDelayNoDeadlineNorHook(frozen: String)
    throws
  {
    let bus = try SessionBus()
    let tmux = try NestedTmux(islet)
    let played = islet.folder.file("played")
    let fired = islet.folder.file("fired")
    islet.writeConfig(
      "alerts = desktop tmux bell sound\nalert-repeat = 0\nsound = echo \"$ISLET_DB\" >> '\(played)'\n")
    // The hook says when it ran, in milliseconds since the epoch.
    try islet.hook(
      "finished", "#!/bin/sh\ncat > /dev/null\necho \"$ISLET_ACTIVITY $(date +%s%3N)\" >> '\(fired)'\n")
    var extra = bus.environment
    extra["TMUX"] = tmux.tmuxVariable
    let server = try #require(
      Int32(tmux.inner(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)))
    let (freeze, thaw) = frozen == "bus" ? (bus.freezeBus, bus.thawBus) : (bus.freezeServer, bus.thawServer)
    freeze()
    kill(server, SIGSTOP)
    defer {
      kill(server, SIGCONT)
      thaw()
    }
    for (n, length) in ["1s", "2s", "3s", "4s", "5s"].enumerated() {
      #expect(try islet.binary("start", length, "--name", "Tea \(n + 1)", extra: extra).status == 0)
    }
    #expect(eventually { text(fired).split(separator: "\n").count == 5 }, "hooks run: \(text(fired))")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    let deadlines = Dictionary(
      try reader.history().filter { $0.kind == .finished }.map { ($0.activityID, $0.at.milliseconds) }
    ) { first, _ in first }
    for line in text(fired).split(separator: "\n") {
      let fields = line.split(separator: " ")
      let late = try #require(Int64(fields[1])) - (deadlines[String(fields[0])] ?? 0)
      #expect(late < 3000, "the hook of \(fields[0]) ran \(late) ms after its deadline")
    }
    // The sound, which answers, had each alert.
    #expect(eventually { text(played).split(separator: "\n").count == 5 }, "\(text(played))")
    // Given up on, not forgotten: once the server answers again, the next alert reaches it.
    thaw()
    #expect(try islet.binary("start", "1s", "--name", "Later", extra: extra).status == 0)
    let shown = bus.waitForCalls {
      $0.contains { $0.call == "Notify" && $0.summary?.contains("Later") == true }
    }
    #expect(shown.contains { $0.summary == "⏰ Later — time's up" }, "\(shown.map(\.call))")
  }
}

/// The watcher's sound command is bounded as hooks are: a player that never ends is stopped
/// (SIGTERM, then SIGKILL for one that ignores it), with the player's own children.
@Suite(.serialized) struct AlertWatcherSoundLimitTests {
  let islet = Sandbox()

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  @Test func aSoundThatNeverEndsIsStoppedAtItsLimit() throws {
    let pids = islet.folder.file("pids")
    // A player that ignores SIGTERM, and a child of it that does not.
    islet.writeConfig(
      "alerts = sound\nalert-repeat = 1\nalert-every = 1s\nsound = trap '' TERM; echo $$ >> '\(pids)'; while :; do sleep 1; done\n"
    )
    #expect(
      try islet.binary("start", "1s", "--name", "Tea", extra: ["ISLET_SOUND_LIMIT": "1000"]).status == 0)
    #expect(
      eventually { text(pids).split(separator: "\n").count == 2 }, "the alert and its repeat: \(text(pids))")
    let players = text(pids).split(separator: "\n").compactMap { Int32($0) }
    let running = { players.filter { access("/proc/\($0)", F_OK) == 0 } }
    #expect(eventually { running().isEmpty }, "players still running: \(running())")
    // Nothing else keeps the watcher: it goes once its players are stopped.
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
  }
}

/// A watcher killed while its alert awaits an answer: the next command starts one that carries
/// on its repeats, replaces its notification in place and serves its buttons.
@Suite(.serialized) struct AlertWatcherSuccessorTests {
  let islet = Sandbox()

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  @Test func aKilledWatchersSuccessorCarriesOnItsRepeatsAndButtons() throws {
    let bus = try SessionBus()
    let played = islet.folder.file("played")
    islet.writeConfig(
      "alerts = desktop sound\nalert-repeat = 2\nalert-every = 2s\nsound = echo played >> '\(played)'\n")
    #expect(try islet.binary("start", "1s", "--name", "Tea", extra: bus.environment).status == 0)
    let first = bus.waitForCalls { $0.contains { $0.call == "Notify" } }.first { $0.call == "Notify" }
    let id = try #require(first?.id, "\(bus.calls())")
    // Killed once it has kept the notification's id for the next.
    #expect(eventually { WatcherLock(storePath: islet.storePath)?.followed.first?.notification == id })
    let killed = try #require(watcherPID(islet.storePath))
    kill(killed, SIGKILL)
    #expect(eventually { lockIsFree(islet.storePath + ".watch") })
    // Any command that looks finds the alert awaiting an answer.
    #expect(try islet.binary("status", extra: bus.environment).status == 0)
    #expect(eventually { (watcherPID(islet.storePath) ?? killed) != killed }, "no watcher took over")
    // The repeats go on in the same notification.
    let repeated = bus.waitForCalls { $0.filter { $0.call == "Notify" }.count >= 3 }.filter {
      $0.call == "Notify"
    }
    #expect(repeated.map(\.replacesId) == [0, id, id], "\(repeated)")
    #expect(eventually { text(played).split(separator: "\n").count == 3 }, "\(text(played))")
    // Its button works.
    try bus.invokeAction(id: id, key: "complete")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(
      eventually { (try? reader.history().last?.kind) == .completed },
      "\((try? reader.history().map(\.kind)) ?? [])")
    #expect(try reader.history().last?.source == .notification)
  }
}
