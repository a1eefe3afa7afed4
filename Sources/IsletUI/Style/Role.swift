/// What a cell is, for the theme to color: presentations speak in roles, never in colors.
public enum Role: String, CaseIterable, Codable, Sendable {
  case background, island, text, secondary, timer, keyline, accent
  case buttonPause = "button.pause"
  case buttonResume = "button.resume"
  case buttonComplete = "button.complete"
  case buttonReset = "button.reset"
  case progress
  case progressTrack = "progress.track"
  case pulse, stale, alert
  /// An activity's own accent, where its icon names one (`"tint": "teal"` in the theme's icon
  /// map): its digits and progress are drawn in it, so two activities read apart at a glance.
  /// A theme colors each tint to suit its background; an activity with none takes `timer`.
  case tintRed = "tint.red"
  case tintOrange = "tint.orange"
  case tintYellow = "tint.yellow"
  case tintGreen = "tint.green"
  case tintTeal = "tint.teal"
  case tintBlue = "tint.blue"
  case tintIndigo = "tint.indigo"
  case tintPurple = "tint.purple"
  case tintPink = "tint.pink"
  /// The rounded ends of the island: drawn in the island's fill color. Derived, not in theme files.
  case islandEdge = "island.edge"
  /// A card's fill (the banners, the dialogs): the island's black on a dark terminal, a light
  /// grey on a light one. Derived, not in theme files.
  case card
  /// A card's quadrant-block edges: drawn in the card's fill color. Derived.
  case cardEdge = "card.edge"
  /// The island while time is up: the island in the alert color (its fill a deep tint of
  /// it), and its edges in that fill. Derived.
  case alertIsland = "alert.island"
  case alertIslandEdge = "alert.island.edge"
  /// Under a progress bar's last, partial cell: the track's color as its background. Derived.
  case trackFill = "progress.track.fill"
  /// A primary chip: the activity's accent on a tint of it, one for the theme's accent and one
  /// a tint (`Role.chip(of:)`), made from the accent and `button.pause`. Derived.
  case chipAccent = "chip.accent"
  case chipRed = "chip.tint.red"
  case chipOrange = "chip.tint.orange"
  case chipYellow = "chip.tint.yellow"
  case chipGreen = "chip.tint.green"
  case chipTeal = "chip.tint.teal"
  case chipBlue = "chip.tint.blue"
  case chipIndigo = "chip.tint.indigo"
  case chipPurple = "chip.tint.purple"
  case chipPink = "chip.tint.pink"

  /// The tints an icon may name, by the word after `tint.`.
  public static var tints: [Role] {
    [
      .tintRed, .tintOrange, .tintYellow, .tintGreen, .tintTeal, .tintBlue, .tintIndigo, .tintPurple,
      .tintPink,
    ]
  }

  /// The primary chips, in the order of `tints`.
  static var chips: [Role] {
    [
      .chipRed, .chipOrange, .chipYellow, .chipGreen, .chipTeal, .chipBlue, .chipIndigo, .chipPurple,
      .chipPink,
    ]
  }

  /// The primary chip of an activity whose accent is `accent` (a tint, else the theme's).
  public static func chip(of accent: Role) -> Role {
    Role.tints.firstIndex(of: accent).map { chips[$0] } ?? .chipAccent
  }

  /// The accent a primary chip is made from; nil for any other role.
  var chipSource: Role? {
    if self == .chipAccent { return .accent }
    return Role.chips.firstIndex(of: self).map { Role.tints[$0] }
  }

  /// The edges of a filled shape (the island, a card), drawn in its fill's color: never dimmed.
  public var isEdge: Bool { self == .islandEdge || self == .cardEdge || self == .alertIslandEdge }

  /// The roles worked out from the others, never set by a theme file.
  static var derived: [Role] {
    [.islandEdge, .card, .cardEdge, .alertIsland, .alertIslandEdge, .trackFill, .chipAccent] + chips
  }

  /// The roles a theme file sets.
  public static var themed: [Role] { allCases.filter { !derived.contains($0) } }
}
