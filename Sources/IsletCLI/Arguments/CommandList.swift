import IsletRuntime

// The list of commands, apart from the types, so that fuzz/run can build the declarations
// (each type's `specs`) without the rest of the command line.

/// The commands of the command line, in the order the top help lists them.
var commandTypes: [any Command.Type] {
  [
    StartCommand.self, SwitchCommand.self, ContinueCommand.self, IntentCommand.self, AdjustCommand.self,
    SnoozeCommand.self, UpdateCommand.self,
    PressCommand.self, AwayCommand.self, FailCommand.self, GotoCommand.self, WaitCommand.self,
    RunCommand.self,
    StatusCommand.self, ListCommand.self, LapsCommand.self, LogCommand.self, EditCommand.self,
    ForgetCommand.self, ReportCommand.self, ImportCommand.self, PlansCommand.self,
    ThemesCommand.self, IconsCommand.self, CheckCommand.self,
    TmuxCommand.self, BarCommand.self, TaskwarriorCommand.self, AlertCommand.self, RemoteCommand.self,
    ShellInitCommand.self, CompletionsCommand.self, HelpCommand.self,
  ]
}

/// Commands islet runs itself, in the background; not for users, so not in the help.
var hiddenCommandTypes: [any Command.Type] {
  [
    WatchCommand.self, HooksCommand.self, PopupCommand.self, TmuxMenuCommand.self, ManCommand.self,
    CompleteCommand.self, ShellWatchCommand.self, RemoteLinkCommand.self, TaskwarriorHookCommand.self,
    DoNotDisturbCommand.self,
  ]
}
