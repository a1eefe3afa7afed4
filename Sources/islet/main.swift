import CSystem
import IsletCLI
import IsletRuntime

#if canImport(Glibc)
  import Glibc
#endif

// A crash says so in one line and exits at once: the runtime's backtracer would print a stack
// trace and, in a terminal, wait for a key (SWIFT_BACKTRACE is read before main, too late to set).
islet_catch_crashes()
// A reader that goes away (`islet start | head -0`) must not stop us between an intent's
// commit and its hooks and deadline watcher: a write then fails with EPIPE, and the command
// ends quietly with 141 once they have run. Spawned programs get SIGPIPE back at its default.
signal(SIGPIPE, SIG_IGN)

let console = StandardConsole()
let handlers: [any PostCommitHandler] = [
  HookRunner(warnings: console), DeadlineWatcherLauncher(), TmuxRecorder(),
  DoNotDisturbSwitch(),
]
// The arguments and environment as bytes: CommandLine.arguments and String(cString:) would
// repair any that are not UTF-8 into another text, another file name.
exit(CommandLineInterface.run(.current(), handlers: handlers, console: console))
