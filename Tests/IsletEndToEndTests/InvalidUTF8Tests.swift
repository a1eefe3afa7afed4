import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletStore

/// Bytes that are not UTF-8 in an argument, or in a variable Islet reads as a path, are refused
/// (exit 64, the bytes shown escaped), never repaired into another name or another file.
@Suite struct InvalidUTF8Tests {
  let islet = Sandbox()

  /// Runs the binary through /bin/sh, whose printf makes the raw bytes (`\377` is 0xFF).
  func shell(_ script: String, _ arguments: String...) throws -> Run {
    try Binary.run(
      ["-c", script, Binary.path] + arguments, environment: islet.environment, executable: "/bin/sh")
  }

  static let startUsage =
    "Usage: islet start [DURATION | WORK/BREAK | --until HH:MM | --plan NAME] [--rounds N] [--advance WHEN] [--auto] [--ask] [--long-break DURATION] [--cue N] [--name N] [--icon I] [--id REF] [--owner U] [--category C] [--tag T] [--switch] [--no-switch] [--relevance R] [--stale-after DURATION] [--paused] [--expect DURATION] [--ago DURATION] [--at HH:MM] [--in DURATION] [--from-tmux-buffer B] [--state TEXT] [--progress P] [--attention TEXT] [--button LABEL=CMD]\n"

  var nothingLive: Bool {
    (try? islet.binary("list", "--json").stdout) == "[]\n"
  }

  @Test func anArgumentThatIsNotUTF8IsRefusedNotRepaired() throws {
    let run = try shell(#"exec "$0" start --name "$(printf 'Tea\377')""#)
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr: """
            Error: argument 3 is not valid UTF-8 ('Tea\\xFF'); give it as UTF-8 text

            """ + Self.startUsage))
    #expect(nothingLive, "a timer was started under a repaired name")
  }

  @Test func aStorePathThatIsNotUTF8NamesNoOtherFile() throws {
    let folder = islet.folder.file("stores")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let run = try shell(#"exec "$0" start --db "$(printf '%s/\377.db' "$1")""#, folder)
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr: "Error: argument 3 is not valid UTF-8 ('\(folder)/\\xFF.db'); give it as UTF-8 text\n"
            + Self.startUsage))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
  }

  @Test func aPathVariableThatIsNotUTF8IsRefusedByName() throws {
    let run = try shell(#"ISLET_DB="$(printf '/tmp/\377.db')" exec "$0" start"#)
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: ISLET_DB is not valid UTF-8 ('/tmp/\\xFF.db'); set it to a UTF-8 path, or unset it\n"))
    #expect(nothingLive)
  }

  @Test func aBrokenVariableIsletDoesNotReadStopsNothing() throws {
    let run = try shell(#"FOO="$(printf '\377')" LESS="$(printf '\376')" exec "$0" start --name Tea"#)
    #expect(run.status == 0 && run.stderr == "", "\(run)")
    #expect(try islet.binary("status").stdout.hasPrefix("⏱ Tea"))
  }

  /// In process, over the rules for which variables a command line reads.
  func outcome(_ arguments: [String], environment changes: [String: [UInt8]]) -> (Int32, String) {
    var environment = islet.environment.mapValues { Array($0.utf8) }
    for (name, value) in changes { environment[name] = value.isEmpty ? nil : value }
    let raw = RawCommandLine(
      arguments: arguments.map { Array($0.utf8) },
      environment: environment.map { Array($0.key.utf8) + [UInt8(ascii: "=")] + $0.value })
    let console = RecordingConsole()
    let status = CommandLineInterface.run(raw, handlers: [], console: console)
    return (status, console.stderr)
  }

  @Test func onlyTheVariablesAPathIsReadFromAreChecked() {
    let broken: [UInt8] = Array("/tmp/".utf8) + [0xFF]
    // ISLET_DB: read unless --db replaces it; never for help or the version.
    #expect(outcome(["list"], environment: ["ISLET_DB": broken]).0 == 64)
    #expect(outcome(["list", "--db", islet.storePath], environment: ["ISLET_DB": broken]).0 == 0)
    #expect(outcome(["list", "--db=\(islet.storePath)"], environment: ["ISLET_DB": broken]).0 == 0)
    #expect(outcome(["--version"], environment: ["ISLET_DB": broken]).0 == 0)
    #expect(outcome(["help", "start"], environment: ["ISLET_DB": broken]).0 == 0)
    #expect(outcome(["tmux"], environment: ["ISLET_DB": broken]).0 == 0)
    // XDG folders: read when absolute; a relative one is ignored, as the XDG rules say.
    #expect(
      outcome(["list"], environment: ["XDG_CONFIG_HOME": broken])
        == (
          64,
          "Error: XDG_CONFIG_HOME is not valid UTF-8 ('/tmp/\\xFF'); set it to a UTF-8 path, or unset it\n"
        ))
    #expect(outcome(["list"], environment: ["XDG_STATE_HOME": broken]).0 == 64)
    #expect(outcome(["list"], environment: ["XDG_STATE_HOME": [0x61, 0xFF]]).0 == 0)
    // HOME: read only where an XDG folder is missing.
    #expect(outcome(["list"], environment: ["HOME": broken]).0 == 0)
    #expect(outcome(["list"], environment: ["HOME": broken, "XDG_CONFIG_HOME": []]).0 == 64)
    // Anything else is passed on, never refused.
    #expect(outcome(["list"], environment: ["LS_COLORS": [0xFF, 0xFE]]).0 == 0)
  }

  @Test func theBytesAreShownEscapedNeverRaw() {
    #expect(escaped([0x61, 0xFF, 0xC3, 0xA9, 0x0A, 0x5C, 0xE2, 0x82]) == "a\\xFFé\\n\\\\\\xE2\\x82")
    #expect(escaped(Array(repeating: 0xFF, count: 100)).hasSuffix("…"))
  }
}
