/// Columns padded to their widest cell, the last one left ragged: `list` and `log`.
func table(_ rows: [[String]]) -> String {
  guard let columns = rows.first?.count else { return "" }
  let widths = (0..<columns).map { column in rows.map { $0[column].count }.max() ?? 0 }
  return rows.map { row in
    row.enumerated().map { column, cell in
      column == columns - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
    }.joined(separator: "  ").trailingSpacesTrimmed
  }.joined(separator: "\n") + "\n"
}

extension String {
  var trailingSpacesTrimmed: String { String(reversed().drop { $0 == " " }.reversed()) }

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
