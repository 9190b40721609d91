import HealthPresentation
import Testing

/// The terminal's emphasis: ANSI codes only when enabled, each closed at once.
@Suite struct ANSIEmphasisTests {
    @Test func codesWhenEnabled() {
        let style = ANSIEmphasis(enabled: true)
        #expect(style.red("150/95") == "\u{1B}[1;31m150/95\u{1B}[0m")
        #expect(style.bold("x") == "\u{1B}[1mx\u{1B}[0m")
        #expect(style.dim("x") == "\u{1B}[2mx\u{1B}[0m")
        #expect(style.yellow("x") == "\u{1B}[33mx\u{1B}[0m")
        #expect(style.green("x") == "\u{1B}[32mx\u{1B}[0m")
    }

    @Test func textAsItIsWhenNot() {
        let style = ANSIEmphasis(enabled: false)
        for said in [style.red("a"), style.bold("a"), style.dim("a"), style.yellow("a"), style.green("a")] { #expect(said == "a") }
    }
}
