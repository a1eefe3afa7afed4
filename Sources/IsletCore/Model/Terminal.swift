/// A terminal an alert can be written to: its tty, what kind of terminal emulator shows it (so
/// which notification sequence it understands), and whether the tty is a tmux pane (a sequence
/// for the emulator must then pass through tmux).
public struct Terminal: Codable, Hashable, Sendable {
  /// The tty's path (`/dev/pts/3`).
  public var tty: String
  public var kind: TerminalKind
  /// The tty is a tmux pane: the emulator is tmux's client's, reached through passthrough.
  public var insideTmux: Bool
  /// The address an ssh session's tty was reached from (`SSH_CONNECTION`'s first word): the
  /// emulator is on that machine, which may follow this one with `islet remote` and alert there
  /// itself. Nil when it is not an ssh session's.
  public var sshClient: String?

  public init(tty: String, kind: TerminalKind, insideTmux: Bool = false, sshClient: String? = nil) {
    self.tty = tty
    self.kind = kind
    self.insideTmux = insideTmux
    self.sshClient = sshClient
  }

  /// What the store keeps of the kind: the kind's name, `tmux:` before it inside tmux and
  /// `ssh[ADDRESS]:` before that over ssh (`ssh[10.0.0.2]:tmux:kitty`).
  public var storedKind: String {
    (sshClient.map { "ssh[\($0)]:" } ?? "") + (insideTmux ? Self.tmuxPrefix : "") + kind.rawValue
  }

  /// The terminal as the store keeps it; nil for a path that is not a device's or a kind no
  /// longer known.
  public init?(tty: String, storedKind: String) {
    var rest = Substring(storedKind)
    var client: String?
    if rest.hasPrefix("ssh["), let close = rest.firstRange(of: "]:") {
      client = String(rest[rest.index(rest.startIndex, offsetBy: 4)..<close.lowerBound])
      rest = rest[close.upperBound...]
    }
    let inside = rest.hasPrefix(Self.tmuxPrefix)
    if inside { rest = rest.dropFirst(Self.tmuxPrefix.count) }
    guard tty.hasPrefix("/dev/"), let kind = TerminalKind(rawValue: String(rest)) else { return nil }
    self.init(tty: tty, kind: kind, insideTmux: inside, sshClient: client)
  }

  /// The address an ssh session was reached from, as sshd says it; nil outside one.
  public static func sshClient(environment: [String: String]) -> String? {
    for key in ["SSH_CONNECTION", "SSH_CLIENT"] {
      if let address = environment[key]?.split(separator: " ").first, !address.contains("]") {
        return String(address)
      }
    }
    return nil
  }

  private static let tmuxPrefix = "tmux:"
}

/// The terminal emulators told apart by the notification sequence they understand.
public enum TerminalKind: String, Codable, CaseIterable, Sendable {
  /// OSC 99, with an identifier: replaced and closed in place.
  case kitty
  /// OSC 777 (`notify;TITLE;BODY`).
  case wezterm, vte, foot, urxvt
  /// OSC 9 (one line of text).
  case iterm2, ghostty, windowsTerminal = "windows-terminal", conemu
  /// Nothing known: the bell alone.
  case other

  /// The kind the environment says, in this order: `ISLET_TERMINAL` (a kind's name, for a
  /// terminal that says nothing, over SSH for instance); kitty (`KITTY_WINDOW_ID`, `TERM=xterm-kitty`);
  /// WezTerm (`TERM_PROGRAM=WezTerm`, `WEZTERM_PANE`); iTerm2 (`TERM_PROGRAM=iTerm.app`,
  /// `LC_TERMINAL=iTerm2`, `ITERM_SESSION_ID`); Ghostty (`TERM_PROGRAM=ghostty`,
  /// `TERM=xterm-ghostty`, `GHOSTTY_RESOURCES_DIR`); Windows Terminal (`WT_SESSION`); ConEmu
  /// (`ConEmuPID`); foot (`TERM=foot…`); urxvt (`TERM=rxvt-unicode…`); a VTE terminal
  /// (`VTE_VERSION`); else `other`. Inside tmux `TERM` and `TERM_PROGRAM` are tmux's, and the
  /// other variables the ones the shell inherited from the terminal tmux was started in.
  public init(environment: [String: String]) {
    if let named = environment["ISLET_TERMINAL"].flatMap(TerminalKind.init(rawValue:)) {
      self = named
      return
    }
    let term = environment["TERM"] ?? ""
    let program = environment["TERM_PROGRAM"] ?? ""
    let has = { (name: String) in !(environment[name] ?? "").isEmpty }
    self =
      if has("KITTY_WINDOW_ID") || term == "xterm-kitty" {
        .kitty
      } else if program == "WezTerm" || has("WEZTERM_PANE") || has("WEZTERM_EXECUTABLE") {
        .wezterm
      } else if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" || has("ITERM_SESSION_ID") {
        .iterm2
      } else if program == "ghostty" || term == "xterm-ghostty" || has("GHOSTTY_RESOURCES_DIR") {
        .ghostty
      } else if has("WT_SESSION") {
        .windowsTerminal
      } else if has("ConEmuPID") {
        .conemu
      } else if term.hasPrefix("foot") {
        .foot
      } else if term.hasPrefix("rxvt-unicode") {
        .urxvt
      } else if has("VTE_VERSION") {
        .vte
      } else {
        .other
      }
  }
}
