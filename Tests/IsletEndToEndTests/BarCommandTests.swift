import Foundation
import IsletCLITestSupport
import Testing

/// `islet bar NAME` through the built binary: a snippet that runs this binary's status stream.
@Suite struct BarCommandTests {
  @Test(arguments: ["waybar", "polybar", "i3blocks", "i3bar", "i3status-rs"])
  func eachBarsSnippetFollowsTheStatusOfThisBinary(bar: String) throws {
    let sandbox = Sandbox()
    let run = try sandbox.binary("bar", bar)
    #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
    // i3blocks 1.4 runs its block again each second and on a click: one line a run.
    let status = bar == "i3blocks" ? "status --format \(bar) --click" : "status --follow --format \(bar)"
    #expect(run.stdout.contains("'\(Binary.path)' \(status)"), "\(run.stdout)")
    #expect(try sandbox.binary("bar", bar) == run, "the snippet is the same each time")
    if bar != "polybar" && bar != "i3blocks" && bar != "i3bar" {
      // The click commands of the bars whose clicks run commands.
      for intent in ["toggle", "complete", "reset"] {
        #expect(run.stdout.contains("'\(Binary.path)' \(intent)"), "\(bar): \(intent)")
      }
    }
  }

  @Test func theWaybarModulesAreJSONTheBubbleWithClicksOfItsOwn() throws {
    let run = try Sandbox().binary("bar", "waybar")
    // The modules without their comments, as an object of their own.
    let lines = run.stdout.split(separator: "\n")
    let module = lines.filter { !$0.hasPrefix("//") }.joined(separator: "\n")
    let object = try JSONSerialization.jsonObject(with: Data(("{" + module.dropLast() + "}").utf8))
    let islet = try #require((object as? [String: Any])?["custom/islet"] as? [String: Any], "\(module)")
    #expect(islet["return-type"] as? String == "json")
    #expect(islet["exec"] as? String == "'\(Binary.path)' status --follow --format waybar --part pill")
    #expect(islet["on-click"] as? String == "'\(Binary.path)' toggle")
    let next = try #require((object as? [String: Any])?["custom/islet-next"] as? [String: Any], "\(module)")
    #expect(next["exec"] as? String == "'\(Binary.path)' status --follow --format waybar --part bubble")
    #expect(
      next["on-click"] as? String
        == "'\(Binary.path)' status --format waybar --part bubble --click 1 >/dev/null")
    // The style sheet: a color for each class a line carries, the default theme's.
    let css = lines.filter { $0.hasPrefix("// #custom-islet") }.map { $0.dropFirst(3) }
    #expect(
      css == [
        "#custom-islet.idle { color: #8e8e93; }", "#custom-islet.active { color: #ff9f0a; }",
        "#custom-islet.paused { color: #ff9f0a; }", "#custom-islet.finished { color: #ff453a; }",
        "#custom-islet.stale { color: #636366; }", "#custom-islet.alert { color: #ff453a; }",
        "#custom-islet-next { color: #8e8e93; }",
      ], "\(css)")
  }

  /// The bubble's click, as waybar runs it: through sh, on the next activity, not the current.
  @Test func aClickOnWaybarsBubbleActsOnTheNextActivity() throws {
    let islet = Sandbox()
    #expect(try islet.binary("start", "--name", "Tea", "--id", "tea").status == 0)
    #expect(try islet.binary("start", "--name", "Work").status == 0)
    let line = try #require(
      try islet.binary("bar", "waybar").stdout.split(separator: "\n").first {
        $0.contains("--part bubble --click 1")
      })
    let command = try #require(
      try JSONSerialization.jsonObject(with: Data(("{" + line.dropLast() + "}").utf8)) as? [String: String])
    let click = try Binary.run(
      ["-c", try #require(command["on-click"])], environment: islet.environment, executable: "/bin/sh")
    #expect(click.status == 0 && click.stdout.isEmpty, "\(click)")
    let list = try islet.binary("status", "--format", "json", "Tea").stdout
    #expect(list.contains("\"phase\":\"paused\""), "Tea, the bubble, is paused: \(list)")
    #expect(try islet.binary("status", "--format", "json", "Work").stdout.contains("\"phase\":\"active\""))
  }

  /// sway's parser, as `config_command` reads a line: split on blanks outside quotes, then each
  /// argument that starts with a quote loses every unescaped quote, and `\"`, `\\` are
  /// unescaped; `bar_cmd_status_command` joins the rest with spaces.
  static func swayArguments(_ line: Substring) -> String {
    var arguments: [String] = []
    var current = ""
    var inString = false
    var inChar = false
    var escaped = false
    for character in line {
      if character == "\"" && !inChar && !escaped { inString.toggle() }
      if character == "'" && !inString && !escaped { inChar.toggle() }
      escaped = character == "\\" && !escaped
      if character == " " && !inString && !inChar {
        if !current.isEmpty { arguments.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { arguments.append(current) }
    return arguments.dropFirst().map { argument in
      guard argument.first == "\"" || argument.first == "'" else { return argument }
      var out = ""
      var inString = false
      var inChar = false
      var escaped = false
      for character in argument {
        if character == "'" && !inString && !escaped {
          inChar.toggle()
          continue
        }
        if character == "\"" && !inChar && !escaped {
          inString.toggle()
          continue
        }
        escaped = character == "\\" && !escaped
        out.append(character)
      }
      return out.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
    }.joined(separator: " ")
  }

  /// i3's parser for a string that starts with `"`: up to the next unescaped `"`, `\"` unescaped.
  static func i3Argument(_ line: Substring) -> String {
    var rest = line.drop { $0 == " " }.dropFirst("status_command ".count)
    guard rest.first == "\"" else { return String(rest) }
    rest = rest.dropFirst()
    var out = ""
    var escaped = false
    for character in rest {
      if character == "\"" && !escaped { break }
      if character == "\\" && !escaped {
        escaped = true
        continue
      }
      if escaped && character != "\"" { out.append("\\") }
      escaped = false
      out.append(character)
    }
    return out
  }

  /// swaybar's and i3bar's status command, read by each parser and run by sh as each bar runs
  /// it, from a binary whose path has a space (and a quote): i3bar's header comes out of both.
  @Test func theStatusCommandRunsInI3AndSwayFromAPathWithASpace() throws {
    let islet = Sandbox()
    let folder = islet.folder.file("my bin's")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let binary = folder + "/islet"
    try placeBinary(at: binary)
    let snippet = try Binary.run(["bar", "i3bar"], environment: islet.environment, executable: binary)
    let line = try #require(snippet.stdout.split(separator: "\n").first { $0.contains("status_command") })
    for (parser, command) in [("i3", Self.i3Argument(line)), ("sway", Self.swayArguments(line))] {
      // The one-shot form of the same command: the stream's first lines, then exit.
      let once = command.replacingOccurrences(of: " --follow", with: "")
      let run = try Binary.run(["-c", once], environment: islet.environment, executable: "/bin/sh")
      #expect(
        run.stdout.hasPrefix("{\"version\":1,\"click_events\":true}\n[\n"),
        "\(parser) reads \(line) as \(command): \(run)")
    }
    // Single quotes alone, as the snippet had them: sway drops them and sh splits the path.
    let bare = Self.swayArguments("  status_command '\(binary)' status --format i3bar")
    let run = try Binary.run(["-c", bare], environment: islet.environment, executable: "/bin/sh")
    #expect(!run.stdout.hasPrefix("{\"version\""), "the test's sway parser drops single quotes: \(bare)")
  }

  /// i3status-rust's custom block, TOML read as its keys: a format of Islet's text alone (its
  /// default, `{ $icon|} $text.pango-str() `, puts the icon set's icon first).
  @Test func theI3statusRustBlockShowsIsletsTextAlone() throws {
    let run = try Sandbox().binary("bar", "i3status-rs")
    var block: [String: String] = [:]
    for line in run.stdout.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("[") {
      let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
      if parts.count == 2 && block[parts[0]] == nil { block[parts[0]] = parts[1] }
    }
    let format = try #require(block["format"], "no format: \(run.stdout)")
    let value = try #require(
      try JSONSerialization.jsonObject(with: Data(format.utf8), options: .fragmentsAllowed) as? String)
    #expect(value.contains("$text") && !value.contains("$icon") && !value.contains("^icon"), "\(value)")
  }

  @Test func i3blocksForMakesAPersistentBlockFrom15On() throws {
    let islet = Sandbox()
    for (version, persistent) in [("1.4", false), ("1.5", true), ("1.10", true), ("2.0", true)] {
      let run = try islet.binary("bar", "i3blocks", "--for", version)
      #expect(run.status == 0, "\(run)")
      #expect(run.stdout.contains("interval=persist") == persistent, "\(version): \(run.stdout)")
      #expect(run.stdout.contains("--read-clicks") == persistent, "\(version): \(run.stdout)")
      #expect(run.stdout.contains("--click \"$BLOCK_BUTTON\"") != persistent, "\(version): \(run.stdout)")
    }
    #expect(try islet.binary("bar", "i3blocks") == islet.binary("bar", "i3blocks", "--for", "1.4"))
    let bad = try islet.binary("bar", "i3blocks", "--for", "new")
    #expect(bad.status == 64 && bad.stderr.hasPrefix("Error: --for 'new' is not a version"), "\(bad)")
    let other = try islet.binary("bar", "waybar", "--for", "1.5")
    #expect(other.status == 64 && other.stderr.hasPrefix("Error: --for is for i3blocks"), "\(other)")
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
