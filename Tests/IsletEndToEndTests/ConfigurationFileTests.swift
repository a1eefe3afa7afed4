import Foundation
import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore

/// The configuration file as editors save it, read by the built binary, and written back by
/// the view's theme key without disturbing the rest.
@Suite struct ConfigurationFileTests {
  let islet = Sandbox()
  var configPath: String { islet.folder.file("config/islet/config") }

  func write(_ bytes: [UInt8]) {
    mkdir(islet.folder.file("config"), 0o700)
    mkdir(islet.folder.file("config/islet"), 0o700)
    islet.folder.write("config/islet/config", bytes)
  }

  /// A CRLF file whose first line is a comment: every setting after it takes effect.
  @Test func aCRLFFileWithALeadingCommentTakesEffect() throws {
    write(Array("# my settings\r\nicon = coffee\r\nmax-idle = 1m\r\ntheme\t=\tmono\t# grey\r\n".utf8))
    let now = ["ISLET_NOW": String(t0.milliseconds / 1000)]
    #expect(try islet.binary("start", "--name", "Tea", extra: now).status == 0)
    let later = ["ISLET_NOW": String(t0.milliseconds / 1000 + 30)]
    let status = try islet.binary("status", extra: later)
    #expect(status == Run(status: 0, stdout: "☕ Tea 0:30 ●\n", stderr: ""), "icon = coffee was not used")
    let themes = try islet.binary("themes")
    #expect(
      themes.stdout.split(separator: "\n").filter { $0.hasPrefix("*") }.map { $0.prefix(8) } == ["* mono  "],
      "theme = mono is not the one marked:\n\(themes.stdout)")
    // max-idle = 1m: three minutes untouched and the stopwatch has been ended (8 h by default).
    let idle = ["ISLET_NOW": String(t0.milliseconds / 1000 + 180)]
    #expect(try islet.binary("list", extra: idle).stdout.hasPrefix("No live activities."))
  }

  @Test func aBadValueInACRLFFileIsRefusedWithItsLineNumber() throws {
    write(Array("# my settings\r\nicon = coffee\r\nbell = maybe\r\n".utf8))
    let run = try islet.binary("status")
    #expect(
      run == Run(status: 64, stdout: "", stderr: "Error: \(configPath):3: bell is 'maybe'; use on or off\n"))
  }

  @Test func aFileWithAByteOrderMarkIsRead() throws {
    write([0xEF, 0xBB, 0xBF] + Array("icon = book\n".utf8))
    try islet.binary("start", "--name", "Read")
    let status = try islet.binary("status", "--format", "json")
    #expect(status.stdout.contains(#""icon":"book""#), "the mark hid icon = book: \(status)")
  }

  @Test func aLineThatIsNotUTF8IsRefusedByNumber() throws {
    write(Array("bell = on\r\n# caf".utf8) + [0xE9] + Array("\r\n".utf8))
    let run = try islet.binary("status")
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr:
            "Error: \(configPath):2: the line is not valid UTF-8 at byte 6 (0xE9); save the file as UTF-8\n"))
  }

  @Test func aFileOverSixtyFourKiBIsRefusedByName() throws {
    write(Array(repeating: UInt8(ascii: "#"), count: 200_000))
    let run = try islet.binary("status")
    #expect(
      run
        == Run(
          status: 64, stdout: "",
          stderr: "Error: \(configPath) is larger than a configuration file can be (64 KiB)\n"))
  }

  /// The view's `t` key saves `theme`: before, a CRLF file was one line to it, and saving
  /// replaced the whole file with that one setting.
  @Test func savingAKeyKeepsEveryOtherByte() throws {
    let before: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array("# mine\r\ntheme = light\r\nbell = off # quiet\r\n# caf".utf8) + [0xE9]
      + Array("\r\n".utf8)
    write(before)
    try ConfigurationFile.save("theme", "mono", environment: islet.environment)
    let after =
      [0xEF, 0xBB, 0xBF] + Array("# mine\r\ntheme = mono\r\nbell = off # quiet\r\n# caf".utf8) + [0xE9]
      + Array("\r\n".utf8)
    #expect(islet.folder.bytes("config/islet/config") == after)
    try ConfigurationFile.save("icon", "run", environment: islet.environment)
    #expect(islet.folder.bytes("config/islet/config") == after + Array("icon = run\r\n".utf8))
  }

  @Test(
    arguments: [
      ("theme = light # mine", "theme = mono # mine"), ("\ttheme=light#mine", "\ttheme = mono #mine"),
      ("  theme = light", "  theme = mono"), ("theme = light  \t# a # b", "theme = mono  \t# a # b"),
    ])
  func savingKeepsTheLinesIndentAndComment(before: String, after: String) throws {
    write(Array("# top\n\(before)\nbell = off\n".utf8))
    try ConfigurationFile.save("theme", "mono", environment: islet.environment)
    #expect(islet.folder.bytes("config/islet/config") == Array("# top\n\(after)\nbell = off\n".utf8))
    #expect(try ConfigurationFile.load(environment: islet.environment).theme == "mono")
  }

  @Test func savingKeepsLoneCREndingsAndAddsToAFileWithNone() throws {
    write(Array("bell = off\rtheme = light".utf8))
    try ConfigurationFile.save("theme", "mono", environment: islet.environment)
    #expect(islet.folder.bytes("config/islet/config") == Array("bell = off\rtheme = mono\r".utf8))
    write([])
    try ConfigurationFile.save("theme", "mono", environment: islet.environment)
    #expect(islet.folder.bytes("config/islet/config") == Array("theme = mono\n".utf8))
  }

  @Test func savingChangesTheLineInEffectWhenAKeyIsThereTwice() throws {
    write(Array("theme = light\nbell = off\ntheme = high-contrast\n".utf8))
    try ConfigurationFile.save("theme", "mono", environment: islet.environment)
    #expect(
      islet.folder.bytes("config/islet/config") == Array("theme = light\nbell = off\ntheme = mono\n".utf8))
    #expect(try ConfigurationFile.load(environment: islet.environment).theme == "mono")
  }

  /// A configuration that is a link into a dotfiles folder, readable by others: saving writes
  /// where it points, keeps the link a link and the file's permissions; missing folders are made.
  @Test func savingThroughALinkKeepsTheLinkAndThePermissions() throws {
    let dotfiles = islet.folder.file("dotfiles/islet")
    try FileManager.default.createDirectory(atPath: dotfiles, withIntermediateDirectories: true)
    islet.folder.write("dotfiles/islet/config", Array("bell = off\n".utf8))
    chmod(dotfiles + "/config", 0o644)
    try FileManager.default.createDirectory(
      atPath: islet.folder.file("config/islet"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: islet.folder.file("config/islet/config"), withDestinationPath: dotfiles + "/config")
    try ConfigurationFile.save("theme", "mono", environment: islet.environment)
    #expect(islet.folder.bytes("dotfiles/islet/config") == Array("bell = off\ntheme = mono\n".utf8))
    let link = try FileManager.default.attributesOfItem(atPath: islet.folder.file("config/islet/config"))
    #expect(link[.type] as? FileAttributeType == .typeSymbolicLink)
    #expect(islet.folder.mode("dotfiles/islet/config") == 0o644)
    // With no configuration folder at all, every folder on the way is made.
    islet.extra["XDG_CONFIG_HOME"] = islet.folder.file("a/b/c")
    try ConfigurationFile.save("theme", "mono", environment: islet.environment)
    #expect(islet.folder.bytes("a/b/c/islet/config") == Array("theme = mono\n".utf8))
    #expect(islet.folder.mode("a/b/c/islet/config") == 0o600)
  }

  @Test func savingIntoAFileTooLargeToReadChangesNothing() throws {
    let huge = Array(repeating: UInt8(ascii: "#"), count: 70_000)
    write(huge)
    #expect(throws: CommandFailure.self) {
      try ConfigurationFile.save("theme", "mono", environment: islet.environment)
    }
    #expect(islet.folder.bytes("config/islet/config") == huge)
  }
}
