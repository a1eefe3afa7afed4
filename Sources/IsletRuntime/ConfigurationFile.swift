import IsletCore
import IsletStore
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// Reads `$XDG_CONFIG_HOME/islet/config`; a missing file means the defaults.
package enum ConfigurationFile {
  package static func path(environment: [String: String]) -> String {
    StoreLocation.configFolder(environment: environment) + "/config"
  }

  package static func load(environment: [String: String]) throws -> Configuration {
    try loadChecked(environment: environment).configuration
  }

  /// The configuration, its names checked against what there is: the theme it names (loaded
  /// by the check, and given back so it is loaded once), the icon and each plan's icons. A
  /// problem is a `ConfigurationProblem` naming the file and line.
  package static func loadChecked(environment: [String: String]) throws -> (
    configuration: Configuration, theme: Theme?
  ) {
    let path = path(environment: environment)
    guard let bytes = try readBytes(path) else { return (Configuration(), nil) }
    let configuration: Configuration
    switch Configuration.parse(bytes) {
    case .success(let parsed): configuration = parsed
    case .failure(let error): throw ConfigurationProblem(path: path, line: error.line, reason: error.message)
    }
    /// The line in effect for `key`: the last that sets it.
    func line(_ key: String) -> Int? {
      Configuration.lines(of: bytes).lastIndex {
        Configuration.key(ofLine: String(decoding: $0, as: UTF8.self)) == key
      }.map { $0 + 1 }
    }
    var theme: Theme?
    if let reference = configuration.theme {
      switch themeCatalog(environment: environment).load(reference) {
      case .success(let loaded): theme = loaded
      case .failure(.unknown(let name, let known)):
        throw ConfigurationProblem(
          path: path, line: line("theme"),
          reason:
            "unknown theme '\(printable(name, limit: 40))' (themes: \(known.joined(separator: ", ")), or a path to a .json file)"
        )
      case .failure(let failure):
        throw ConfigurationProblem(
          path: path, line: line("theme"), reason: failure.message, exitStatus: failure.exitStatus)
      }
    }
    let names = ThemeCatalog.iconNames(with: theme)
    let icons = Set(names)
    func unknownIcon(_ icon: String) -> String {
      "unknown icon '\(printable(icon, limit: 40))' (icons: \(names.joined(separator: ", ")))"
    }
    if let at = line("icon"), !icons.contains(configuration.icon) {
      throw ConfigurationProblem(path: path, line: at, reason: unknownIcon(configuration.icon))
    }
    for plan in configuration.plans {
      if let segment = plan.segments.first(where: { !icons.contains($0.icon) }) {
        throw ConfigurationProblem(
          path: path, line: line("plan." + plan.name),
          reason: "plan.\(plan.name): " + unknownIcon(segment.icon))
      }
    }
    return (configuration, theme)
  }

  /// Where themes are found: the user's folder, then the ones beside the binary.
  package static func themeCatalog(environment: [String: String]) -> ThemeCatalog {
    ThemeCatalog.standard(
      configFolder: StoreLocation.configFolder(environment: environment),
      executablePath: Spawner.executablePath)
  }

  /// The whole file; nil when it does not exist. Reading stops just past the largest file
  /// `Configuration.parse` accepts, which then says it is too large.
  package static func readBytes(_ path: String) throws -> [UInt8]? {
    switch UserFile.read(path, upTo: Configuration.maximumFileBytes) {
    case .success(let bytes): return bytes
    case .failure(let failure):
      // A problem with the configuration: a status line shows it in the island's place.
      throw ConfigurationProblem(path: path, line: nil, reason: failure.reason, exitStatus: .ioError)
    }
  }

  /// Sets one key in the file, keeping every other line as it was, byte for byte: comments,
  /// a byte-order mark, the file's line endings, even lines that do not parse; and on the
  /// key's own line its indent and its comment.
  package static func save(_ key: String, _ value: String, environment: [String: String]) throws {
    let path = path(environment: environment)
    let old = try readBytes(path) ?? []
    guard old.count <= Configuration.maximumFileBytes else {
      throw CommandFailure(
        message: "\(path) is larger than a configuration file can be (64 KiB); \(key) was not saved",
        status: .usage)
    }
    let ending: [UInt8] =
      old.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }).map { at in
        old[at] == 0x0A ? [0x0A] : at + 1 < old.count && old[at + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
      } ?? [0x0A]
    var lines = Configuration.lines(of: old).map(Array.init)
    let setting = Array("\(key) = \(value)".utf8)
    // The last line with the key is the one in effect.
    if let index = lines.lastIndex(where: {
      Configuration.key(ofLine: String(decoding: $0, as: UTF8.self)) == key
    }) {
      // Only the value changes: the line's indent and its comment, spaces before it, stay.
      let line = lines[index]
      let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
      let indent = line.prefix(while: blank)
      var comment: ArraySlice<UInt8> = []
      if let hash = line.firstIndex(of: UInt8(ascii: "#")) {
        var start = hash
        while start > indent.count && blank(line[start - 1]) { start -= 1 }
        comment = start == hash ? [0x20] + line[hash...] : line[start...]
      }
      lines[index] = Array(indent) + setting + Array(comment)
    } else {
      lines.append(setting)
    }
    var bytes: [UInt8] = old.starts(with: [0xEF, 0xBB, 0xBF]) ? [0xEF, 0xBB, 0xBF] : []
    for line in lines { bytes += line + ending }
    // A configuration that is a link (as dotfile managers make) is saved where it points, and
    // the link is kept.
    let target = (try? StoreLocation.canonical(path)) ?? path
    do {
      try makeFolders(above: target)
    } catch {
      throw CommandFailure(message: "cannot write \(path): \(error.message)", status: .ioError)
    }
    let temporary = target + ".tmp"
    // A file the user made keeps the permissions they gave it; a new one is private.
    var info = stat()
    let mode = stat(target, &info) == 0 ? info.st_mode & 0o777 : 0o600
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    guard fd >= 0 else {
      throw CommandFailure(
        message: "cannot write \(path): \(String(cString: strerror(errno)))", status: .ioError)
    }
    fchmod(fd, mode)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count, rename(temporary, target) == 0 else {
      unlink(temporary)
      throw CommandFailure(
        message: "cannot write \(path): \(String(cString: strerror(errno)))", status: .ioError)
    }
  }
}
