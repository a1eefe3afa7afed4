@testable import IsletCore

/// 2026-11-30 09:05:00 UTC, the instant the examples start at.
let t0 = Instant(seconds: 1_764_493_500)

func seconds(_ n: Int64) -> Milliseconds { n * 1000 }
func minutes(_ n: Int64) -> Milliseconds { n * 60_000 }

func countdownRequest(_ name: String = "Workout", minutes m: Int64 = 25, paused: Bool = false) -> StartRequest
{
  StartRequest(
    id: "wk01", name: name,
    attributes: ActivityAttributes(
      icon: "timer", recordID: "1823", owner: "ada", mode: .countdown, fullDuration: minutes(m)),
    paused: paused)
}

func stopwatchRequest(_ name: String = "Focus", paused: Bool = false) -> StartRequest {
  StartRequest(id: "sw01", name: name, paused: paused)
}

/// Applies an intent that must succeed.
func applied(_ activity: Activity?, _ intent: Intent, at now: Instant, policy: TimePolicy = .standard)
  throws -> Transition
{
  try TimerEngine.reduce(activity, intent, at: now, source: .cli, policy: policy).get()
}
