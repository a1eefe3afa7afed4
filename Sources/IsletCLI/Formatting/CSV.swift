import IsletCore
import IsletRuntime

/// RFC 4180: quoted when it holds a comma, quote or line break. A leading `=+-@` is prefixed
/// with `'` so a spreadsheet does not run it as a formula. What `UserText` refuses (an old
/// store may hold it) is escaped, as every output shows it: a CSV is printed to terminals too.
func csvField(_ field: String) -> String {
  var value = printable(field, limit: UserText.Bounds.path.characters)
  if let first = value.first, "=+-@".contains(first) { value = "'" + value }
  guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
  return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
}

/// A span in seconds with its milliseconds, `1500.250`: what CSV columns hold.
func csvSeconds(_ span: Milliseconds) -> String {
  let whole = span / 1000
  let fraction = span % 1000
  return "\(whole).\(fraction < 10 ? "00" : fraction < 100 ? "0" : "")\(fraction)"
}
