import IsletUI

/// Columns padded to their widest cell in terminal cells (a wide character takes two), the last
/// one left ragged: `list` and `log`.
func table(_ rows: [[String]]) -> String {
  guard let columns = rows.first?.count else { return "" }
  let cells = rows.map { $0.map(DisplayWidth.of) }
  let widths = (0..<columns).map { column in cells.map { $0[column] }.max() ?? 0 }
  return zip(rows, cells).map { row, rowCells in
    row.enumerated().map { column, cell in
      column == columns - 1 ? cell : cell + String(repeating: " ", count: widths[column] - rowCells[column])
    }.joined(separator: "  ").trailingSpacesTrimmed
  }.joined(separator: "\n") + "\n"
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
