import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletStore

/// A clean copy of a store (no `-wal`, no `-shm`) in a folder that may not be written: a
/// backup, a store on a read-only disk. Readers read it, and leave the folder as it was;
/// writers say in one line why they cannot.
@Suite struct ReadOnlyStoreTests {
  let islet = Sandbox()

  var copyFolder: String { islet.folder.file("backup") }
  var copy: String { copyFolder + "/islet.db" }

  /// Every reading command, at the fixed clock.
  static let readings: [[String]] = [
    ["status"], ["status", "--format", "json"], ["status", "--format", "tmux"], ["list"], ["list", "--all"],
    ["list", "--json"], ["log"], ["log", "--csv"], ["report"], ["report", "--json"], ["laps", "Watch"],
  ]

  /// A store with a countdown running (a deadline a reader would start a watcher for), a
  /// stopwatch with a lap and a session done, copied whole once every connection has closed,
  /// into a folder then made read-only, the file too.
  func makeCopy() throws {
    // Nothing expires: on the real clock, years on, the countdown is still live.
    islet.writeConfig("max-idle = 0\n")
    for (at, arguments) in [
      (0, ["start", "--name", "Old"]), (60, ["complete"]), (60, ["start", "--name", "Watch"]),
      (65, ["lap"]), (70, ["start", "25m", "--name", "Tea"]),
    ] {
      let run = try Binary.run(arguments, environment: islet.environment.merging(islet.at(at)) { $1 })
      #expect(run.status == 0, "\(arguments): \(run)")
    }
    #expect(!FileManager.default.fileExists(atPath: islet.storePath + "-wal"), "the store was left open")
    try FileManager.default.createDirectory(atPath: copyFolder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: islet.storePath, toPath: copy)
    // Folders anyone may enter, for the ordinary user's turn.
    for folder in [
      islet.folder.path, copyFolder, islet.folder.file("config"), islet.folder.file("config/islet"),
    ] {
      chmod(folder, 0o755)
    }
    chmod(copy, 0o444)
    chmod(copyFolder, 0o555)
  }

  func names(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
  }

  /// As this user (root in CI, for whom the folder's mode stops nothing) and, where `setpriv`
  /// can make one, as an ordinary user: what each reading command prints of the copy is what
  /// it prints of the store, and the folder holds the copy alone, unchanged.
  @Test func everyReaderReadsAReadOnlyCopyAndLeavesItsFolderAsItWas() throws {
    try makeCopy()
    defer { chmod(copyFolder, 0o755) }
    let before = islet.folder.bytes("backup/islet.db")
    let nobody = FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") && geteuid() == 0
    if !nobody { print("as an ordinary user: skipped (needs root and /usr/bin/setpriv)") }
    for arguments in Self.readings {
      let original = try Binary.run(arguments, environment: islet.environment.merging(islet.at(80)) { $1 })
      #expect(original.status == 0, "\(arguments): \(original)")
      var copied = islet.environment.merging(islet.at(80)) { $1 }
      copied["ISLET_DB"] = copy
      var runs = [("this user", try Binary.run(arguments, environment: copied))]
      if nobody {
        runs.append(
          (
            "uid 65534",
            try Binary.run(
              ["--reuid=65534", "--regid=65534", "--clear-groups", Binary.path] + arguments,
              environment: copied, executable: "/usr/bin/setpriv")
          ))
      }
      for (who, run) in runs {
        #expect(run == original, "islet \(arguments.joined(separator: " ")) as \(who) on the read-only copy")
        #expect(
          names(in: copyFolder) == ["islet.db"], "islet \(arguments) as \(who) left files beside the copy")
      }
    }
    // On the real clock the countdown's deadline is due: no watcher is started for a copy
    // nobody writes, and no lock file is made for one.
    var real = islet.environment
    real["ISLET_DB"] = copy
    let status = try Binary.run(["status", "Tea"], environment: real)
    #expect(status.status == 0 && status.stdout.contains("Tea"), "\(status)")
    #expect(names(in: copyFolder) == ["islet.db"], "status on the real clock left files beside the copy")
    #expect(islet.folder.bytes("backup/islet.db") == before)
  }

  /// A writer cannot write there: one line naming the store and why, and the copy unchanged.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") && geteuid() == 0))
  func aWriterOnAReadOnlyCopySaysWhyInOneLine() throws {
    try makeCopy()
    defer { chmod(copyFolder, 0o755) }
    let before = islet.folder.bytes("backup/islet.db")
    var copied = islet.environment
    copied["ISLET_DB"] = copy
    let run = try Binary.run(
      ["--reuid=65534", "--regid=65534", "--clear-groups", Binary.path, "pause"], environment: copied,
      executable: "/usr/bin/setpriv")
    #expect(
      run
        == Run(
          status: 74, stdout: "",
          stderr:
            "Error: cannot use the store \(copy): Permission denied; use --db to choose a store you may read and write\n"
        ))
    #expect(islet.folder.bytes("backup/islet.db") == before)
    #expect(names(in: copyFolder) == ["islet.db"])
  }
}
