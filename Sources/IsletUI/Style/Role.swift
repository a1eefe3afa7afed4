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
  /// The rounded ends of the island: drawn in the island's fill color. Derived, not in theme files.
  case islandEdge = "island.edge"
  /// A card's fill (the banners, the dialogs): the island's black on a dark terminal, a light
  /// grey on a light one. Derived, not in theme files.
  case card
  /// A card's quadrant-block edges: drawn in the card's fill color. Derived.
  case cardEdge = "card.edge"

  /// The roles a theme file sets.
  public static var themed: [Role] { allCases.filter { ![.islandEdge, .card, .cardEdge].contains($0) } }
}
