import IsletCore

extension Alert {
  /// The action key of a posted button: `press-1` for the first.
  public static func pressKey(_ index: Int) -> String { "press-\(index + 1)" }

  /// The alert for what a program reported: a call for attention (its buttons, then the
  /// finished countdown's own when it is one), a run that failed or ran long; nil for another
  /// event.
  static func programs(
    _ event: Event, activity: Activity, policy: AlertPolicy, zone: LocalZone, ascii: Bool
  ) -> Alert? {
    let name = printable(event.name, limit: UserText.Bounds.name.characters)
    let make = { (summary: String, body: String, urgency: Urgency, actions: [Action], awaits: Bool) in
      Alert(
        activityID: event.activityID, icon: activity.icon, seq: event.seq, summary: summary, body: body,
        urgency: urgency, actions: actions, awaitsAcknowledgment: awaits)
    }
    switch event.kind {
    case .attention:
      let asked = printable(event.detail ?? "", limit: UserText.Bounds.name.characters * 2)
      let posted = activity.state.posted
      let progress = posted.percent.map { "\($0)%" }
      let said = [posted.text.map { printable($0, limit: 80) }, progress].compactMap { $0 }
      let body =
        said.isEmpty ? "started \(timeOfDay(activity.runStart, zone: zone))" : said.joined(separator: " · ")
      let answers = activity.state.phase.isLive ? attentionActions(activity, policy: policy) : []
      return make(
        "\(ascii ? "!!" : "❗") \(name) \(ascii ? "-" : "—") \(asked)", body, .critical, answers, true)
    case .failed:
      let how = event.detail ?? "failed"
      return make("\(ascii ? "x" : "✕") \(name) failed", how, .critical, [], false)
    case .completed where event.source == .run:
      let took = DurationText.clock(seconds: event.elapsed / 1000)
      return make("\(ascii ? "ok" : "✓") \(name) done", took, .normal, [], false)
    default:
      return nil
    }
  }

  /// A call for attention's buttons: the program's own, which press them; for a countdown
  /// that is over, also what its time's up offers, as far as the notification has room.
  private static func attentionActions(_ activity: Activity, policy: AlertPolicy) -> [Action] {
    let posted = activity.state.posted.buttons.enumerated().map { index, button in
      Action(
        key: pressKey(index), label: printable(button.label, limit: UserText.Bounds.label.characters),
        intents: [.press(button.label)])
    }
    guard activity.state.phase == .finished, !activity.isPlan else { return posted }
    let usual = [
      Action(key: "complete", label: "Done", intents: [.complete]),
      Action(key: "reset", label: "Reset", intents: [.reset]),
    ]
    return posted + usual.prefix(max(0, Posted.maximumButtons + 1 - posted.count))
  }
}
