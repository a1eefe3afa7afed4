import IsletCore
import IsletRuntime

/// `islet taskwarrior`: an on-modify hook for Taskwarrior that names this binary by its path.
struct TaskwarriorCommand: Command {
  static let specs = [
    CommandSpec(
      name: "taskwarrior", operands: "",
      brief: "a Taskwarrior hook: task start, stop and done drive a stopwatch",
      summary:
        "Print an on-modify hook for Taskwarrior: task N start starts a stopwatch named after the task, task N stop ends it, task N done completes it.",
      details: """
        Save it as ~/.task/hooks/on-modify.islet and make it executable:
          islet taskwarrior > ~/.task/hooks/on-modify.islet
          chmod +x ~/.task/hooks/on-modify.islet

        The stopwatch is named after the task's description, has the task's UUID as its --id
        and its project as its category; task N delete ends it too. The hook names this binary
        by its path: print it again after moving islet. It always hands the task back to
        Taskwarrior unchanged and exits 0, so a task command never fails because of Islet;
        what Islet could not do is said on stderr.
        """,
      maxOperands: 0)
  ]

  init(_ parsed: ParsedArguments, at now: Instant) throws {}

  func run(in environment: Environment) throws -> ExitStatus {
    let binary = try Spawner.pathForConfiguration("a Taskwarrior hook")
    environment.console.out(Self.hook(binary: binary))
    return .ok
  }

  /// The hook's script, for /bin/sh. It reads the task before and after the change, hands both
  /// to `islet __taskwarrior-hook` and prints the task after itself, so that the task goes
  /// back unchanged whatever islet does.
  static func hook(binary: String) -> String {
    """
    #!/bin/sh
    # Islet's on-modify hook for Taskwarrior: task N start starts a stopwatch named after the
    # task, task N stop ends it, task N done completes it. Save it as
    # ~/.task/hooks/on-modify.islet and make it executable (chmod +x).
    # It hands the task back unchanged and exits 0 whatever islet does; islet's problems go to
    # stderr.
    IFS= read -r before
    IFS= read -r after
    printf '%s\\n%s\\n' "$before" "$after" | \(BarCommand.shellQuoted(binary)) __taskwarrior-hook >/dev/null
    printf '%s\\n' "$after"
    exit 0

    """
  }
}
