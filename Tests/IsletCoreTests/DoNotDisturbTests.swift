import Testing

@testable import IsletCore

/// What Do Not Disturb should be for a live set, what to do about the switch, and the commands
/// each server is turned with: mako and swaync are not in Debian 12, so their command lines are
/// checked here as values.
struct DoNotDisturbTests {
  func plan() throws -> Plan {
    try Plan.parse(name: "short", definition: "Work 20s, Rest 10s; rounds 2; warm-up 5s").get()
  }

  func run(at offset: Milliseconds) throws -> Activity {
    let request = StartRequest(
      id: "pl01", name: "Short", attributes: ActivityAttributes(icon: "timer", plan: try plan()))
    let started = try applied(nil, .start(request), at: t0).activity
    return TimerEngine.settle(started, at: t0 + offset).activity
  }

  @Test func wantedOnlyWhileAWorkSegmentRuns() throws {
    let countdown = try applied(nil, .start(countdownRequest()), at: t0).activity
    let stopwatch = try applied(nil, .start(stopwatchRequest()), at: t0).activity
    let warmUp = try run(at: seconds(1))
    let work = try run(at: seconds(6))
    let rest = try run(at: seconds(26))
    let pausedWork = try applied(work, .pause, at: t0 + seconds(7)).activity
    #expect(warmUp.segment?.kind == .warmUp && work.segment?.kind == .work && rest.segment?.kind == .break)
    #expect(!DoNotDisturb.wanted([]))
    #expect(!DoNotDisturb.wanted([countdown, stopwatch]), "a single timer is not a work segment")
    #expect(!DoNotDisturb.wanted([warmUp]))
    #expect(DoNotDisturb.wanted([work]))
    #expect(DoNotDisturb.wanted([countdown, work]), "one work segment among others is enough")
    #expect(!DoNotDisturb.wanted([rest]))
    #expect(!DoNotDisturb.wanted([pausedWork]), "a paused work segment lets notifications through")
  }

  @Test func aWorkSegmentWaitingAtItsEndOrAnEndedRunWantsItOff() throws {
    let asking = try Plan.parse(name: "ask", definition: "Work 20s, Rest 10s; advance ask").get()
    let request = StartRequest(
      id: "pl02", name: "Ask", attributes: ActivityAttributes(icon: "timer", plan: asking))
    let started = try applied(nil, .start(request), at: t0).activity
    let waiting = TimerEngine.settle(started, at: t0 + seconds(25)).activity
    #expect(waiting.state.phase == .finished && waiting.segment?.kind == .work)
    #expect(!DoNotDisturb.wanted([waiting]))
    let completed = try applied(started, .complete, at: t0 + seconds(5)).activity
    #expect(!DoNotDisturb.wanted([completed]))
  }

  @Test func turnedOffItWantsNothingAndStillKnowsHowToTurnBack() throws {
    let work = try run(at: seconds(6))
    #expect(DoNotDisturb(server: .dunst).wants([work]))
    #expect(!DoNotDisturb(server: .off).wants([work]))
    // What was turned on with dunst is turned back with dunst's own command, whatever `dnd` says now.
    #expect(DoNotDisturb(server: .off).commands(named: "dunst")?.off == ["dunstctl", "set-paused", "false"])
    #expect(DoNotDisturb(server: .mako).commands(named: "dunst")?.off == ["dunstctl", "set-paused", "false"])
    let mine = DoNotDisturb(server: .dunst, offCommand: "my-dnd off")
    #expect(mine.commands(named: "dunst")?.off == ["/bin/sh", "-c", "my-dnd off"])
    #expect(
      DoNotDisturb(server: .off).commands(named: "custom") == nil, "a custom command no longer set is unknown"
    )
  }

  @Test func theSwitchIsTurnedOnAtAStretchsStartAndBackOnlyWhenIsletTurnedIt() {
    #expect(DoNotDisturb.move(wanted: true, held: nil) == .begin)
    #expect(DoNotDisturb.move(wanted: true, held: .set) == .stay)
    #expect(DoNotDisturb.move(wanted: true, held: .found) == .stay)
    #expect(
      DoNotDisturb.move(wanted: true, held: .unavailable) == .stay, "a missing server is tried once a stretch"
    )
    #expect(DoNotDisturb.move(wanted: false, held: .set) == .restore)
    #expect(DoNotDisturb.move(wanted: false, held: .found) == .release, "found on, it stays on")
    #expect(DoNotDisturb.move(wanted: false, held: .unavailable) == .release)
    #expect(DoNotDisturb.move(wanted: false, held: nil) == .stay)
  }

  @Test func eachServersCommandLines() {
    #expect(DoNotDisturb(server: .off).servers.isEmpty)
    #expect(
      DoNotDisturb(server: .dunst).servers == [
        .init(
          name: "dunst", on: ["dunstctl", "set-paused", "true"], off: ["dunstctl", "set-paused", "false"],
          state: ["dunstctl", "is-paused"])
      ])
    #expect(
      DoNotDisturb(server: .mako).servers == [
        .init(
          name: "mako", on: ["makoctl", "mode", "-a", "do-not-disturb"],
          off: ["makoctl", "mode", "-r", "do-not-disturb"], state: ["makoctl", "mode"])
      ])
    #expect(
      DoNotDisturb(server: .swaync).servers == [
        .init(
          name: "swaync", on: ["swaync-client", "--dnd-on"], off: ["swaync-client", "--dnd-off"],
          state: ["swaync-client", "-D"])
      ])
    #expect(DoNotDisturb(server: .auto).servers.map(\.name) == ["dunst", "mako", "swaync"])
  }

  @Test func theUsersCommandsTakeTheServersPlace() {
    let mine = DoNotDisturb(server: .dunst, onCommand: "my-dnd on", stateCommand: "my-dnd get")
    #expect(
      mine.servers == [
        .init(
          name: "dunst", on: ["/bin/sh", "-c", "my-dnd on"], off: ["dunstctl", "set-paused", "false"],
          state: ["/bin/sh", "-c", "my-dnd get"])
      ])
    let custom = DoNotDisturb(server: .custom, onCommand: "a", offCommand: "b")
    #expect(
      custom.servers == [
        .init(name: "custom", on: ["/bin/sh", "-c", "a"], off: ["/bin/sh", "-c", "b"], state: nil)
      ])
    #expect(DoNotDisturb(server: .custom, onCommand: "a").servers.isEmpty)
  }

  @Test func whatEachServerPrintsWhenOn() {
    let dunst = DoNotDisturb(server: .dunst).servers[0]
    #expect(dunst.isOn(output: "true\n") && !dunst.isOn(output: "false\n") && !dunst.isOn(output: ""))
    let mako = DoNotDisturb(server: .mako).servers[0]
    #expect(mako.isOn(output: "default\ndo-not-disturb\n"))
    #expect(!mako.isOn(output: "default\n") && !mako.isOn(output: "do-not-disturb-later\n"))
    let swaync = DoNotDisturb(server: .swaync).servers[0]
    #expect(swaync.isOn(output: "true") && !swaync.isOn(output: "false"))
    // A user's state command for mako prints true or false, as any other's.
    let makoMine = DoNotDisturb(server: .mako, stateCommand: "x").servers[0]
    #expect(makoMine.isOn(output: "yes\n") && !makoMine.isOn(output: "do-not-disturb\n"))
    let custom = DoNotDisturb(server: .custom, onCommand: "a", offCommand: "b", stateCommand: "c").servers[0]
    #expect(["on", "ON", "1 (since 9:00)", "true"].allSatisfy(custom.isOn(output:)))
    #expect(!["off", "0", "no", ""].contains(where: custom.isOn(output:)))
  }

  @Test func theRecordReadsBackAsWritten() {
    let records = [
      DoNotDisturb.Record(),
      DoNotDisturb.Record(held: .set, server: "dunst"),
      DoNotDisturb.Record(held: .found, server: "mako", logged: "earlier"),
      DoNotDisturb.Record(held: .unavailable, logged: "dunstctl is not installed (not found on PATH)"),
      DoNotDisturb.Record(logged: "makoctl exited with status 1"),
    ]
    for record in records {
      #expect(DoNotDisturb.Record(text: record.text) == record, "\(record.text)")
    }
    #expect(DoNotDisturb.Record(held: .set, server: "dunst").text == "set dunst\n")
    #expect(DoNotDisturb.Record(text: "") == DoNotDisturb.Record())
    #expect(
      DoNotDisturb.Record(text: "garbage here\n") == DoNotDisturb.Record(), "an unknown record holds nothing")
  }

  @Test func theConfigurationKeys() throws {
    let read = try Configuration.parse("dnd = Dunst\ndnd-state = my-dnd get\n").get()
    #expect(read.doNotDisturb == DoNotDisturb(server: .dunst, stateCommand: "my-dnd get"))
    #expect(try Configuration.parse("").get().doNotDisturb.server == .off, "off by default")
    #expect(
      Configuration.parse("dnd = on\n")
        == .failure(
          .init(line: 1, message: "dnd is 'on'; use one of off, auto, dunst, mako, swaync, custom")))
    #expect(
      Configuration.parse("dnd-off = b\ndnd = custom\n")
        == .failure(
          .init(
            line: 2,
            message: "dnd = custom needs dnd-on and dnd-off, the commands that turn Do Not Disturb on and off"
          )))
    let custom = try Configuration.parse("dnd = custom\ndnd-on = a\ndnd-off = b\n").get()
    #expect(custom.doNotDisturb.servers.map(\.name) == ["custom"])
  }
}
