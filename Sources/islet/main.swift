import CSystem
import IsletCLI

#if canImport(Glibc)
  import Glibc
#endif

// A crash says so in one line and exits at once: the runtime's backtracer would print a stack
// trace and, in a terminal, wait for a key (SWIFT_BACKTRACE is read before main, too late to set).
islet_catch_crashes()

let console = StandardConsole()
let handlers: [any PostCommitHandler] = [
  HookRunner(warnings: console), DeadlineWatcherLauncher(), TmuxRefresher(),
]
// The arguments and environment as bytes: CommandLine.arguments and String(cString:) would
// repair any that are not UTF-8 into another text, another file name.
exit(CommandLineInterface.run(.current(), handlers: handlers, console: console))
