import IsletCore

/// JSON for output, with keys in the order written (scripts and people read it; a fixed order
/// keeps diffs and eyes calm).
package enum JSON {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([(String, JSON)])

  package static func string(_ value: String?) -> JSON { value.map { .string($0) } ?? .null }
  package static func number(_ value: Double?) -> JSON { value.map { .number($0) } ?? .null }

  package var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .number(let value):
      if value.isFinite && value == value.rounded() && abs(value) < 1e15 {
        out += String(Int64(value))
      } else if value.isFinite {
        out += "\(value)"
      } else {
        out += "null"
      }
    case .string(let value): JSON.quote(value, into: &out)
    case .array(let items):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out += "," }
        JSON.quote(key, into: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  private static func quote(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where !UserText.isPrintable(scalar):
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}

extension JSON {
  /// A plan run's place, the same object wherever JSON shows an activity, an event or a session:
  /// `{name, segment, kind, round, rounds, next: {segment, duration}}`, the duration in seconds,
  /// `next` null after the last segment; null for a single timer.
  package static func plan(_ position: PlanPosition?) -> JSON {
    guard let position else { return .null }
    let next = position.next.map { next in
      JSON.object([("segment", .string(next.segment)), ("duration", .number(Double(next.duration) / 1000))])
    }
    return .object([
      ("name", .string(position.name)), ("segment", .string(position.segment)),
      ("kind", .string(position.kind.rawValue)), ("round", .number(Double(position.round))),
      ("rounds", .number(Double(position.rounds))), ("next", next ?? .null),
    ])
  }

  /// Today's goal, `{done, target}`; null without one.
  package static func goal(_ tally: GoalTally?) -> JSON {
    guard let tally else { return .null }
    return .object([("done", .number(Double(tally.done))), ("target", .number(Double(tally.target)))])
  }
}
