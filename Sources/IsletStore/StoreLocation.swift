/// Where the store lives: `--db`, else `$ISLET_DB`, else `$XDG_STATE_HOME/islet/islet.db`
/// (default `~/.local/state/islet/islet.db`).
public enum StoreLocation {
  public static func path(option: String?, environment: [String: String]) -> String {
    if let option, !option.isEmpty { return option }
    if let variable = environment["ISLET_DB"], !variable.isEmpty { return variable }
    return stateFolder(environment: environment) + "/islet.db"
  }

  /// `$XDG_STATE_HOME/islet`, where the store and `hooks.log` live by default.
  public static func stateFolder(environment: [String: String]) -> String {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/islet" }
    return (environment["HOME"] ?? "/tmp") + "/.local/state/islet"
  }

  /// `$XDG_CONFIG_HOME/islet` (default `~/.config/islet`).
  public static func configFolder(environment: [String: String]) -> String {
    if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/islet" }
    return (environment["HOME"] ?? "/tmp") + "/.config/islet"
  }
}
