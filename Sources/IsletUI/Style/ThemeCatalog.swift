import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// Finds a theme by name or file: `$XDG_CONFIG_HOME/islet/themes/NAME.json`, then
/// `share/islet/themes/NAME.json` beside the installed binary, then the built-in ones.
public struct ThemeCatalog: Sendable {
  /// Folders searched for `NAME.json`, in order.
  public var folders: [String]

  public init(folders: [String]) { self.folders = folders }

  /// The usual folders for this environment and binary.
  public static func standard(configFolder: String, executablePath: String?) -> ThemeCatalog {
    var folders = [configFolder + "/themes"]
    if let executablePath, let slash = executablePath.lastIndex(of: "/") {
      folders.append(String(executablePath[..<slash]) + "/../share/islet/themes")
    }
    return ThemeCatalog(folders: folders)
  }

  public enum Failure: UserFacingError, Equatable, Sendable {
    /// No theme has this name (exit 64).
    case unknown(String, known: [String])
    /// The file is not a usable theme (exit 65).
    case broken(path: String, key: String, message: String)
    /// The file cannot be read (exit 74).
    case unreadable(path: String, detail: String)

    public var message: String {
      switch self {
      case .unknown(let name, let known):
        return
          "unknown theme '\(printable(name))'; known themes: \(known.joined(separator: ", ")) (or a path to a .json file)"
      case .broken(let path, let key, let message):
        return key == "(file)"
          ? "theme file \(path) \(message)" : "theme file \(path): \(printable(key)) \(message)"
      case .unreadable(let path, let detail):
        return "cannot read the theme file \(path): \(detail)"
      }
    }

    public var exitStatus: ExitStatus {
      switch self {
      case .unknown: return .usage
      case .broken: return .dataError
      case .unreadable: return .ioError
      }
    }
  }

  /// The built-in default theme: always there.
  public static let fallback: Theme = builtin("default")!

  public static func builtin(_ name: String) -> Theme? { BuiltinThemes.theme(name) }

  /// The icon names an activity may take: the built-in ones and any `theme` adds, sorted.
  public static func iconNames(with theme: Theme?) -> [String] {
    Set(fallback.icons.keys).union(theme?.icons.keys ?? [:].keys).sorted()
  }

  /// The names a user can pick, built-in first, then any found in the folders.
  public func names() -> [String] {
    var names = BuiltinThemes.files.map(\.name)
    for folder in folders {
      for file in Self.jsonFiles(in: folder) where !names.contains(file) { names.append(file) }
    }
    return names
  }

  /// The theme `t` moves to after `name`: the next one, in `names()` order, readable on a
  /// terminal of `background`; nil when no other one is.
  public func next(after name: String, on background: TerminalShade) -> (name: String, theme: Theme)? {
    let names = names()
    let start = names.firstIndex(of: name) ?? -1
    for step in 1..<max(1, names.count + 1) {
      let candidate = names[(start + step + names.count) % names.count]
      guard candidate != name, case .success(let theme) = load(candidate), theme.terminal.suits(background)
      else { continue }
      return (candidate, theme)
    }
    return nil
  }

  /// Loads `reference`: a path (it holds a `/` or ends in `.json`) or a name.
  public func load(_ reference: String) -> Result<Theme, Failure> {
    if reference.contains("/") || reference.hasSuffix(".json") {
      return Self.loadFile(reference, name: Self.stem(reference))
    }
    for folder in folders {
      let path = folder + "/" + reference + ".json"
      // Known by the name it was found by, whatever the file calls itself, so `t` goes on from it.
      if access(path, F_OK) == 0 {
        return Self.loadFile(path, name: reference).map { theme in
          var found = theme
          found.name = reference
          return found
        }
      }
    }
    if let theme = Self.builtin(reference) { return .success(theme) }
    return .failure(.unknown(reference, known: names()))
  }

  static func loadFile(_ path: String, name: String) -> Result<Theme, Failure> {
    // Reading stops just past the largest theme `Theme.parse` accepts, which then says so.
    switch UserFile.read(path, upTo: Theme.maximumFileBytes) {
    case .success(let bytes?):
      return Theme.parse(bytes, name: name).mapError { .broken(path: path, key: $0.key, message: $0.message) }
    case .success(nil): return .failure(.unreadable(path: path, detail: String(cString: strerror(ENOENT))))
    case .failure(let failure): return .failure(.unreadable(path: path, detail: failure.detail))
    }
  }

  static func stem(_ path: String) -> String {
    var base = path.split(separator: "/").last.map(String.init) ?? path
    if base.hasSuffix(".json") { base.removeLast(5) }
    return base
  }

  static func jsonFiles(in folder: String) -> [String] {
    guard let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(String(name.dropLast(5))) }
    }
    return names.sorted()
  }
}
