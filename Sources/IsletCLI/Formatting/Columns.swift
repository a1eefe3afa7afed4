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
