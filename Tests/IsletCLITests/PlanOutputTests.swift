import IsletCLITestSupport
import IsletRuntime
import Testing

@testable import IsletCLI
@testable import IsletCore
@testable import IsletStore

/// Plans in the readers' text: the status line and its templates, JSON, the list, the log and
/// the daily goal. The runs are started in this process through the dispatcher, on the
/// sandbox's clock, and read back by the commands.
@Suite struct PlanOutputTests {
  let islet = Sandbox()

  /// Starts `plan` (a preset's name or a one-line definition) as an activity named `name`.
  @discardableResult
  func start(_ plan: String, name: String = "Pomodoro", planName: String = "mine", goal: Int? = nil) throws
    -> String
  {
    let parsed =
      try Plan.presets.first { $0.name == plan } ?? Plan.parse(name: planName, definition: plan).get()
    let store = try SQLiteActivityStore.openForWriting(path: islet.storePath)
    defer { store.close() }
    let request = StartRequest(name: name, attributes: ActivityAttributes(plan: parsed))
    let dispatcher = IntentDispatcher(
      store: store, clock: islet.clock, goals: goal.map { [DailyGoal(target: $0, plan: parsed.name)] } ?? [])
    return try #require(try dispatcher.dispatch(.start(request), source: .cli).activity?.id)
  }

  /// Sends an intent the command line has no verb for here, through the one dispatcher.
  func send(_ intent: Intent) throws {
    let store = try SQLiteActivityStore.openForWriting(path: islet.storePath)
    defer { store.close() }
    let outcome = try IntentDispatcher(store: store, clock: islet.clock).dispatch(intent, source: .cli)
    #expect(outcome.refusal == nil)
  }

  func minutes(_ n: Int64) -> Milliseconds { n * 60_000 }

  @Test func theStatusLineShowsThePlansSegmentAndRound() throws {
    try start("pomodoro")
    #expect(islet("status") == Run(status: 0, stdout: "🍅 Focus 1/4 25:00 ●\n", stderr: ""))
    islet.clock.advance(by: minutes(25))
    #expect(islet("status").stdout == "🍅 Focus 1/4 +0:00 ⏰\n", "the pomodoro waits before its break")
    #expect(islet("toggle").status == 0)
    #expect(islet("status").stdout == "☕ Break 1/4 5:00 ●\n")
    #expect(
      islet("status", "--template", "{icon} {name}: {segment} {round} of {rounds}, {time} {phase}").stdout
        == "☕ Pomodoro: Break 1 of 4, 5:00 active\n")
    #expect(
      islet("status", "--format", "tmux", "--template", "{segment} {round}/{rounds}").stdout == "Break 1/4\n")
  }

  @Test func aWarmUpOrCoolDownShowsItsLabelAlone() throws {
    try start("hiit", name: "HIIT")
    #expect(islet("status").stdout == "🏃 Warm-up 5:00 ●\n")
    #expect(islet("status", "--template", "[{segment}|{round}|{rounds}]").stdout == "[Warm-up||10]\n")
    islet.clock.advance(by: minutes(5) + 40_000)
    #expect(islet("status").stdout == "☕ Rest 1/10 0:20 ●\n")
    islet.clock.advance(by: minutes(10) - 40_000 + 1000)
    #expect(islet("status").stdout == "🏃 Cool-down 4:59 ●\n")
  }

  @Test func aSingleTimersPlanFieldsAreEmptyAndItsJSONPlanNull() throws {
    islet("start", "10m", "--name", "Tea")
    #expect(
      islet("status", "--template", "[{segment}|{round}|{rounds}|{goal}] {time}").stdout == "[|||] 10:00\n")
    #expect(
      islet("status", "--format", "json").stdout.contains(
        #""endedAt":null,"plan":null,"laps":0,"lastLap":null,"state":null,"attention":null,"buttons":[],"expected":null,"exit":null,"tmuxPane":null,"away":null,"goal":null,"#
      ))
    #expect(
      islet("list", "--json").stdout.hasSuffix(
        #""endedAt":null,"plan":null,"laps":0,"lastLap":null,"state":null,"attention":null,"buttons":[],"expected":null,"exit":null,"tmuxPane":null,"away":null}]"#
          + "\n"))
  }

  @Test func theJSONOfAnActivityHasItsPlan() throws {
    let id = try start("pomodoro")
    let focus =
      #""plan":{"name":"pomodoro","segment":"Focus","kind":"work","round":1,"rounds":4,"next":{"segment":"Break","duration":300},"definition":"Focus 25m tomato, Break 5m coffee; rounds 4; long-break Long break 15m coffee every 4; advance ask; cue 0","part":"work","worked":0}"#
    #expect(islet("status", "--format", "json").stdout.contains(#""icon":"tomato","#))
    #expect(
      islet("status", "--format", "json").stdout.contains(
        focus
          + #","laps":0,"lastLap":null,"state":null,"attention":null,"buttons":[],"expected":null,"exit":null,"tmuxPane":null,"away":null,"goal":null,"presentation":"line","#
      ))
    #expect(
      islet("list", "--json").stdout.hasSuffix(
        focus
          + #","laps":0,"lastLap":null,"state":null,"attention":null,"buttons":[],"expected":null,"exit":null,"tmuxPane":null,"away":null}]"#
          + "\n"))
    #expect(
      islet("list").stdout == """
           ID    NAME      PHASE   TIME   KIND
        *  \(id)  Pomodoro  active  25:00  plan pomodoro · Focus 1/4

        """)
    // The last segment has nothing next.
    try start("tabata", name: "Tabata")
    islet.clock.advance(by: 235_000)
    #expect(
      islet("status", "Tabata", "--format", "json").stdout.contains(
        #""plan":{"name":"tabata","segment":"Rest","kind":"break","round":8,"rounds":8,"next":null,"definition":"Work 20s workout, Rest 10s coffee; rounds 8; advance auto; cue 3","part":"break","worked":8}"#
      ))
  }

  @Test func theLogHasASessionPerSegmentAndTotalsOfWork() throws {
    try start("pomodoro")
    islet.clock.advance(by: minutes(26))  // Focus over at 25:00; it waited a minute
    #expect(islet("toggle").status == 0)
    islet.clock.advance(by: minutes(1))
    try send(.skip)
    islet.clock.advance(by: minutes(3))
    #expect(islet("complete", "pomodoro").status == 0)
    islet("start", "10m", "--name", "Tea")
    islet.clock.advance(by: minutes(10))
    islet("complete")
    #expect(
      islet("log")
        == Run(
          status: 0,
          stdout: """
            ID  STARTED           NAME                  OUTCOME    ELAPSED
            2   2025-11-30 09:05  Pomodoro · Focus 1/4  finished   25:00
            4   2025-11-30 09:31  Pomodoro · Break 1/4  skipped    1:00
            6   2025-11-30 09:32  Pomodoro · Focus 2/4  completed  3:00
            9   2025-11-30 09:35  Tea                   completed  10:00

            Totals
            Pomodoro  2 sessions  28:00
            Tea       1 session   10:00
            Only work counts: reset runs, breaks, warm-ups, cool-downs and skipped segments are left out.

            """, stderr: ""))
    #expect(
      islet("log", "--csv").stdout.split(separator: "\n").map {
        $0.split(separator: ",", omittingEmptySubsequences: false).dropFirst(3).joined(separator: ",")
      } == [
        "name,outcome,elapsed_seconds,plan,segment,kind,round,rounds,category,counted,session,edited,failure,tags",
        "Pomodoro,finished,1500.000,pomodoro,Focus,work,1,4,,true,2,false,,",
        "Pomodoro,skipped,60.000,pomodoro,Break,break,1,4,,false,4,false,,",
        "Pomodoro,completed,180.000,pomodoro,Focus,work,2,4,,true,6,false,,",
        "Tea,completed,600.000,,,,,,,true,9,false,,",
      ])
    let json = islet("log", "--json").stdout
    #expect(
      json.contains(
        #""outcome":"skipped","elapsed":60,"plan":{"name":"pomodoro","segment":"Break","kind":"break","round":1,"rounds":4,"next":{"segment":"Focus","duration":1500}},"counted":false,"session":4,"edited":false,"failure":null,"tags":[]}"#
      ))
    #expect(
      json.contains(
        #""outcome":"completed","elapsed":600,"plan":null,"counted":true,"session":9,"edited":false,"failure":null,"tags":[]}"#
      ))
    #expect(
      json.hasSuffix(
        #""totals":[{"name":"Pomodoro","sessions":2,"elapsed":1680},{"name":"Tea","sessions":1,"elapsed":600}]}"#
          + "\n"))
  }

  /// Today's work segments of the plan the goal is for, counted by a reader as a writer would
  /// have recorded them: some recorded, some only due. Another plan's work does not count, and
  /// only the plan's runs show it.
  @Test func theGoalIsTodaysWorkSegments() throws {
    let sprint = "Work 1m, Rest 30s; rounds 3"
    islet.writeConfig("plan.sprint = \(sprint)\ngoal.sprint = 2\ngoal = 4\n")
    try start("tabata", name: "Tabata")
    islet.clock.advance(by: 60_000)
    #expect(islet("status", "--template", "{name} [{goal}]").stdout == "Tabata []\n", "a Tabata has no goal")
    #expect(islet("end").status == 0)
    try start(sprint, name: "Sprint", planName: "sprint", goal: 2)
    #expect(
      islet("status", "--template", "{segment} {round}/{rounds} {goal}").stdout == "Work 1/3 0/2 today\n")
    #expect(islet("status", "--format", "json").stdout.contains(#","goal":{"done":0,"target":2},"#))
    islet.clock.advance(by: 70_000)
    #expect(islet("pause").status == 0)  // records Work 1's end
    islet.clock.advance(by: 10_000)
    #expect(islet("resume").status == 0)
    islet.clock.advance(by: 100_000)  // Work 2 over, by time alone, at 2:40
    #expect(
      islet("status", "--template", "{segment} {round}/{rounds} {goal}").stdout == "Rest 2/3 2/2 today\n")
    #expect(islet("status", "--format", "json").stdout.contains(#","goal":{"done":2,"target":2},"#))
    islet("start", "--name", "Tea")
    #expect(islet("status", "Tea", "--template", "{name} [{goal}]").stdout == "Tea []\n", "a timer has none")
    islet("start", "--plan", "pomodoro")
    #expect(
      islet("status", "Pomodoro", "--template", "{name} {goal}").stdout == "Pomodoro 0/4 today\n",
      "the Tabata's and the Sprint's work count toward their own goals only")
    islet.clock.advance(by: 24 * 3_600_000)
    try start(sprint, name: "Sprint", planName: "sprint", goal: 2)
    #expect(islet("status", "Sprint", "--template", "{goal}").stdout == "0/2 today\n", "a new day")
    islet.writeConfig("")
    #expect(islet("status", "Sprint", "--template", "[{goal}]").stdout == "[]\n")
  }
}
