import Foundation
import IsletCLITestSupport
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

  /// Starts `status --follow --format FORMAT` (and `more`) with a pipe for its stdin.
  func follow(_ format: String, _ more: [String] = []) throws -> (Follower, FileHandle) {
    let (follower, input) = try followPiped(format, more)
    return (follower, input.fileHandleForWriting)
  }

  func followPiped(_ format: String, _ more: [String] = []) throws -> (Follower, Pipe) {
    let input = Pipe()
    let follower = try Follower(in: islet, ["--format", format] + more, input: input)
    return (follower, input)
  }

  /// i3bar's clicks always; i3blocks' when its snippet (1.5 and later) asks with --read-clicks.
  @Test(arguments: [["i3blocks", "--read-clicks"], ["i3bar"]])
  func aClickOnTheBlockTogglesAndTheLineSaysSo(arguments: [String]) throws {
    let format = arguments[0]
    #expect(try islet.binary("start", "--name", "Work").status == 0)
    let (follower, clicks) = try follow(format, Array(arguments.dropFirst()))
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

  /// On a program's activity with buttons, i3bar's left click presses its first button, sent
  /// to that activity: recorded as `pressed` from the mouse, and the activity runs on.
  @Test func aLeftClickOnAPostedActivityPressesItsFirstButton() throws {
    #expect(try islet.binary("start", "--name", "Tea").status == 0)
    #expect(
      try islet.binary("start", "--name", "Deploy", "--relevance", "5", "--button", "Approve=true").status
        == 0)
    let (follower, clicks) = try follow("i3bar", [])
    defer { follower.stop() }
    #expect(follower.waitForLine { $0.contains("Deploy") }, "\(follower)")
    clicks.write(Data("[\n{\"name\":\"islet\",\"button\":1}\n".utf8))
    func pressed() throws -> [Event] {
      let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
      defer { reader.close() }
      return try reader.history().filter { $0.kind == .pressed }
    }
    #expect(eventually { ((try? pressed()) ?? []).count == 1 }, "the click pressed nothing")
    let press = try #require(try pressed().first)
    #expect(press.name == "Deploy" && press.detail == "Approve" && press.source == .mouse, "\(press)")
  }

  /// i3blocks 1.4's block inherits i3bar's click stream for the whole bar: without
  /// --read-clicks the follower leaves it to i3blocks, every byte, even clicks named islet.
  @Test(arguments: ["i3blocks", "waybar", "polybar", "i3status-rs"])
  func withoutReadClicksStdinIsLeftAlone(format: String) throws {
    #expect(try islet.binary("start", "--name", "Work").status == 0)
    let (follower, input) = try followPiped(format)
    defer { follower.stop() }
    #expect(follower.waitForLine { $0.contains("Work") }, "\(follower)")
    let stream = "[\n{\"name\":\"clock\",\"button\":1}\n,{\"name\":\"islet\",\"button\":1}\n"
    input.fileHandleForWriting.write(Data(stream.utf8))
    // A commit wakes the follower with the clicks waiting beside it: one poll sees both.
    #expect(try islet.binary("start", "--name", "Tea").status == 0)
    #expect(follower.waitForLine { $0.contains("Tea") }, "\(follower)")
    // What i3blocks would read next is all still there. (The read end is the follower's
    // alone now; the pipe says how much it holds through either end.)
    var left: Int32 = 0
    #expect(ioctl(input.fileHandleForWriting.fileDescriptor, UInt(FIONREAD), &left) == 0)
    #expect(
      Int(left) == stream.utf8.count, "the follower read \(stream.utf8.count - Int(left)) bytes of stdin")
    let reader = try #require(try SQLiteActivityStore.openForReading(path: islet.storePath))
    defer { reader.close() }
    #expect(try reader.liveActivities().map(\.state.phase) == [.active, .active], "a click paused one")
  }
}
