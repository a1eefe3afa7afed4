import Testing

/// A failing snapshot says where: the file, the first differing line, expected and drawn.
@Suite struct SnapshotDifferenceTests {
  let expected = """
    == active countdown unicode width 6
    |◖12◗|
    == active countdown ascii width 6
    |(12)|
    |    |
    |    |

    """

  @Test func theSameTextHasNoDifference() {
    #expect(Snapshot.difference(expected: expected, actual: expected) == nil)
    #expect(Snapshot.difference(expected: "", actual: "") == nil)
  }

  @Test func aDifferenceNamesTheFirstDifferingLineItsSectionAndBothTexts() {
    let actual = expected.replacingOccurrences(of: "(12)", with: "(11)")
    #expect(
      Snapshot.difference(expected: expected, actual: actual, context: 2) == """
        differs at line 4 of 6 (the drawing has 6), in "== active countdown ascii width 6":
           2  |◖12◗|
           3  == active countdown ascii width 6
        -  4  |(12)|
        +  4  |(11)|
           5  |    |
           6  |    |
        """)
  }

  @Test func aShorterDrawingShowsTheLinesItLacks() {
    let actual = Snapshot.lines(expected).prefix(4).joined(separator: "\n") + "\n"
    #expect(
      Snapshot.difference(expected: expected, actual: actual, context: 1) == """
        differs at line 5 of 6 (the drawing has 4), in "== active countdown ascii width 6"; 2 lines differ:
           4  |(12)|
        -  5  |    |
        +  5  (no line)
        -  6  |    |
        +  6  (no line)
        """)
  }

  @Test func aMissingSnapshotSaysHowToRecordIt() throws {
    let report = try #require(Snapshot("no/such").mismatch("|x|\n", filter: "IsletUITests.Some"))
    #expect(report.hasPrefix("No snapshot no/such.txt ("))
    #expect(
      report.hasSuffix(
        "Look at the drawing, then record it: ISLET_RECORD=1 swift test --filter IsletUITests.Some"))
  }

  /// Recording mode would write the changed text over the file, so this runs only when comparing.
  @Test(.disabled(if: Snapshot.recording, "ISLET_RECORD=1 would overwrite the snapshot"))
  func aMismatchIsRecordedAtTheCaller() throws {
    let name = "minimal/active"
    let expected = Snapshot.lines(try #require(Snapshot(name).expected))
    var changed = expected
    changed[1] = "|changed|"
    let lines = changed
    let line = #line + 2
    withKnownIssue {
      expectSnapshot(lines.joined(separator: "\n") + "\n", named: name)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return issue.sourceLocation?.line == line
        && text.hasPrefix(
          "Snapshot \(name).txt differs at line 2 of \(lines.count) (the drawing has \(lines.count))")
        && text.contains(" 2  |changed|\n") && text.contains(" 2  \(expected[1])\n")
        && text.hasSuffix(
          "record it: ISLET_RECORD=1 swift test --filter IsletUITests.SnapshotDifferenceTests")
    }
  }
}
