import Testing

@testable import IsletCore
@testable import IsletUI

/// A program's activity started at `t0`: a stopwatch, `code`'s icon, with what it posts and
/// how long it is expected to take.
func task(
  _ name: String, id: String = "dp01", posted: Posted = Posted(), expected: Milliseconds? = nil
) -> Activity {
  let request = StartRequest(
    id: id, name: name, attributes: ActivityAttributes(icon: "code", expected: expected), posted: posted)
  return try! TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
}

/// A program's activities as every surface shows them, each a run and the instant to draw it at.
enum TaskScene: String, CaseIterable {
  /// A deploy that says what it does, how far it is, and offers two buttons.
  case posted
  /// The same, needing the user.
  case attention
  /// A command with an estimate from past runs: 2 of 5 minutes gone.
  case estimate
  /// The same past its estimate.
  case overEstimate = "over-estimate"
  /// A command that failed with exit status 2.
  case failed

  static let buttons = [
    ActivityButton(label: "Approve", command: "./approve.sh"),
    ActivityButton(label: "Reject", command: "./reject.sh"),
  ]

  var shown: (Activity, Instant) {
    let deploy = Posted(text: "Migrating", percent: 72, buttons: Self.buttons)
    switch self {
    case .posted: return (task("Deploy api", posted: deploy), t0 + seconds(192))
    case .attention:
      var asking = deploy
      asking.attention = "Needs your approval"
      return (task("Deploy api", posted: asking), t0 + seconds(192))
    case .estimate: return (task("make test", id: "mk01", expected: minutes(5)), t0 + minutes(2))
    case .overEstimate:
      return (task("make test", id: "mk01", expected: minutes(5)), t0 + minutes(6) + seconds(30))
    case .failed:
      return (step(task("make", id: "mk02"), .fail(.status(2)), at: seconds(12)), t0 + seconds(20))
    }
  }
}

/// The presentations of a program's activity in each scene, one file each,
/// `Snapshots/PRESENTATION/task-SCENE.txt` (Unicode at each width, ASCII at the target), and
/// the device view at 100×30, 60×20, 40×12 and one row, `Snapshots/device/task-SCENE.txt`.
/// Read and checked by eye.
@Suite struct TaskSnapshotTests {
  static func sheet(_ presentation: Presentation, _ scene: TaskScene) -> String {
    let (activity, now) = scene.shown
    var out = ""
    let widths = SnapshotTests.widths(presentation)
    for (ascii, width) in widths.map({ (false, $0) }) + [(true, widths[0])] {
      let shown = look(activity, at: now, ascii: ascii)
      out += "== task \(scene.rawValue) \(ascii ? "ascii" : "unicode") width \(width)\n"
      out += framed(PlanSnapshotTests.draw(presentation, shown, width: width)) + "\n"
    }
    return out
  }

  @Test(arguments: Presentation.allCases, TaskScene.allCases)
  func task(_ presentation: Presentation, in scene: TaskScene) {
    expectSnapshot(Self.sheet(presentation, scene), named: "\(presentation.rawValue)/task-\(scene.rawValue)")
  }

  /// The view's scenes: the posted deploy selected over the command past its estimate (a
  /// one-row card); the deploy needing the user, the island expanded on it; the command
  /// under its estimate alone. A failed run is over, and the view shows only live ones.
  static let scenes: [DeviceScreenTests.Scene] = {
    let (posted, now) = TaskScene.posted.shown
    let (over, _) = TaskScene.overEstimate.shown
    let (asking, then) = TaskScene.attention.shown
    let (estimate, later) = TaskScene.estimate.shown
    var selected = DeviceState()
    selected.selectedID = posted.id
    var alerting = DeviceState()
    alerting.alerting = DeviceState.Alerting(
      activityID: asking.id, summary: "Needs your approval", until: then + seconds(3))
    return [
      DeviceScreenTests.Scene(
        name: "task-posted", live: [posted, over], now: now + minutes(4) + seconds(18), state: selected),
      DeviceScreenTests.Scene(name: "task-attention", live: [asking], now: then, state: alerting),
      DeviceScreenTests.Scene(name: "task-estimate", live: [estimate], now: later),
    ]
  }()

  @Test(arguments: scenes)
  func screen(_ scene: DeviceScreenTests.Scene) {
    var out = ""
    for size in DeviceScreenTests.sizes(scene) {
      var sized = scene
      (sized.width, sized.height) = size
      for ascii in [false, true] {
        out += "== \(scene.name) \(ascii ? "ascii" : "unicode") \(size.width)x\(size.height)\n"
        out += DeviceScreenTests.screen(sized, ascii: ascii) + "\n"
      }
    }
    expectSnapshot(out, named: "device/\(scene.name)")
  }
}
