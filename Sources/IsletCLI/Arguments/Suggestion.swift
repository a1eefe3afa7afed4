import IsletCore
import IsletRuntime

/// The known word a mistyped one most likely meant, or nil when none is near enough; one rule
/// for command words and option names alike.
///
/// Case is ignored. In order, the suggestion is: the word itself in another case (`START` →
/// `start`); else the only candidate the word begins, from two characters on (`upd` →
/// `update`; `st` begins both `start` and `status`, so it suggests neither); else the only
/// candidate nearest by `editDistance`, at most 2 edits away and fewer edits than half the
/// word's length (`satuts` → `status`, `nmae` → `name`, but not `lg` → `log`). A tie suggests
/// nothing: the user would be guessing between them.
///
/// ```swift
/// suggestion(for: "stat", among: ["start", "status"])  // "status"
/// ```
func suggestion(for word: String, among candidates: [String]) -> String? {
  let typed = word.lowercased()
  if let same = candidates.first(where: { $0.lowercased() == typed }) { return same }
  if typed.count >= 2 {
    let begun = candidates.filter { $0.lowercased().hasPrefix(typed) }
    if begun.count == 1 { return begun[0] }
  }
  let limit = min(2, (typed.count - 1) / 2)
  guard limit > 0 else { return nil }
  let near = candidates.compactMap { candidate -> (String, Int)? in
    // More letters apart than the limit is more edits apart too: not worth the table.
    guard abs(candidate.count - typed.count) <= limit else { return nil }
    let distance = editDistance(typed, candidate.lowercased())
    return distance <= limit ? (candidate, distance) : nil
  }
  guard let best = near.map(\.1).min() else { return nil }
  let nearest = near.filter { $0.1 == best }
  return nearest.count == 1 ? nearest[0].0 : nil
}

/// The fewest insertions, deletions, substitutions and swaps of two neighbouring characters
/// that turn `a` into `b` (Damerau–Levenshtein, as optimal string alignment: a swapped pair is
/// not edited again). `editDistance("satuts", "status") == 2`.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
  // Three rows of the table: two back (for a swap), the last, and this one.
  var beforeLast = [Int](repeating: 0, count: b.count + 1)
  var last = Array(0...b.count)
  var row = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    row[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      row[j] = min(last[j] + 1, row[j - 1] + 1, last[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        row[j] = min(row[j], beforeLast[j - 2] + 1)
      }
    }
    (beforeLast, last, row) = (last, row, beforeLast)
  }
  return last[b.count]
}

/// What follows `unknown command 'WORD'`: the command it most likely meant, the start it looks
/// like (`25m` → `islet start 25m`, `25 minutes` → `islet start 25 minutes`, `1h 30m` → `islet
/// start 1h 30m`, `50m/10m` → `islet start 50m/10m`, `6:30pm` → `islet start --until 6:30pm`),
/// or else every command's name. `next` is the word after it.
func commandHint(for word: String, then next: String? = nil, startLike: Bool = true) -> String {
  if startLike, !word.contains(where: \.isWhitespace) {
    // The word after it may be part of what start would read (a unit, the rest of a duration).
    for words in [[word] + (next.map { [$0] } ?? []), [word]] {
      if case .success = DurationReading.of(words) {
        return "did you mean 'islet start \(printable(words.joined(separator: " ")))'?"
      }
    }
    if TimeOfDay(word) != nil { return "did you mean 'islet start --until \(word)'?" }
  }
  if let name = suggestion(for: word, among: commandSpecs.flatMap(\.words)) {
    return "did you mean '\(name)'?"
  }
  return "commands: " + commandSpecs.map(\.name).joined(separator: ", ")
}
