import Glibc

/// A fresh folder under /tmp, removed (with its content) when the test is done.
public final class TemporaryFolder {
  public let path: String

  public init() {
    var template = Array("/tmp/islet-test-XXXXXX".utf8CString)
    path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
  }

  deinit { remove() }

  public func remove() { _ = system("rm -rf '\(path)'") }

  public func file(_ name: String) -> String { path + "/" + name }

  public func bytes(_ name: String) -> [UInt8]? {
    guard let handle = fopen(file(name), "rb") else { return nil }
    defer { fclose(handle) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while case let count = fread(&buffer, 1, buffer.count, handle), count > 0 { result += buffer[0..<count] }
    return result
  }

  public func write(_ name: String, _ bytes: [UInt8]) {
    let handle = fopen(file(name), "wb")!
    _ = fwrite(bytes, 1, bytes.count, handle)
    fclose(handle)
  }

  public func mode(_ name: String) -> mode_t {
    var info = stat()
    stat(name.hasPrefix("/") ? name : file(name), &info)
    return info.st_mode & 0o777
  }
}
