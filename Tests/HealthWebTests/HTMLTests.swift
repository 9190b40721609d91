@testable import HealthWeb
import Testing

/// Text interpolated into markup is escaped; markup stays markup.
@Suite struct HTMLTests {
    @Test func interpolatedTextIsEscaped() {
        let note = "<script>alert('x')</script> & \"quoted\""
        let html: HTML = "<p class=\"note\">\(note)</p>"
        #expect(html.markup == "<p class=\"note\">&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;</p>")
    }

    @Test func anAttributeCannotBeLeft() {
        let value = "\" onfocus=\"alert(1)"
        let html: HTML = "<input value=\"\(value)\">"
        #expect(html.markup == "<input value=\"&quot; onfocus=&quot;alert(1)\">")
    }

    /// As `healthlog list` shows them: `\e`, `\u{7}`, never a box (U+FFFD); line breaks kept.
    @Test func controlCharactersAreShownAsTheCommandLineShowsThem() {
        let html: HTML = "\("a\u{1B}[31mb\u{0}c\u{7}\nd\r\ne\u{202E}f")"
        #expect(html.markup == "a\\e[31mb\\u{0}c\\u{7}\nd\ne\\u{202E}f")
        #expect(HTML.escaped("<\u{1B}>") == "&lt;\\e&gt;")
    }

    @Test func markupAndNumbersStayAsTheyAre() {
        let inner: HTML = "<b>\("x<y")</b>"
        let html: HTML = "<p>\(inner) \(42)</p>"
        #expect(html.markup == "<p><b>x&lt;y</b> 42</p>")
        #expect(HTML.escaped("爸爸 138/86") == "爸爸 138/86")
    }
}
