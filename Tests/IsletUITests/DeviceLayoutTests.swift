import Testing

@testable import IsletCore
@testable import IsletUI

/// Where the device screen puts its cards, for every number of activities, size and
/// selection: the selected one always drawn as the banner and the others as one-row cards,
/// whole cards one row apart inside the body and stacked on its last row, and every one left
/// out counted.
@Suite struct DeviceLayoutTests {
  static func live(_ count: Int) -> [Activity] {
    (0..<count).map { n in
      var request = StartRequest(id: "ac\(n)", name: "Timer \(n)")
      if n % 2 == 0 {
        request.attributes.mode = .countdown
        request.attributes.fullDuration = minutes(25)
      }
      return try! TimerEngine.reduce(nil, .start(request), at: t0 - seconds(Int64(n)), source: .cli).get()
        .activity
    }
  }

  @Test(arguments: [(100, 30), (100, 15), (80, 24), (100, 12), (64, 40), (100, 7)])
  func theSelectedBannerIsAlwaysDrawnAndNoneIsCut(width: Int, height: Int) {
    for count in 1...7 {
      let live = ActivityMatcher.ranked(Self.live(count), at: t0)
      for selected in live.indices {
        for first in [nil] + live.map(\.id) {
          var state = DeviceState()
          state.selectedID = live[selected].id
          state.firstShownID = first
          let frame = DeviceView.Frame(
            live: live, state: state, now: t0, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
            utcOffset: 0)
          let layout = DeviceView.layout(frame, width: width, height: height)
          let place = "\(count) at \(width)×\(height), selected \(selected), first \(first ?? "-")"
          let rects = layout.banners.map(\.rect)
          if height - 4 >= LockScreen.minimumSize.height {
            #expect(layout.banners.contains { $0.index == selected }, "the selection is drawn: \(place)")
          }
          #expect(
            layout.banners.allSatisfy {
              $0.oneRow
                ? $0.index != selected && $0.rect.height == RowCard.height
                : $0.index == selected && $0.rect.height >= LockScreen.minimumSize.height
            }, "the selected one's banner, one-row cards for the rest: \(place)")
          let bottom = max(rects.last?.maxY ?? 0, (layout.more?.y ?? -1) + 1)
          #expect(
            rects.isEmpty || bottom == layout.body.upperBound, "stacked above the flash's row: \(place)")
          #expect(
            rects.allSatisfy { layout.body.contains($0.y) && $0.maxY <= layout.body.upperBound }, "\(place)")
          #expect(zip(rects, rects.dropFirst()).allSatisfy { $1.y == $0.maxY + 1 }, "one row apart: \(place)")
          let hidden = (layout.more?.above ?? 0) + (layout.more?.below ?? 0)
          #expect(layout.banners.count + hidden == count || layout.banners.isEmpty, "all counted: \(place)")
          if let more = layout.more {
            #expect(
              layout.body.contains(more.y) && !rects.contains { $0.y...$0.maxY - 1 ~= more.y }, "\(place)")
          }
          // The flash's row is nobody else's.
          #expect(!layout.body.contains(layout.flashRow) && layout.flashRow != layout.footerRow, "\(place)")
        }
      }
    }
  }

  /// At 100×17, two activities leave no row empty: under the three-row island and its gap, the
  /// banner of the selected one at its full height and a one-row card, stacked above the flash's
  /// row.
  @Test func twoActivitiesFillAShortScreen() {
    let live = ActivityMatcher.ranked(Self.live(2), at: t0)
    let frame = DeviceView.Frame(
      live: live, state: DeviceState(), now: t0, policy: .standard, theme: ThemeCatalog.fallback,
      ascii: false,
      utcOffset: 0)
    let layout = DeviceView.layout(frame, width: 100, height: 17)
    #expect(
      layout.banners.map(\.rect.y) == [4, 12] && layout.banners.map(\.rect.height) == [7, 3],
      "\(layout.banners)")
    #expect(layout.banners.map(\.oneRow) == [false, true])
    #expect(layout.more == nil && layout.clock == nil)
  }

  /// Behind a box everything is dimmed but the footer, which says the box's keys; the y/n
  /// question is an action card in the place of the banner it asks about.
  @Test func whatIsBehindADialogIsDimmed() {
    let live = ActivityMatcher.ranked(Self.live(2), at: t0)
    var state = DeviceState()
    state.selectedID = live[1].id
    state.overlay = .confirm(.reset, activityID: live[1].id, name: live[1].name)
    let frame = DeviceView.Frame(
      live: live, state: state, now: t0, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
      utcOffset: 0)
    let canvas = DeviceView.draw(frame, width: 100, height: 30)
    let banner = DeviceView.layout(frame, width: 100, height: 30).banners[1].rect
    let lines = canvas.lines
    let boxRow = try! #require(lines.firstIndex { $0.contains("Reset Timer 1?") })
    #expect(boxRow == banner.y + 1, "in the banner's place")
    var bright: [String] = []
    for y in 0..<29 where !(banner.y..<banner.maxY).contains(y) {
      for x in 0..<100
      where !canvas[x, y].glyph.isSpace && ![.stale, .islandEdge, .cardEdge].contains(canvas[x, y].role) {
        bright.append("\(x),\(y) \(canvas[x, y].text) \(canvas[x, y].role)")
      }
    }
    #expect(bright.isEmpty, "not dimmed: \(bright.prefix(5))")
    // The bottom row is the dialog's own keys, drawn undimmed.
    #expect(lines[29].contains("y yes · n no"), "the bottom row: \(lines[29])")
    let footer = (0..<100).map { canvas[$0, 29] }.filter { !$0.glyph.isSpace }
    #expect(
      !footer.isEmpty && !footer.contains { $0.role == .stale }, "the keys are dimmed: \(footer.map(\.role))")
    // Without a box, nothing is.
    state.overlay = nil
    let plain = DeviceView.draw(
      DeviceView.Frame(
        live: live, state: state, now: t0, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
        utcOffset: 0), width: 100, height: 30)
    #expect(!plain.cells.contains { $0.role == .stale })
  }

  /// One presentation in a popup-sized pane (the tmux snippet's 64×11 popup, 62×9 inside):
  /// a flash takes a free row beside it, never its bottom border.
  @Test func aFlashBesideAPresentationLeavesItsBorder() {
    let live = ActivityMatcher.ranked(Self.live(1), at: t0)
    var state = DeviceState()
    state.show("▶ Timer 1 resumed at 9:59", at: t0)
    let frame = DeviceView.Frame(
      live: live, state: state, now: t0, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
      utcOffset: 0)
    for height in [9, 10, 12] {
      let lines = DeviceView.draw(.expanded, frame, width: 62, height: height).lines
      #expect(
        lines.contains { $0.contains("▝") },
        "the bottom border at 62×\(height):\n\(lines.joined(separator: "\n"))")
      #expect(lines.contains { $0.contains("Timer 1 resumed") }, "the flash at 62×\(height)")
    }
  }

  /// A box over the clock at every width: wherever it grows to cover the clock and its date,
  /// its corners stay on the screen (at 17 columns the date is wider than the screen).
  @Test func aBoxOverTheClockStaysOnTheScreen() {
    for overlay: DeviceState.Overlay in [.help, .name("Tea")] {
      var state = DeviceState()
      state.overlay = overlay
      let frame = DeviceView.Frame(
        live: [], state: state, now: t0, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
        utcOffset: 0)
      for width in 8...40 {
        for height in 10...16 {
          let lines = DeviceView.draw(frame, width: width, height: height).lines
          for (row, line) in lines.enumerated() {
            for (left, right) in [("╭", "╮"), ("╰", "╯")] where line.contains(left) {
              #expect(line.contains(right), "\(overlay) at \(width)×\(height), row \(row): \(line)")
            }
          }
        }
      }
    }
  }

  /// Every box and the flash, over one to four banners, at every size from 0×0: drawn within
  /// the screen, and the question always on it when there is room for a box.
  @Test func everySizeDrawsEveryBox() {
    let overlays: [DeviceState.Overlay?] = [
      nil, .help, .confirm(.end, activityID: "ac1", name: "Timer 1"), .name("Tea"),
      .duration(name: "Tea", text: "5m"),
    ]
    for count in [0, 1, 4] {
      let live = ActivityMatcher.ranked(Self.live(count), at: t0)
      for overlay in overlays {
        var state = DeviceState()
        state.selectedID = live.last?.id
        state.overlay = overlay
        state.show("⏸ Timer 1 paused", at: t0)
        let frame = DeviceView.Frame(
          live: live, state: state, now: t0, policy: .standard, theme: ThemeCatalog.fallback, ascii: false,
          utcOffset: 0)
        for width in stride(from: 0, through: 110, by: 6) {
          for height in [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 15, 20, 24, 30] {
            let lines = DeviceView.draw(frame, width: width, height: height).lines
            #expect(lines.count == height && lines.allSatisfy { DisplayWidth.of($0) == width })
            if case .confirm = overlay, width >= 30, height >= 6 {
              #expect(
                lines.contains { $0.contains("End Timer 1?") }, "\(count) at \(width)×\(height)")
            }
          }
        }
      }
    }
  }
}
