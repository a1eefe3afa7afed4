import IsletCLITestSupport
import IsletTestSupport
import Testing

@testable import IsletStore

/// A store an older Islet wrote, migrated by the first command that opens it: `islet log`
/// through the binary lists every session in it, under the names they ran with.
@Suite struct MigratedLogTests {
  let islet = Sandbox()

  @Test(arguments: [2, 3, 4])
  func logListsEverySessionOfAMigratedStore(schema: Int) throws {
    let old = try SQLiteActivityStore.openForWriting(path: islet.storePath, upTo: Int64(schema))
    try old.database.execute("BEGIN; " + OldStore.rows(schema: schema) + "COMMIT;")
    old.close()
    // Two hours and a half after the first session began: the paused one is still live.
    let run = try islet.binary("log", extra: ["ISLET_NOW": "\(OldStore.start / 1000 + 9000)"])
    #expect(run.status == 0, "\(run)")
    let rows = run.stdout.split(separator: "\n").map(String.init)
    for name in ["Code review", "Tea", "Reading"] + (schema >= 4 ? ["Deep · Work", "Deep · Rest"] : []) {
      #expect(rows.contains { $0.contains(name) }, "no row names \(name):\n\(run.stdout)")
    }
    // The events kept the name before the rename: its ten minutes stay under it.
    #expect(
      rows.contains { $0.contains("  Emails ") && $0.contains(" renamed ") && $0.hasSuffix(" 10:00") },
      "\(run.stdout)")
    #expect(rows.contains { $0.contains("  Code review ") && $0.hasSuffix(" 20:00") }, "\(run.stdout)")
    #expect(try SQLiteActivityStore.check(path: islet.storePath).events == (schema >= 4 ? 14 : 8))
  }
}
