import Foundation
import IsletCLITestSupport
import Testing

@testable import IsletCLI
@testable import IsletCore

/// The README and the pages in docs/ read as one manual: every relative link reaches a file and,
/// with an anchor, a heading of it.
@Suite struct ManualLinkTests {
  /// README.md and every docs/*.md, by their path from the checkout.
  static func pages() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: checkout + "/docs")
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  @Test func everyRelativeLinkReachesAFileAndAHeading() throws {
    let pages = try Self.pages()
    #expect(pages.count > 1, "no pages in docs/")
    var broken: [String] = []
    for page in pages {
      let text = try String(contentsOfFile: checkout + "/" + page, encoding: .utf8)
      broken += ManualLinks.broken(in: text, of: page) { path in
        // A picture is there or not; only a page has headings to read.
        guard FileManager.default.fileExists(atPath: checkout + "/" + path) else { return nil }
        return (try? String(contentsOfFile: checkout + "/" + path, encoding: .utf8)) ?? ""
      }
    }
    #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
  }

  @Test func everyPageOfDocsIsLinkedFromTheREADME() throws {
    let readme = try String(contentsOfFile: checkout + "/README.md", encoding: .utf8)
    let linked = Set(
      ManualLinks.links(in: readme).map { $0.split(separator: "#").first.map(String.init) ?? $0 })
    for page in try Self.pages().dropFirst() {
      #expect(linked.contains(page), "the README links nowhere to \(page)")
    }
  }

  /// The checker itself finds a missing file, a missing heading, and nothing in code.
  @Test func theCheckerNamesWhatIsBroken() {
    let files = ["docs/A.md": "# A\n\n## Two words\n", "docs/b.png": ""]
    let text = """
      [ok](docs/A.md#two-words) ![ok](docs/b.png) [ok](#here) [web](https://example.com)
      [gone](docs/C.md) [no heading](docs/A.md#three) [no anchor here](#nowhere)
      `[code](docs/D.md)`

      ## Here

      ```
      [fenced](docs/E.md)
      ```
      """
    let broken = ManualLinks.broken(in: text, of: "README.md") { files[$0] }
    #expect(
      broken == [
        "README.md: docs/C.md (no such file)", "README.md: docs/A.md#three (no such heading)",
        "README.md: #nowhere (no such heading)",
      ], "\(broken)")
  }

  @Test func headingsTakeGitHubsAnchors() {
    let anchors = ManualLinks.anchors(
      of: "# Islet\n## What `start` prints\n## ACTIVITY: which one\n## Laps\n## Laps\n```\n## not one\n```\n")
    #expect(anchors == ["islet", "what-start-prints", "activity-which-one", "laps", "laps-1"], "\(anchors)")
  }
}

/// Links in Markdown text, outside code, and the anchors its headings get on GitHub.
enum ManualLinks {
  /// `page: target (why)` for each relative link in `text` (a file at `page`, from the checkout)
  /// that `read` cannot find, or whose anchor names no heading of the file it reaches.
  static func broken(in text: String, of page: String, read: (String) -> String?) -> [String] {
    let folder = page.split(separator: "/").dropLast().map(String.init)
    return links(in: text).compactMap { target in
      if target.contains("://") || target.hasPrefix("mailto:") { return nil }
      let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = parts[0].isEmpty ? page : resolve(String(parts[0]), from: folder)
      guard let file = path == page ? text : read(path) else { return "\(page): \(target) (no such file)" }
      guard parts.count == 2, !parts[1].isEmpty else { return nil }
      return anchors(of: file).contains(String(parts[1])) ? nil : "\(page): \(target) (no such heading)"
    }
  }

  /// `../README.md` from `docs` is `README.md`.
  static func resolve(_ path: String, from folder: [String]) -> String {
    var parts = folder
    for part in path.split(separator: "/").map(String.init) {
      if part == ".." { _ = parts.popLast() } else if part != "." { parts.append(part) }
    }
    return parts.joined(separator: "/")
  }

  /// The targets of `[text](target)` and `![alt](target)` outside fenced blocks and code spans.
  static func links(in text: String) -> [String] {
    prose(of: text).flatMap { line in
      let spans = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      return spans.filter { $0.offset % 2 == 0 }.flatMap { targets(in: String($0.element)) }
    }
  }

  static func targets(in text: String) -> [String] {
    var found: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: ")") else { break }
      found.append(String(rest[..<close]))
      rest = rest[close...]
    }
    return found
  }

  /// The lines outside fenced code blocks.
  static func prose(of text: String) -> [String] {
    var inFence = false
    return text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inFence.toggle()
        return nil
      }
      return inFence ? nil : String(line)
    }
  }

  /// GitHub's anchors: the heading in lower case, without punctuation, spaces made hyphens, a
  /// repeated one numbered.
  static func anchors(of text: String) -> [String] {
    var seen: [String: Int] = [:]
    return prose(of: text).filter { $0.hasPrefix("#") }.map { line in
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
      let slug = String(
        title.unicodeScalars.filter {
          CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }.map(Character.init)
      ).replacingOccurrences(of: " ", with: "-")
      let count = seen[slug, default: 0]
      seen[slug] = count + 1
      return count == 0 ? slug : "\(slug)-\(count)"
    }
  }
}

/// The README's command table and docs/COMMANDS.md's exit statuses, held to the declarations.
@Suite struct ManualCommandTableTests {
  /// Each row of the README's command table, its cells split (a `\|` inside a cell is text).
  func rows() throws -> [[String]] {
    let readme = try String(contentsOfFile: checkout + "/README.md", encoding: .utf8)
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = "| command | what it does |"
    let start = try #require(lines.firstIndex(of: header), "the README has no table \(header)")
    return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { row in
      row.replacingOccurrences(of: "\\|", with: "\u{1}").split(separator: "|").map {
        $0.replacingOccurrences(of: "\u{1}", with: "|")
      }
    }
  }

  /// What a code span of the first column names: `islet pause | resume [ACTIVITY] [--json]` is
  /// the commands pause and resume with the option json; nil for a span that is no command line.
  static func named(by span: Substring) -> (commands: [String], options: [String])? {
    let words = span.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]")) }
    guard words.first == "islet", words.count > 1, words[1].first?.isLowercase == true else { return nil }
    var commands = [words[1]]
    var index = 2
    while index + 1 < words.count, words[index] == "|", words[index + 1].first?.isLowercase == true {
      commands.append(words[index + 1])
      index += 2
    }
    return (commands, words.filter { $0.hasPrefix("--") }.map { String($0.dropFirst(2)) })
  }

  /// The commands and options each row's first column names, beside the row's whole text.
  func documented() throws -> [(commands: [String], options: [String], row: String)] {
    try rows().flatMap { cells in
      cells[0].split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.compactMap { Self.named(by: $0.element) }
        .map { ($0.commands, $0.options, cells.joined(separator: "|")) }
    }
  }

  @Test func everyCommandHasARowAndEveryRowNamesACommand() throws {
    let documented = try documented()
    #expect(documented.count > 20, "the README's command table is nearly empty: \(documented)")
    let words = Set(commandSpecs.flatMap(\.words))
    for command in documented.flatMap(\.commands) {
      #expect(
        words.contains(command), "the README's command table names islet \(command), which is no command")
    }
    for spec in commandSpecs {
      let rows = documented.filter { $0.commands.contains(spec.name) }.map(\.row)
      #expect(!rows.isEmpty, "the README's command table has no row for islet \(spec.name)")
      for alias in spec.aliases where !rows.isEmpty {
        #expect(
          rows.contains { $0.contains("`\(alias)`") },
          "the README's row for islet \(spec.name) does not say that \(alias) runs it too")
      }
    }
  }

  @Test func theTablesOptionsAreTheCommandsOwn() throws {
    let global = Set(globalOptions.map(\.name))
    for (commands, options, _) in try documented() {
      for command in commands {
        guard let spec = commandSpecs.first(where: { $0.words.contains(command) }) else { continue }
        let declared = Set(spec.options.map(\.name)).union(global)
        for option in options {
          #expect(
            declared.contains(option), "the README gives islet \(command) --\(option), which it does not take"
          )
        }
      }
    }
  }

  @Test func aSpanNamesItsCommandsAndOptions() {
    let named = Self.named(by: "islet pause | resume | toggle [ACTIVITY] [--json | --csv]")
    #expect(
      named?.commands == ["pause", "resume", "toggle"] && named?.options == ["json", "csv"],
      "\(String(describing: named))")
    #expect(Self.named(by: "islet COMMAND --help") == nil && Self.named(by: "--name N") == nil)
  }

  @Test func everyExitStatusIsDocumented() throws {
    let page = try String(contentsOfFile: checkout + "/docs/COMMANDS.md", encoding: .utf8)
    let section = try #require(
      page.components(separatedBy: "\n## Exit status\n").dropFirst().first,
      "docs/COMMANDS.md has no exit statuses")
    let rows = section.split(separator: "\n").prefix { !$0.hasPrefix("## ") }.filter { $0.hasPrefix("| ") }
    let documented = rows.compactMap { Int32($0.dropFirst(2).prefix { $0.isNumber }) }
    #expect(
      documented == ExitStatus.allCases.map(\.rawValue),
      "docs/COMMANDS.md lists \(documented); islet exits with \(ExitStatus.allCases.map(\.rawValue))")
  }
}

/// docs/CONFIGURATION.md's table of keys, held to the keys the configuration takes.
@Suite struct ManualConfigurationTests {
  @Test func theKeysTableListsEveryKeyInOrder() throws {
    let page = try String(contentsOfFile: checkout + "/docs/CONFIGURATION.md", encoding: .utf8)
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = "| key | value | what it sets |"
    let start = try #require(lines.firstIndex(of: header), "docs/CONFIGURATION.md has no table \(header)")
    let keys = lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map {
      $0.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? $0
    }
    #expect(
      keys == Configuration.keys,
      "docs/CONFIGURATION.md lists \(keys); the configuration takes \(Configuration.keys)")
  }
}
