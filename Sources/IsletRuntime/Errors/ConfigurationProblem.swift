import IsletCore

/// A configuration file that cannot be used: its path, the line (nil for the whole file) and
/// why, with the exit status it gives (64, or the theme file's own).
package struct ConfigurationProblem: UserFacingError, Equatable {
  package var path: String
  package var line: Int?
  package var reason: String
  package var exitStatus: ExitStatus = .usage

  /// `/home/ada/.config/islet/config:3: unknown theme 'ocean' (themes: …)`
  package var message: String { (line.map { "\(path):\($0):" } ?? path) + " " + reason }

  /// The reason for a status line, which shows it in place of the island:
  /// `islet: config:3 unknown theme 'ocean'`, up to the first list of what would be right.
  package var short: String {
    var reason = Substring(reason)
    let characters = Array(reason)
    if let at = characters.indices.dropLast().first(where: {
      (characters[$0], characters[$0 + 1]) == (";", " ") || (characters[$0], characters[$0 + 1]) == (" ", "(")
    }) {
      reason = reason.prefix(at)
    }
    let place = "config" + (line.map { ":\($0)" } ?? "")
    return printable("islet: \(place) \(reason)", limit: Self.shortLimit)
  }

  /// Room for the reason in a status line beside the rest of it.
  package static let shortLimit = 60
}
