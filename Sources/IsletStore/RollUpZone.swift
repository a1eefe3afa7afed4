#if canImport(Glibc)
  import Glibc
#endif

/// The zone a roll-up's local days are in: its name (`TZ` when set, else where
/// `/etc/localtime` leads) and a fingerprint of the zone file `localtime_r` reads, so that a
/// file changed under the same name (a copied `/etc/localtime` replaced, a tzdata update, a
/// `TZ` path rewritten) leaves the roll-up stale as a new name does. A `TZ` that names no file
/// is a rule of its own (`EST5EDT`): its text is the whole of it.
public enum RollUpZone {
  /// `TZ=Europe/Paris 5c0b…`, `/usr/share/zoneinfo/Europe/Paris 5c0b…`.
  public static var identity: String {
    let name: String
    var file: String?
    if let value = getenv("TZ") {
      let tz = String(cString: value)
      name = "TZ=" + tz
      // As glibc reads it: a leading ':' dropped, a relative name in TZDIR or the zoneinfo folder.
      let path = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
      if !path.isEmpty {
        file =
          path.hasPrefix("/")
          ? path : (getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo") + "/" + path
      }
    } else {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let length = readlink("/etc/localtime", &buffer, buffer.count - 1)
      name = length > 0 ? String(decoding: buffer.prefix(length), as: UTF8.self) : "/etc/localtime"
      file = "/etc/localtime"
    }
    guard let file, let print = fingerprint(of: file) else { return name }
    return name + " " + print
  }

  /// The 64-bit FNV-1a hash of a zone file's bytes, in hex; nil when it is no regular file that
  /// can be read, or larger than any zone file. A few kilobytes: no cost beside a report's.
  static func fingerprint(of path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 1 << 20 else { return nil }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    var buffer = [UInt8](repeating: 0, count: 8192)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      for byte in buffer[..<count] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }
    return String(hash, radix: 16)
  }
}
