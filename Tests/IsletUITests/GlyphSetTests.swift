import Testing

@testable import IsletCore
@testable import IsletUI

/// A theme may draw a one-row island's ends with Powerline's round caps, for a Nerd Font;
/// the tall island and the expanded one keep their blocks, and ASCII its parentheses.
@Suite struct GlyphSetTests {
  func theme(_ glyphs: String) -> Result<Theme, Theme.Failure> {
    Theme.parse(Array(#"{"glyphs": "\#(glyphs)", "roles": {}, "icons": {}}"#.utf8), name: "caps")
  }

  @Test func powerlineCapsEndAOneRowIsland() throws {
    let powerline = try theme("powerline").get()
    #expect(powerline.glyphs == .powerline)
    let (activity, now) = inPhase(.active)
    let shown = look(activity, at: now, theme: powerline)
    let line = Compact.draw(shown, width: 32).lines[0]
    #expect(line.hasPrefix("\u{E0B6} ⏱ Workout") && line.hasSuffix("12:30 \u{E0B4}"), "\(line)")
    #expect(Minimal.draw(shown, width: 7).lines == ["\u{E0B6}12m\u{E0B4}"])
    // Rows of the island's make keep the blocks that meet the fill above and below.
    let expanded = Expanded.draw(shown, width: 58, height: 6).lines
    #expect(expanded[1].hasPrefix("▐") && expanded[1].hasSuffix("▌"), "\(expanded[1])")
    let ascii = look(activity, at: now, ascii: true, theme: powerline)
    #expect(Compact.draw(ascii, width: 32).lines[0].hasPrefix("( "))
    // Written out and read back, it is the same theme; the default set is not written.
    #expect(try Theme.parse(Array(powerline.fileText.utf8), name: "caps").get() == powerline)
    #expect(!ThemeCatalog.fallback.fileText.contains("glyphs"))
  }

  @Test func aGlyphSetNotKnownIsRefusedWithWhatItMayBe() throws {
    #expect(try theme("blocks").get().glyphs == .blocks)
    guard case .failure(let failure) = theme("nerd") else {
      Issue.record("a glyph set not known was taken")
      return
    }
    #expect(failure.key == "glyphs" && failure.message.contains("\"powerline\""), "\(failure)")
  }
}
