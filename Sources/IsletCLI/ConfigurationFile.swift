import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads `$XDG_CONFIG_HOME/islet/config`; a missing file means the defaults.
enum ConfigurationFile {
  static func path(environment: [String: String]) -> String {
    StoreLocation.configFolder(environment: environment) + "/config"
  }

  static func load(environment: [String: String]) throws -> Configuration {
    let path = path(environment: environment)
    guard let text = try readText(path) else { return Configuration() }
    switch Configuration.parse(text) {
    case .success(let configuration): return configuration
    case .failure(let error):
      throw CommandFailure(message: "\(path):\(error.line): \(error.message)", status: .usage)
    }
  }

  /// The whole file as text; nil when it does not exist.
  static func readText(_ path: String) throws -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw CommandFailure(
        message: "cannot read \(path): \(String(cString: strerror(errno)))", status: .ioError)
    }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(fd, &chunk, chunk.count)
      if count < 0 {
        throw CommandFailure(
          message: "cannot read \(path): \(String(cString: strerror(errno)))", status: .ioError)
      }
      if count == 0 { break }
      bytes += chunk[0..<count]
      if bytes.count > 1_000_000 {
        throw CommandFailure(
          message: "\(path) is larger than a configuration file can be (1 MB)", status: .usage)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Sets one key in the file, keeping every other line (and comments) as they were.
  static func save(_ key: String, _ value: String, environment: [String: String]) throws {
    let path = path(environment: environment)
    var lines = (try readText(path) ?? "").split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    if lines.last == "" { lines.removeLast() }
    let setting = "\(key) = \(value)"
    if let index = lines.firstIndex(where: {
      $0.split(separator: "=").first.map { String($0).trimmingCharacters(in: " ") } == key
    }) {
      lines[index] = setting
    } else {
      lines.append(setting)
    }
    let folder = StoreLocation.configFolder(environment: environment)
    let parent = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? "."
    mkdir(parent, 0o700)
    mkdir(folder, 0o700)
    let temporary = path + ".tmp"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else {
      throw CommandFailure(
        message: "cannot write \(path): \(String(cString: strerror(errno)))", status: .ioError)
    }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count, rename(temporary, path) == 0 else {
      unlink(temporary)
      throw CommandFailure(
        message: "cannot write \(path): \(String(cString: strerror(errno)))", status: .ioError)
    }
  }
}
