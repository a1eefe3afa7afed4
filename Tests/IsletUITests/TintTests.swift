import Testing

@testable import IsletCore
@testable import IsletUI

/// Each activity's accent: a timer in the theme's orange, an activity whose icon names a tint
/// in that tint, through its digits and its progress.
@Suite struct TintTests {
  let theme = ThemeCatalog.builtin("default")!

  func failure(_ json: String) -> Theme.Failure? {
    guard case .failure(let failure) = Theme.parse(Array(json.utf8), name: "t") else { return nil }
    return failure
  }

  @Test func aTimerIsOrangeAndABreakItsIconsTint() throws {
    let now = t0 + minutes(12)
    let timer = look(workout(), at: now, theme: theme)
    #expect(timer.tint == nil && timer.timeRole == .timer && timer.progressRole == .progress)
    #expect(theme.style(.timer).foreground == Color(hex: "#FF9F0A"))
    let coffee = look(workout(icon: "coffee", name: "Break"), at: now, theme: theme)
    #expect(coffee.tint == .tintTeal && coffee.timeRole == .tintTeal && coffee.progressRole == .tintTeal)
    #expect(coffee.accent == .tintTeal && timer.accent == .accent)
    #expect(theme.style(.tintTeal).foreground == Color(hex: "#40C8E0"))
    // The lock screen paints its digits and its bar in the tint, and nothing in the timer's.
    let canvas = LockScreen.draw(coffee, width: 64, height: 8)
    let roles = Set((0..<canvas.height).flatMap { y in (0..<canvas.width).map { canvas[$0, y].role } })
    #expect(roles.contains(.tintTeal) && !roles.contains(.timer) && !roles.contains(.progress), "\(roles)")
    // Time's up is the alert's, whatever the tint.
    let over = look(workout(icon: "coffee"), at: t0 + minutes(26), theme: theme)
    #expect(over.timeRole == .alert && over.progressRole == .alert)
  }

  @Test(arguments: BuiltinThemes.files.map(\.name))
  func everyShippedThemeColorsEveryTint(name: String) throws {
    let theme = try #require(ThemeCatalog.builtin(name))
    for tint in Role.tints {
      let style = try #require(theme.roles[tint], "\(name) has no \(tint.rawValue)")
      #expect(style.background == nil && !style.reverse, "\(name)'s \(tint.rawValue) would make digits slabs")
    }
    #expect(theme.tint("coffee") == .tintTeal && theme.tint("timer") == nil)
  }

  @Test func anIconNamesATintAndTheExportKeepsIt() throws {
    let json = #"{"roles": {}, "icons": {"run": {"glyph": "🏃", "ascii": "[R]", "tint": "pink"}}}"#
    let theme = try Theme.parse(Array(json.utf8), name: "t").get()
    #expect(theme.tint("run") == .tintPink)
    #expect(try Theme.parse(Array(theme.fileText.utf8), name: "t").get().icons == theme.icons)
    #expect(
      failure(#"{"roles": {}, "icons": {"run": {"glyph": "🏃", "ascii": "[R]", "tint": "mauve"}}}"#)
        == Theme.Failure(
          key: "icons.run.tint",
          message: "must be one of red, orange, yellow, green, teal, blue, indigo, purple, pink"))
    #expect(
      failure(#"{"roles": {}, "icons": {"run": {"glyph": "🏃", "ascii": "[R]", "tint": "timer"}}}"#)?.key
        == "icons.run.tint")
  }
}
