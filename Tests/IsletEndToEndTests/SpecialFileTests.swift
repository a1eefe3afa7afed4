import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletStore

/// A configuration or theme that is not a regular file (a named pipe, a folder, a socket, a
/// device) is refused with one line, and never read: a pipe with no writer would hang every
/// command, the status line's included, and `/dev/zero` would never end.
@Suite struct SpecialFileTests {
  let islet = Sandbox()
  var configPath: String { islet.folder.file("config/islet/config") }

  /// The kinds of file that are not regular, each made at `path`, and how the refusal names it.
  static let kinds: [(name: String, says: String)] = [
    ("named pipe", "a named pipe"), ("folder", "a folder"), ("socket", "a socket"),
    ("device", "a character device"),
  ]

  func make(_ kind: String, at path: String) throws {
    try FileManager.default.createDirectory(
      atPath: StoreLocation.parent(of: path), withIntermediateDirectories: true)
    switch kind {
    case "named pipe": #expect(mkfifo(path, 0o600) == 0)
    case "folder": #expect(mkdir(path, 0o700) == 0)
    case "socket":
      let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
      }
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      #expect(bound == 0, "cannot make a socket at \(path)")
      close(fd)
    default: #expect(symlink("/dev/zero", path) == 0)
    }
  }

  /// Runs the binary and gives its run, or nil when it has not ended within 10 seconds (it is
  /// then killed).
  func boundedRun(_ arguments: [String]) throws -> Run? {
    let started = try Binary.start(arguments, environment: islet.environment)
    let process = started.0
    guard eventually(within: 10, { !process.isRunning }) else {
      kill(process.processIdentifier, SIGKILL)
      _ = Binary.finish(started)
      return nil
    }
    return Binary.finish(started)
  }

  @Test(arguments: kinds)
  func aConfigurationThatIsNotARegularFileIsRefusedByEveryReader(kind: String, says: String) throws {
    try make(kind, at: configPath)
    let line = "\(configPath) is \(says), not a regular file; make it a file, or remove it"
    for arguments in [["status"], ["start", "5m"], ["list"], ["log"], ["alert", "test"]] {
      let run = try #require(
        try boundedRun(arguments), "islet \(arguments) hung on a config that is a \(kind)")
      #expect(run == Run(status: 74, stdout: "", stderr: "Error: \(line)\n"), "islet \(arguments)")
    }
    // The status line shows it in the island's place.
    let tmux = try #require(try boundedRun(["status", "--format", "tmux"]), "the status line hung")
    #expect(tmux.stdout == "islet: config is \(says), not a regular file\n", "\(tmux)")
    #expect(tmux.status == 74, "\(tmux)")
  }

  @Test(arguments: kinds)
  func aThemeThatIsNotARegularFileIsRefusedWhereverItIsNamed(kind: String, says: String) throws {
    let theme = islet.folder.file("config/islet/themes/odd.json")
    try make(kind, at: theme)
    let detail = "cannot read the theme file \(theme): it is \(says), not a regular file"
    // Named by --theme, as a path and by its name in the themes folder.
    for reference in [theme, "odd"] {
      let run = try #require(try boundedRun(["status", "--theme", reference]), "--theme \(reference) hung")
      #expect(run == Run(status: 74, stdout: "", stderr: "Error: \(detail)\n"), "--theme \(reference)")
    }
    // Named by the configuration.
    islet.writeConfig("theme = odd\n")
    let run = try #require(try boundedRun(["status"]), "theme = odd hung")
    #expect(run == Run(status: 74, stdout: "", stderr: "Error: \(configPath):1: \(detail)\n"))
  }

  /// A follower (a bar's, the status line's) shows the refusal in the island's place, and
  /// goes on once the file is mended.
  @Test func theStatusLineFollowerShowsTheRefusalAndGoesOnWhenMended() throws {
    #expect(try islet.binary("start", "5m", "--name", "Tea", "--paused").status == 0)
    try make("named pipe", at: configPath)
    let follower = try Follower(in: islet, ["--format", "tmux", "--no-color"])
    // One stuck opening the pipe would not end on SIGTERM: killed then.
    defer {
      follower.process.terminate()
      if !eventually(within: 5, { !follower.process.isRunning }) {
        kill(follower.process.processIdentifier, SIGKILL)
      }
      follower.process.waitUntilExit()
    }
    #expect(follower.waitFor(lines: 1), "\(follower)")
    #expect(follower.lines == ["islet: config is a named pipe, not a regular file"], "\(follower)")
    unlink(configPath)
    islet.writeConfig("bell = off\n")
    #expect(follower.waitForLine { $0.contains("Tea") }, "\(follower)")
  }
}
