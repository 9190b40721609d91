import HealthCore

/// The page's words: the `web.` keys of the string tables the command line and the report use
/// (`Templates/strings/<code>.json`), in English or Chinese.
extension StringTable {
    /// The string `web.<key>` with its `{name}` placeholders filled in.
    func web(_ key: String, _ values: [String: String] = [:]) -> String {
        text("web." + key, values)
    }
}

/// Which language a request is answered in: `?lang=` (kept in a cookie), else the cookie, else
/// the browser's `Accept-Language`, else the server's own.
enum LanguageChoice {
    /// The cookie that keeps a language chosen on the page.
    static let cookie = "hl_lang"

    /// The language for `request`, and whether `?lang=` just chose it (the answer keeps it in a cookie).
    static func of(_ request: HTTPRequest, fallback: Language) -> (language: Language, chosen: Bool) {
        if let asked = request.query("lang").flatMap(Language.init(code:)) { return (asked, true) }
        if let kept = request.cookies[cookie].flatMap(Language.init(code:)) { return (kept, false) }
        if let header = request.header("accept-language"), let preferred = preferred(in: header) { return (preferred, false) }
        return (fallback, false)
    }

    /// The language `Accept-Language` prefers among those HealthLog speaks: `zh-CN,zh;q=0.9,en;q=0.8`
    /// is Chinese; a language with `q=0` is refused; nil when it names none of them.
    static func preferred(in header: String) -> Language? {
        var best: (language: Language, weight: Double)?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";").map { String($0).trimmingWhitespace() }
            guard let tag = parts.first, let language = Language(code: String(tag)) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            if weight > 0, weight > best?.weight ?? 0 { best = (language, weight) }
        }
        return best?.language
    }
}
