import IsletCore

/// What a remote host last said (`remote.NAME`), as the link that follows it over ssh
/// (`islet __remote`) keeps it for every reader here.
public struct RemoteHostRecord: Equatable, Sendable {
  public var name: String
  public var address: String
  /// Its last `status --all --format json` line; nil before the first.
  public var live: String?
  /// When that line, or the problem, was heard.
  public var heardAt: Instant?
  /// Why it cannot be followed now (unreachable, refused, an Islet that cannot talk); nil
  /// while it is.
  public var problem: String?

  public init(name: String, address: String, live: String?, heardAt: Instant?, problem: String?) {
    self.name = name
    self.address = address
    self.live = live
    self.heardAt = heardAt
    self.problem = problem
  }
}

extension SQLiteActivityStore {
  /// Every host followed, by name.
  public func remoteHosts() throws -> [RemoteHostRecord] {
    try guarded {
      try database.query("SELECT name, address, live, heard_at, problem FROM remote_host ORDER BY name").map {
        RemoteHostRecord(
          name: $0[0].string ?? "", address: $0[1].string ?? "", live: $0[2].string, heardAt: $0[3].instant,
          problem: $0[4].string)
      }
    }
  }

  /// Keeps what `record` says of its host, and bumps the pulse so that every follower shows it.
  /// Nothing is written when nothing changed but the time heard.
  public func keep(_ record: RemoteHostRecord) throws {
    try transaction {
      let old = try guarded {
        try database.query(
          "SELECT address, live, problem FROM remote_host WHERE name = ?", [Value(record.name)]
        )
        .first
      }
      if let old, old[0].string == record.address, old[1].string == record.live,
        old[2].string == record.problem
      {
        return
      }
      try guarded {
        _ = try database.query(
          "INSERT OR REPLACE INTO remote_host (name, address, live, heard_at, problem) VALUES (?, ?, ?, ?, ?)",
          [
            Value(record.name), Value(record.address), Value(record.live), Value(record.heardAt),
            Value(record.problem),
          ])
      }
      try markChanged()
    }
  }

  /// Forgets the hosts no longer configured, so that their activities are shown no more.
  public func forgetRemoteHosts(except names: [String]) throws {
    try transaction {
      let gone = try remoteHosts().map(\.name).filter { !names.contains($0) }
      guard !gone.isEmpty else { return }
      for name in gone {
        try guarded { _ = try database.query("DELETE FROM remote_host WHERE name = ?", [Value(name)]) }
      }
      try markChanged()
    }
  }
}
