import IsletRuntime
import IsletUI

/// Columns padded to their widest cell in terminal cells (a wide character takes two), the last
/// one left ragged: `list` and `log`.
func table(_ rows: [[String]]) -> String {
  guard let columns = rows.first?.count else { return "" }
  let cells = rows.map { $0.map(DisplayWidth.of) }
  var widths = [Int](repeating: 0, count: columns)
  for row in cells {
    for (column, width) in row.enumerated() { widths[column] = max(widths[column], width) }
  }
  // One string appended to in place: `log` prints a row per session, tens of thousands of them.
  var text = ""
  for (row, rowCells) in zip(rows, cells) {
    var line = ""
    for (column, cell) in row.enumerated() {
      if column > 0 { line += "  " }
      line += cell
      if column < columns - 1 { line += String(repeating: " ", count: widths[column] - rowCells[column]) }
    }
    while line.utf8.last == 0x20 { line.removeLast() }
    text += line
    text += "\n"
  }
  return text
}

/// `rows` as `table` lays them out, within `width` cells: the cells of column `shrinking` (a
/// name) are cut with `ellipsis` to `maximum`, and past the width down to `minimum`, then the
/// last column's, then the name's again, down to its heading, so that one long cell neither
/// widens every row nor pushes the other columns off the line.
func table(
  _ rows: [[String]], fitting width: Int, shrinking column: Int, minimum: Int = 20, maximum: Int = 32,
  ellipsis: String
) -> String {
  guard let columns = rows.first?.count, column < columns else { return table(rows) }
  func widths(_ rows: [[String]]) -> [Int] {
    (0..<columns).map { index in rows.map { DisplayWidth.of($0[index]) }.max() ?? 0 }
  }
  func cut(_ rows: [[String]], _ index: Int, by over: Int, keeping least: Int) -> [[String]] {
    let natural = widths(rows)[index]
    let room = max(min(least, natural), natural - over)
    return rows.map { row in
      var row = row
      row[index] = DisplayWidth.truncate(row[index], to: room, ellipsis: ellipsis)
      return row
    }
  }
  func over(_ rows: [[String]]) -> Int { widths(rows).reduce(2 * (columns - 1), +) - width }
  var fitted = cut(rows, column, by: widths(rows)[column] - maximum, keeping: maximum)
  if over(fitted) > 0 { fitted = cut(fitted, column, by: over(fitted), keeping: minimum) }
  for (index, least) in [
    (columns - 1, DisplayWidth.of(rows[0][columns - 1])), (column, DisplayWidth.of(rows[0][column])),
  ]
  where over(fitted) > 0 {
    fitted = cut(fitted, index, by: over(fitted), keeping: least)
  }
  return table(fitted)
}

extension String {
  /// Walked back from the end over the bytes: a reversed walk of Characters, rebuilt into a
  /// String, was most of what `log` cost on a long history.
  var trailingSpacesTrimmed: String {
    var text = self
    while text.utf8.last == 0x20 { text.removeLast() }
    return text
  }

  func trimmingCharacters(in set: Character) -> String {
    String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
  }

  func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self {
      if character == target { result += replacement } else { result.append(character) }
    }
    return result
  }
}
