import IsletCLITestSupport
import IsletCore
import Testing

@testable import IsletCLI

/// What Taskwarrior's changes mean for Islet, and timew export's JSON written and read, on
/// values handed in (the real programs run in TaskwarriorTests and TimewarriorTests).
@Suite struct InterchangeTests {
  let uuid = "c3e4c7af-4bf8-4d83-b3f0-a57c0c6a1d2e"

  func task(status: String = "pending", started: Bool = false, project: String? = "islet") -> TaskwarriorTask
  {
    TaskwarriorTask(
      uuid: uuid, description: "Fix the bug", project: project, status: status, started: started)
  }

  @Test func taskStartStopDoneAndDeleteMapOntoTheStopwatch() {
    let attributes = ActivityAttributes(icon: "code")
    guard
      case .start(let request) = TaskwarriorChange.of(
        before: task(), after: task(started: true), attributes: attributes)
    else {
      Issue.record("task start did not start a stopwatch")
      return
    }
    #expect(request.name == "Fix the bug" && request.category == "islet")
    #expect(request.attributes == ActivityAttributes(icon: "code", recordID: uuid, mode: .stopwatch))
    #expect(TaskwarriorChange.of(before: task(started: true), after: task()) == .stop(uuid: uuid))
    #expect(
      TaskwarriorChange.of(before: task(started: true), after: task(status: "completed"))
        == .complete(uuid: uuid))
    #expect(TaskwarriorChange.of(before: task(), after: task(status: "completed")) == .complete(uuid: uuid))
    #expect(
      TaskwarriorChange.of(before: task(started: true), after: task(status: "deleted")) == .delete(uuid: uuid)
    )
    #expect(TaskwarriorChange.of(before: task(), after: task(project: "other")) == .nothing)
    #expect(TaskwarriorChange.of(before: task(started: true), after: task(started: true)) == .nothing)
  }

  @Test func aTaskIsReadFromTaskwarriorsJSON() {
    let line =
      #"{"description":"Fix \"it\"","entry":"20261204T062205Z","modified":"20261204T062205Z","project":"islet","start":"20261204T062206Z","status":"pending","tags":["code"],"uuid":"\#(uuid)"}"#
    #expect(
      TaskwarriorTask.parse(Array(line.utf8))
        == TaskwarriorTask(
          uuid: uuid, description: #"Fix "it""#, project: "islet", tags: ["code"], status: "pending",
          started: true))
    for bad in [
      #"{"uuid":"x","status":"pending"}"#, "[]", "not json",
      #"{"description":"a","status":"pending","uuid":""}"#,
    ] {
      #expect(TaskwarriorTask.parse(Array(bad.utf8)) == nil, "\(bad) was read as a task")
    }
  }

  @Test func aTasksTagsAreTheStopwatchsTagsEachOnceAndAtMostSixteen() {
    var tagged = task()
    tagged.tags = ["home", "Home", "bug\tfix"] + (1...20).map { "t\($0)" }
    var started = tagged
    started.started = true
    guard case .start(let request) = TaskwarriorChange.of(before: tagged, after: started) else {
      Issue.record("task start did not start a stopwatch")
      return
    }
    #expect(request.attributes.tags == ["home", "bug fix"] + (1...14).map { "t\($0)" })
  }

  @Test func aLongOrControlledDescriptionIsFittedToAName() {
    #expect(TaskwarriorChange.fitting("Tab\there", .name) == "Tab here")
    let long = TaskwarriorChange.fitting(String(repeating: "é", count: 150), .name)
    #expect(long.hasSuffix("…") && long.utf8.count <= UserText.Bounds.name.bytes, "\(long)")
    #expect(UserText.problem(with: long, bounds: .name) == nil)
  }

  @Test func exportIsWrittenAsTimewPrintsIt() {
    let intervals = [
      TimewarriorInterval(
        start: t0, end: t0 + 60_000, tags: ["Admin", #"say "hi""#], annotation: "say \"hi\""),
      TimewarriorInterval(start: t0 + 120_000, end: nil, tags: []),
    ]
    #expect(
      TimewarriorJSON.text(intervals) == """
        [
        {"id":2,"start":"20251130T090500Z","end":"20251130T090600Z","tags":["Admin","say \\"hi\\""],"annotation":"say \\"hi\\""},
        {"id":1,"start":"20251130T090700Z"}
        ]

        """)
    #expect(TimewarriorJSON.text([]) == "[\n]\n")
    #expect(TimewarriorJSON.intervals(Array(TimewarriorJSON.text(intervals).utf8)) == .success(intervals))
  }

  @Test func aFileThatIsNotTimewExportSaysWhy() {
    func reason(_ text: String) -> String? {
      if case .failure(let failure) = TimewarriorJSON.intervals(Array(text.utf8)) { return failure.reason }
      return nil
    }
    #expect(reason("date,name\n") == "it is not JSON")
    #expect(reason(#"{"id":1}"#) == "it is JSON, but not an array of intervals")
    #expect(
      reason(#"[{"start":"20251130T090500Z"},{"end":"20251130T090500Z"}]"#)
        == #"interval 2 of 2 has no "start" text"#)
    #expect(
      reason(#"[{"start":"2025-11-30"}]"#)
        == "interval 1 of 1 starts at '2025-11-30', not a time such as 20261201T083000Z")
    #expect(
      reason(#"[{"start":"20251130T090500Z","end":"20251130T080500Z"}]"#)
        == "interval 1 of 1 ends before it starts")
    #expect(
      reason(#"[{"start":"20251130T090500Z","tags":"a"}]"#)
        == #"interval 1 of 1 has "tags" that are not a list"#)
    #expect(reason("[1]") == "interval 1 of 1 is not an object")
  }

  @Test func theImportSaysWhatItAddedInOneLine() {
    #expect(ImportCommand.said(.init()) == "Imported 0 intervals.\n")
    #expect(
      ImportCommand.said(.init(added: 1, addedTime: 5_400_000, known: 2, open: 1))
        == "Imported 1 interval (1:30:00); 2 were here already; 1 still open was left out.\n")
    #expect(
      ImportCommand.said(.init(added: 1, addedTime: 60_000, empty: 2))
        == "Imported 1 interval (1:00); 2 of no length were left out.\n")
  }
}
