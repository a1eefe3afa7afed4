import Testing

@testable import IsletCore

@Suite struct ConfigurationTests {
  @Test func readsEveryKey() throws {
    let text = """
      # my settings
      theme = light
      bell = off   # quiet please
      max-idle = 2h
      stale-after = 1m
      icon = Coffee

      hooks = /home/ada/hooks
      """
    let configuration = try Configuration.parse(text).get()
    #expect(configuration.theme == "light")
    #expect(configuration.bell == false)
    #expect(configuration.policy == TimePolicy(maxIdle: minutes(120), staleAfter: minutes(1)))
    #expect(configuration.icon == "coffee")
    #expect(configuration.hooks == "/home/ada/hooks")
    #expect(try Configuration.parse("max-idle = 0").get().maxIdle == 0)
    #expect(try Configuration.parse("").get() == Configuration())
  }

  @Test(
    arguments: [
      (
        "colour = red", 1,
        "unknown key 'colour'; known keys: theme, bell, max-idle, stale-after, icon, hooks, plan, goal, plan.NAME"
      ),
      ("\n\nbell = loud", 3, "bell is 'loud'; use on or off"),
      (
        "max-idle = forever", 1, "max-idle is 'forever'; use a duration such as 8h, 30m or 90s or 0 for never"
      ),
      ("stale-after = 0", 1, "stale-after is '0'; use a duration such as 8h, 30m or 90s"),
      ("just words", 1, "'just words' is not a 'key = value' line"),
      (
        "icon = \u{1B}[31m", 1,
        "icon is '\\e[31m'; use a name such as timer, run, focus, book, coffee or code"
      ),
    ] as [(String, Int, String)])
  func namesTheBadLine(text: String, line: Int, message: String) {
    #expect(Configuration.parse(text) == .failure(Configuration.LineError(line: line, message: message)))
  }
}
