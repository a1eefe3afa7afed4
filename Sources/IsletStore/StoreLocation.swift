import IsletCore

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
    return try resolve(absolute(path), links: 0)
  }

  private static func absolute(_ path: String) throws -> String {
    if path.hasPrefix("/") { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else {
      throw StoreError.unavailable(path: path, detail: "the current folder is gone; give an absolute path")
    }
    let folder = try text(buffer, path: path, naming: "the current folder")
    return (folder == "/" ? "" : folder) + "/" + path
  }

  /// `path` with links followed: `realpath` for what exists; a missing last part (the store
  /// not made yet, or a link to it) is put after its resolved folder. `links` counts the links
  /// followed by hand, as the kernel bounds them.
  private static func resolve(_ path: String, links: Int) throws -> String {
    if let real = realpath(path, nil) {
      defer { free(real) }
      return try text(
        Array(UnsafeBufferPointer(start: real, count: strlen(real) + 1)), path: path, naming: "it")
    }
    let failure = errno
    guard failure == ENOENT else { throw StoreError.unavailable(path: path, detail: systemMessage(failure)) }
    let (folder, name) = split(path)
    let base = try resolve(folder, links: links)
    if name == "." { return base }
    if name == ".." { return parent(of: base) }
    let joined = (base == "/" ? "" : base) + "/" + name
    // A link to a file not made yet: the file it names.
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink(joined, &buffer, buffer.count - 1)
    guard length > 0 else { return joined }
    guard links < 40 else { throw StoreError.unavailable(path: path, detail: systemMessage(ELOOP)) }
    buffer[length] = 0
    let target = try text(buffer, path: path, naming: "the link \(joined)")
    return try resolve(
      target.hasPrefix("/") ? target : (base == "/" ? "" : base) + "/" + target, links: links + 1)
  }

  /// A path the system gave, as text; refused when it is not UTF-8, since repairing it would
  /// name another file.
  private static func text(_ buffer: [CChar], path: String, naming what: String) throws -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      let shown = String(decoding: bytes, as: UTF8.self)
      throw StoreError.unavailable(
        path: path,
        detail: "\(what) leads through '\(printable(shown))', which is not valid UTF-8; give a UTF-8 path")
    }
    return text
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

  /// `path` if it exists, else the nearest folder above it that does: what to watch for it to
  /// be made.
  public static func nearestExisting(_ path: String) -> String {
    var nearest = path
    var info = stat()
    while stat(nearest, &info) != 0 && nearest != "/" { nearest = parent(of: nearest) }
    return nearest
  }

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
