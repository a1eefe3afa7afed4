import IsletCore

/// `islet report` drawn for a terminal: a bar a day (a week, a month over long stretches),
/// stacked by name or category in the theme's colors, with each bar's total, the weeks' totals,
/// a key, and what was not counted. Long names are shortened and the bars take the width left.
///
/// ```swift
/// let canvas = ReportChart(report: report, width: 80, theme: theme, colored: true).canvas()
/// print(ANSIText.render(canvas, theme: theme, depth: .trueColor))
/// ```
public struct ReportChart {
  public var report: Report
  public var width: Int
  public var theme: Theme
  /// Whether the output shows the theme's colors; without them each series has a glyph of its own.
  public var colored: Bool
  public var ascii: Bool

  public init(report: Report, width: Int, theme: Theme, colored: Bool, ascii: Bool = false) {
    self.report = report
    self.width = max(40, width)
    self.theme = theme
    self.colored = colored
    self.ascii = ascii
  }

  /// What one bar stands for.
  public enum Unit: Equatable, Sendable {
    case day, week, month
  }

  /// A bar a day up to two months, a week up to two years, then a month.
  public var unit: Unit {
    let days = report.lastDay - report.firstDay + 1
    return days <= 62 ? .day : days <= 730 ? .week : .month
  }

  /// The series the bars are stacked from: the groups with the most time, the rest as one.
  static let seriesRoles: [Role] = [.accent, .buttonPause, .buttonComplete, .alert, .text, .secondary]
  static let otherRole = Role.keyline

  var glyphs: [String] {
    if colored && distinctColors {
      return Array(repeating: ascii ? "#" : "█", count: Self.seriesRoles.count + 1)
    }
    return ascii ? ["#", "=", "+", "*", "%", "@", "."] : ["█", "▓", "▒", "░", "▚", "▞", "·"]
  }

  /// Whether the theme gives each series a color of its own; if not, glyphs tell them apart.
  var distinctColors: Bool {
    let colors = (Self.seriesRoles + [Self.otherRole]).map { theme.style($0).foreground }
    return !colors.contains(nil) && Set(colors.map { "\($0!)" }).count == colors.count
  }

  public func canvas() -> Canvas {
    let lines = self.lines()
    var canvas = Canvas(width: width, height: lines.count, ascii: ascii)
    for (y, line) in lines.enumerated() {
      var x = 0
      for run in line { x = canvas.put(run.text, x: x, y: y, role: run.role) }
    }
    return canvas
  }

  typealias Line = [(text: String, role: Role)]

  func lines() -> [Line] {
    let g = (dash: ascii ? "-" : "–", dot: ascii ? "-" : "·", ellipsis: ascii ? "~" : "…")
    let by = report.grouping == .name ? "by name" : "by category"
    // The header in what fits: the grouping goes first, then the stretch is cut.
    var header = " \(g.dot) \(span(g.dash)) \(g.dot) \(by)"
    if DisplayWidth.of("Islet report" + header) > width { header = " \(g.dot) \(span(g.dash))" }
    header = DisplayWidth.truncate(header, to: width - DisplayWidth.of("Islet report"), ellipsis: g.ellipsis)
    var lines: [Line] = [[("Islet report", .timer), (header, .secondary)], []]
    guard !report.totals.isEmpty else {
      lines.append([("Nothing counted in this time.", .text)])
      return lines + notCounted(g.ellipsis)
    }
    let series = Array(report.totals.prefix(Self.seriesRoles.count))
    let hasOther = report.totals.count > series.count
    let rows = self.rows()
    let labelWidth = rows.map { DisplayWidth.of($0.label) }.max() ?? 0
    let totalWidth = max(rows.map { clock($0.elapsed).count }.max() ?? 0, clock(report.elapsed).count)
    let barWidth = max(4, width - labelWidth - totalWidth - 4)
    let longest = max(1, rows.filter { !$0.isWeekTotal }.map(\.elapsed).max() ?? 1)
    for row in rows {
      if row.isWeekTotal {
        guard row.elapsed > 0 else { continue }
        lines.append([
          (pad(row.label, labelWidth) + "  " + String(repeating: " ", count: barWidth) + "  ", .secondary),
          (leftPad(clock(row.elapsed), totalWidth), .secondary),
        ])
        continue
      }
      var line: Line = [(pad(row.label, labelWidth) + "  ", row.elapsed == 0 ? .secondary : .text)]
      // Each part's end is rounded from the running sum, so the parts add up to the bar.
      var sum: Milliseconds = 0
      var drawn = 0
      for (index, part) in parts(of: row, series: series, other: hasOther).enumerated() where part > 0 {
        sum += part
        let end = min(
          barWidth, max(drawn + 1, Int((Double(sum) / Double(longest) * Double(barWidth)).rounded())))
        guard end > drawn else { continue }
        let role = index < series.count ? Self.seriesRoles[index] : Self.otherRole
        line.append((String(repeating: glyphs[index], count: end - drawn), role))
        drawn = end
      }
      line.append((String(repeating: " ", count: max(0, barWidth - drawn)) + "  ", .text))
      line.append((leftPad(row.elapsed == 0 ? "" : clock(row.elapsed), totalWidth), .text))
      lines.append(line)
    }
    lines.append([])
    lines += key(series: series, other: hasOther, ellipsis: g.ellipsis)
    let sessions = report.totals.reduce(0) { $0 + $1.sessions }
    lines.append([
      ("Total ", .text), (clock(report.elapsed), .timer),
      ("  \(sessions) session\(sessions == 1 ? "" : "s")", .secondary),
    ])
    return lines + notCounted(g.ellipsis)
  }

  /// One bar: its label and its counted time per group; or a week's total after its last day.
  struct Row {
    var label: String
    var totals: [Report.Total]
    var elapsed: Milliseconds
    var isWeekTotal = false
  }

  /// The rows; over weeks or months, those before the first with time and after the last are
  /// left out (a report since 2016 of a store begun in 2024 starts in 2024).
  func rows() -> [Row] {
    let rows = allRows()
    guard unit != .day, let first = rows.firstIndex(where: { $0.elapsed > 0 }),
      let last = rows.lastIndex(where: { $0.elapsed > 0 })
    else { return rows }
    return Array(rows[first...last])
  }

  func allRows() -> [Row] {
    let years = Set([report.firstDay, report.lastDay].map { LocalZone.civil(day: $0).year }).count
    switch unit {
    case .day:
      let byDay = Dictionary(uniqueKeysWithValues: report.days.map { ($0.day, $0) })
      let byWeek = Dictionary(uniqueKeysWithValues: report.weeks.map { ($0.day, $0) })
      let weekTotals = LocalZone.monday(of: report.firstDay) != LocalZone.monday(of: report.lastDay)
      var rows: [Row] = []
      for day in report.firstDay...report.lastDay {
        let period = byDay[day]
        rows.append(
          Row(
            label: dayLabel(day, year: years > 1, aligned: true), totals: period?.totals ?? [],
            elapsed: period?.elapsed ?? 0))
        if weekTotals && (LocalZone.weekday(of: day) == 6 || day == report.lastDay) {
          let week = byWeek[LocalZone.monday(of: day)]
          rows.append(Row(label: "week", totals: [], elapsed: week?.elapsed ?? 0, isWeekTotal: true))
        }
      }
      return rows
    case .week:
      let byWeek = Dictionary(uniqueKeysWithValues: report.weeks.map { ($0.day, $0) })
      return stride(from: LocalZone.monday(of: report.firstDay), through: report.lastDay, by: 7).map {
        monday in
        let period = byWeek[monday]
        return Row(
          label: "week of " + dayLabel(monday, year: true, weekday: false), totals: period?.totals ?? [],
          elapsed: period?.elapsed ?? 0)
      }
    case .month:
      var months: [(year: Int, month: Int)] = []
      var (year, month, _) = LocalZone.civil(day: report.firstDay)
      let first = year * 12 + month - 1
      let last = LocalZone.civil(day: report.lastDay)
      while (year, month) <= (last.year, last.month) {
        months.append((year, month))
        (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
      }
      // A month's days added up by spelling as they come (its bar's parts are the same sums),
      // one month at a time: the days come in order.
      var totals = [[Report.Total]](repeating: [], count: months.count)
      var sums: [Report.Total] = []
      var index = -1
      for period in report.days {
        let date = LocalZone.civil(day: period.day)
        let next = date.year * 12 + date.month - 1 - first
        if next != index {
          if totals.indices.contains(index) { totals[index] = sums }
          (sums, index) = ([], next)
        }
        for total in period.totals {
          if let known = sums.firstIndex(where: { Self.same($0.label, total.label) }) {
            sums[known].elapsed += total.elapsed
            sums[known].sessions += total.sessions
          } else {
            sums.append(total)
          }
        }
      }
      if totals.indices.contains(index) { totals[index] = sums }
      return zip(months, totals).map { month, parts in
        Row(
          label: "\(Self.month(month.month)) \(month.year)", totals: parts,
          elapsed: parts.reduce(0) { $0 + $1.elapsed })
      }
    }
  }

  /// The same spelling; the lengths first, as a name with a "·" is slow to compare as text.
  static func same(_ a: String?, _ b: String?) -> Bool { a?.utf8.count == b?.utf8.count && a == b }

  /// A row's time per series, in the series' order, then the rest together.
  func parts(of row: Row, series: [Report.Total], other: Bool) -> [Milliseconds] {
    var parts = [Milliseconds](repeating: 0, count: series.count + 1)
    var folds: [String?]?
    for total in row.totals {
      // The same spelling is the same group, and one of the report's other groups none of the
      // series; another spelling is compared folded.
      if let index = series.firstIndex(where: { $0.label == total.label }) {
        parts[index] += total.elapsed
        continue
      }
      if report.totals.dropFirst(series.count).contains(where: { $0.label == total.label }) {
        parts[series.count] += total.elapsed
        continue
      }
      if folds == nil { folds = series.map { $0.label?.lowercased() } }
      let index = folds?.firstIndex(of: total.label?.lowercased()) ?? series.count
      parts[index] += total.elapsed
    }
    return other ? parts : Array(parts.prefix(series.count))
  }

  /// The key: each series' glyph, label and total, as many to a line as fit.
  func key(series: [Report.Total], other: Bool, ellipsis: String) -> [Line] {
    var entries: [(glyph: String, role: Role, text: String)] = series.enumerated().map { index, total in
      (glyphs[index], Self.seriesRoles[index], "\(label(total.label)) \(clock(total.elapsed))")
    }
    if other {
      let rest = report.totals.dropFirst(series.count)
      entries.append(
        (
          glyphs[series.count], Self.otherRole,
          "\(rest.count) more \(clock(rest.reduce(0) { $0 + $1.elapsed }))"
        ))
    }
    let room = min(width - 2, max(24, (width - 2) / 2 - 2))
    var lines: [Line] = []
    var line: Line = []
    var used = 0
    for entry in entries {
      let text = DisplayWidth.truncate(entry.text, to: room - 2, ellipsis: ellipsis)
      let cells = 2 + DisplayWidth.of(text)
      if used > 0 && used + 3 + cells > width {
        lines.append(line)
        (line, used) = ([], 0)
      }
      if used > 0 {
        line.append(("   ", .text))
        used += 3
      }
      line += [(entry.glyph + " ", entry.role), (text, .text)]
      used += cells
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  /// What the totals leave out: discarded runs, and a plan's breaks and skipped segments.
  func notCounted(_ ellipsis: String) -> [Line] {
    var lines: [Line] = []
    for (title, totals) in [("Discarded (reset)", report.discarded), ("Not counted", report.uncounted)]
    where !totals.isEmpty {
      let sessions = totals.reduce(0) { $0 + $1.sessions }
      let parts = totals.prefix(3).map { "\(label($0.label)) \(clock($0.elapsed))" }.joined(separator: ", ")
      let text =
        "\(title): \(sessions) run\(sessions == 1 ? "" : "s"), "
        + clock(totals.reduce(0) { $0 + $1.elapsed })
        + " (\(parts)\(totals.count > 3 ? ", \(ellipsis)" : ""))"
      lines.append([(DisplayWidth.truncate(text, to: width, ellipsis: ellipsis), .secondary)])
    }
    return lines
  }

  // MARK: - Text

  func label(_ label: String?) -> String {
    label ?? (report.grouping == .category ? "(no category)" : "(no name)")
  }

  /// `4:12:00`, `25:00`: the log's clock.
  func clock(_ span: Milliseconds) -> String { DurationText.clock(seconds: span / 1000) }

  /// `23 Nov – 29 Nov 2026`
  func span(_ dash: String) -> String {
    let first = LocalZone.civil(day: report.firstDay)
    let last = LocalZone.civil(day: report.lastDay)
    let end = dayLabel(report.lastDay, year: true, weekday: false)
    if report.firstDay == report.lastDay { return dayLabel(report.firstDay, year: true) }
    return dayLabel(report.firstDay, year: first.year != last.year, weekday: false) + " \(dash) " + end
  }

  /// `Mon 3 Nov`, `3 Nov 2026`; `Mon  3 Nov` when `aligned` in a column of days.
  func dayLabel(_ day: Int64, year: Bool, weekday: Bool = true, aligned: Bool = false) -> String {
    let date = LocalZone.civil(day: day)
    let name = weekday ? Self.weekday(day) + (aligned && date.day < 10 ? "  " : " ") : ""
    return name + "\(date.day) \(Self.month(date.month))" + (year ? " \(date.year)" : "")
  }

  /// `Mon`, from LocalCalendar's names (its week starts on Sunday, LocalZone.weekday's on Monday).
  static func weekday(_ day: Int64) -> String {
    String(LocalCalendar.days[(LocalZone.weekday(of: day) + 1) % 7].prefix(3))
  }

  /// `Nov` for 11.
  static func month(_ month: Int) -> String { String(LocalCalendar.months[month - 1].prefix(3)) }

  func pad(_ text: String, _ cells: Int) -> String {
    text + String(repeating: " ", count: max(0, cells - DisplayWidth.of(text)))
  }

  func leftPad(_ text: String, _ cells: Int) -> String {
    String(repeating: " ", count: max(0, cells - text.count)) + text
  }
}
