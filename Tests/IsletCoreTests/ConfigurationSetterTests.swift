import Testing

@testable import IsletCore

/// `Configuration.set` is a look-up in `Configuration.settings`: each declared key carries the
/// setter that reads it.
@Suite struct ConfigurationSetterTests {
  /// A value each key takes; `plan.NAME` and `goal.NAME` are written with a name.
  static let taken = [
    "theme": "nord", "bell": "off", "alerts": "tmux", "alert-repeat": "5", "alert-every": "2m",
    "alert-after-run": "1m",
    "snooze": "10m", "sound": "paplay", "max-idle": "2h", "stale-after": "1m", "icon": "book",
    "hooks": "/tmp/hooks", "mpris": "off", "stopwatch-switch": "on", "desktop-progress": "on",
    "title": "on", "plan": "tabata", "goal": "4",
    "on-lock": "nothing", "on-unlock": "nothing", "away-after": "30m", "away-default": "drop",
    "plan.NAME": "Work 20m, Rest 5m",
    "goal.NAME": "2",
    "remote.NAME": "me@build.example",
    "dnd": "dunst", "dnd-on": "my-dnd on", "dnd-off": "my-dnd off", "dnd-state": "my-dnd get",
  ]

  @Test(arguments: Configuration.settings.map(\.key))
  func everyDeclaredKeyIsReadByItsOwnSetter(key: String) throws {
    let written = key.replacing(".NAME", with: ".deep")
    let value = try #require(Self.taken[key], "no value to try for \(key)")
    var configuration = Configuration()
    #expect(configuration.set(written, value) == nil)
    #expect(configuration != Configuration(), "\(written) = \(value) changed nothing")
    // A value it refuses is refused by its setter, which names the key, not as an unknown key.
    let answer = configuration.set(written, "\u{7}")
    let refusal = try #require(answer, "\(written) took a bell character")
    #expect(refusal.contains(written) && !refusal.hasPrefix("unknown key"), "\(refusal)")
  }

  @Test func aKeyNotDeclaredIsUnknownEvenBesideADeclaredOne() {
    var configuration = Configuration()
    for key in ["colour", "bells", "goals.deep", "plans.deep", "NAME", "plan-deep"] {
      #expect(
        configuration.set(key, "1")?.hasPrefix("unknown key '\(key)'; known keys: theme, bell") == true,
        "\(key)")
    }
    #expect(configuration == Configuration())
  }
}
