/// A cell's look, resolved from its roles by a theme, at an output's color depth.
public struct ResolvedStyle: Equatable, Sendable {
  public var foreground: Color?
  public var background: Color?
  public var bold = false
  public var dim = false
  public var reverse = false

  /// `ownBackground`: the output is a screen of its own (the view, a presentation printed to
  /// a terminal), where a theme's `background` fill is painted; a bar keeps its own color.
  public init(cell: Cell, theme: Theme, depth: ColorDepth, ownBackground: Bool = false) {
    let style = theme.style(cell.role)
    let fill = cell.fill.map(theme.style)
    foreground = style.foreground?.degraded(to: depth)
    // A theme that paints its own background (light, on any terminal) paints it under every cell.
    let own = ownBackground ? theme.roles[.background]?.background : nil
    background = (style.background ?? fill?.background ?? own)?.degraded(to: depth)
    bold = style.bold
    // A solid track shows as such only by its color: without one, dimmed.
    dim = style.dim || (depth == .none && cell.role == .progressTrack)
    // A fill drawn by reverse video (mono) reverses what sits on it too.
    let edge = cell.role.isEdge
    reverse = style.reverse || (fill?.reverse == true && fill?.background == nil && !edge)
    if depth == .none && [.island, .alertIsland, .card].contains(cell.fill) && !reverse && !edge {
      reverse = true
    }
  }

}

/// Prints a canvas as plain text: one line a row, trailing blanks dropped.
public enum PlainText {
  public static func render(_ canvas: Canvas) -> String {
    var text = ""
    for (index, line) in lines(canvas).enumerated() {
      if index > 0 { text += "\n" }
      text += line
    }
    return text
  }

  /// The rows without their trailing blanks, a progress track as a line (`Canvas.plainLine`).
  /// Written as plain loops: the status line runs this once a second, and generic sequence
  /// adaptors cost it runtime type lookups at start-up.
  public static func lines(_ canvas: Canvas) -> [String] {
    var lines: [String] = []
    for y in 0..<canvas.height {
      var line = canvas.plainLine(y)
      while line.utf8.last == 0x20 { line.removeLast() }
      lines.append(line)
    }
    return lines
  }
}

/// A canvas's rows as runs of text that share one resolved style.
enum StyledRuns {
  static func rows(_ canvas: Canvas, theme: Theme, depth: ColorDepth, ownBackground: Bool) -> [[(
    style: ResolvedStyle, text: String
  )]] {
    (0..<canvas.height).map { y in
      var runs: [(style: ResolvedStyle, text: String)] = []
      for x in 0..<canvas.width where !canvas[x, y].isContinuation {
        let cell = canvas[x, y]
        let style = ResolvedStyle(cell: cell, theme: theme, depth: depth, ownBackground: ownBackground)
        if runs.last?.style == style {
          runs[runs.count - 1].text += cell.text
        } else {
          runs.append((style, cell.text))
        }
      }
      return runs
    }
  }
}

/// Prints a canvas with ANSI SGR escapes, colors at the terminal's depth.
public enum ANSIText {
  public static func render(_ canvas: Canvas, theme: Theme, depth: ColorDepth) -> String {
    var text = ""
    for (index, runs) in StyledRuns.rows(canvas, theme: theme, depth: depth, ownBackground: true).enumerated()
    {
      if index > 0 { text += "\n" }
      for run in runs { text += sgr(run.style) + run.text }
      text += "\u{1B}[0m"
    }
    return text
  }

  static func sgr(_ style: ResolvedStyle) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.reverse { codes.append("7") }
    if let fg = style.foreground { codes.append(code(fg, base: 30)) }
    if let bg = style.background { codes.append(code(bg, base: 40)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  static func code(_ color: Color, base: Int) -> String {
    switch color {
    case .rgb(let r, let g, let b): return "\(base + 8);2;\(r);\(g);\(b)"
    case .indexed(let n) where n < 8: return "\(base + Int(n))"
    case .indexed(let n) where n < 16: return "\(base + 60 + Int(n) - 8)"
    case .indexed(let n): return "\(base + 8);5;\(n)"
    }
  }
}

/// Prints a canvas in tmux's status-line format: `#[fg=…,bg=…,bold]` styles, and every `#`
/// of the text written as `##`, so user text is shown and never run.
public enum TmuxText {
  public static func render(_ canvas: Canvas, theme: Theme, depth: ColorDepth = .trueColor) -> String {
    var text = ""
    // On the status bar's own color: a theme's background is not painted there.
    for (index, runs) in StyledRuns.rows(canvas, theme: theme, depth: depth, ownBackground: false)
      .enumerated()
    {
      if index > 0 { text += "\n" }
      for run in runs { text += format(run.style) + escaped(run.text) }
      text += "#[default]"
    }
    return text
  }

  /// `#` doubled: tmux reads `##` as a literal `#`, so `#(…)` and `#[…]` in a name stay text.
  public static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      if character == "#" { out += "##" } else { out.append(character) }
    }
    return out
  }

  static func format(_ style: ResolvedStyle) -> String {
    var text = "#[default"
    if let fg = style.foreground { text += ",fg=" + name(fg) }
    if let bg = style.background { text += ",bg=" + name(bg) }
    if style.bold { text += ",bold" }
    if style.dim { text += ",dim" }
    if style.reverse { text += ",reverse" }
    return text + "]"
  }

  static func name(_ color: Color) -> String {
    switch color {
    case .rgb(let r, let g, let b):
      func hex(_ v: UInt8) -> String {
        let s = String(v, radix: 16)
        return s.count == 1 ? "0" + s : s
      }
      return "#" + hex(r) + hex(g) + hex(b)
    case .indexed(let n): return "colour\(n)"
    }
  }
}
