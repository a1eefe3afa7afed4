import CSystem
import IsletCLI

#if canImport(Glibc)
  import Glibc
#endif

// A crash says so in one line and exits at once: the runtime's backtracer would print a stack
// trace and, in a terminal, wait for a key (SWIFT_BACKTRACE is read before main, too late to set).
islet_catch_crashes()

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
