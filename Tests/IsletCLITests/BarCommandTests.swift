import Foundation
import Testing

/// `islet bar NAME` through the built binary: a snippet that runs this binary's status stream.
@Suite struct BarCommandTests {
  @Test(arguments: ["waybar", "polybar", "i3blocks", "i3bar", "i3status-rs"])
  func eachBarsSnippetFollowsTheStatusOfThisBinary(bar: String) throws {
    let sandbox = Sandbox()
    let run = try sandbox.binary("bar", bar)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    #expect(run.stdout.contains("'\(Binary.path)' status --follow --format \(bar)"), "\(run.stdout)")
    #expect(try sandbox.binary("bar", bar) == run, "the snippet is the same each time")
    if bar != "polybar" && bar != "i3blocks" && bar != "i3bar" {
      // The click commands of the bars whose clicks run commands.
      for intent in ["toggle", "complete", "reset"] {
        #expect(run.stdout.contains("'\(Binary.path)' \(intent)"), "\(bar): \(intent)")
      }
    }
  }

  @Test func theWaybarModuleIsJSON() throws {
    let run = try Sandbox().binary("bar", "waybar")
    // The module without its comments, as an object of its own.
    let module = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("//") }.joined(separator: "\n")
    let object = try JSONSerialization.jsonObject(with: Data(("{" + module.dropLast() + "}").utf8))
    let islet = try #require((object as? [String: Any])?["custom/islet"] as? [String: Any], "\(module)")
    #expect(islet["return-type"] as? String == "json")
    #expect(islet["exec"] as? String == "'\(Binary.path)' status --follow --format waybar")
    #expect(islet["on-click"] as? String == "'\(Binary.path)' toggle")
  }

  @Test(arguments: [["bar"], ["bar", "xmobar"], ["bar", "Waybar"]])
  func aMissingOrUnknownBarIsAUsageError(arguments: [String]) throws {
    let run = try Binary.run(arguments, environment: Sandbox().environment)
    #expect(run.status == 64 && run.stdout.isEmpty, "\(run)")
    let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
    let given = arguments.count > 1 ? "'\(arguments[1])' is not a bar; use " : "name a bar: "
    #expect(first == "Error: \(given)waybar, polybar, i3blocks, i3bar, i3status-rs", "\(run)")
  }
}
