import Testing

@testable import IsletCore
@testable import IsletUI

/// A preset plan started at `t0`, named as `islet start --plan` names it.
func planRun(_ name: String) -> Activity {
  let plan = Plan.presets.first { $0.name == name }!
  var request = StartRequest(name: name.prefix(1).uppercased() + name.dropFirst())
  request.id = "pl01"
  request.attributes.plan = plan
  return try! TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
}

/// The plan phases the presentations are shown in, each a run and the instant to draw it at.
enum PlanScene: String, CaseIterable {
  /// A pomodoro's second Focus, half done, a Break up next.
  case running
  /// The same, paused.
  case paused
  /// Its Focus over, waiting for the user to go on (the pomodoro asks).
  case waiting
  /// A Tabata's last Rest: nothing after it.
  case last
  /// A Tabata's third Work in its last two seconds: the cue.
  case cue
  /// A HIIT's warm-up: round 0, its label instead of a round.
  case warmUp = "warm-up"
  /// The running pomodoro with a daily goal of 8, 3 done.
  case goal

  var goal: GoalTally? { self == .goal ? GoalTally(done: 3, target: 8, plan: "pomodoro") : nil }

  /// The run and the instant: a pomodoro goes on by a toggle after each segment (it asks);
  /// Tabata and HIIT go on by themselves.
  var shown: (Activity, Instant) {
    switch self {
    case .running, .goal, .paused, .waiting:
      var run = planRun("pomodoro")
      run = step(run, .toggle, at: minutes(25))  // Focus over: on to the Break
      run = step(run, .toggle, at: minutes(30))  // Break over: Focus, round 2
      switch self {
      case .paused: return (step(run, .pause, at: minutes(42) + seconds(30)), t0 + minutes(45))
      case .waiting: return (run, t0 + minutes(55) + seconds(42))
      default: return (run, t0 + minutes(42) + seconds(30))
      }
    case .last: return (planRun("tabata"), t0 + minutes(3) + seconds(55))
    case .cue: return (planRun("tabata"), t0 + seconds(78) + 500)
    case .warmUp: return (planRun("hiit"), t0 + minutes(1))
    }
  }
}

/// The presentations of a plan in each of its scenes: one file each,
/// `Snapshots/PRESENTATION/plan-SCENE.txt`, at the widths the phases are drawn at (Unicode),
/// and at the target width in ASCII. Read and checked by eye.
@Suite struct PlanSnapshotTests {
  static func draw(_ presentation: Presentation, _ look: Look, width: Int) -> Canvas {
    switch presentation {
    case .expanded: return Expanded.draw(look, width: width, height: Expanded.height(for: look.activity))
    default: return SnapshotTests.draw(presentation, look, width: width)
    }
  }

  static func sheet(_ presentation: Presentation, _ scene: PlanScene) -> String {
    let (activity, now) = scene.shown
    var out = ""
    let widths = SnapshotTests.widths(presentation)
    for (ascii, width) in widths.map({ (false, $0) }) + [(true, widths[0])] {
      let shown = Look(
        activity: activity, now: now, theme: ThemeCatalog.fallback, ascii: ascii, utcOffset: 0,
        goal: scene.goal)
      out += "== plan \(scene.rawValue) \(ascii ? "ascii" : "unicode") width \(width)\n"
      out += framed(draw(presentation, shown, width: width)) + "\n"
    }
    return out
  }

  @Test(arguments: Presentation.allCases, PlanScene.allCases)
  func plan(_ presentation: Presentation, in scene: PlanScene) {
    expectSnapshot(Self.sheet(presentation, scene), named: "\(presentation.rawValue)/plan-\(scene.rawValue)")
  }

  /// Rows running short: what gives way first, down to the smallest size.
  @Test func expandedHeights() {
    var out = ""
    for height in [9, 8, 7, 6, 5, 4, 3] {
      out += "== height \(height)\n" + framed(Expanded.draw(Self.withGoal, width: 44, height: height)) + "\n"
    }
    out += "== minimum\n" + framed(Expanded.draw(Self.withGoal, width: 20, height: 3)) + "\n"
    expectSnapshot(out, named: "expanded/plan-heights")
  }

  @Test func lockScreenHeights() {
    var out = ""
    for height in [9, 8, 7, 6, 5] {
      out +=
        "== height \(height)\n" + framed(LockScreen.draw(Self.withGoal, width: 50, height: height)) + "\n"
    }
    out += "== minimum\n" + framed(LockScreen.draw(Self.withGoal, width: 24, height: 5)) + "\n"
    expectSnapshot(out, named: "lockscreen/plan-heights")
  }

  static var withGoal: Look {
    let (activity, now) = PlanScene.goal.shown
    return Look(
      activity: activity, now: now, theme: ThemeCatalog.fallback, utcOffset: 0, goal: PlanScene.goal.goal)
  }
}
