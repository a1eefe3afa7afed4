/// The glyphs of a filled card's edges: quadrant and half blocks, which terminals draw
/// themselves flush with the fill whatever the font.
extension Glyphs {
  var cardTop: (left: String, edge: String, right: String) { ascii ? (".", "-", ".") : ("▗", "▄", "▖") }
  var cardBottom: (left: String, edge: String, right: String) { ascii ? ("'", "-", "'") : ("▝", "▀", "▘") }
  /// The selected card's mark on its leading edge.
  var selectionBar: String { ascii ? "|" : "▌" }
}

/// Filled cards, rounded boxes, progress bars and the big time: pieces the boxed presentations share.
enum Pieces {
  /// A rounded box around `rect`, its lines drawn as text (ACS lines misdraw under tmux).
  static func box(_ rect: Rect, on canvas: inout Canvas, role: Role, glyphs: Glyphs) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let b = glyphs.box
    for (y, left, right) in [(rect.y, b.tl, b.tr), (rect.maxY - 1, b.bl, b.br)] {
      canvas.put(left, x: rect.x, y: y, role: role)
      canvas.put(b.h, repeated: rect.width - 2, x: rect.x + 1, y: y, role: role)
      canvas.put(right, x: rect.maxX - 1, y: y, role: role)
    }
    for y in (rect.y + 1)..<(rect.maxY - 1) {
      canvas.put(b.v, x: rect.x, y: y, role: role)
      canvas.put(b.v, x: rect.maxX - 1, y: y, role: role)
    }
  }

  /// A card filling `rect`: its top and bottom rows quadrant-block edges in the fill's color
  /// (ASCII: lines in the keyline's), the rows between filled.
  static func card(_ rect: Rect, on canvas: inout Canvas, glyphs: Glyphs) {
    guard rect.width >= 2, rect.height >= 3 else {
      canvas.fill(rect, with: .card)
      return
    }
    let role: Role = glyphs.ascii ? .keyline : .cardEdge
    for (y, ends) in [(rect.y, glyphs.cardTop), (rect.maxY - 1, glyphs.cardBottom)] {
      canvas.put(ends.left, x: rect.x, y: y, role: role)
      canvas.put(ends.edge, repeated: rect.width - 2, x: rect.x + 1, y: y, role: role)
      canvas.put(ends.right, x: rect.maxX - 1, y: y, role: role)
    }
    canvas.fill(Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: rect.height - 2), with: .card)
  }

  /// Marks a card as the selected one: a bar of its activity's accent (`role`) on its leading
  /// edge.
  static func selectionBar(_ rect: Rect, on canvas: inout Canvas, glyphs: Glyphs, role: Role = .accent) {
    for y in (rect.y + 1)..<max(rect.y + 1, rect.maxY - 1) {
      canvas.put(glyphs.selectionBar, x: rect.x, y: y, role: role)
    }
  }

  /// `███████▍████████ 50%` across `width` cells, the bar in its color and the track in
  /// its grey, one solid line: whole cells, then the last one's eighth (`▏▎▍▌▋▊▉`, on the
  /// track's color), so a 25-minute bar of 50 cells moves every 3.75 seconds rather than every
  /// 30; block elements are drawn by the terminal itself, flush whatever the font. ASCII
  /// fills whole cells (`====----`).
  static func progress(
    _ fraction: Double, x: Int, y: Int, width: Int, on canvas: inout Canvas, glyphs: Glyphs, clip: Rect,
    role: Role = .progress, label said: String? = nil
  ) {
    let percent = said ?? "\(Int((fraction * 100).rounded(.down)))%"
    let label = String(repeating: " ", count: max(0, 4 - DisplayWidth.of(percent))) + percent
    let labelWidth = DisplayWidth.of(label)
    let barWidth = width - labelWidth - 1
    guard barWidth >= 4 else {
      canvas.put(label, x: x + width - labelWidth, y: y, role: .secondary, clip: clip)
      return
    }
    let eighths = Int((Double(barWidth * 8) * min(1, max(0, fraction))).rounded(.down))
    let (full, part) = glyphs.ascii ? (eighths / 8, 0) : eighths.quotientAndRemainder(dividingBy: 8)
    var column = canvas.put(glyphs.barFull, repeated: full, x: x, y: y, role: role, clip: clip)
    // The rest of the last cell is the track's: the bar and its track one solid line.
    if part > 0 {
      column = canvas.put(Self.eighths[part - 1], x: column, y: y, role: role, fill: .trackFill, clip: clip)
    }
    column = canvas.put(
      glyphs.barEmpty, repeated: x + barWidth - column, x: column, y: y, role: .progressTrack, clip: clip)
    canvas.put(label, x: column + 1, y: y, role: .secondary, clip: clip)
  }

  /// One to seven eighths of a cell, filled from the left.
  static let eighths = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

  /// What of a plan's facts fits in `room` cells, each left out whole rather than cut: its
  /// place ("Round 2 of 4 · Up next: Break 5:00", the last fact going first) and today's goal,
  /// shown when the room is left for it after `gap` cells.
  static func planFacts(_ look: Look, room: Int, gap: Int) -> (place: String, goal: String?) {
    let facts = look.planFacts
    let separator = " \(look.g.separator) "
    var place = facts.place
    while !place.isEmpty, DisplayWidth.of(place.joined(separator: separator)) > room { place.removeLast() }
    let text = place.joined(separator: separator)
    let used = DisplayWidth.of(text) + (text.isEmpty ? 0 : gap)
    let goal = facts.goal.flatMap { used + DisplayWidth.of($0) <= room ? $0 : nil }
    return (text, goal)
  }

  /// A row of a plan's facts across `width` cells: its place on the left, today's goal at the
  /// right end.
  static func planRow(_ look: Look, x: Int, y: Int, width: Int, on canvas: inout Canvas, clip: Rect) {
    let facts = planFacts(look, room: width, gap: 2)
    canvas.put(facts.place, x: x, y: y, role: .text, clip: clip)
    if let goal = facts.goal {
      canvas.put(goal, x: x + width - DisplayWidth.of(goal), y: y, role: .accent, clip: clip)
    }
  }

  /// The icon in its fixed slot at (x, y); returns the column after the slot and `gap`.
  @discardableResult
  static func icon(_ look: Look, x: Int, y: Int, gap: Int, role: Role, on canvas: inout Canvas, clip: Rect)
    -> Int
  {
    let end = canvas.put(look.icon, x: x, y: y, role: role, clip: clip)
    return max(end, x + look.g.iconSlot) + gap
  }

  /// `facts` joined in at most `room` cells: those that do not fit are dropped whole, from the
  /// end; only the user's own words (`words`) may shorten, at a word, never a time.
  static func facts(_ facts: [(text: String, words: Bool)], room: Int, glyphs: Glyphs) -> String {
    let separator = " \(glyphs.separator) "
    var shown = ""
    for fact in facts {
      let lead = shown.isEmpty ? "" : separator
      let left = room - DisplayWidth.of(shown + lead)
      if DisplayWidth.of(fact.text) <= left {
        shown += lead + fact.text
        continue
      }
      if fact.words {
        var words = fact.text.split(separator: " ").map(String.init)
        while !words.isEmpty, DisplayWidth.of(words.joined(separator: " ") + glyphs.ellipsis) > left {
          words.removeLast()
        }
        if !words.isEmpty { shown += lead + words.joined(separator: " ") + glyphs.ellipsis }
      }
      break
    }
    return shown
  }

  /// The big time's three rows at (x, y).
  static func bigTime(
    _ text: String, x: Int, y: Int, role: Role, on canvas: inout Canvas, ascii: Bool, clip: Rect
  ) {
    BigDigits.draw(text, x: x, y: y, role: role, on: &canvas, ascii: ascii, clip: clip)
  }

  /// Dims everything but the box lines and a card's edges and fill.
  static func dim(_ canvas: inout Canvas) {
    for y in 0..<canvas.height {
      for x in 0..<canvas.width
      where !canvas[x, y].role.isEdge && ![.keyline, .card].contains(canvas[x, y].role) {
        canvas[x, y].role = .stale
      }
    }
  }
}
