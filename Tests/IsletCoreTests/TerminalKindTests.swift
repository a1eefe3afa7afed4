import IsletCore
import Testing

/// Which terminal the environment says, as the terminal alert channel chooses its sequence by.
struct TerminalKindTests {
  @Test(arguments: [
    (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], TerminalKind.kitty),
    // Inside tmux TERM and TERM_PROGRAM are tmux's; the outer terminal's variables remain.
    (["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "3"], .kitty),
    (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .wezterm),
    (["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "WEZTERM_PANE": "0"], .wezterm),
    (["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"], .iterm2),
    // Over SSH only TERM and the LC_ variables usually arrive: iTerm2 sets LC_TERMINAL.
    (["TERM": "xterm-256color", "LC_TERMINAL": "iTerm2"], .iterm2),
    (["TERM": "xterm-ghostty"], .ghostty),
    (["TERM_PROGRAM": "ghostty", "TERM": "xterm-256color"], .ghostty),
    (["TERM": "xterm-256color", "WT_SESSION": "6f1c…"], .windowsTerminal),
    (["TERM": "xterm", "ConEmuPID": "4242"], .conemu),
    (["TERM": "foot"], .foot),
    (["TERM": "foot-extra"], .foot),
    (["TERM": "rxvt-unicode-256color"], .urxvt),
    (["TERM": "xterm-256color", "VTE_VERSION": "7006"], .vte),
    (["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "VTE_VERSION": "7006"], .vte),
    (["TERM": "xterm-256color"], .other),
    (["TERM": "linux"], .other),
    ([:], .other),
    // Named by the user when the terminal says nothing (over SSH from a VTE terminal).
    (["TERM": "xterm-256color", "ISLET_TERMINAL": "vte"], .vte),
    (["TERM": "xterm-kitty", "ISLET_TERMINAL": "other"], .other),
    // A name that is no kind is not taken: the rule goes on.
    (["TERM": "foot", "ISLET_TERMINAL": "kity"], .foot),
    // An empty variable says nothing.
    (["TERM": "xterm-256color", "KITTY_WINDOW_ID": ""], .other),
  ])
  func theEnvironmentSaysTheKind(environment: [String: String], kind: TerminalKind) {
    #expect(TerminalKind(environment: environment) == kind, "\(environment)")
  }

  /// The store keeps a terminal's kind as one word, `tmux:` before it inside tmux.
  @Test func theStoredKindReadsBackAsItWas() {
    for kind in TerminalKind.allCases {
      for inside in [false, true] {
        for ssh in [false, true] {
          let terminal = Terminal(
            tty: "/dev/pts/9", kind: kind, insideTmux: inside, sshClient: ssh ? "fe80::1" : nil)
          #expect(Terminal(tty: terminal.tty, storedKind: terminal.storedKind) == terminal)
        }
      }
    }
    #expect(
      Terminal(tty: "/dev/pts/1", kind: .windowsTerminal, insideTmux: true).storedKind
        == "tmux:windows-terminal")
    #expect(
      Terminal(tty: "/dev/pts/1", kind: .vte, insideTmux: true, sshClient: "10.0.0.2").storedKind
        == "ssh[10.0.0.2]:tmux:vte")
    #expect(Terminal.sshClient(environment: ["SSH_CONNECTION": "10.0.0.2 51000 10.0.0.1 22"]) == "10.0.0.2")
    #expect(Terminal.sshClient(environment: ["SSH_TTY": "/dev/pts/4"]) == nil)
    #expect(Terminal(tty: "/dev/pts/1", storedKind: "teletype") == nil, "an unknown kind is no terminal")
    #expect(Terminal(tty: "relative/tty", storedKind: "vte") == nil, "a tty is a device's path")
  }
}
