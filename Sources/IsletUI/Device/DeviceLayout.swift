import IsletCore

extension DeviceView {
  /// Where the device screen's parts go, from the top: the island, a blank row, the clock
  /// (the date above it) in the upper third, the cards one row apart and stacked above the
  /// flash's own row, a `+2 more` line, the footer. The selected activity has the full card
  /// (the banner), the others a one-row card each (`RowCard`). Worked out apart from drawing,
  /// so the model scrolls by the same rule.
  ///
  /// The cards come before the clock: it shows only when every card fits beside it at its full
  /// height. A banner that does not fit at full height is drawn shorter (down to
  /// `LockScreen.minimumSize`) before a card is left out; those left out are counted on the
  /// `+N more` line, and the window of cards moves only as far as it must to keep the selected
  /// one on screen.
  struct Layout {
    struct Placed: Equatable {
      /// Its place in the island's order.
      var index: Int
      var rect: Rect
      /// A one-row card (`RowCard`), not the selected one's banner.
      var oneRow = false
    }

    /// Rows the island takes at the top.
    var islandRows = 0
    /// Rows the expanded island covers, floating over the top of the screen; 0 when compact.
    var expandedRows = 0
    var clock: ClockDigits.Size?
    var clockY = 0
    /// The date and the digits.
    var clockRect: Rect?
    var banners: [Placed] = []
    /// The `+N more` line: its row, and how many are hidden above and below the banners.
    var more: (y: Int, above: Int, below: Int)?
    /// Where the flash goes, and the key hints.
    var flashRow = 0
    var footerRow: Int?
    /// The rows between the island and the flash's.
    var body = 0..<0

    var firstShown: Int? { banners.first?.index }
  }

  /// The rows a clock of `size` takes: the date, the digits, a blank row.
  static func clockBlock(_ size: ClockDigits.Size) -> Int { size.rows + 2 }

  static func layout(_ frame: Frame, width: Int, height: Int) -> Layout {
    var layout = Layout()
    guard width > 0, height > 0 else { return layout }
    layout.islandRows = islandRows(frame, width: width, height: height)
    layout.expandedRows = expandedRows(frame, width: width, height: height)
    guard height > 1 else { return layout }
    layout.footerRow = height - 1
    layout.flashRow = max(0, height - 2)
    let start = layout.islandRows + 1
    layout.body = start..<max(start, height - 2)
    let live = frame.live
    let bannerWidth = min(width - 2, Proportions.banner.natural)
    let selected = selectedIndex(frame)
    let full = live.indices.map { index in
      index == selected ? LockScreen.height(for: frame.look(live[index]), width: bannerWidth) : RowCard.height
    }
    let banners = !live.isEmpty && bannerWidth >= LockScreen.minimumSize.width
    // Nothing live: the clock over the line that says how to start; else only beside every
    // banner at full height.
    let under = live.isEmpty ? 1 : banners ? full.reduce(0, +) + max(0, full.count - 1) : 0
    placeClock(&layout, frame, width: width, under: under)
    if banners { placeBanners(&layout, frame, full: full, bannerWidth: bannerWidth, width: width) }
    return layout
  }

  /// The clock at the top of the body: the largest size that fits across and leaves `under`
  /// rows below it, if any does.
  private static func placeClock(_ layout: inout Layout, _ frame: Frame, width: Int, under: Int) {
    let start = layout.body.lowerBound
    let time = LocalCalendar(utcOffset: frame.utcOffset).clock(frame.now)
    layout.clock = ClockDigits.Size.allCases.first { size in
      ClockDigits.width(time, size: size) <= width && clockBlock(size) + under <= layout.body.count
    }
    layout.clockY = start
    guard let size = layout.clock else { return }
    // On screen, even where the date is cut: a box that grows to cover it stays inside.
    let across = min(
      width,
      max(
        ClockDigits.width(time, size: size),
        DisplayWidth.of(LocalCalendar(utcOffset: frame.utcOffset).weekdayAndDate(frame.now))))
    layout.clockRect = Rect(x: (width - across) / 2, y: start, width: across, height: size.rows + 1)
  }

  /// The cards below the clock, one row apart, `full` their full heights: the window that
  /// keeps the selected one on screen, each as tall as the room allows, and the `+N more` line;
  /// stacked from the flash's row up, as the Lock Screen stacks its notifications.
  private static func placeBanners(
    _ layout: inout Layout, _ frame: Frame, full: [Int], bannerWidth: Int, width: Int
  ) {
    let clockRows = layout.clock.map(clockBlock) ?? 0
    let room = layout.body.count - clockRows
    let count = full.count
    let (first, shown) = window(frame, room: room)
    guard shown > 0 else { return }
    let heights = shrunk(
      Array(full[first..<first + shown]), to: room - (shown - 1) - (shown < count ? 1 : 0))
    let used = heights.reduce(0, +) + (shown - 1) + (shown < count ? 1 : 0)
    var y = layout.body.upperBound - used
    let below = count - first - shown
    let selected = selectedIndex(frame)
    // The line goes where the hidden ones are: over the banners when they are all above.
    if shown < count && below == 0 {
      layout.more = (y, first, 0)
      y += 1
    }
    let x = (width - bannerWidth) / 2
    for (offset, rows) in heights.enumerated() {
      layout.banners.append(
        Layout.Placed(
          index: first + offset, rect: Rect(x: x, y: y, width: bannerWidth, height: rows),
          oneRow: first + offset != selected))
      y += rows + 1
    }
    if below > 0 { layout.more = (y - 1, first, below) }
  }

  /// The first banner shown and how many are: from the one shown first before, moved only as
  /// far as it must to keep the selected one on screen, and never further than to reach the last.
  private static func window(_ frame: Frame, room: Int) -> (first: Int, shown: Int) {
    let live = frame.live
    let count = live.count
    let selected = selectedIndex(frame)
    // The fewest rows a card takes: the banner's shortest, or a one-row card's.
    func shortest(_ index: Int) -> Int { index == selected ? LockScreen.minimumSize.height : RowCard.height }
    // How many fit from `first` on, each at least its shortest, one row apart, with the
    // `+N more` line when some are left out.
    func fitting(from first: Int) -> Int {
      for k in stride(from: count - first, through: 1, by: -1) {
        let needed = (first..<first + k).map(shortest).reduce(0, +) + (k - 1) + (k < count ? 1 : 0)
        if needed <= room { return k }
      }
      return 0
    }
    var first = min(live.firstIndex { $0.id == frame.state.firstShownID } ?? 0, selected)
    while first < selected, selected >= first + fitting(from: first) { first += 1 }
    while first > 0, first - 1 + fitting(from: first - 1) >= count { first -= 1 }
    return (first, fitting(from: first))
  }

  /// The selected activity's place in the island's order (the first when none is).
  static func selectedIndex(_ frame: Frame) -> Int {
    frame.live.firstIndex { $0.id == frame.state.selected(in: frame.live)?.id } ?? 0
  }

  /// Full heights where they fit in `available` rows; otherwise the tallest gives a row, one at
  /// a time.
  private static func shrunk(_ full: [Int], to available: Int) -> [Int] {
    var heights = full
    while heights.reduce(0, +) > available,
      let tallest = heights.indices.max(by: { heights[$0] <= heights[$1] })
    {
      heights[tallest] -= 1
    }
    return heights
  }

  /// The compact island's rows: three where the screen has room for them, else one; none
  /// when nothing is live and the empty island has no room.
  static func islandRows(_ frame: Frame, width: Int, height: Int) -> Int {
    if frame.live.isEmpty && width < 14 { return 0 }
    return height >= tallIslandHeight && width >= 14 ? Island.rows : 1
  }

  /// The screen height from which the island is three rows tall.
  static let tallIslandHeight = 8

  /// The expanded island's rows (on `e`, or by itself for an alert), floating over the body
  /// from the top without moving it; 0 when the island is compact or it does not fit.
  static func expandedRows(_ frame: Frame, width: Int, height: Int) -> Int {
    guard let shown = islandActivity(frame) else { return 0 }
    let expanded = Expanded.height(for: shown)
    let wanted = frame.state.expanded || alertingActivity(frame) != nil
    return wanted && height >= expanded + 2 && width >= Expanded.minimumSize.width ? expanded : 0
  }

  /// The activity whose alert expands the island, while it is live.
  static func alertingActivity(_ frame: Frame) -> (summary: String, activity: Activity)? {
    frame.state.alerting.flatMap { alerting in
      frame.live.first { $0.id == alerting.activityID }.map { (alerting.summary, $0) }
    }
  }

  /// What the expanded island shows: the alert's activity, or the selected one.
  static func islandActivity(_ frame: Frame) -> Activity? {
    alertingActivity(frame)?.activity ?? frame.state.selected(in: frame.live) ?? frame.live.first
  }

  /// `+2 more`, or where they are when some are above: `+1 above · +1 more`.
  static func moreText(above: Int, below: Int, g: Glyphs) -> String {
    switch (above, below) {
    case (0, let below): return "+\(below) more"
    case (let above, 0): return "+\(above) more above"
    default: return "+\(above) above \(g.separator) +\(below) more"
    }
  }
}
