import IsletUI
import Testing

struct TerminalSequenceTests {
  @Test func anOscEndsWithABellAndKeepsNoControlCharacterOfItsText() {
    #expect(
      TerminalSequence.osc("2;Tea\u{1B}]0;x\u{07}\u{9C} 4:59")
        == Array("\u{1B}]2;Tea]0;x 4:59\u{07}".utf8))
  }

  @Test func insideTmuxTheSequenceIsWrappedWithEveryEscapeDoubled() {
    let progress = TerminalSequence.osc("9;4;1;40")
    #expect(
      TerminalSequence.forTerminal(progress, insideTmux: true)
        == Array("\u{1B}Ptmux;\u{1B}\u{1B}]9;4;1;40\u{07}\u{1B}\\".utf8))
    #expect(TerminalSequence.forTerminal(progress, insideTmux: false) == progress)
  }
}
