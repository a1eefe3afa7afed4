import IsletCore
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// The remote hosts' live activities as every reader here shows them beside the local ones:
/// what the link last kept (`RemoteLink`), marked with the host, stale while the host cannot be
/// reached, and as time has left them since (a countdown of theirs finishes here on time).
package enum RemoteLive {
  /// The configured `hosts`' activities at `now`; a link is started when none follows them.
  package static func activities(
    in store: SQLiteActivityStore, hosts: [RemoteHost], environment: [String: String], now: Instant,
    policy: TimePolicy
  ) -> [Activity] {
    TimerEngine.settled(kept(in: store, hosts: hosts, environment: environment), at: now, policy: policy).0
  }

  /// What the link last kept of the configured `hosts`, as they said it: a reader that
  /// redraws as time passes reads it again only when the store changes, and settles it at each
  /// redraw's instant. A link is started when none follows them.
  package static func kept(in store: SQLiteActivityStore, hosts: [RemoteHost], environment: [String: String])
    -> [Activity]
  {
    guard !hosts.isEmpty else { return [] }
    RemoteLinkLauncher.ensure(storePath: store.path, environment: environment)
    let records = (try? store.remoteHosts()) ?? []
    return records.filter { record in hosts.contains { $0.name == record.name } }.flatMap(activities)
  }

  /// What `record` last said, marked stale while it has a problem.
  package static func activities(_ record: RemoteHostRecord) -> [Activity] {
    guard let live = record.live, let heardAt = record.heardAt,
      case .success(let snapshot) = RemoteSnapshot.parse(Array(live.utf8), host: record.name)
    else { return [] }
    return snapshot.shown(heardAt: heardAt, stale: record.problem != nil)
  }
}

/// Starts the store's `islet __remote` when hosts are configured and none runs: readers call
/// it, so a link that was killed is replaced by the next command that looks.
package enum RemoteLinkLauncher {
  package static func ensure(storePath path: String, environment: [String: String]) {
    guard !SQLiteActivityStore.isSealed(path), (try? makeFolders(above: path)) != nil else { return }
    let fd = open(RemoteLink.lockPath(storePath: path), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return }
    defer { close(fd) }
    // A link holds the lock while it runs.
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return }
    flock(fd, LOCK_UN)
    Spawner.spawn(
      [Spawner.selfExecutable, "__remote", "--db", path],
      environment: HookRunner.environment(environment, storePath: path))
  }
}
