import Testing

@testable import IsletCore
@testable import IsletUI

/// What the cells are painted: a card raised on a black terminal, the primary chip in its
/// activity's accent, the alert island one shape in the alert color, and "Time's up" said once.
@Suite struct SurfaceLookTests {
  /// The default theme as the view has it on a terminal whose background answered `backdrop`.
  func theme(_ name: String = "default", on backdrop: Color?) -> Theme {
    var theme = ThemeCatalog.builtin(name)!
    theme.backdrop = backdrop
    return theme
  }

  /// The background a cell is printed on, as the view and `--format ansi` print it.
  func background(_ canvas: Canvas, _ x: Int, _ y: Int, theme: Theme) -> Color? {
    ResolvedStyle(cell: canvas[x, y], theme: theme, depth: .trueColor).background
  }

  @Test func theTerminalsAnswerIsItsColor() {
    #expect(Color(backgroundReply: Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\".utf8)) == .rgb(0, 0, 0))
    #expect(Color(backgroundReply: Array("\u{1B}]11;rgb:1c1c/1c1c/1e1e\u{07}".utf8)) == .rgb(28, 28, 30))
    #expect(Color(backgroundReply: Array("\u{1B}]11;rgb:f/f/f\u{07}".utf8)) == .rgb(255, 255, 255))
    #expect(Color(backgroundReply: Array("\u{1B}[?62c".utf8)) == nil, "no color answer")
    #expect(Color.rgb(0, 0, 0).isNearBlack && Color.rgb(12, 12, 12).isNearBlack)
    #expect(!Color.rgb(30, 30, 30).isNearBlack && !Color.rgb(0, 43, 54).isNearBlack)
  }

  /// On a near-black terminal the banner is a raised grey card with edges of that grey; the
  /// island stays black. Elsewhere (a grey terminal, one that did not say) the card is black.
  @Test func aCardIsRaisedOnABlackTerminal() {
    let (activity, now) = inPhase(.active)
    let black = theme(on: .rgb(0, 0, 0))
    let frame = DeviceView.Frame(
      live: [activity], state: DeviceState(), now: now, policy: .standard, theme: black, ascii: false,
      utcOffset: 0)
    let screen = DeviceView.draw(frame, width: 100, height: 30)
    let card = try! #require(
      (0..<30).first { y in (0..<100).contains { screen[$0, y].fill == .card } })
    let x = (0..<100).first { screen[$0, card].fill == .card }!
    let island = (0..<100).first { screen[$0, 1].fill == .island }!
    #expect(background(screen, x, card, theme: black) == Theme.raisedCard)
    #expect(background(screen, island, 1, theme: black) == .rgb(0, 0, 0), "the island stays black")
    let edge = (0..<100).first { screen[$0, card - 1].role == .cardEdge }!
    #expect(
      ResolvedStyle(cell: screen[edge, card - 1], theme: black, depth: .trueColor).foreground
        == Theme.raisedCard,
      "the card's edges in its grey")
    for other in [theme(on: .rgb(40, 42, 54)), theme(on: nil)] {
      #expect(
        background(screen, x, card, theme: other) == .rgb(0, 0, 0), "\(String(describing: other.backdrop))")
    }
    // A light theme keeps its light grey; mono, which has no colors, its reversed island.
    #expect(theme("light", on: .rgb(0, 0, 0)).style(.card).background == .rgb(229, 229, 234))
    #expect(theme("mono", on: .rgb(0, 0, 0)).style(.card) == ThemeCatalog.builtin("mono")!.style(.island))
  }

  /// The primary chip is drawn in the accent of the activity it acts on, on a tint of it; the
  /// neutral and done chips keep theirs.
  @Test func thePrimaryChipTakesItsActivitysAccent() {
    let (timer, now) = inPhase(.active)
    var tea = timer
    tea.attributes.icon = "coffee"
    let theme = ThemeCatalog.fallback
    for (activity, chip, accent) in [(timer, Role.chipAccent, Role.accent), (tea, .chipTeal, .tintTeal)] {
      let card = LockScreen.draw(look(activity, at: now, theme: theme), width: 64, height: 8)
      let pause = card.buttons.first { $0.action == .pause }!.area
      #expect(card[pause.x + 1, pause.y].role == chip && card[pause.x + 1, pause.y].fill == chip)
      let ink = theme.style(accent).foreground!
      #expect(theme.style(chip).foreground == ink)
      #expect(theme.style(chip).background == ink.mixed(into: .rgb(0, 0, 0), amount: 0.25))
    }
    // High contrast's chips are a black word on the color itself; mono's keep their own look.
    let bright = ThemeCatalog.builtin("high-contrast")!
    #expect(
      bright.style(.chipTeal)
        == RoleStyle(foreground: .indexed(0), background: bright.style(.tintTeal).foreground, bold: true))
    let mono = ThemeCatalog.builtin("mono")!
    #expect(mono.style(.chipTeal) == mono.style(.buttonPause))
    // The report's chart keeps the role it paints a series in.
    #expect(ReportChart.seriesRoles.allSatisfy { $0.chipSource == nil })
  }

  /// Narrow, a chip keeps its fill and loses its word: every cell of it is on its fill.
  @Test func aNarrowChipKeepsItsFill() {
    let (paused, now) = inPhase(.paused)
    let island = Expanded.draw(look(paused, at: now), width: 30, height: 6)
    #expect(island.buttons.count == 3)
    for chip in island.buttons {
      let cells = (chip.area.x..<chip.area.maxX).map { island[$0, chip.area.y] }
      #expect(cells.count == 3, "a glyph between two filled blanks: \(chip.action)")
      #expect(cells.allSatisfy { $0.fill != nil && $0.fill != .island && $0.fill == cells[0].fill })
    }
    #expect(!island.lines[3].contains("Resume") && island.lines[3].contains("▶"))
  }

  /// Once time is up the expanded island is the same island in the alert color: rim and fill
  /// one deep red shape, its text as the island's.
  @Test func theAlertIslandIsOneShape() {
    let (finished, over) = inPhase(.finished)
    let island = Expanded.draw(look(finished, at: over), width: 58, height: 6)
    let theme = ThemeCatalog.fallback
    let fill = theme.style(.alertIsland).background!
    #expect(fill == theme.style(.alert).foreground!.mixed(into: .rgb(0, 0, 0), amount: 0.25))
    #expect(theme.style(.alertIsland).foreground == theme.style(.island).foreground)
    for (x, y) in [(0, 0), (57, 0), (0, 2), (57, 5), (20, 0), (20, 5)] {
      #expect(island[x, y].role == .alertIslandEdge, "(\(x), \(y))")
      #expect(ResolvedStyle(cell: island[x, y], theme: theme, depth: .trueColor).foreground == fill)
    }
    #expect(island[2, 1].fill == .alertIsland && island[30, 2].fill == .alertIsland)
    // Running, the same island is black.
    let (active, now) = inPhase(.active)
    let black = Expanded.draw(look(active, at: now), width: 58, height: 6)
    #expect(black[0, 0].role == .islandEdge && black[2, 1].fill == .island)
  }

  /// While the expanded island says an alert, the cards under it do not say it again.
  @Test func timesUpIsSaidOnce() {
    for name in ["alert-expanded", "alert-expanded-60x20", "alert-expanded-40x12"] {
      let scene = DeviceScreenTests.scenes.first { $0.name == name }!
      for ascii in [false, true] {
        let screen = DeviceScreenTests.screen(scene, ascii: ascii)
        let text = screen.components(separatedBy: "roles:").first!
        // In ASCII the island's title is cut to "Time's ~": its start is counted.
        let said = text.components(separatedBy: "Time's").count - 1
        #expect(said == 1, "\(name) says it \(said) times:\n\(text)")
      }
    }
    // Selected, its banner leaves it to the island as well.
    var scene = DeviceScreenTests.scenes.first { $0.name == "alert-expanded" }!
    scene.state.selectedID = scene.live.first { $0.name == "Workout" }?.id
    let text = DeviceScreenTests.screen(scene, ascii: false).components(separatedBy: "roles:").first!
    #expect(text.components(separatedBy: "Time's up").count - 1 == 1, "\(text)")
  }
}
