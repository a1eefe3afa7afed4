import Testing

@testable import IsletCore
@testable import IsletUI

@Suite struct AlertPopupTests {
  /// The example countdown, over for 0:42 (+0:42 in big digits), and the alert its deadline gave.
  func finished() -> (Look, Alert) {
    let (activity, now) = inPhase(.finished)
    let event = Event(
      seq: 2, activityID: activity.id, kind: .finished, phase: .finished, elapsed: minutes(25), source: .time,
      at: activity.deadline!, name: activity.name)
    let settled = TimerEngine.settle(activity, at: now).activity
    return (look(settled, at: now), Alert(for: event, activity: settled, at: now, policy: AlertPolicy())!)
  }

  @Test func theIslandExpandsWithTheKeysThatPressTheAlertsButtons() {
    let (look, alert) = finished()
    let canvas = AlertPopup.draw(look, alert: alert, width: 58, height: AlertPopup.height(for: look.activity))
    #expect(
      canvas.lines == [
        "▗▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▄▖",
        "▐  ⏱  Workout · Time's up              ▄  █▀█   █ █ ▀▀█  ▌",
        "▐  Started 9:05 · ID 1823 · ada       ▀█▀ █ █ ▀ ▀▀█ █▀▀  ▌",
        "▐   ✓ Done    ↺ Reset                     ▀▀▀ ▀   ▀ ▀▀▀  ▌",
        "▐  ███████████████████████████████████████████████ 100%  ▌",
        "▝▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▘",
        " c done · + snooze 5 min · r reset                        ",
        " ⏎ done · any other key closes                            ",
      ])
    // Snooze, the way on, in the activity's accent (a timer's: the theme's), as its chip would be.
    #expect(canvas[1, 6].role == .buttonComplete && canvas[10, 6].role == .accent)
    #expect(canvas[8, 6].role == .secondary, "the separator between the keys")
    #expect(canvas[1, 7].role == .secondary)
    let ascii = AlertPopup.draw(
      Look(activity: look.activity, now: look.now, ascii: true, utcOffset: 0), alert: alert, width: 58,
      height: 8)
    #expect(
      ascii.lines.suffix(2) == [
        " c done - + snooze 5 min - r reset                        ",
        " Enter done - any other key closes                        ",
      ])
  }

  /// A click on a drawn button presses it, as its key does: the island's chips and the keys'
  /// texts; anywhere else nothing.
  @Test func aClickOnADrawnButtonPressesIt() {
    let (look, alert) = finished()
    let canvas = AlertPopup.draw(look, alert: alert, width: 58, height: AlertPopup.height(for: look.activity))
    let pressed = { (x: Int, y: Int) in AlertPopup.action(atX: x, y: y, in: canvas, alert: alert)?.key }
    // "▐  [✓ Done]  [↺ Reset]": the chips, under the name, from column 3 and 13.
    #expect(pressed(3, 3) == "complete" && pressed(10, 3) == "complete")
    #expect(pressed(13, 3) == "reset" && pressed(21, 3) == "reset")
    #expect(pressed(11, 3) == nil && pressed(2, 3) == nil, "beside the chips")
    // " c done · + snooze 5 min · r reset": each key's text, not the separators.
    #expect(pressed(1, 6) == "complete" && pressed(6, 6) == "complete")
    #expect(pressed(8, 6) == nil)
    #expect(pressed(10, 6) == "snooze" && pressed(23, 6) == "snooze")
    #expect(pressed(27, 6) == "reset" && pressed(33, 6) == "reset" && pressed(34, 6) == nil)
    #expect(pressed(45, 2) == nil && pressed(1, 7) == nil, "the digits and the hint press nothing")
    #expect(AlertPopup.action(atX: 3, y: 3, in: canvas, alert: alert)?.intents == [.complete])
  }

  @Test func aMouseReportIsReadWholeOrNotAtAll() {
    #expect(MouseReport(Array("\u{1B}[<0;37;2M".utf8)) == MouseReport(button: 0, x: 36, y: 1, pressed: true))
    #expect(MouseReport(Array("\u{1B}[<0;37;2m".utf8))?.isLeftPress == false)
    #expect(MouseReport(Array("\u{1B}[<2;1;1M".utf8))?.isLeftPress == false)
    // A press and its release read together; a key is none, a broken tail is dropped.
    #expect(
      MouseReport.reports(in: Array("\u{1B}[<0;37;2M\u{1B}[<0;37;2m\u{1B}[<0;3".utf8))
        == [
          MouseReport(button: 0, x: 36, y: 1, pressed: true),
          MouseReport(button: 0, x: 36, y: 1, pressed: false),
        ])
    #expect(MouseReport.reports(in: Array("c".utf8)) == nil)
    #expect(MouseReport.reports(in: Array("\u{1B}[<x".utf8)) == [])
    for bad in ["\u{1B}[<0;0;2M", "\u{1B}[<0;37M", "\u{1B}[<;1;1M", "\u{1B}[A", "c", "\u{1B}[<0;9999999;1M"] {
      #expect(MouseReport(Array(bad.utf8)) == nil, "\(bad.debugDescription)")
    }
  }

  @Test func eachButtonHasTheViewsKeyAndEnterPressesTheFirst() {
    let (_, alert) = finished()
    let pressed = { (key: Character) in AlertPopup.action(for: key, in: alert)?.intents }
    #expect(pressed("c") == [.complete])
    #expect(pressed("\r") == [.complete])
    #expect(pressed("+") == [.snooze(for: 300_000)] && pressed("=") == [.snooze(for: 300_000)])
    #expect(pressed("r") == [.reset])
    #expect(pressed("q") == nil && pressed("x") == nil && pressed(" ") == nil)
    // A plan's waiting segment goes on with the view's space, or is skipped.
    let waiting = Alert(
      activityID: "p", seq: 1, summary: "⏰ Pomodoro — Focus 1/4 done", body: "", urgency: .critical,
      actions: [
        .init(key: "go-on", label: "Start break", intents: [.toggle]),
        .init(key: "skip", label: "Skip break", intents: [.toggle, .skip]),
      ], awaitsAcknowledgment: true)
    #expect(AlertPopup.action(for: " ", in: waiting)?.label == "Start break")
    #expect(AlertPopup.action(for: "\r", in: waiting)?.label == "Start break")
    #expect(AlertPopup.action(for: "s", in: waiting)?.intents == [.toggle, .skip])
  }

  /// Until keys count, the hint row is blank: a key then presses nothing.
  @Test func theHintShowsOnceKeysCount() {
    let (look, alert) = finished()
    let opening = AlertPopup.draw(look, alert: alert, listening: false, width: 58, height: 9)
    #expect(
      opening.lines.suffix(2) == [
        " c done · + snooze 5 min · r reset" + String(repeating: " ", count: 24),
        String(repeating: " ", count: 58),
      ])
  }

  /// An alert with no buttons (a plan done) says that any key closes; a popup too small for the
  /// island still draws what fits.
  @Test func withoutButtonsAnyKeyClosesAndSmallSizesDrawWhatFits() {
    let (look, alert) = finished()
    var done = alert
    done.actions = []
    #expect(
      AlertPopup.draw(look, alert: done, width: 58, height: 9).lines.last == " Any key closes"
        + String(repeating: " ", count: 43))
    for (width, height) in [(0, 0), (1, 1), (20, 3), (12, 9)] {
      let canvas = AlertPopup.draw(look, alert: alert, width: width, height: height)
      #expect(canvas.width == width && canvas.height == height)
    }
  }
}
