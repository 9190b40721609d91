import HealthCore

/// The pages of a browser that is not paired: how to pair (with a field for the code), and the
/// question a pairing link asks before it pairs (so a link a preview fetches pairs nothing).
enum PairingPage {
    /// What a browser that is not paired sees, at any address: how to pair.
    static func howToPair(_ visit: Visit, message: String? = nil, assets: StaticAssets) -> HTML {
        let words = visit.words
        let notice: HTML = message.map { "<div class=\"notice refused\" role=\"alert\"><p>\($0)</p></div>" } ?? .empty
        return PageShell.document(
            visit, title: words.web("pair.title"),
            content: """
                \(notice)
                <p>\(words.web("pair.explain"))</p>
                <pre class="command">healthlog serve pair --profile dad --can add</pre>
                <form class="pair" method="get" action="/pair">
                <label class="block" for="code">\(words.web("pair.code"))</label>
                <input type="text" id="code" name="code" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" \
                maxlength="20" required>
                <button type="submit" class="primary">\(words.web("pair.continue"))</button>
                </form>
                """, assets: assets)
    }

    /// The question a valid pairing link asks: pair this browser as `name`, for these profiles.
    static func confirm(_ visit: Visit, code: String, deviceName: String, profiles: [String], csrf: String, assets: StaticAssets) -> HTML {
        let words = visit.words
        return PageShell.document(
            visit, title: words.web("pair.title"),
            content: """
                <p>\(words.web("pair.question", ["name": deviceName, "profiles": words.list(profiles)]))</p>
                <form class="pair" method="post" action="/pair">
                <input type="hidden" name="csrf" value="\(csrf)"><input type="hidden" name="code" value="\(code)">
                <button type="submit" class="primary">\(words.web("pair.confirm"))</button>
                </form>
                """, assets: assets)
    }
}

/// A page that only says something: a refusal, a page that does not exist, a log that is busy.
enum MessagePage {
    static func render(_ visit: Visit, title: String, message: String, assets: StaticAssets) -> HTML {
        PageShell.document(
            visit, title: title,
            content: """
                <div class="notice refused" role="alert"><p>\(message)</p></div>
                <p class="actions"><a class="button" href="/">\(visit.words.web("message.home"))</a></p>
                """, assets: assets)
    }
}
