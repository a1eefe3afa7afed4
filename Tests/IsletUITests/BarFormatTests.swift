import Foundation
import Testing

@testable import IsletCore
@testable import IsletUI

/// The desktop bars' lines, read back by a real JSON parser (Foundation's), field by field as a
/// bar reads them, in every phase a bar shows.
@Suite struct BarFormatTests {
  /// The scenes a bar shows: the example countdown in each live phase, a stopwatch, and a
  /// pomodoro's Focus, its end, and its Break.
  static let scenes: [(name: String, activity: Activity, now: Instant, phase: String)] = {
    var scenes: [(String, Activity, Instant, String)] = []
    for phase in [Phase.idle, .active, .paused, .finished] {
      let (activity, now) = inPhase(phase)
      scenes.append((phase.rawValue, activity, now, phase.rawValue))
    }
    let (stopwatch, now) = inPhase(.active, countdown: false)
    scenes.append(("stopwatch", stopwatch, now, "active"))
    scenes.append(("focus", planRun("pomodoro"), t0 + minutes(10), "active"))
    // A pomodoro asks before its break: Focus waits, over, until it is told to go on.
    scenes.append(("over", planRun("pomodoro"), t0 + minutes(27), "finished"))
    scenes.append(("break", step(planRun("pomodoro"), .toggle, at: minutes(25)), t0 + minutes(27), "active"))
    return scenes
  }()

  func scene(_ live: [Activity], at now: Instant, binary: String = "/opt/islet/bin/islet") -> BarScene {
    BarScene(live: live, now: now, binary: binary, utcOffset: 0)
  }

  func object(_ line: String, _ context: String) throws -> [String: Any] {
    let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
    return try #require(parsed as? [String: Any], "\(context): not a JSON object: \(line)")
  }

  /// The theme's color of `role`, as the bars write it.
  func hex(_ role: Role, _ theme: Theme = ThemeCatalog.fallback) -> String? {
    theme.style(role).foreground.map { c in
      String(format: "#%02x%02x%02x", c.components.r, c.components.g, c.components.b)
    }
  }

  @Test func theTextIsTheIslandsInEveryPhase() {
    let expected = [
      "idle": "⏱ Workout 25:00", "active": "⏱ Workout ◑ 12:30", "paused": "⏱ Workout ⏸ 12:30",
      "finished": "⏱ Workout +0:42", "stopwatch": "⏱ Workout ● 12:30", "focus": "🍅 Focus 1/4 ◑ 15:00",
      "over": "🍅 Focus 1/4 +2:00", "break": "☕ Break 1/4 ◑ 3:00",
    ]
    for s in Self.scenes {
      let island = BarIsland(look: look(s.activity, at: s.now), next: nil)
      #expect(island.text == expected[s.name], "\(s.name)")
    }
  }

  @Test func waybarReadsTextAltTooltipClassAndACountdownsPercentage() throws {
    for s in Self.scenes {
      let line = BarFormat.waybar.line(scene([s.activity], at: s.now))
      let json = try object(line, s.name)
      #expect(
        json["text"] as? String == BarIsland(look: look(s.activity, at: s.now), next: nil).text, "\(s.name)")
      #expect(json["alt"] as? String == s.phase, "\(s.name)")
      // No scene is stale or in a cue: the phase alone.
      let classes = (json["class"] as? String).map { [$0] } ?? json["class"] as? [String]
      #expect(classes == [s.phase], "\(s.name): \(line)")
      let tooltip = try #require(json["tooltip"] as? String, "\(s.name)")
      // As the banner says it: today's start as a clock, and none for a ready timer.
      let ready = s.activity.phase(at: s.now, policy: .standard) == .idle
      #expect(
        tooltip.contains(s.activity.name) && tooltip.contains("Started 9:05") != ready
          && !tooltip.contains("30 Nov"), "\(s.name): \(tooltip)")
      if s.activity.isCountdown {
        let percentage = try #require(json["percentage"] as? Int, "\(s.name): \(line)")
        #expect((0...100).contains(percentage), "\(s.name)")
      } else {
        #expect(json["percentage"] == nil, "\(s.name): a stopwatch has no percentage")
      }
    }
    let half = try object(BarFormat.waybar.line(scene([inPhase(.active).0], at: inPhase(.active).1)), "half")
    #expect(half["percentage"] as? Int == 50)
    let focus = try object(BarFormat.waybar.line(scene([planRun("pomodoro")], at: t0 + minutes(10))), "focus")
    #expect((focus["tooltip"] as? String)?.contains("Round 1 of 4 · Up next: Break 5:00") == true)
  }

  @Test func i3barStartsWithItsHeaderAndSendsBlocksNamedByTheActivity() throws {
    let prologue = BarFormat.i3bar.prologue
    #expect(prologue.count == 2 && prologue[1] == "[")
    let header = try object(prologue[0], "header")
    #expect(header["version"] as? Int == 1 && header["click_events"] as? Bool == true)
    let roles = [
      "idle": Role.secondary, "active": .timer, "paused": .accent, "finished": .alert, "over": .alert,
    ]
    for s in Self.scenes {
      let line = BarFormat.i3bar.line(scene([s.activity], at: s.now))
      #expect(line.hasSuffix(","), "\(s.name): an element of the endless array ends with a comma")
      let blocks = try #require(
        try JSONSerialization.jsonObject(with: Data(line.dropLast().utf8)) as? [[String: Any]], "\(s.name)")
      #expect(blocks.count == 1, "\(s.name)")
      let block = blocks[0]
      #expect(
        block["name"] as? String == "islet" && block["instance"] as? String == s.activity.id, "\(s.name)")
      #expect(block["full_text"] as? String == BarIsland(look: look(s.activity, at: s.now), next: nil).text)
      #expect((block["short_text"] as? String)?.isEmpty == false, "\(s.name)")
      #expect(block["markup"] as? String == "none", "\(s.name)")
      if let role = roles[s.name] { #expect(block["color"] as? String == hex(role), "\(s.name)") }
      #expect((block["urgent"] as? Bool ?? false) == (s.phase == "finished"), "\(s.name)")
    }
  }

  @Test func theNextActivityIsABubbleOfItsOwn() throws {
    let (paused, now) = inPhase(.paused)
    var tea = workout(name: "Tea")
    tea.id = "tea1"
    let line = BarFormat.i3bar.line(scene([paused, tea], at: now))
    let blocks = try #require(
      try JSONSerialization.jsonObject(with: Data(line.dropLast().utf8)) as? [[String: Any]])
    #expect(blocks.map { $0["instance"] as? String } == ["wk01", "tea1"])
    #expect(blocks[0]["full_text"] as? String == "⏱ Workout ⏸ 12:30")
    #expect(blocks[1]["full_text"] as? String == "▐9:30▌", "Tea has 9:30 left of 25 minutes")
    let waybar = try object(BarFormat.waybar.line(scene([paused, tea], at: now)), "waybar")
    #expect(waybar["text"] as? String == "⏱ Workout ⏸ 12:30 ▐9:30▌")
    #expect((waybar["tooltip"] as? String)?.hasSuffix("Next: ⏱ Tea 9:30") == true)
    // A pending one says when it starts, not minutes that read as a countdown's.
    var later = tea
    later.state.phase = .pending
    later.state.startedAt = now + 720_000
    let tip =
      try object(BarFormat.waybar.line(scene([paused, later], at: now)), "waybar")["tooltip"] as? String
    #expect(tip?.hasSuffix("Next: ⏱ Tea in 12m") == true, "\(tip ?? "")")
  }

  @Test func i3statusRustReadsTextStateAndAnIconItKnows() throws {
    let states = [
      "idle": "Idle", "paused": "Idle", "active": "Info", "stopwatch": "Info", "focus": "Info",
      "break": "Good",
      "finished": "Critical", "over": "Critical",
    ]
    let icons = ["time", "bell", "pomodoro", "pomodoro_break", "pomodoro_paused"]
    for s in Self.scenes {
      let json = try object(BarFormat.i3statusRs.line(scene([s.activity], at: s.now)), s.name)
      #expect(json["state"] as? String == states[s.name], "\(s.name)")
      #expect(icons.contains(json["icon"] as? String ?? ""), "\(s.name): \(json)")
      #expect((json["text"] as? String)?.contains(s.activity.segment?.label ?? s.activity.name) == true)
    }
    // The last minute warns.
    let nearTheEnd = try object(
      BarFormat.i3statusRs.line(scene([workout()], at: t0 + minutes(24) + seconds(30))), "end")
    #expect(nearTheEnd["state"] as? String == "Warning")
  }

  @Test func i3blocksReadsAnObjectALine() throws {
    for s in Self.scenes {
      let json = try object(BarFormat.i3blocks.line(scene([s.activity], at: s.now)), s.name)
      #expect(json["full_text"] as? String == BarIsland(look: look(s.activity, at: s.now), next: nil).text)
      #expect(json["color"] as? String != nil, "\(s.name)")
      #expect((json["urgent"] as? Bool ?? false) == (s.phase == "finished"), "\(s.name)")
      // Under a global `markup=pango` a name is still text.
      #expect(json["markup"] as? String == "none", "\(s.name): \(line(s))")
    }
  }

  func line(_ s: (name: String, activity: Activity, now: Instant, phase: String)) -> String {
    BarFormat.i3blocks.line(scene([s.activity], at: s.now))
  }

  @Test func waybarsClassesSayStaleAndTheirStyleSheetHasAColorForEach() throws {
    var stale = workout()
    stale.state.staleDate = t0 + minutes(1)
    let json = try object(BarFormat.waybar.line(scene([stale], at: t0 + minutes(2))), "stale")
    #expect(json["class"] as? [String] == ["active", "stale"], "\(json)")
    // Every class the lines carry has its color, the role the other bars draw it in.
    let named = Dictionary(BarFormat.waybarClassRoles, uniquingKeysWith: { a, _ in a })
    #expect(Set(named.keys) == ["idle", "active", "paused", "finished", "stale", "alert"])
    for s in Self.scenes {
      let island = BarIsland(look: look(s.activity, at: s.now), next: nil)
      let last = island.classes.last { named[$0] != nil }
      #expect(last.flatMap { named[$0] } == island.role, "\(s.name): \(island.classes)")
    }
  }

  @Test func waybarsBubbleIsALineOfItsOwnForTheNextActivity() throws {
    let (paused, now) = inPhase(.paused)
    var tea = workout(name: "Tea")
    tea.id = "tea1"
    var both = scene([paused, tea], at: now)
    both.part = .bubble
    #expect(both.shown?.id == "tea1", "a click on the bubble acts on Tea")
    let bubble = try object(BarFormat.waybar.line(both), "bubble")
    #expect(bubble["text"] as? String == "▐9:30▌" && bubble["class"] as? String == "active", "\(bubble)")
    both.part = .pill
    #expect(both.shown?.id == "wk01")
    #expect(try object(BarFormat.waybar.line(both), "pill")["text"] as? String == "⏱ Workout ⏸ 12:30")
    var alone = scene([paused], at: now)
    alone.part = .bubble
    let none = try object(BarFormat.waybar.line(alone), "none")
    #expect(alone.shown == nil && none["text"] as? String == "", "\(none)")
  }

  /// polybar's tags in a line: every `%{…}` with its content, in order.
  func tags(_ line: String) -> [String] {
    var tags: [String] = []
    var rest = Substring(line)
    while let open = rest.range(of: "%{") {
      rest = rest[open.upperBound...]
      // An action's command may hold `\:`; the tag ends at the first `}` after its last `:`.
      guard let close = rest.firstIndex(of: "}") else { break }
      tags.append(String(rest[..<close]))
      rest = rest[rest.index(after: close)...]
    }
    return tags
  }

  @Test func polybarsTagsAreBalancedAndItsClicksSendTheIntents() throws {
    for s in Self.scenes {
      let line = BarFormat.polybar.line(scene([s.activity], at: s.now))
      let tags = tags(line)
      #expect(
        tags.filter { $0.hasPrefix("F#") }.count == tags.filter { $0 == "F-" }.count, "\(s.name): \(line)")
      #expect(tags.filter { $0.hasPrefix("A") && $0 != "A" }.count == 3, "\(s.name): \(line)")
      #expect(tags.filter { $0 == "A" }.count == 3, "\(s.name): \(line)")
      #expect(
        tags.filter { $0.hasPrefix("A") && $0 != "A" } == [
          "A1:'/opt/islet/bin/islet' toggle \(s.activity.id) >/dev/null 2>&1:",
          "A2:'/opt/islet/bin/islet' reset \(s.activity.id) >/dev/null 2>&1:",
          "A3:'/opt/islet/bin/islet' complete \(s.activity.id) >/dev/null 2>&1:",
        ], "\(s.name)")
    }
    let finished = BarFormat.polybar.line(scene([inPhase(.finished).0], at: inPhase(.finished).1))
    #expect(finished.contains("%{F\(hex(.alert)!)}+0:42%{F-}"), "\(finished)")
    // Once time is up the name is drawn in the alert color too, as the presentations draw it.
    #expect(finished.contains("%{F\(hex(.alert)!)}⏱ Workout%{F-}"), "\(finished)")
    let running = BarFormat.polybar.line(scene([inPhase(.active).0], at: inPhase(.active).1))
    #expect(running.contains("%{F\(hex(.text)!)}⏱ Workout%{F-}"), "\(running)")
  }

  @Test func polybarsActionsEscapeTheColonsAndQuoteThePath() {
    let line = BarFormat.polybar.line(scene([workout()], at: t0 + minutes(1), binary: "/home/o'n:e/islet"))
    #expect(line.contains(#"%{A1:'/home/o'\''n\:e/islet' toggle wk01 >/dev/null 2>&1:}"#), "\(line)")
  }

  @Test(arguments: [
    "<b>bold</b>", "Tom & Jerry", "%{F#f00}red%{F-}", "#[fg=red]x", "50%", "%{A1:rm -rf ~:}x%{A}",
  ])
  func hostileNamesAreShownAndNeverRun(name: String) throws {
    let activity = workout(countdown: false, name: name)
    let s = scene([activity], at: t0 + seconds(5))
    let shown = "⏱ \(name) ● 0:05"
    let waybar = try object(BarFormat.waybar.line(s), name)
    let text = try #require(waybar["text"] as? String)
    #expect(!text.contains("<") && !text.contains(">"), "\(text)")
    #expect(unescapedPango(text) == shown, "\(text)")
    #expect(unescapedPango(try #require(waybar["tooltip"] as? String)).hasPrefix("⏱ \(name)"))
    let rust = try object(BarFormat.i3statusRs.line(s), name)
    #expect(unescapedPango(try #require(rust["text"] as? String)) == shown)
    let i3bar = try #require(
      try JSONSerialization.jsonObject(with: Data(BarFormat.i3bar.line(s).dropLast().utf8))
        as? [[String: Any]])
    #expect(i3bar[0]["full_text"] as? String == shown && i3bar[0]["markup"] as? String == "none")
    // polybar: no tag can start inside the name; without the zero-width spaces, it reads as typed.
    let polybar = BarFormat.polybar.line(s)
    #expect(tags(polybar).count == 6 + 4, "\(polybar)")
    #expect(tags(polybar).allSatisfy { $0.hasPrefix("A") || $0.hasPrefix("F") }, "\(polybar)")
    let visible = tags(polybar).reduce(polybar) { $0.replacingOccurrences(of: "%{\($1)}", with: "") }
    #expect(visible.replacingOccurrences(of: "\u{200B}", with: "") == shown, "\(visible)")
  }

  func unescapedPango(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }

  @Test func withNothingLiveEachBarIsCleared() throws {
    let empty = scene([], at: t0)
    #expect(try object(BarFormat.waybar.line(empty), "waybar")["text"] as? String == "")
    #expect(try object(BarFormat.i3statusRs.line(empty), "rs")["text"] as? String == "")
    #expect(try object(BarFormat.i3blocks.line(empty), "i3blocks")["full_text"] as? String == "")
    #expect(BarFormat.i3bar.line(empty) == "[],")
    #expect(BarFormat.polybar.line(empty) == "")
  }

  @Test func aMonoThemeWritesNoColors() throws {
    let mono = try #require(ThemeCatalog.builtin("mono"))
    let (activity, now) = inPhase(.paused)
    let s = BarScene(live: [activity], now: now, theme: mono, utcOffset: 0)
    #expect(!BarFormat.polybar.line(s).contains("%{F"))
    #expect(try object(BarFormat.i3blocks.line(s), "mono")["color"] == nil)
  }
}

/// Clicks as i3bar and i3blocks write them on the status command's stdin.
@Suite struct BarClickTests {
  @Test func theButtonsSendTheirIntentsToTheBlocksActivity() {
    let i3bar = #"{"name":"islet","instance":"wk01","button":%d,"x":1840,"y":12,"modifiers":[]}"#
    #expect(BarClick.parse(String(format: i3bar, 1)) == BarClick(intent: .toggle, target: "wk01"))
    #expect(BarClick.parse(String(format: i3bar, 2)) == BarClick(intent: .reset, target: "wk01"))
    #expect(BarClick.parse(String(format: i3bar, 3)) == BarClick(intent: .complete, target: "wk01"))
    #expect(BarClick.parse(String(format: i3bar, 4)) == nil, "a wheel is no intent")
    // i3bar's stream: the array's opening, then events after commas.
    #expect(BarClick.parse("[") == nil)
    #expect(BarClick.parse("[" + String(format: i3bar, 1)) == BarClick(intent: .toggle, target: "wk01"))
    #expect(BarClick.parse("," + String(format: i3bar, 3)) == BarClick(intent: .complete, target: "wk01"))
    // i3blocks names the block by its configuration; without an instance, the current one.
    #expect(
      BarClick.parse(#"{"name":"islet","instance":"","button":1,"x":3,"y":4}"#)
        == BarClick(intent: .toggle, target: nil))
    #expect(BarClick.parse(#"{"button":2}"#) == BarClick(intent: .reset, target: nil))
    #expect(BarClick.parse(String(format: i3bar, 1))?.dispatchTarget == .id("wk01"))
    #expect(BarClick.parse(#"{"button":2}"#)?.dispatchTarget == .current)
    // i3bar's clicks are read always; i3blocks' only when the snippet asks (1.5 and later).
    #expect(BarFormat.allCases.filter { $0.readsClicks(asked: false) } == [.i3bar])
    #expect(BarFormat.allCases.filter { $0.readsClicks(asked: true) } == [.i3blocks, .i3bar])
    #expect(!BarFormat.i3blocksClicksPersistentBlocks(major: 1, minor: 4))
    #expect(BarFormat.i3blocksClicksPersistentBlocks(major: 1, minor: 5))
    #expect(BarFormat.i3blocksClicksPersistentBlocks(major: 2, minor: 0))
  }

  @Test(arguments: [
    "", " ", "garbage", "{", "}", "[[", ",", "{\"button\":\"1\"}", "{\"button\":null}", "[{\"button\":1}]",
    "{\"name\":\"clock\",\"button\":1}", "{\"button\":1.5}", "{\"button\":1e400}", "\u{0}\u{1}",
    "{\"name\":\"islet\",\"instance\":\"; rm -rf ~\",\"button\":1}",
    String(repeating: "[", count: 10_000), "{\"button\":1," + String(repeating: " ", count: 5000) + "}",
  ])
  func anythingElseIsIgnored(line: String) {
    let click = BarClick.parse(line)
    // An instance that is no activity id is no target: the current one instead.
    if line.contains("rm -rf") {
      #expect(click == BarClick(intent: .toggle, target: nil))
    } else {
      #expect(click == nil, "\(line.prefix(40))")
    }
  }
}
