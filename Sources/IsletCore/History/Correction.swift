/// What `islet edit` changes in a past session; nil leaves a field as it is.
public struct SessionChange: Equatable, Sendable {
  public var name: String?
  /// An empty category clears it.
  public var category: String?
  public var start: Instant?
  public var end: Instant?

  public init(name: String? = nil, category: String? = nil, start: Instant? = nil, end: Instant? = nil) {
    self.name = name
    self.category = category
    self.start = start
    self.end = end
  }

  public var isEmpty: Bool { name == nil && category == nil && start == nil && end == nil }

  /// The change without what `session` already has: the same name, category, start or end.
  public func leavingOut(unchangedIn session: Session) -> SessionChange {
    var change = self
    if change.name == session.name { change.name = nil }
    if let category = change.category, (category.isEmpty ? nil : category) == session.category {
      change.category = nil
    }
    if change.start == session.startedAt { change.start = nil }
    if change.end != nil && change.end == session.endedAt { change.end = nil }
    return change
  }
}

/// Corrections of the history: a past session's events rewritten so that every reader
/// (`SessionLog`, `Report`, the window reads) tells the corrected session, as if it had
/// happened so. Its running time is the growth of `elapsed`, so a start moved earlier adds to
/// every later event's `elapsed`, and an end moved later to the closing one's.
public enum Correction {
  /// When a countdown of `length` whose run is `events` (its `elapsed` the running time) reached
  /// its length: in the stretch where its running time passed it. Nil when it never did.
  public static func finish(of events: [Event], length: Milliseconds) -> Instant? {
    for (from, to) in zip(events, events.dropFirst()) where from.elapsed < length && to.elapsed >= length {
      return from.at + (length - from.elapsed)
    }
    return nil
  }

  /// The session's events (`events` holds at least them, oldest first, and the activity's
  /// others) as `change` leaves them, each marked edited; or why it cannot be changed so.
  public static func edit(_ session: Session, events: [Event], change: SessionChange, at now: Instant)
    -> Result<[Event], Refusal>
  {
    let name = session.name
    guard session.endedAt != nil else {
      return .failure(
        Refusal("\(name) is still going; islet update changes a live one, and edit a past session"))
    }
    let seqs = Set(session.seqs)
    var span = events.filter { $0.seq.map(seqs.contains) ?? false }
    guard !span.isEmpty else { return .failure(Refusal("session \(session.id ?? 0) has no events to edit")) }
    let others = events.filter { event in !event.kind.isCorrection && !(event.seq.map(seqs.contains) ?? false)
    }
    if change.start != nil || change.end != nil {
      if let refusal = timesRefusal(session, span) { return .failure(refusal) }
    }
    if let start = change.start,
      let refusal = moveStart(of: &span, to: start, name: name, others: others, now: now)
    {
      return .failure(refusal)
    }
    if let end = change.end, let refusal = moveEnd(of: &span, to: end, name: name, others: others, now: now) {
      return .failure(refusal)
    }
    // The cap holds a moved time to what a timer may run; a session that ran longer keeps its name
    // to change, and may shrink.
    if change.start != nil || change.end != nil, let first = span.first, let last = span.last,
      last.elapsed - first.elapsed > max(DurationText.maximum, session.elapsed)
    {
      return .failure(
        Refusal("\(name) would run longer than 100 hours; give a later start or an earlier end"))
    }
    for index in span.indices {
      if let newName = change.name { span[index].name = newName }
      if let category = change.category { span[index].category = category.isEmpty ? nil : category }
      span[index].edited = true
    }
    return .success(span)
  }

  /// Why the session's times cannot be moved at all, or nil when they can.
  private static func timesRefusal(_ session: Session, _ span: [Event]) -> Refusal? {
    let name = session.name
    if session.plan != nil {
      return Refusal("\(name)'s times follow its plan; edit its name or category, or forget it")
    }
    if session.isPartOfRun {
      return Refusal("\(name) was renamed as it ran, so its times are shared; edit its name or category")
    }
    if span.contains(where: { $0.kind == .finished }) {
      return Refusal(
        "\(name) is a countdown that ran to its end, kept by its deadline; edit its name or category")
    }
    return nil
  }

  /// Moves the session's start (its `started` event) to `start`, adding the time gained to every
  /// later event's `elapsed`; or why it cannot move there: past its first stop, into the
  /// activity's previous run (`others`), or later than now.
  private static func moveStart(
    of span: inout [Event], to start: Instant, name: String, others: [Event], now: Instant
  ) -> Refusal? {
    guard span[0].kind == .started, span.count >= 2 else {
      return Refusal("\(name)'s start is not in the history; edit its end instead")
    }
    let shift = span[0].at - start
    let firstGrowth = span[1].elapsed - span[0].elapsed
    if start > now { return Refusal("the new start is later than now; give a time already past") }
    guard start < span[1].at, firstGrowth + shift >= 0 else {
      return Refusal("the new start is after \(name) first stopped; give an earlier one")
    }
    if let before = others.last(where: { $0.at <= span[0].at }), start < before.at {
      return Refusal("the new start is before \(name)'s previous run ended; give a later one")
    }
    span[0].at = start
    for index in span.indices.dropFirst() { span[index].elapsed += shift }
    return nil
  }

  /// Moves the event that closes the session to `end`, its `elapsed` by as much; or why it
  /// cannot move there: before the last start or resume, into the next run, or later than now.
  private static func moveEnd(
    of span: inout [Event], to end: Instant, name: String, others: [Event], now: Instant
  ) -> Refusal? {
    let last = span.count - 1
    guard span[last].kind.closesRun, last >= 1 else {
      return Refusal("\(name) has no end in the history to move")
    }
    let shift = end - span[last].at
    if end > now { return Refusal("the new end is later than now; give a time already past") }
    guard end > span[last - 1].at, span[last].elapsed + shift - span[last - 1].elapsed >= 0 else {
      return Refusal("the new end is before \(name)'s last start or resume; give a later one")
    }
    if let after = others.first(where: { $0.at >= span[last].at && $0.seq ?? 0 > span[last].seq ?? 0 }),
      end > after.at
    {
      return Refusal("the new end is after \(name)'s next run began; give an earlier one")
    }
    span[last].at = end
    span[last].elapsed += shift
    return nil
  }
}
