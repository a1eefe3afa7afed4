import Foundation
import IsletCLITestSupport
import Testing

/// The examples of docs/PROGRAMS.md, run as written by a real bash with the built `islet` on
/// its PATH: after each command, what `status --format json` says is what the page promises.
@Suite struct ProgramContractTests {
  let islet = Sandbox()

  /// The page's `sh` blocks, in order.
  static func examples() throws -> [[String]] {
    let page = try String(contentsOfFile: checkout + "/docs/PROGRAMS.md", encoding: .utf8)
    return page.components(separatedBy: "```sh\n").dropFirst().map { block in
      let code = block.components(separatedBy: "```").first ?? ""
      return code.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") && !$0.isEmpty }
    }
  }

  /// Runs `lines` in one bash, saving `status --format json` after each; the objects (nil
  /// where nothing was live).
  func run(_ lines: [String]) throws -> [[String: Any]?] {
    let folder = islet.folder.file("work")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var script = "set -e\ncd '\(folder)'\n"
    for (index, line) in lines.enumerated() {
      script += line + "\nislet status --format json > status\(index).json || true\n"
    }
    let bin = URL(fileURLWithPath: Binary.path).deletingLastPathComponent().path
    let run = try Binary.run(
      ["-c", script], environment: islet.environment.merging(["PATH": bin + ":/usr/bin:/bin"]) { $1 },
      executable: "/bin/bash")
    #expect(run.status == 0, "the example runs as written: \(run)")
    return try lines.indices.map { index in
      let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/status\(index).json"))
      return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any]
    }
  }

  @Test func aScriptPostsItsStateProgressAttentionAndButtons() throws {
    let blocks = try Self.examples()
    try #require(blocks.count >= 2, "the page has its two examples")
    let seen = try run(blocks[0])
    try #require(seen.count == 4, "four commands: \(blocks[0])")
    #expect(seen[0]?["state"] as? String == "Uploading" && seen[0]?["progress"] as? Double == 0.4)
    #expect(seen[1]?["state"] as? String == "Migrating" && seen[1]?["progress"] as? Double == 0.72)
    #expect(seen[2]?["attention"] as? String == "Needs your approval")
    #expect(seen[2]?["buttons"] as? [String] == ["Approve", "Reject"])
    #expect(seen[3] == nil, "completed, nothing is live")
    let all = try islet.binary("list", "--all", "--json").stdout
    #expect(all.contains(#""phase":"completed""#), "\(all)")
  }

  /// A button it does not have is a refusal (exit 1) naming those it has; a pressed one's
  /// command runs with the activity and the label in its environment.
  @Test func aButtonIsPressedByItsLabelAndAnUnknownOneRefused() throws {
    let mark = islet.folder.file("pressed")
    let id = try islet.binary(
      "start", "--name", "Deploy", "--button", "Approve=echo \"$ISLET_ACTIVITY $ISLET_BUTTON\" > '\(mark)'"
    ).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let unknown = try islet.binary("press", "Deploy", "Merge")
    #expect(
      unknown
        == Run(status: 1, stdout: "", stderr: "islet: Deploy has no button 'Merge'; its buttons: Approve\n"))
    #expect(try islet.binary("press", "deploy", "APPROVE").status == 0)
    #expect(eventually { (try? String(contentsOfFile: mark, encoding: .utf8)) == "\(id) Approve\n" })
  }

  @Test func anAgentsHooksPostWorkingNeedsYouAndDone() throws {
    let blocks = try Self.examples()
    try #require(blocks.count >= 2)
    let seen = try run(blocks[1])
    try #require(seen.count == 3, "one line per hook: \(blocks[1])")
    #expect(seen[0]?["state"] as? String == "Working" && seen[0]?["phase"] as? String == "active")
    #expect(seen[1]?["attention"] as? String == "Needs your approval")
    #expect(seen[2] == nil, "done: nothing live")
  }
}
