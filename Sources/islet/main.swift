import IsletCLI

#if canImport(Glibc)
  import Glibc
#endif

// A crash must exit at once rather than wait for the backtracer's prompt.
setenv("SWIFT_BACKTRACE", "interactive=no", 0)

var environment: [String: String] = [:]
var entry = environ
while let pair = entry.pointee {
  let text = String(cString: pair)
  if let equals = text.firstIndex(of: "=") {
    environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
  }
  entry += 1
}

let interface = CommandLineInterface(
  environment: environment, handlers: [HookRunner(), DeadlineWatcherLauncher(), TmuxRefresher()])
exit(interface.run(Array(CommandLine.arguments.dropFirst()), console: StandardConsole()))
