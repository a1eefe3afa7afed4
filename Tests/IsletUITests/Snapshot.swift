import Foundation
import Testing

/// A reviewed text in `Snapshots/NAME.txt`, and what to tell the reader when a drawing is not it.
///
/// ```swift
/// expectSnapshot(sheet, named: "minimal/active")
/// // Snapshot minimal/active.txt differs at line 2 of 24 (the drawing has 24), in
/// // "== active countdown unicode width 6":
/// //     1  == active countdown unicode width 6
/// // -   2  |◖13◗|
/// // +   2  |◖12◗|
/// //     3  == active countdown unicode width 4
/// // If the new drawing is right, record it: ISLET_RECORD=1 swift test --filter IsletUITests.SnapshotTests
/// ```
struct Snapshot {
  /// The path under `Snapshots/`, without `.txt`: `compact/active`.
  var name: String

  init(_ name: String) { self.name = name }

  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  /// `ISLET_RECORD=1` in the environment: snapshots are written, not compared.
  static var recording: Bool { ProcessInfo.processInfo.environment["ISLET_RECORD"] == "1" }

  var url: URL { Self.folder.appendingPathComponent(name + ".txt") }

  /// What the file holds; nil when there is no such file.
  var expected: String? { try? String(contentsOf: url, encoding: .utf8) }

  func record(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
  }

  /// Nil when `actual` is what the file holds; otherwise where they first differ, as a line
  /// diff, and how to record the file again. `filter` is what `swift test --filter` needs.
  func mismatch(_ actual: String, filter: String) -> String? {
    let again = "ISLET_RECORD=1 swift test --filter \(filter)"
    guard let expected else {
      return "No snapshot \(name).txt (\(url.path)). Look at the drawing, then record it: \(again)"
    }
    guard let diff = Self.difference(expected: expected, actual: actual) else { return nil }
    return "Snapshot \(name).txt " + diff + "\nIf the new drawing is right, record it: \(again)"
  }

  /// Nil when the texts are the same; otherwise `differs at line N of M`, the heading of the
  /// section it is in (the last line above starting with `== `), and the lines around it:
  /// `-` expected, `+` actual, a blank mark for a line both have.
  static func difference(expected: String, actual: String, context: Int = 3) -> String? {
    let old = lines(expected)
    let new = lines(actual)
    let count = max(old.count, new.count)
    let differing = (0..<count).filter { line(old, $0) != line(new, $0) }
    guard let first = differing.first else { return nil }
    var report = "differs at line \(first + 1) of \(old.count) (the drawing has \(new.count))"
    if let heading = old[..<min(first, old.count)].last(where: { $0.hasPrefix("== ") }) {
      report += ", in \"\(heading)\""
    }
    report += differing.count > 1 ? "; \(differing.count) lines differ:" : ":"
    let width = String(count).count
    let number = { (index: Int) in
      String(repeating: " ", count: width - String(index + 1).count) + "\(index + 1)"
    }
    for index in max(0, first - context)...min(count - 1, first + context) {
      let (was, now) = (line(old, index), line(new, index))
      if was == now {
        report += "\n   \(number(index))  \(was ?? "")"
      } else {
        report += "\n-  \(number(index))  \(was ?? "(no line)")"
        report += "\n+  \(number(index))  \(now ?? "(no line)")"
      }
    }
    return report
  }

  /// The lines of a text, without the newline that ends the last one.
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  private static func line(_ lines: [String], _ index: Int) -> String? {
    index < lines.count ? lines[index] : nil
  }
}

/// Compares text with the reviewed file `Snapshots/NAME.txt`; on a difference, records an issue
/// at the caller naming the file, its first differing line and the lines expected and drawn.
/// `ISLET_RECORD=1` rewrites the file instead.
func expectSnapshot(
  _ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
) {
  let snapshot = Snapshot(name)
  if Snapshot.recording {
    do { try snapshot.record(text) } catch {
      Issue.record("Could not record \(name).txt: \(error)", sourceLocation: sourceLocation)
    }
    return
  }
  if let mismatch = snapshot.mismatch(text, filter: suiteFilter(sourceLocation)) {
    Issue.record(Comment(rawValue: mismatch), sourceLocation: sourceLocation)
  }
}

/// `IsletUITests.SnapshotTests`: the suite of the running test, as `swift test --filter` takes it.
private func suiteFilter(_ sourceLocation: SourceLocation) -> String {
  guard let id = Test.current?.id, id.nameComponents.count > 1 else { return sourceLocation.moduleName }
  return ([id.moduleName] + id.nameComponents.dropLast()).joined(separator: ".")
}
