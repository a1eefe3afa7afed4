import IsletCore
import IsletRuntime
import IsletUI

#if canImport(Glibc)
  import Glibc
#endif

/// `islet __tmux-menu [--keyboard] [--into OPTION] CLIENT [ID]`: the island's menu on a tmux
/// client, made from the live set as it is now, which the snippet's right click and `prefix T
/// m` run (a menu written into the snippet could not know the activities). Its entries act on
/// ID (the current activity without one); each other live activity is an entry that opens the
/// menu for it.
///
/// With `--into`, the menu's `display-menu` command is left in a tmux option, which the key
/// binding then runs itself (`run-shell -C`): a menu opened by a process is keyboard-only on
/// tmux 3.3 and 3.4 (a click closes it), one opened by the binding keeps the mouse.
struct TmuxMenuCommand: Command {
  static let specs = [
    CommandSpec(
      name: "__tmux-menu", operands: "CLIENT [ID]", brief: "the island's tmux menu",
      summary: "Show the island's menu on a tmux client; the snippet's keys run it.",
      options: [
        OptionSpec(.keyboard, help: "opened from a key: centred, not by the status line"),
        OptionSpec(.into, value: "OPTION", help: "set this tmux option to the menu's command instead"),
        OptionSpec(.mouse, help: "the tmux has display-menu -M (3.5 and later): give it"),
      ],
      maxOperands: 2)
  ]

  let client: String?
  let activityID: String?
  let keyboard: Bool
  let option: String?
  let mouse: Bool

  init(_ parsed: ParsedArguments, at now: Instant) throws {
    client = parsed.operands.first
    activityID = parsed.operands.dropFirst().first
    keyboard = parsed.has(.keyboard)
    option = parsed.value(.into)
    mouse = parsed.has(.mouse)
    if let option, !TmuxMenu.isUserOption(option) {
      throw UsageError(
        message: "--into takes a tmux user option such as @islet-menu, not '\(printable(option, limit: 40))'",
        command: "__tmux-menu")
    }
  }

  func run(in environment: Environment) throws -> ExitStatus {
    guard let client, !client.isEmpty else {
      throw CommandFailure(
        message: "__tmux-menu needs the tmux client's name: __tmux-menu CLIENT [ID]", status: .usage)
    }
    guard TmuxRecorder.socket(from: environment.variables) != nil else {
      throw CommandFailure(message: "__tmux-menu is run by tmux's keys; TMUX is not set here", status: .usage)
    }
    guard let tmux = TmuxRecorder.tmuxPath(environment.variables) else {
      throw CommandFailure(message: "there is no tmux on PATH to show the menu", status: .unavailable)
    }
    let policy = try environment.configuration.policy
    let (store, live, _) = try environment.readLive(policy: policy)
    store?.close()
    let (now, theme, ascii) = (environment.now, try environment.theme, !environment.unicode)
    let looks = live.map { Look(activity: $0, now: now, policy: policy, theme: theme, ascii: ascii) }
    let menu = TmuxMenu(
      looks: looks, selected: activityID, plan: try environment.configuration.plan, keyboard: keyboard,
      mouse: mouse, server: TmuxRecorder.socket(from: environment.variables))
    if let option {
      let set = Spawner.run(
        [tmux, "set-option", "-g", option, menu.command], environment: environment.variables,
        within: TmuxAlerts.timeLimit)
      guard let set, set.status == 0 else {
        throw CommandFailure(
          message: "tmux could not be given the menu"
            + (set.map { ": " + $0.firstLine } ?? ": it did not answer"),
          status: .unavailable)
      }
      return .ok
    }
    // display-menu waits until the menu closes: tmux's command takes this process's place,
    // so that nothing waits on it, and its refusal reaches the client's message line as ours.
    let arguments = [tmux, "display-menu", "-c", client] + menu.arguments
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    execve(tmux, argv, envp)
    throw CommandFailure(
      message: "tmux could not be run to show the menu: \(String(cString: strerror(errno)))",
      status: .unavailable)
  }
}

/// The island's tmux menu for one moment of the live set: `display-menu`'s arguments after
/// the client. Pure, so that what each phase offers is tested without a tmux.
struct TmuxMenu {
  /// The live activities, ranked.
  var looks: [Look]
  /// The activity the menu acts on; the first when nil or no longer live.
  var selected: String?
  /// The configured plan, which an entry starts.
  var plan: String
  var keyboard: Bool
  /// tmux 3.5's `display-menu -M`: the menu takes the mouse however it was opened.
  var mouse = false
  /// The socket of the tmux server the menu opens on: an activity started in one of its panes
  /// can be gone to.
  var server: String? = nil

  /// One entry: its label (a tmux format), its key and the tmux command it runs.
  struct Entry: Equatable {
    var label: String
    var key: String
    var command: String
  }

  /// The widest a label's title gets, in cells, so that the menu fits a small client.
  static let titleRoom = 32

  var subject: Look? { looks.first { $0.activity.id == selected } ?? looks.first }

  var title: String {
    guard let subject else { return "Islet" }
    return TmuxText.escaped("\(subject.icon) \(subject.title(fitting: Self.titleRoom))  \(subject.time)")
  }

  /// The entries in order; nil stands for a separator line.
  var entries: [Entry?] {
    var entries: [Entry?] = []
    if let subject {
      entries += posted(on: subject.activity)
      entries += awayAnswers(on: subject)
      entries += actions(on: subject)
      let others = looks.filter { $0.activity.id != subject.activity.id }
      if !others.isEmpty { entries.append(nil) }
      for (index, other) in others.prefix(9).enumerated() {
        let label = "\(other.icon) \(other.title(fitting: Self.titleRoom))  \(other.time)"
        entries.append(
          Entry(
            label: TmuxText.escaped(label), key: "\(index + 1)",
            command: Self.opening(
              keyboard: keyboard, mouse: mouse, for: other.activity.id, separator: ";", inMenu: true)))
      }
      entries.append(nil)
    }
    entries.append(
      Entry(label: "New countdown…", key: KeyBindings.letter(for: .new), command: TmuxSnippet.countdownPrompt)
    )
    entries.append(Entry(label: "Start \(plan)", key: "P", command: Self.runs("start --plan \(plan)")))
    if subject != nil {
      entries.append(
        Entry(label: "Expand", key: KeyBindings.letter(for: .expand), command: TmuxSnippet.popup))
    }
    return entries
  }

  /// What can be done to `look` as it is: the intents its phase takes, the rest left out.
  private func actions(on look: Look) -> [Entry] {
    let id = look.activity.id
    let intent = { (label: String, key: String, arguments: String) in
      Entry(label: label, key: key, command: Self.runs("\(arguments) \(id)"))
    }
    // The view's letters, so that a letter does the same in the menu as in the view.
    let (toggle, more) = (KeyBindings.letter(for: .toggle), KeyBindings.letter(for: .more))
    var entries: [Entry] = []
    switch look.phase {
    case .active: entries.append(intent("Pause", toggle, "toggle"))
    case .paused: entries.append(intent("Resume", toggle, "toggle"))
    case .idle: entries.append(intent("Start", toggle, "toggle"))
    case .pending: entries.append(intent("Start now", toggle, "toggle"))
    case .finished where look.activity.isPlan: entries.append(intent("Go on", toggle, "toggle"))
    default: break
    }
    if look.activity.isCountdown && !look.activity.isPlan {
      entries.append(
        look.phase == .finished ? intent("Snooze", more, "snooze") : intent("+5 min", more, "adjust +5m"))
    }
    // A pending one only starts now or is cancelled: what else the menu offers needs it started.
    if look.phase == .pending {
      return entries + [intent("Cancel", KeyBindings.letter(for: .end), "end")]
    }
    if look.activity.isPlan { entries.append(intent("Skip", KeyBindings.letter(for: .skip), "skip")) }
    if !look.activity.isCountdown && !look.activity.isPlan && look.phase == .active {
      entries.append(intent("Lap", KeyBindings.letter(for: .lap), "lap"))
    }
    entries.append(intent("Done", KeyBindings.letter(for: .complete), "complete"))
    if look.phase != .idle { entries.append(intent("Reset", KeyBindings.letter(for: .reset), "reset")) }
    entries.append(intent("End", KeyBindings.letter(for: .end), "end"))
    return entries
  }

  /// The keys of a posted activity's buttons, first to last.
  static let buttonKeys = ["a", "b", "d"]

  /// A posted activity's buttons, each pressing it, and "Go to" its pane when it was started
  /// in one of this server's.
  private func posted(on activity: Activity) -> [Entry] {
    var entries = activity.state.posted.buttons.prefix(Self.buttonKeys.count).enumerated().map {
      index, button in
      Entry(
        label: TmuxText.escaped(printable(button.label, limit: Self.titleRoom)), key: Self.buttonKeys[index],
        command: Self.runs("press \(activity.id) \(Self.shellWord(button.label))"))
    }
    if let origin = activity.attributes.origin, origin.tmuxSocket == server {
      // The client that chose it moves: the menu's commands run for it.
      entries.append(
        Entry(label: "Go to", key: "g", command: GoTo.commands(pane: origin.tmuxPane).joined(separator: " ")))
    }
    return entries
  }

  /// The answers to a question about time away (`islet away ID keep|drop|stop`), while it
  /// waits, on the keys of a posted activity's buttons (an activity asking has none).
  private func awayAnswers(on look: Look) -> [Entry] {
    guard look.asksAboutAway else { return [] }
    return zip(AwayAnswer.allCases, Self.buttonKeys).map { answer, key in
      Entry(label: answer.label, key: key, command: Self.runs("away \(look.activity.id) \(answer.rawValue)"))
    }
  }

  /// `text` as one word of the shell that `runs` starts, inside tmux's single quotes and a
  /// menu entry expanded once: plain text in double quotes; any other, its bytes spelled by
  /// printf in octal, so that no quote, `$` or `#` of it reaches tmux or the shell.
  static func shellWord(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || " -_.,:+/".contains($0)) }
    if plain && !text.isEmpty { return "\"\(text)\"" }
    let octal = text.utf8.map { byte in
      let digits = String(byte, radix: 8)
      return "\\" + String(repeating: "0", count: 3 - digits.count) + digits
    }.joined()
    return "\"$(printf \"\(octal)\")\""
  }

  /// `display-menu`'s arguments: where, the title, then each entry as name, key and command.
  /// `-O` keeps it open when the right button that opened it is let go off an entry.
  var arguments: [String] {
    let position = keyboard ? ["-x", "C", "-y", "C"] : ["-x", "R", "-y", "S"]
    return (mouse ? ["-M", "-O"] : ["-O"]) + position + ["-T", "#[align=centre]" + title]
      + entries.flatMap { entry in entry.map { [$0.label, $0.key, $0.command] } ?? [""] }
  }

  /// The whole `display-menu` command as tmux parses a command line: each argument in single
  /// quotes, in which nothing is special.
  var command: String {
    (["display-menu"] + arguments.map { "'" + $0.replacing("'", with: #"'\''"#) + "'" }).joined(
      separator: " ")
  }

  /// The option the snippet's keys leave the menu in.
  static let option = "@islet-menu"

  /// Whether `name` is a tmux user option (`@` and a name), the only kind `--into` sets.
  static func isUserOption(_ name: String) -> Bool {
    name.count > 1 && name.hasPrefix("@")
      && name.dropFirst().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
  }

  /// The tmux commands that open this menu on the client, for `id` (the current activity
  /// without one): the snippet's keys and the other activities' entries. islet leaves the menu
  /// in `option`, and the binding runs it, so that it keeps the mouse (run-shell without -b
  /// waits for islet). `separator` joins the commands: `\;` in a key binding, `;` in a menu
  /// entry or braces. A menu entry's command is expanded once when the menu is made, so there
  /// the option's `#` is doubled, to be read when the entry is chosen.
  static func opening(
    keyboard: Bool, mouse: Bool, for id: String? = nil, separator: String = #"\;"#, inMenu: Bool = false
  ) -> String {
    let make =
      "__tmux-menu --into \(option) \(keyboard ? "--keyboard " : "")\(mouse ? "--mouse " : "")\"#{client_name}\""
      + (id.map { " \($0)" } ?? "")
    return [
      "set-option -gu \(option)", "run-shell '\(TmuxSnippet.say(make))'",
      "run-shell -C '\(inMenu ? "##" : "#"){\(option)}'",
    ].joined(separator: " \(separator) ")
  }

  /// A tmux command running islet with `arguments`, its refusal shown on the client.
  static func runs(_ arguments: String) -> String { "run-shell -b '\(TmuxSnippet.say(arguments))'" }
}
