import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCore
@testable import IsletStore

/// Store paths of every shape reach one file, the one SQLite writes beside, and every process
/// (the detached watcher included) agrees on it; a path that cannot be a store is refused in one
/// line.
@Suite struct StorePathTests {
  let islet = Sandbox()

  /// The built binary run in `folder`, with the store left to `--db` or `ISLET_DB` as given.
  func run(_ arguments: [String], in folder: String, extra: [String: String] = [:]) throws -> Run {
    var environment = islet.environment
    environment["ISLET_DB"] = nil
    return Binary.finish(
      try Binary.start(arguments, environment: environment.merging(extra) { $1 }, folder: folder))
  }

  func folder(_ name: String) throws -> String {
    let path = islet.folder.file(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// Whether process `pid` has the store open as a writer does (its WAL index mapped).
  func hasOpen(_ pid: Int32, _ store: String) -> Bool {
    // /proc files say they are empty: read them to their end rather than by their size.
    let maps = FileHandle(forReadingAtPath: "/proc/\(pid)/maps")?.readDataToEndOfFile() ?? Data()
    return String(decoding: maps, as: UTF8.self).contains(store + "-shm")
  }

  /// Whether the process watches its store (an inotify descriptor with a watch on it): `wait`
  /// opens the store once to see that it exists before it opens it for good and watches it.
  func isWatching(_ pid: Int32) -> Bool {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fdinfo")) ?? []
    return descriptors.contains { descriptor in
      let info =
        FileHandle(forReadingAtPath: "/proc/\(pid)/fdinfo/\(descriptor)")?.readDataToEndOfFile() ?? Data()
      return String(decoding: info, as: UTF8.self).contains("inotify wd:")
    }
  }

  /// Whether the process sleeps in its watcher's poll (ppoll or poll): `wait` has then looked at
  /// the store it watches, and a store removed now is the removal it waits to report.
  func isAsleepInPoll(_ pid: Int32) -> Bool {
    let call = FileHandle(forReadingAtPath: "/proc/\(pid)/syscall")?.readDataToEndOfFile() ?? Data()
    let number = String(decoding: call, as: UTF8.self).split(separator: " ").first
    return number == "271" || number == "7"
  }

  func events(_ path: String) throws -> [EventKind] {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: path))
    defer { reader.close() }
    return try reader.history().map(\.kind)
  }

  @Test(arguments: [["--db", "work.db"], ["ISLET_DB=work.db"]])
  func aBareFileNameIsAStoreInTheCurrentFolder(_ how: [String]) throws {
    let here = try folder("here")
    let extra = how[0].hasPrefix("ISLET_DB=") ? ["ISLET_DB": "work.db"] : [:]
    let db = how[0] == "--db" ? how : []
    let started = try run(db + ["start", "1s", "--name", "Egg"], in: here, extra: extra)
    #expect(started.status == 0 && started.stderr.isEmpty, "\(started)")
    let listed = try run(db + ["list"], in: here, extra: extra)
    #expect(listed.status == 0 && listed.stdout.contains("Egg"), "\(listed)")
    // The detached watcher, started from this folder, records the finish at the deadline.
    let file = here + "/work.db"
    #expect(eventually { (try? events(file))?.contains(.finished) == true }, "\((try? events(file)) ?? [])")
    let waited = try run(db + ["wait", "Egg"], in: here, extra: extra)
    #expect(waited.status == 0, "\(waited)")
  }

  /// Every spelling of one file is that file: through `..`, `.`, doubled slashes, a relative
  /// path from elsewhere, and a link.
  @Test func everySpellingOfAPathReachesTheSameStore() throws {
    let home = try folder("home")
    _ = try folder("home/sub")
    let canonical = home + "/stores/work.db"
    let started = try run(["--db", "sub/../stores/./work.db", "start", "--name", "Spelled"], in: home)
    #expect(started.status == 0, "\(started)")
    #expect(FileManager.default.fileExists(atPath: canonical), "the folders along the path were made")
    try FileManager.default.createSymbolicLink(
      atPath: home + "/link.db", withDestinationPath: "stores/work.db")
    for spelling in [canonical, home + "//stores//work.db", "stores/work.db", "./link.db", "sub/../link.db"] {
      let listed = try run(["--db", spelling, "list"], in: home)
      #expect(listed.status == 0 && listed.stdout.contains("Spelled"), "\(spelling): \(listed)")
    }
    #expect(!FileManager.default.fileExists(atPath: home + "/link.db-wal"), "no second WAL beside the link")
  }

  /// A link to a store not made yet (as a dotfile manager leaves one) makes it where it points.
  @Test func aLinkToAStoreNotMadeYetMakesTheFileItNames() throws {
    let home = try folder("home")
    try FileManager.default.createSymbolicLink(
      atPath: home + "/islet.db", withDestinationPath: "real/deep/islet.db")
    let started = try run(["--db", "islet.db", "start", "--name", "Dotfile"], in: home)
    #expect(started.status == 0, "\(started)")
    #expect(FileManager.default.fileExists(atPath: home + "/real/deep/islet.db"))
    let attributes = try FileManager.default.attributesOfItem(atPath: home + "/islet.db")
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link is kept as a link")
  }

  /// Through a link, an open `wait` sees another shell's intent, and the sleeping deadline
  /// watcher sees a new, earlier deadline: both watch the folder SQLite writes in.
  @Test func aLinkedStoreIsWatchedWhereSQLiteWritesIt() throws {
    let home = try folder("home")
    _ = try folder("home/real")
    try FileManager.default.createSymbolicLink(
      atPath: home + "/islet.db", withDestinationPath: "real/islet.db")
    let link = ["--db", home + "/islet.db"]
    #expect(try run(link + ["start", "1h", "--name", "Long"], in: home).status == 0)
    let waiting = try Binary.start(
      link + ["wait", "Long", "--timeout", "60s"], environment: islet.environment)
    let process = waiting.0
    #expect(
      eventually {
        hasOpen(process.processIdentifier, home + "/real/islet.db") && isWatching(process.processIdentifier)
      })
    // The watcher is asleep until the hour's end; a countdown of a second now ends first.
    #expect(try run(link + ["start", "1s", "--name", "Short"], in: home).status == 0)
    let file = home + "/real/islet.db"
    #expect(eventually { (try? events(file))?.contains(.finished) == true }, "\((try? events(file)) ?? [])")
    #expect(try run(link + ["complete", "Long"], in: home).status == 0)
    #expect(eventually { !process.isRunning }, "wait saw the completion made in another shell")
    if process.isRunning { process.terminate() }
    let waited = Binary.finish(waiting)
    #expect(waited.status == 0, "\(waited)")
  }

  /// A store removed or replaced under a `wait` ends it in one line, exit 74.
  @Test(arguments: ["removed", "replaced"])
  func aStoreGoneFromUnderAWaitEndsItInOneLine(_ how: String) throws {
    #expect(try islet.binary("start", "--name", "Held").status == 0)
    let started = try Binary.start(["wait", "Held"], environment: islet.environment)
    // The wait is in place once it watches the store and sleeps: before its first look, a
    // removed store would be made anew and found empty.
    #expect(
      eventually {
        isWatching(started.0.processIdentifier) && isAsleepInPoll(started.0.processIdentifier)
      })
    if how == "removed" {
      unlink(islet.storePath)
    } else {
      let other = islet.folder.file("other.db")
      #expect(try islet.binary("start", extra: ["ISLET_DB": other]).status == 0)
      rename(other, islet.storePath)
    }
    #expect(eventually { !started.0.isRunning })
    if started.0.isRunning { started.0.terminate() }
    let waited = Binary.finish(started)
    #expect(waited.status == 74, "\(waited)")
    #expect(waited.stderr.contains("was removed or replaced while waiting"), "\(waited)")
    #expect(waited.stderr.split(separator: "\n").count == 1, "\(waited)")
  }

  @Test(arguments: [
    ("state/", "it names a folder; give a file path such as state/islet.db"),
    (".", "it names a folder"),
    ("state/islet/..", "it names a folder"),
    ("config/islet/config/x.db", "a part of the path is a file, not a folder"),
  ])
  func aPathThatCannotBeAStoreIsRefusedInOneLine(_ path: String, _ said: String) throws {
    islet.writeConfig("bell = on\n")
    let home = islet.folder.path
    let result = try run(["--db", path, "start"], in: home)
    #expect(result.status == 74, "\(path): \(result)")
    #expect(result.stderr.contains(said) && result.stderr.hasPrefix("Error: "), "\(path): \(result)")
    #expect(result.stderr.split(separator: "\n").count == 1, "\(path): \(result)")
    #expect(result.stdout.isEmpty)
  }

  /// A current folder or a link target that is not UTF-8 is refused: repaired, it would name
  /// another folder (and one would be made).
  @Test(arguments: [
    (
      #"mkdir -p "$1/cw$(printf '\377')" && cd "$1/cw$(printf '\377')" && exec "$0" --db work.db start"#,
      "the current folder"
    ),
    (#"ln -s "$1/tg$(printf '\376')/s.db" "$1/link.db" && exec "$0" --db "$1/link.db" start"#, "the link"),
  ])
  func aPathThatIsNotUTF8OnTheWayIsRefused(_ script: String, _ said: String) throws {
    let home = try folder("home")
    let result = try Binary.run(
      ["-c", script, Binary.path, home], environment: islet.environment, executable: "/bin/sh")
    #expect(result.status == 74, "\(result)")
    #expect(result.stderr.contains(said) && result.stderr.contains("which is not valid UTF-8"), "\(result)")
    // Only what the script made: no second folder or link target, under a repaired name.
    let entries = try FileManager.default.contentsOfDirectory(atPath: home)
    #expect(entries.count == 1, "\(entries)")
  }

  /// Folders to make are not links to follow: a store 45 folders down is made.
  @Test func aDeepPathIsMadeFolderByFolder() throws {
    let home = try folder("home")
    let deep = (0..<45).map { "d\($0)" }.joined(separator: "/") + "/x.db"
    let started = try run(["--db", deep, "start"], in: home)
    #expect(started.status == 0, "\(started)")
    #expect(FileManager.default.fileExists(atPath: home + "/" + deep))
  }

  /// Many first users of a store that does not exist yet, writers and readers at once: every
  /// start lands, no reader calls it another program's file.
  @Test func manyFirstUsersOfANewStoreAllSucceed() throws {
    for round in 0..<5 {
      let path = islet.folder.file("new-\(round)/islet.db")
      let environment = islet.environment.merging(["ISLET_DB": path]) { $1 }
      let writers = try (0..<10).map { _ in try Binary.start(["start", "5m"], environment: environment) }
      let readers = try (0..<5).map { _ in try Binary.start(["status"], environment: environment) }
      for writer in writers {
        let result = Binary.finish(writer)
        #expect(result.status == 0 && result.stderr.isEmpty, "round \(round): \(result)")
      }
      for reader in readers {
        let result = Binary.finish(reader)
        #expect([0, 1].contains(result.status) && result.stderr.isEmpty, "round \(round): \(result)")
      }
      let listed = try Binary.run(["list", "--json"], environment: environment)
      #expect(listed.stdout.components(separatedBy: "\"id\"").count - 1 == 10, "round \(round): \(listed)")
    }
  }
}
