/// A host whose live activities the local island shows beside its own
/// (`remote.NAME = [user@]host`): OpenSSH reaches it, by `address` as `ssh` takes it (an alias
/// of `~/.ssh/config` included), and its activities are marked `@NAME`.
public struct RemoteHost: Hashable, Sendable {
  /// How its activities are marked: `Build@NAME`, `islet pause --host NAME`.
  public var name: String
  /// What `ssh` is given: `host`, `user@host`, or an alias of the ssh configuration.
  public var address: String

  public init(name: String, address: String) {
    self.name = name
    self.address = address
  }

  /// A host's name: lowercase letters, digits and -, 1 to 32 of them, starting with a letter
  /// or digit, so that `@NAME` ends any activity's name unambiguously.
  public static func isName(_ text: String) -> Bool {
    guard (1...32).contains(text.count), let first = text.unicodeScalars.first, first != "-" else {
      return false
    }
    return text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
    }
  }

  /// What is wrong with `address` as ssh's destination, or nil: printable ASCII with no space,
  /// quote or shell character, not starting with `-` (ssh would read an option), at most one `@`.
  public static func problem(address: String) -> String? {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-_@:[]%".unicodeScalars)
    guard !address.isEmpty, address.count <= 255 else { return "give [user@]host, as ssh takes it" }
    guard !address.hasPrefix("-") else { return "a host cannot start with -" }
    guard address.unicodeScalars.allSatisfy(allowed.contains),
      address.filter({ $0 == "@" }).count <= 1, !address.hasSuffix("@")
    else { return "give [user@]host with letters, digits and . - _ : only" }
    return nil
  }

  /// The id a remote activity has here: its own id, marked with its host.
  public static func markedID(_ id: String, host: String) -> String { "\(id)@\(host)" }

  /// `text` split at its last `@` when what follows is one of `hosts`: the activity as the
  /// host knows it, and the host.
  public static func split(_ text: String, among hosts: [RemoteHost]) -> (String, RemoteHost)? {
    guard let at = text.lastIndex(of: "@") else { return nil }
    let name = String(text[text.index(after: at)...])
    guard let host = hosts.first(where: { $0.name == name }) else { return nil }
    return (String(text[..<at]), host)
  }
}
