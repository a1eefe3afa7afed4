#if canImport(Glibc)
  import Glibc
#endif

/// A file the user gives Islet to read (the configuration, a theme): read whole, and only if
/// it is a regular file. A named pipe would block every command (the status line's too) until
/// something writes to it, and a device such as `/dev/zero` never ends; neither is read.
///
/// ```swift
/// switch UserFile.read(path, upTo: Configuration.maximumFileBytes) {
/// case .success(let bytes): …          // nil: there is no such file
/// case .failure(let failure): …        // `.notRegular("a named pipe")`
/// }
/// ```
public enum UserFile {
  /// Why a file could not be read.
  public enum Failure: Error, Equatable, Sendable {
    /// It is not a regular file: `a named pipe`, `a folder`, `a character device`.
    case notRegular(String)
    /// The system's reason: `Permission denied`.
    case system(String)

    /// To follow a colon: `it is a named pipe, not a regular file`, `Permission denied`.
    public var detail: String {
      switch self {
      case .notRegular(let kind): return "it is \(kind), not a regular file"
      case .system(let reason): return reason
      }
    }

    /// To follow the file's path: `is a named pipe, not a regular file; …`.
    public var reason: String {
      switch self {
      case .notRegular(let kind): return "is \(kind), not a regular file; make it a file, or remove it"
      case .system(let reason): return "cannot be read: \(reason)"
      }
    }
  }

  /// The file's bytes, reading no further than just past `limit` (the caller says it is too
  /// large); nil when there is no file at `path`.
  public static func read(_ path: String, upTo limit: Int) -> Result<[UInt8]?, Failure> {
    // Not opened at all when it is plainly not a regular file: opening a device may act.
    var info = stat()
    if stat(path, &info) == 0, let kind = kind(of: info) { return .failure(.notRegular(kind)) }
    // Without O_NONBLOCK, opening a named pipe waits for a writer; one put in the file's
    // place since the look above is caught by the look at what was opened.
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return .success(nil) }
      // A socket cannot be opened (ENXIO): say what it is.
      if errno == ENXIO, stat(path, &info) == 0, let kind = kind(of: info) {
        return .failure(.notRegular(kind))
      }
      return .failure(systemFailure())
    }
    defer { close(fd) }
    guard fstat(fd, &info) == 0 else { return .failure(systemFailure()) }
    if let kind = kind(of: info) { return .failure(.notRegular(kind)) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 8192)
    while bytes.count <= limit {
      let count = Glibc.read(fd, &chunk, chunk.count)
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return .failure(systemFailure()) }
      if count == 0 { break }
      bytes += chunk[0..<count]
    }
    return .success(bytes)
  }

  /// What a file that is not a regular one is, in a few words; nil for a regular file.
  static func kind(of info: stat) -> String? {
    switch info.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFIFO: return "a named pipe"
    case S_IFDIR: return "a folder"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    default: return "a special file"
    }
  }

  private static func systemFailure() -> Failure { .system(String(cString: strerror(errno))) }
}
