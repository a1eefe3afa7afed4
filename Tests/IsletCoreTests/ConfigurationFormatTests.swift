import Testing

@testable import IsletCore

/// The configuration file as editors save it: line endings, a byte-order mark, tabs; and
/// the bytes no editor should have left there.
@Suite struct ConfigurationFormatTests {
  static let settings = Configuration.parse("theme = mono\nbell = off\nmax-idle = 1m\nicon = book")

  @Test(
    arguments: [
      (
        "CRLF after a comment",
        "# my settings\r\ntheme = mono\r\nbell = off\r\nmax-idle = 1m\r\nicon = book\r\n"
      ),
      ("lone CR", "# my settings\rtheme = mono\rbell = off\rmax-idle = 1m\ricon = book\r"),
      ("mixed endings", "theme = mono\r\nbell = off\nmax-idle = 1m\ricon = book"),
      ("a byte-order mark", "\u{FEFF}theme = mono\nbell = off\nmax-idle = 1m\nicon = book\n"),
      ("a mark and CRLF", "\u{FEFF}# mine\r\ntheme = mono\r\nbell = off\r\nmax-idle = 1m\r\nicon = book\r\n"),
      (
        "tabs around keys, = and values, before comments; trailing blanks",
        "\ttheme\t=\tmono\t# the grey one\r\nbell=off \t\r\n  max-idle =\t1m\t \r\n\t\r\nicon = book\t#\t\r\n"
      ),
    ] as [(String, String)])
  func readsWhatEditorsSave(kind: String, text: String) throws {
    let expected = try Self.settings.get()
    let read = Configuration.parse(text)
    #expect(read == .success(expected), "\(kind): read \(read)")
  }

  @Test func aMarkCountsOnlyAtTheStartAndEndingsSplitLinesWhereverTheyAre() {
    let lines = Configuration.lines(of: Array("\u{FEFF}a\r\n\r\nb\rc\n\u{FEFF}d".utf8))
    #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["a", "", "b", "c", "\u{FEFF}d"])
    #expect(Configuration.lines(of: Array("a\n".utf8)).count == 1)
    #expect(Configuration.lines(of: Array("a\r\n\r\n".utf8)).count == 2)
    #expect(Configuration.lines(of: []).isEmpty)
    // A mark inside the file is no blank: the key it hides is shown with it.
    #expect(
      Configuration.parse("bell = on\n\u{FEFF}bell = off\n")
        == .failure(
          LineError(
            line: 2,
            message:
              "unknown key '\\u{feff}bell'; known keys: theme, bell, alerts, alert-repeat, alert-every, alert-after-run, snooze, sound, max-idle, stale-after, icon, hooks, mpris, desktop-progress, title, stopwatch-switch, on-lock, on-unlock, away-after, away-default, dnd, dnd-on, dnd-off, dnd-state, plan, goal, plan.NAME, goal.NAME, remote.NAME"
          )))
  }

  typealias LineError = Configuration.LineError

  @Test(
    arguments: [
      // The line number counts CRLF endings as one.
      (Array("# fine\r\nbell = maybe\r\n".utf8), 2, "bell is 'maybe'; use on or off"),
      (Array("# fine\rbell = maybe\r".utf8), 2, "bell is 'maybe'; use on or off"),
      (
        Array("bell = on\r\n\r\n# caf".utf8) + [0xE9] + Array("\r\n".utf8), 3,
        "the line is not valid UTF-8 at byte 6 (0xE9); save the file as UTF-8"
      ),
      (
        [0xFF, 0xFE] + Array(" = 1\n".utf8), 1,
        "unknown key '\\xFF\\xFE' (not valid UTF-8); known keys: theme, bell, alerts, alert-repeat, alert-every, alert-after-run, snooze, sound, max-idle, stale-after, icon, hooks, mpris, desktop-progress, title, stopwatch-switch, on-lock, on-unlock, away-after, away-default, dnd, dnd-on, dnd-off, dnd-state, plan, goal, plan.NAME, goal.NAME, remote.NAME"
      ),
      (
        Array("theme = caf".utf8) + [0xC3], 1,
        "the line is not valid UTF-8 at byte 12 (0xC3); save the file as UTF-8"
      ),
      (
        Array("bell = on # \u{1B}[2J\n".utf8), 1,
        "the comment contains the control character U+001B; use plain text"
      ),
      (
        Array("bell = on # \u{202E}ffo\n".utf8), 1,
        "the comment contains the bidirectional control character U+202E; use plain text"
      ),
      (
        Array("bell = on\n# \u{0}\n".utf8), 2,
        "the comment contains the control character U+0000; use plain text"
      ),
      (
        Array("theme = my\u{2067}theme\n".utf8), 1,
        "theme 'my\\u{2067}theme' contains the bidirectional control character U+2067; use plain text"
      ),
      (Array("theme = a\tb\n".utf8), 1, "theme 'a\\tb' contains control characters; use plain text"),
      (
        Array("hooks = /tmp/\u{7F}\n".utf8), 1,
        "hooks '/tmp/\\u{7f}' contains control characters; use plain text"
      ),
      (
        Array("bell\u{0C} = on\n".utf8), 1,
        "unknown key 'bell\\u{c}'; known keys: theme, bell, alerts, alert-repeat, alert-every, alert-after-run, snooze, sound, max-idle, stale-after, icon, hooks, mpris, desktop-progress, title, stopwatch-switch, on-lock, on-unlock, away-after, away-default, dnd, dnd-on, dnd-off, dnd-state, plan, goal, plan.NAME, goal.NAME, remote.NAME"
      ),
      (Array("bell = on\u{202E}\n".utf8), 1, "bell is 'on\\u{202e}'; use on or off"),
      (
        Array(("theme = " + String(repeating: "t", count: 1025)).utf8), 1,
        "theme 'tttttttttttttttttttttttttttttttttttttttt…' is 1025 bytes long in UTF-8; use at most 1024 bytes"
      ),
      (
        Array(("icon = " + String(repeating: "e", count: 33)).utf8), 1,
        "icon is 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'; use a name such as timer, run, focus, book, coffee or code"
      ),
      (
        Array("icon = café\n".utf8), 1,
        "icon is 'café'; use a name such as timer, run, focus, book, coffee or code"
      ),
      (
        Array(("# " + String(repeating: "-", count: 2047)).utf8), 1,
        "the line is 2049 bytes long; a line can be at most 2048 bytes"
      ),
    ] as [([UInt8], Int, String)])
  func refusesTheLineAndSaysWhatWouldBeRight(bytes: [UInt8], line: Int, message: String) {
    #expect(Configuration.parse(bytes) == .failure(LineError(line: line, message: message)))
  }

  @Test func boundsSitAtTheLimitsNotBeforeThem() throws {
    let longest = "# " + String(repeating: "-", count: 2046)
    #expect(Configuration.parse(longest) == .success(Configuration()))
    let path = "/" + String(repeating: "p", count: 1023)
    #expect(try Configuration.parse("hooks = \(path)").get().hooks == path)
    let file = String(repeating: "# a comment line, twenty-nine\n", count: 65_536 / 30) + "bell = off\n"
    #expect(file.utf8.count <= Configuration.maximumFileBytes)
    #expect(try Configuration.parse(file).get().bell == false)
  }

  @Test func aFileOverSixtyFourKiBIsRefusedWhole() {
    let file = String(repeating: "#\n", count: 32_769)
    #expect(
      Configuration.parse(file)
        == .failure(LineError(line: nil, message: "is larger than a configuration file can be (64 KiB)")))
  }

  @Test func keysAreFoundAsTheParserFindsThem() {
    #expect(Configuration.key(ofLine: "\ttheme\t= mono # x") == "theme")
    #expect(Configuration.key(ofLine: "# theme = mono") == nil)
    #expect(Configuration.key(ofLine: "   ") == nil)
    #expect(Configuration.key(ofLine: "bell=on") == "bell")
  }
}

@Suite struct UserTextTests {
  @Test(
    arguments: [
      ("Tea", UserText.Bounds.label, nil),
      ("  ", .label, .empty),
      ("", .name, .empty),
      ("a\tb", .label, .controlCharacter("\t")),
      ("evil\u{1B}]0;x\u{07}", .name, .controlCharacter("\u{1B}")),
      ("\u{9B}31m", .name, .controlCharacter("\u{9B}")),
      ("abc\u{202E}fed", .name, .bidirectionalControl("\u{202E}")),
      ("\u{2066}x\u{2069}", .label, .bidirectionalControl("\u{2066}")),
      (String(repeating: "a", count: 64), .label, nil),
      (String(repeating: "a", count: 65), .label, .tooManyCharacters(65, limit: 64)),
      (String(repeating: "a", count: 101), .name, .tooManyCharacters(101, limit: 100)),
      // 100 characters as people count them, but 1300 bytes: each is an e and six accents.
      (
        String(repeating: "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}", count: 100), .name,
        .tooManyBytes(1300, limit: 400)
      ),
      (String(repeating: "水", count: 85), .label, .tooManyCharacters(85, limit: 64)),
      (String(repeating: "水", count: 64), .label, nil),
    ] as [(String, UserText.Bounds, UserText.Problem?)])
  func saysWhatIsWrong(text: String, bounds: UserText.Bounds, problem: UserText.Problem?) {
    #expect(UserText.problem(with: text, bounds: bounds) == problem)
  }

  @Test func messagesFollowTheQuotedText() {
    #expect(UserText.Problem.empty.message == "is empty; give some text")
    #expect(
      UserText.Problem.controlCharacter("\u{7}").message == "contains control characters; use plain text")
    #expect(
      UserText.Problem.bidirectionalControl("\u{202E}").message
        == "contains the bidirectional control character U+202E; use plain text")
    #expect(
      UserText.Problem.tooManyCharacters(101, limit: 100).message == "is 101 characters long; use at most 100"
    )
    #expect(
      UserText.Problem.tooManyBytes(700, limit: 400).message
        == "is 700 bytes long in UTF-8; use at most 400 bytes")
  }

  @Test func printableShowsWhatWouldReorderOrHideText() {
    #expect(printable("a\u{202E}b\u{2066}c\u{2028}d\u{FEFF}e") == "a\\u{202e}b\\u{2066}c\\u{2028}d\\u{feff}e")
    #expect(printable("naïve 水 🏃") == "naïve 水 🏃")
  }
}
