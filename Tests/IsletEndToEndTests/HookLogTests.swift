import Foundation
import IsletCLITestSupport
import IsletStore
import Testing

@testable import IsletCore

/// A failing hook is logged however much of hooks.log's path is missing, and when it cannot be
/// logged at all the command that ran it says so.
@Suite struct HookLogTests {
  let islet = Sandbox()

  var hooks: String { islet.folder.file("config/islet/hooks") }

  func hook(_ event: String, _ script: String) throws { try islet.hook(event, script) }

  func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

  @Test func aFailureIsLoggedWhenTheStateFolderDoesNotExistYet() throws {
    try hook("started", "#!/bin/sh\nexit 3\n")
    let state = islet.folder.file("a/b/c")
    let log = state + "/islet/hooks.log"
    let started = try islet.binary(
      "start", "--name", "Focus",
      extra: ["XDG_STATE_HOME": state, "ISLET_DB": islet.folder.file("elsewhere.db")])
    #expect(started.status == 0 && started.stderr == "", "\(started)")
    let id = started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      eventually { text(log).contains(" started \(id): \(hooks)/started exited with status 3\n") },
      "hooks.log: \(text(log).debugDescription)")
    for folder in ["a", "a/b", "a/b/c", "a/b/c/islet"] {
      #expect(islet.folder.mode(folder) == 0o700, "\(folder)")
    }
    #expect(islet.folder.mode("a/b/c/islet/hooks.log") == 0o600)
  }

  @Test func aFileWhereTheLogsFolderShouldBeIsSaidAndTheHookStillRuns() throws {
    let ran = islet.folder.file("ran")
    try hook("started", "#!/bin/sh\ntouch '\(ran)'\nexit 3\n")
    islet.folder.write("plain", Array("not a folder\n".utf8))
    let started = try islet.binary(
      "start", "--name", "Focus",
      extra: [
        "XDG_STATE_HOME": islet.folder.file("plain/state"), "ISLET_DB": islet.folder.file("elsewhere.db"),
      ])
    #expect(started.status == 0 && started.stdout.count == 5, "\(started)")
    #expect(
      started.stderr
        == "islet: hook failures cannot be logged in \(islet.folder.file("plain/state/islet/hooks.log")): "
        + "\(islet.folder.file("plain")) is a file, not a folder\n")
    #expect(eventually { access(ran, F_OK) == 0 }, "the hook did not run")
    #expect(text(islet.folder.file("plain")) == "not a folder\n")
  }

  @Test func folderMakingNamesWhatStandsInTheWay() throws {
    islet.folder.write("plain", [])
    #expect(throws: FolderFailure(folder: islet.folder.file("plain"), code: ENOTDIR)) {
      try makeFolders(above: islet.folder.file("plain/x/y/file"))
    }
    #expect(throws: FolderFailure(folder: islet.folder.file("plain"), code: ENOTDIR)) {
      try makeFolders(above: islet.folder.file("plain/file"))
    }
    try makeFolders(above: islet.folder.file("p/q/file"))
    #expect(islet.folder.mode("p/q") == 0o700)
    try makeFolders(above: islet.folder.file("p/q/file"))
  }
}
