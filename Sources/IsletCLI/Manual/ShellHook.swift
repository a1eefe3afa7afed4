import IsletCore
import IsletRuntime
import IsletStore

#if canImport(Glibc)
  import Glibc
#endif

/// The hook `islet shell-init SHELL` prints for a shell's rc file: a command still running
/// after a delay becomes a live activity, ended done or failed with its status when it returns.
enum ShellHook {
  /// The hook for `shell`, which runs `islet` (its path), waits `after`, and writes the lines
  /// its watcher follows into `folder`; the watcher records in `store` (`--db`), else where
  /// the shell's environment says.
  static func text(
    for shell: CompletionScript.Shell, islet: String, folder: String, after: Milliseconds,
    store: String? = nil
  ) -> String {
    let template: String
    let quote: (String) -> String
    switch shell {
    case .bash: (template, quote) = (bashTemplate, posixQuoted)
    case .zsh: (template, quote) = (zshTemplate, posixQuoted)
    case .fish: (template, quote) = (fishTemplate, fishQuoted)
    }
    return template.replacing("@BIN@", with: quote(islet))
      .replacing("@FOLDER@", with: quote(folder))
      .replacing("@AFTER@", with: String(after))
      .replacing("@AFTERTEXT@", with: DurationText.compact(after))
      .replacing("@DB@", with: store.map { "ISLET_DB=" + quote($0) + " " } ?? "")
  }

  /// Where the shells' files are: `$XDG_RUNTIME_DIR/islet` (memory, gone at logout), else
  /// beside the store's default place.
  static func folder(environment: [String: String]) -> String {
    if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
      var info = stat()
      if stat(runtime, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return runtime + "/islet" }
    }
    return StoreLocation.stateFolder(environment: environment)
  }

  static func posixQuoted(_ text: String) -> String {
    "'" + text.replacing("'", with: #"'\''"#) + "'"
  }

  static func fishQuoted(_ text: String) -> String {
    "'" + text.replacing(#"\"#, with: #"\\"#).replacing("'", with: #"\'"#) + "'"
  }
}
