/// The user's settings: `key = value` lines with `#` comments, in `~/.config/islet/config`.
public struct Configuration: Equatable, Sendable {
  public var theme: String?
  public var bell: Bool = true
  public var maxIdle: Milliseconds = TimePolicy.standard.maxIdle
  public var staleAfter: Milliseconds = TimePolicy.standard.staleAfter
  public var icon: String = "timer"
  /// The folder of hook programs; nil means `islet/hooks` in the configuration folder.
  public var hooks: String?

  public init() {}

  public static let keys = ["theme", "bell", "max-idle", "stale-after", "icon", "hooks"]

  public var policy: TimePolicy { TimePolicy(maxIdle: maxIdle, staleAfter: staleAfter) }

  /// A line of the file that cannot be used, named by its number.
  public struct LineError: Error, Equatable, Sendable {
    public var line: Int
    public var message: String
  }

  /// Reads the file's text; the first bad line is an error.
  public static func parse(_ text: String) -> Result<Configuration, LineError> {
    var configuration = Configuration()
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let number = index + 1
      var line = Substring(rawLine)
      if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
      let content = String(line).trimmingSpaces
      if content.isEmpty { continue }
      guard let equals = content.firstIndex(of: "=") else {
        return .failure(
          LineError(line: number, message: "'\(printable(content))' is not a 'key = value' line"))
      }
      let key = String(content[..<equals]).trimmingSpaces
      let value = String(content[content.index(after: equals)...]).trimmingSpaces
      if let problem = configuration.set(key, value) {
        return .failure(LineError(line: number, message: problem))
      }
    }
    return .success(configuration)
  }

  /// Sets one key; returns what is wrong instead when the key or value is not accepted.
  mutating func set(_ key: String, _ value: String) -> String? {
    switch key {
    case "theme":
      guard !value.isEmpty else { return "theme needs a name or a file" }
      theme = value
    case "bell":
      switch value.lowercased() {
      case "on", "yes", "true": bell = true
      case "off", "no", "false": bell = false
      default: return "bell is '\(printable(value))'; use on or off"
      }
    case "max-idle", "stale-after":
      let span: Milliseconds
      if value == "0" && key == "max-idle" {
        span = 0
      } else {
        switch DurationText.parse(value) {
        case .success(let parsed): span = parsed
        case .failure:
          let zero = key == "max-idle" ? " or 0 for never" : ""
          return "\(key) is '\(printable(value))'; use a duration such as 8h, 30m or 90s\(zero)"
        }
      }
      if key == "max-idle" { maxIdle = span } else { staleAfter = span }
    case "icon":
      guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else {
        return "icon is '\(printable(value))'; use a name such as timer, run, focus, book, coffee or code"
      }
      icon = value.lowercased()
    case "hooks":
      guard !value.isEmpty else { return "hooks needs a folder" }
      hooks = value
    default:
      return "unknown key '\(printable(key))'; known keys: \(Configuration.keys.joined(separator: ", "))"
    }
    return nil
  }
}
