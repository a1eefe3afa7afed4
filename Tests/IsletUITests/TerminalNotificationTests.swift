import IsletCore
import IsletUI
import Testing

/// What the terminal channel writes for an alert, for each kind of terminal, in tmux or not.
struct TerminalNotificationTests {
  let alert = Alert(
    activityID: "tea1", seq: 4, summary: "⏰ Tea — time's up", body: "+0:00 · started 10:05",
    urgency: .critical,
    actions: [], awaitsAcknowledgment: true)

  private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  @Test(arguments: [TerminalKind.vte, .foot, .urxvt, .wezterm])
  func osc777TerminalsGetTheTitleAndTheBody(kind: TerminalKind) {
    let bytes = TerminalNotification.bytes(
      for: alert, on: Terminal(tty: "/dev/pts/3", kind: kind), bell: true)
    #expect(text(bytes) == "\u{07}\u{1B}]777;notify;⏰ Tea — time's up;+0:00 · started 10:05\u{07}")
  }

  @Test(arguments: [TerminalKind.iterm2, .ghostty, .windowsTerminal, .conemu])
  func osc9TerminalsGetOneLine(kind: TerminalKind) {
    let bytes = TerminalNotification.bytes(
      for: alert, on: Terminal(tty: "/dev/pts/3", kind: kind), bell: true)
    #expect(text(bytes) == "\u{07}\u{1B}]9;⏰ Tea — time's up · +0:00 · started 10:05\u{07}")
  }

  /// kitty's notification carries an identifier of the activity's, so a repeat replaces it and
  /// acting on the activity elsewhere closes it.
  @Test func kittyGetsOneIdentifiedNotificationThatCanBeClosed() {
    let kitty = Terminal(tty: "/dev/pts/3", kind: .kitty)
    #expect(
      text(TerminalNotification.bytes(for: alert, on: kitty, bell: true))
        == "\u{07}\u{1B}]99;i=islet-tea1:d=0:p=title;⏰ Tea — time's up\u{07}"
        + "\u{1B}]99;i=islet-tea1:d=1:p=body;+0:00 · started 10:05\u{07}")
    #expect(
      text(TerminalNotification.closing(activityID: "tea1", on: kitty))
        == "\u{1B}]99;i=islet-tea1:p=close;\u{07}")
    #expect(
      TerminalNotification.closing(activityID: "tea1", on: Terminal(tty: "/dev/pts/3", kind: .vte)).isEmpty)
    #expect(
      TerminalNotification.identifier("a:b;c\u{1B}d") == "islet-abcd", "only what kitty allows in a value")
  }

  @Test func anUnknownTerminalGetsTheBellAloneAndAViewNothingOfItsOwn() {
    let other = Terminal(tty: "/dev/pts/3", kind: .other)
    #expect(TerminalNotification.bytes(for: alert, on: other, bell: true) == [0x07])
    #expect(TerminalNotification.bytes(for: alert, on: other, bell: false).isEmpty)
    let vte = TerminalNotification.bytes(for: alert, on: Terminal(tty: "/dev/pts/3", kind: .vte), bell: false)
    #expect(vte.first == 0x1B, "a view rings its own bell: the sequence alone")
  }

  /// Inside tmux each sequence is wrapped for its passthrough; the bell is tmux's own.
  @Test func insideTmuxEachSequenceIsWrapped() {
    let kitty = Terminal(tty: "/dev/pts/5", kind: .kitty, insideTmux: true)
    #expect(
      text(TerminalNotification.bytes(for: alert, on: kitty, bell: false))
        == "\u{1B}Ptmux;\u{1B}\u{1B}]99;i=islet-tea1:d=0:p=title;⏰ Tea — time's up\u{07}\u{1B}\\"
        + "\u{1B}Ptmux;\u{1B}\u{1B}]99;i=islet-tea1:d=1:p=body;+0:00 · started 10:05\u{07}\u{1B}\\")
  }

  /// Nothing in a name can end the sequence early, add a field, or print as text.
  @Test func aNameCannotBreakOutOfTheSequence() {
    var hostile = alert
    hostile.summary = "⏰ a;b\u{07}\u{1B}[2J\nc — time's up"
    hostile.body = "x;y"
    let bytes = TerminalNotification.bytes(
      for: hostile, on: Terminal(tty: "/dev/pts/3", kind: .foot), bell: false)
    #expect(text(bytes) == "\u{1B}]777;notify;⏰ a,b[2Jc — time's up;x,y\u{07}")
    #expect(bytes.filter { $0 == 0x07 || $0 == 0x1B }.count == 2, "one escape opens it, one bell ends it")
  }
}
