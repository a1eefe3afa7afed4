import IsletCore

/// Why the store could not be used. Each case is one of the documented exit statuses.
public enum StoreError: UserFacingError, Equatable {
  /// Not an Islet store: another program's database or not a database at all (exit 65).
  case foreign(path: String, detail: String)
  /// An Islet store whose content SQLite reports as damaged (exit 65).
  case damaged(path: String, detail: String)
  /// Written by a newer Islet whose schema this one does not know (exit 65).
  case newer(path: String, version: Int64)
  /// The file or its folder cannot be read or written (exit 74).
  case unavailable(path: String, detail: String)

  public var message: String {
    switch self {
    case .foreign(let path, let detail):
      return
        "\(printable(path, limit: 200)) is not an Islet store (\(detail)); it was left untouched — use --db to choose another file"
    case .damaged(let path, let detail):
      return
        "the store \(printable(path, limit: 200)) is damaged (\(detail)); it was left untouched — move it aside to start afresh"
    case .newer(let path, let version):
      return
        "the store \(printable(path, limit: 200)) has schema version \(version), newer than this Islet knows (\(Schema.version)); update Islet"
    case .unavailable(let path, let detail):
      return "cannot use the store \(printable(path, limit: 200)): \(detail)"
    }
  }

  /// The sysexits status: 65 for data, 74 for I/O.
  public var exitStatus: ExitStatus {
    switch self {
    case .foreign, .damaged, .newer: return .dataError
    case .unavailable: return .ioError
    }
  }
}
