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

  /// The tints an icon may name, by the word after `tint.`.
  public static var tints: [Role] {
    [
      .tintRed, .tintOrange, .tintYellow, .tintGreen, .tintTeal, .tintBlue, .tintIndigo, .tintPurple,
      .tintPink,
    ]
  }

  /// The roles a theme file sets.
  public static var themed: [Role] { allCases.filter { ![.islandEdge, .card, .cardEdge].contains($0) } }
}
