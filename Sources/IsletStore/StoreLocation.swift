#if canImport(Glibc)
  import Glibc
#endif

/// Where the store lives: `--db`, else `$ISLET_DB`, else `$XDG_STATE_HOME/islet/islet.db`
/// (default `~/.local/state/islet/islet.db`).
public enum StoreLocation {
  /// The store's path as given, before `canonical` makes it the file every process agrees on.
  public static func path(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return option }
    if let variable = environment["ISLET_DB"], !variable.isEmpty { return variable }
    return stateFolder(environment: environment) + "/islet.db"
  }

  /// `$XDG_STATE_HOME/islet`, where the store and `hooks.log` live by default.
  public static func stateFolder(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/islet" }
    return (environment["HOME"] ?? "/tmp") + "/.local/state/islet"
  }

  /// `$XDG_CONFIG_HOME/islet` (default `~/.config/islet`).
  public static func configFolder(environment: [String: String]) -> String {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/islet" }
    return (environment["HOME"] ?? "/tmp") + "/.config/islet"
  }

  /// The absolute path of the file itself, with every symbolic link followed and `.` and `..`
  /// gone, existing or not. SQLite keeps its `-wal` beside the file a link points to, and the
  /// watchers, the lock and a detached process started from another folder must all name
  /// that same file.
  public static func canonical(_ path: String) throws -> String {
    if path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".." {
      let folder = path.hasSuffix("/") ? String(path.dropLast()) : path
      throw StoreError.unavailable(
        path: path,
        detail: "it names a folder; give a file path such as \(folder.isEmpty ? "" : folder)/islet.db")
    }
    if path.unicodeScalars.contains("\u{FFFD}") {
      throw StoreError.unavailable(path: path, detail: "it is not valid UTF-8; give a path in UTF-8")
    }
    return try resolve(absolute(path), links: 0)
  }

  private static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let folder = String(cString: buffer)
    return (folder == "/" ? "" : folder) + "/" + path
  }

  /// `path` with links followed: `realpath` for what exists; a missing last part (the store
  /// not made yet, or a link to it) is put after its resolved folder.
  private static func resolve(_ path: String, links: Int) throws -> String {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    let failure = errno
    guard failure == ENOENT else { throw StoreError.unavailable(path: path, detail: systemMessage(failure)) }
    guard links < 40 else {
      throw StoreError.unavailable(path: path, detail: systemMessage(ELOOP))
    }
    let (folder, name) = split(path)
    let base = try resolve(folder, links: links + 1)
    if name == "." { return base }
    if name == ".." { return parent(of: base) }
    let joined = (base == "/" ? "" : base) + "/" + name
    // A link to a file not made yet: the file it names.
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(joined, &buffer, buffer.count - 1)
    guard length > 0 else { return joined }
    buffer[length] = 0
    let target = String(cString: buffer)
    return try resolve(
      target.hasPrefix("/") ? target : (base == "/" ? "" : base) + "/" + target, links: links + 1)
  }

  private static func split(_ path: String) -> (folder: String, name: String) {
    var trimmed = Substring(path)
    while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
    let folder = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    return (folder, String(trimmed[trimmed.index(after: slash)...]))
  }

  /// The folder that holds `path` ("." for a bare name, "/" at the top).
  public static func parent(of path: String) -> String { split(path).folder }

  /// The last part of `path`: the file's own name.
  public static func name(of path: String) -> String { split(path).name }

  private static func systemMessage(_ code: Int32) -> String {
    let said = String(cString: strerror(code))
    switch code {
    case EACCES, EPERM: return said + "; use --db to choose a store you may read and write"
    case ENOTDIR: return said + ": a part of the path is a file, not a folder"
    default: return said
    }
  }
}
