import Foundation

@testable import IsletCore
@testable import IsletUI

/// 2025-11-30 09:05:00 UTC.
let t0 = Instant(seconds: 1_764_493_500)

func seconds(_ n: Int64) -> Milliseconds { n * 1000 }
func minutes(_ n: Int64) -> Milliseconds { n * 60_000 }

/// The example activity of the design: "Workout", ID 1823, ada's, a 25-minute countdown.
/// `startsIn`: made pending, starting that long after `t0`.
func workout(
  countdown: Bool = true, icon: String = "timer", name: String = "Workout", startsIn: Milliseconds? = nil
) -> Activity {
  let request = StartRequest(
    id: "wk01", name: name,
    attributes: ActivityAttributes(
      icon: icon, recordID: "1823", owner: "ada", mode: countdown ? .countdown : .stopwatch,
      fullDuration: countdown ? minutes(25) : nil),
    startedAt: startsIn.map { t0 + $0 })
  return try! TimerEngine.reduce(nil, .start(request), at: t0, source: .cli).get().activity
}

func step(_ activity: Activity, _ intent: Intent, at offset: Milliseconds) -> Activity {
  try! TimerEngine.reduce(activity, intent, at: t0 + offset, source: .cli).get().activity
}

/// The example in each phase, and the instant to draw it at.
func inPhase(_ phase: Phase, countdown: Bool = true) -> (Activity, Instant) {
  let a = workout(countdown: countdown)
  let half = minutes(12) + seconds(30)
  switch phase {
  case .idle: return (step(a, .reset, at: half), t0 + half + seconds(10))
  case .active: return (a, t0 + half)
  case .paused: return (step(a, .pause, at: half), t0 + half + minutes(3))
  case .finished: return (a, t0 + minutes(25) + seconds(42))
  case .completed: return (step(a, .complete, at: minutes(25)), t0 + minutes(26))
  case .ended: return (step(a, .end, at: half), t0 + half + seconds(5))
  case .failed: return (step(a, .fail(.status(2)), at: half), t0 + half + seconds(5))
  case .pending: return (workout(countdown: countdown, startsIn: minutes(12)), t0)
  case .expired:
    let policy = TimePolicy.standard
    return (TimerEngine.settle(a, at: t0 + minutes(9 * 60), policy: policy).activity, t0 + minutes(9 * 60))
  }
}

func look(_ activity: Activity, at now: Instant, ascii: Bool = false, theme: Theme = ThemeCatalog.fallback)
  -> Look
{
  Look(activity: activity, now: now, theme: theme, ascii: ascii, utcOffset: 0)
}

/// Rows framed with `|` at both ends, so trailing blanks and widths show in a snapshot; under
/// them, after `roles:`, the same rows as each cell's role (`roleMark`), so that a snapshot
/// holds the colors too and a cell drawn in the wrong role fails it. A blank in the text's
/// role, which shows the terminal's own background, is left blank.
func framed(_ canvas: Canvas) -> String {
  let text = canvas.lines.map { "|" + $0 + "|" }
  let roles = (0..<canvas.height).map { y in
    "|"
      + String(
        (0..<canvas.width).map { x in
          let cell = canvas[x, y]
          return cell.glyph.isSpace && cell.role == .text ? " " : roleMark(cell.role)
        }) + "|"
  }
  return (text + ["roles:"] + roles).joined(separator: "\n")
}

/// A role as one character in a snapshot: blank for the background, a letter or a sign for
/// the rest.
func roleMark(_ role: Role) -> Character {
  switch role {
  case .background: return " "
  case .island: return "I"
  case .islandEdge: return "E"
  case .card: return "#"
  case .cardEdge: return "e"
  case .text: return "t"
  case .secondary: return "s"
  case .timer: return "T"
  case .keyline: return "k"
  case .accent: return "a"
  case .buttonPause: return "P"
  case .buttonResume: return "R"
  case .buttonComplete: return "C"
  case .buttonReset: return "X"
  case .progress: return "="
  case .progressTrack: return "-"
  case .pulse: return "p"
  case .stale: return "d"
  case .alert: return "!"
  // A tint by its place in `Role.tints`: 1 red … 9 pink.
  case .tintRed: return "1"
  case .tintOrange: return "2"
  case .tintYellow: return "3"
  case .tintGreen: return "4"
  case .tintTeal: return "5"
  case .tintBlue: return "6"
  case .tintIndigo: return "7"
  case .tintPurple: return "8"
  case .tintPink: return "9"
  case .alertIsland: return "A"
  case .alertIslandEdge: return "B"
  case .trackFill: return "_"
  // A primary chip by its accent: the theme's own P; the tints', in `Role.tints` order, QSUVWYZGH.
  case .chipAccent: return "P"
  case .chipRed: return "Q"
  case .chipOrange: return "S"
  case .chipYellow: return "U"
  case .chipGreen: return "V"
  case .chipTeal: return "W"
  case .chipBlue: return "Y"
  case .chipIndigo: return "Z"
  case .chipPurple: return "G"
  case .chipPink: return "H"
  }
}
