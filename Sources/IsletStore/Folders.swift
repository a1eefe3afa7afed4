import IsletCore

#if canImport(Glibc)
  import Glibc
#endif

/// A folder that could not be made: which, and why (an errno).
public struct FolderFailure: UserFacingError, Equatable, Sendable {
  /// The folder that could not be made, or the file that stands where a folder should be.
  public var folder: String
  public var code: Int32

  public init(folder: String, code: Int32) {
    self.folder = folder
    self.code = code
  }

  /// `cannot make the folder /home/me/.local: Permission denied`, or `/home/me/.local is a
  /// file, not a folder`.
  public var message: String {
    code == ENOTDIR
      ? "\(folder) is a file, not a folder"
      : "cannot make the folder \(folder): \(String(cString: strerror(code)))"
  }

  public var exitStatus: ExitStatus { .ioError }
}

/// Makes every missing folder above `path`, outermost first, each private to its user (0700)
/// as Islet's state is; a file where one of them should be is a failure, not a surprise later.
///
/// ```swift
/// try makeFolders(above: "/home/me/.local/state/islet/hooks.log")  // .local, state, islet
/// ```
public func makeFolders(above path: String, mode: mode_t = 0o700) throws(FolderFailure) {
  var missing: [String] = []
  var folder = StoreLocation.parent(of: path)
  var info = stat()
  while folder != "/", folder != ".", stat(folder, &info) != 0 {
    // ENOTDIR: a file further up, named once the walk reaches it.
    guard errno == ENOENT || errno == ENOTDIR else { throw FolderFailure(folder: folder, code: errno) }
    missing.append(folder)
    folder = StoreLocation.parent(of: folder)
  }
  if folder != "/", folder != ".", info.st_mode & S_IFMT != S_IFDIR {
    throw FolderFailure(folder: folder, code: ENOTDIR)
  }
  for folder in missing.reversed() where mkdir(folder, mode) != 0 && errno != EEXIST {
    throw FolderFailure(folder: folder, code: errno)
  }
}
