import Glibc

/// A fresh folder under /tmp, removed (with its content) when the test is done.
final class TemporaryFolder {
  let path: String

  init() {
    var template = Array("/tmp/islet-test-XXXXXX".utf8CString)
    path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
  }

  deinit { remove() }

  func remove() { _ = system("rm -rf '\(path)'") }

  func file(_ name: String) -> String { path + "/" + name }

  func bytes(_ name: String) -> [UInt8]? {
    guard let handle = fopen(file(name), "rb") else { return nil }
    defer { fclose(handle) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while case let count = fread(&buffer, 1, buffer.count, handle), count > 0 { result += buffer[0..<count] }
    return result
  }

  func write(_ name: String, _ bytes: [UInt8]) {
    let handle = fopen(file(name), "wb")!
    _ = fwrite(bytes, 1, bytes.count, handle)
    fclose(handle)
  }

  func mode(_ name: String) -> mode_t {
    var info = stat()
    stat(name.hasPrefix("/") ? name : file(name), &info)
    return info.st_mode & 0o777
  }
}
