import Testing

@testable import IsletCore

@Suite struct ConfigurationTests {
  @Test func readsEveryKey() throws {
    let text = """
      # my settings
      theme = light
      bell = off   # quiet please
      max-idle = 2h
      stale-after = 1m
      icon = Coffee

      hooks = /home/ada/hooks
      """
    let configuration = try Configuration.parse(text).get()
    #expect(configuration.theme == "light")
    #expect(configuration.bell == false)
    #expect(configuration.policy == TimePolicy(maxIdle: minutes(120), staleAfter: minutes(1)))
    #expect(configuration.icon == "coffee")
    #expect(configuration.hooks == "/home/ada/hooks")
    #expect(try Configuration.parse("max-idle = 0").get().maxIdle == 0)
    #expect(try Configuration.parse("").get() == Configuration())
  }

  @Test func readsTheAlertSettings() throws {
    let defaults = Configuration().alerts
    #expect(defaults.channels == [.desktop, .tmux, .bell, .terminal])
    #expect(defaults.repeatCount == 3 && defaults.repeatEvery == minutes(1) && defaults.snooze == minutes(5))
    #expect(defaults.sound == nil)
    let text = """
      alerts = desktop tmux,popup sound
      alert-repeat = 0
      alert-every = 2m
      snooze = 10m
      sound = paplay /usr/share/sounds/freedesktop/stereo/complete.oga
      """
    let alerts = try Configuration.parse(text).get().alerts
    #expect(alerts.channels == [.desktop, .tmux, .popup, .sound])
    #expect(alerts.repeatCount == 0 && alerts.repeatEvery == minutes(2) && alerts.snooze == minutes(10))
    #expect(alerts.sound == "paplay /usr/share/sounds/freedesktop/stereo/complete.oga")
    #expect(try Configuration.parse("alerts = none").get().alerts.channels.isEmpty)
    #expect(try Configuration.parse("sound = auto").get().alerts.sound == nil)
    // bell is the bell channel, whichever line says it last.
    #expect(
      try Configuration.parse("alerts = desktop\nbell = on").get().alerts.channels == [.desktop, .bell])
    #expect(try Configuration.parse("bell = off\nalerts = bell").get().bell)
    #expect(try !Configuration.parse("alerts = tmux").get().bell)
  }

  @Test(
    arguments: [
      (
        "colour = red", 1,
        "unknown key 'colour'; known keys: theme, bell, alerts, alert-repeat, alert-every, alert-after-run, snooze, sound, max-idle, stale-after, icon, hooks, mpris, desktop-progress, title, stopwatch-switch, on-lock, on-unlock, away-after, away-default, dnd, dnd-on, dnd-off, dnd-state, plan, goal, plan.NAME, goal.NAME, remote.NAME"
      ),
      ("\n\nbell = loud", 3, "bell is 'loud'; use on or off"),
      (
        "alerts = desktop, pager", 1,
        "alerts: 'pager' is not a channel; use desktop, tmux, popup, bell, sound, terminal, or none"
      ),
      ("alerts =", 1, "alerts needs channels: desktop, tmux, popup, bell, sound, terminal, or none"),
      (
        "alert-repeat = 21", 1,
        "alert-repeat is '21'; use how many times an alert repeats, from 0 (never) to 20"
      ),
      ("alert-every = 0.5s", 1, "alert-every is '0.5s'; use a duration from 1s to 1h, such as 1m"),
      ("alert-every = 2h", 1, "alert-every is '2h'; use a duration from 1s to 1h, such as 1m"),
      ("snooze = 0", 1, "snooze is '0'; use a duration from 1s to 24h, such as 5m"),
      ("snooze = 2d", 1, "snooze is '2d'; use a duration from 1s to 24h, such as 5m"),
      (
        "max-idle = forever", 1,
        "max-idle is 'forever'; use a duration from 1s to 100h, such as 8h, or 0 for never"
      ),
      ("stale-after = 0", 1, "stale-after is '0'; use a duration from 1s to 100h, such as 5m"),
      ("just words", 1, "'just words' is not a 'key = value' line"),
      (
        "icon = \u{1B}[31m", 1,
        "icon is '\\e[31m'; use a name such as timer, run, focus, book, coffee or code"
      ),
      (
        "\nplan.x = Focus; rounds two", 2,
        "plan.x: 'Focus' has no duration at its end; write a label and a duration, such as 'Focus 25m'"
      ),
      ("plan.x = Focus 25m; rounds two", 1, "plan.x: rounds is 'two'; use a whole number from 1 to 99"),
      (
        "plan.x = Focus 25m; every 4", 1,
        "plan.x: 'every' is not part of a plan; use rounds, long-break, warm-up, cool-down, advance or cue"
      ),
      (
        "plan.Deep = Focus 25m", 1,
        "'plan.Deep' does not name a plan; write plan.NAME with lowercase letters, digits and -, such as plan.deep"
      ),
      (
        "plan. = Focus 25m", 1,
        "'plan.' does not name a plan; write plan.NAME with lowercase letters, digits and -, such as plan.deep"
      ),
      ("plan = my plan", 1, "plan is 'my plan'; use a plan's name, such as pomodoro or tabata"),
      ("goal = eight", 1, "goal is 'eight'; use a number of work segments a day, from 0 (no goal) to 999"),
      ("goal = -1", 1, "goal is '-1'; use a number of work segments a day, from 0 (no goal) to 999"),
      ("goal = 1000", 1, "goal is '1000'; use a number of work segments a day, from 0 (no goal) to 999"),
    ] as [(String, Int, String)])
  func namesTheBadLine(text: String, line: Int, message: String) {
    #expect(Configuration.parse(text) == .failure(Configuration.LineError(line: line, message: message)))
  }

  /// Every declared key is read, whatever its value: none is listed in the man page and then
  /// refused as unknown.
  @Test(arguments: Configuration.settings.map(\.key))
  func everyDeclaredKeyIsRead(key: String) {
    var configuration = Configuration()
    for value in ["", "x", "1"] {
      let problem = configuration.set(key, value) ?? ""
      #expect(!problem.hasPrefix("unknown key"), "\(key) = \(value): \(problem)")
    }
  }

  /// Every key that takes a duration, each with its bounds and the setting it sets.
  static let durationKeys = Configuration.settings.filter { $0.durations != nil }.map(\.key)

  /// A duration key takes a duration in every form a duration has elsewhere (`DurationText`),
  /// zero in every form where zero means something, and nothing else.
  @Test(arguments: durationKeys)
  func aDurationKeyTakesEveryFormOfADuration(key: String) throws {
    let bounds = try #require(Configuration.settings.first { $0.key == key }?.durations)
    func read(_ value: String) -> Result<Milliseconds, Configuration.LineError> {
      Configuration.parse("\(key) = \(value)").map { $0[keyPath: bounds.field] }
    }
    let forms: [(String, Milliseconds)] = [
      ("1s", 1000), ("90s", 90_000), ("90", 90_000), ("25m", 1_500_000), ("25min", 1_500_000),
      ("25 minutes", 1_500_000), ("2m30", 150_000), ("1m30.5s", 90_500), ("25:00", 1_500_000),
      ("0:45", 45_000), ("1h", 3_600_000), ("1h30m", 5_400_000), ("1h30", 5_400_000), ("1.5h", 5_400_000),
      ("1:30:00", 5_400_000), ("2 hours", 7_200_000), ("1d", 86_400_000), ("100h", 360_000_000),
    ]
    for (text, span) in forms where span <= bounds.longest {
      #expect(read(text) == .success(span), "\(key) = \(text)")
      #expect(DurationText.parse(text) == .success(span), "\(text) is not a duration elsewhere")
    }
    let refused = { (text: String) in
      Result<Milliseconds, Configuration.LineError>.failure(
        .init(line: 1, message: "\(key) is '\(text)'; \(bounds.rule)"))
    }
    for text in ["0", "0s", "0m", "0:00", "00:00", "0h0m", "0.0", "0 seconds"] {
      #expect(read(text) == (bounds.zero != nil ? .success(0) : refused(text)), "\(key) = \(text)")
    }
    let tooLong = DurationText.compact(bounds.longest + 1000)
    for text in ["0.5s", "0.0001", "-1m", "soon", "", tooLong] {
      #expect(read(text) == refused(text), "\(key) = \(text)")
    }
  }

  @Test func zeroMeansNeverForMaxIdleAndAwayAfterAlone() {
    // The others refuse it: an alert every 0s, a snooze of 0s or stale at once mean nothing.
    let zeros = Configuration.settings.filter { $0.durations?.zero != nil }.map(\.key)
    #expect(zeros == ["max-idle", "away-after"])
    #expect(Configuration.parse("away-after = 0").map(\.away.askAfter) == .success(0))
    #expect(Configuration.parse("max-idle = 0s").map(\.maxIdle) == .success(0))
    #expect(Configuration.parse("max-idle = 0:00").map(\.policy.maxIdle) == .success(0))
  }

  @Test func readsPlansTheDefaultPlanAndTheGoal() throws {
    let text = """
      plan = deep   # the tmux key starts it
      goal = 8
      plan.deep = Deep work 50m, Break 10m; rounds 3; long-break 20m; advance ask
      plan.tabata = Work 30s, Rest 15s; rounds 6
      """
    let configuration = try Configuration.parse(text).get()
    #expect(configuration.plan == "deep")
    #expect(configuration.goal == 8)
    #expect(configuration.plans.map(\.name) == ["deep", "tabata"])
    // The user's plans first, then the presets they leave in place.
    #expect(configuration.allPlans.map(\.name) == ["deep", "tabata", "pomodoro", "hiit", "52-17"])
    let deep = try #require(configuration.plan(named: "Deep"))
    #expect(
      deep.definition
        == "Deep work 50m timer, Break 10m coffee; rounds 3; long-break Long break 20m coffee every 3; advance ask; cue 0"
    )
    #expect(configuration.plan(named: "tabata")?.work.duration == seconds(30))
    #expect(configuration.plan(named: "nope") == nil)
    // Without a plan line: the pomodoro, and no goal.
    #expect(Configuration().plan == "pomodoro" && Configuration().goal == 0)
    // A later line for the same plan replaces the earlier one.
    let twice = try Configuration.parse("plan.a = Work 1m\nplan.a = Work 2m").get()
    #expect(twice.plans.map(\.work.duration) == [minutes(2)])
  }

  /// `plan =` may name a plan defined further down; one never defined is refused on its line.
  @Test func theDefaultPlanMustBeOneThatExists() throws {
    #expect(try Configuration.parse("plan = mine\nplan.mine = Work 10m").get().plan == "mine")
    #expect(try Configuration.parse("plan = Tabata").get().plan == "tabata")
    #expect(
      Configuration.parse("# mine\nplan = nope\nbell = off")
        == .failure(
          Configuration.LineError(
            line: 2, message: "plan 'nope' is not a plan; use one of pomodoro, tabata, hiit, 52-17")))
  }

  /// `goal` is the default plan's; `goal.NAME` another's, for a plan defined anywhere in the
  /// file or a preset. Each goal counts its own plan's work.
  @Test func eachGoalIsAPlansOwn() throws {
    let text = "goal.deep = 3\ngoal = 8\ngoal.tabata = 0\ngoal.hiit = 2\nplan.deep = Work 50m"
    let goals = try Configuration.parse(text).get().dailyGoals
    #expect(goals.map(\.plan) == ["deep", "hiit", "pomodoro"], "tabata's 0 is no goal")
    #expect(goals.map(\.target) == [3, 2, 8])
    // A goal.NAME for the default plan takes goal's place.
    #expect(
      try Configuration.parse("plan = deep\ngoal = 8\ngoal.deep = 3\nplan.deep = Work 50m").get().dailyGoals
        .map(\.target) == [3])
    #expect(
      Configuration.parse("bell = on\ngoal.pomodor = 4")
        == .failure(
          Configuration.LineError(
            line: 2,
            message: "goal.pomodor: 'pomodor' is not a plan; use one of pomodoro, tabata, hiit, 52-17")))
    #expect(
      Configuration.parse("goal.Deep Work = 4")
        == .failure(
          Configuration.LineError(
            line: 1,
            message:
              "'goal.Deep Work' does not name a plan; write goal.NAME with the plan's name, such as goal.deep"
          )))
    #expect(
      Configuration.parse("goal.tabata = lots")
        == .failure(
          Configuration.LineError(
            line: 1,
            message: "goal.tabata is 'lots'; use a number of work segments a day, from 0 (no goal) to 999")))
  }
}
