import Foundation
import Testing

@testable import IsletCore
@testable import IsletStore

/// A bar's follower: i3bar's protocol header once, then a line at each change, and the bar's
/// clicks read from stdin sent as intents.
@Suite struct BarFollowTests {
  let islet = Sandbox()

  func phase() throws -> Phase? {
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    return try reader.liveActivities().first?.state.phase
  }

  /// Starts `status --follow --format FORMAT` with a pipe for its stdin.
  func follow(_ format: String) throws -> (Follower, FileHandle) {
    let input = Pipe()
    let follower = try Follower(in: islet, ["--format", format], input: input)
    return (follower, input.fileHandleForWriting)
  }

  @Test(arguments: ["i3blocks", "i3bar"])
  func aClickOnTheBlockTogglesAndTheLineSaysSo(format: String) throws {
    #expect(try islet.binary("start", "--name", "Work").status == 0)
    let (follower, clicks) = try follow(format)
    defer { follower.stop() }
    #expect(follower.waitForLine { $0.contains("Work") }, "\(follower)")
    if format == "i3bar" {
      // The protocol's header, then the opening of the endless array, once.
      #expect(follower.lines.prefix(2) == ["{\"version\":1,\"click_events\":true}", "["], "\(follower)")
    }
    let click =
      format == "i3bar" ? "[\n{\"name\":\"islet\",\"button\":1}\n" : "{\"name\":\"islet\",\"button\":1}\n"
    clicks.write(Data(click.utf8))
    #expect(eventually { (try? phase()) == .paused }, "the click did not pause Work")
    #expect(follower.waitForLine { $0.contains("⏸") }, "\(follower)")
    // Garbage is ignored; a right click completes.
    clicks.write(Data("not json\n,{\"name\":\"islet\",\"button\":3}\n".utf8))
    #expect(eventually { (try? phase()) == nil }, "the right click did not complete Work")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(try reader.history().map(\.source) == [.cli, .mouse, .mouse])
  }
}
