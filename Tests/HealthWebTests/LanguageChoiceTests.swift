import HealthCore
@testable import HealthWeb
import Testing

/// The page's language: `?lang=`, then the cookie, then `Accept-Language` by its weights.
@Suite struct LanguageChoiceTests {
    @Test(arguments: [
        ("zh-CN,zh;q=0.9,en;q=0.8", Language.chinese), ("en-GB,en;q=0.9,zh-CN;q=0.8", .english), ("zh-TW", .chinese),
        ("fr-FR,en;q=0.5,zh;q=0.7", .chinese), ("fr-FR", nil), ("zh;q=0, en;q=0.1", .english), ("", nil), ("*", nil),
    ])
    func acceptLanguage(header: String, expected: Language?) {
        #expect(LanguageChoice.preferred(in: header) == expected)
    }

    @Test func aChoiceOnThePageWinsAndIsKept() {
        let request = HTTPRequest(
            method: "GET", path: "/", query: [("lang", "en")], headers: ["accept-language": "zh-CN"], cookies: ["hl_lang": "zh-Hans"], form: [], body: [])
        #expect(LanguageChoice.of(request, fallback: .chinese) == (.english, true))
        let kept = HTTPRequest(method: "GET", path: "/", query: [], headers: ["accept-language": "en"], cookies: ["hl_lang": "zh-Hans"], form: [], body: [])
        #expect(LanguageChoice.of(kept, fallback: .english) == (.chinese, false))
        let none = HTTPRequest(method: "GET", path: "/", query: [], headers: [:], cookies: [:], form: [], body: [])
        #expect(LanguageChoice.of(none, fallback: .chinese) == (.chinese, false))
    }
}
