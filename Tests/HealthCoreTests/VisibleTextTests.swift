import HealthCore
import Testing

@Suite struct VisibleTextTests {
    @Test(arguments: [
        ("plain 爸爸 🩺", "plain 爸爸 🩺"),
        ("\u{1B}[2J\u{1B}[HCLEARED", "\\e[2J\\e[HCLEARED"),
        ("\u{1B}]0;pwned\u{7}", "\\e]0;pwned\\u{7}"),
        ("a\rb", "a\\rb"),
        ("tab\tin a line", "tab in a line"),
        ("nul\u{0}del\u{7F}csi\u{9B}", "nul\\u{0}del\\u{7F}csi\\u{9B}"),
        ("evil\u{202E}txt.exe", "evil\\u{202E}txt.exe"),
        ("\u{2066}isolated\u{2069}", "\\u{2066}isolated\\u{2069}"),
        ("two\nlines", "two\\nlines"),
    ])
    func controlsAreShownNeverObeyed(text: String, shown: String) {
        #expect(text.visibleControls() == shown)
    }

    @Test func lineBreaksAsAskedAndCRLFIsOneBreak() {
        #expect("one\r\ntwo\nthree".visibleControls(lineBreaks: .symbol) == "one⏎two⏎three")
        #expect("one\r\ntwo\nthree".visibleControls(lineBreaks: .keep) == "one\ntwo\nthree")
        #expect("lone\rcr".visibleControls(lineBreaks: .keep) == "lone\\rcr")
        // A tab stays in text on lines of its own, and is a space in a one-line cell.
        #expect("a\tb".visibleControls(lineBreaks: .keep) == "a\tb")
        #expect("a\tb".visibleControls(lineBreaks: .symbol) == "a b")
    }
}
