import HealthCore

/// The document every page is: its head (our stylesheet and script, nothing inline), a header
/// naming the profile, the page's own content, and a footer with the device and the language.
enum PageShell {
    static func document(_ visit: Visit, title: String, heading: HTML? = nil, content: HTML, assets: StaticAssets) -> HTML {
        let words = visit.words
        let code = visit.language == .chinese ? "zh-Hans" : "en"
        return """
            <!doctype html>
            <html lang="\(code)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="same-origin">
            <title>\(title)</title>
            <link rel="stylesheet" href="\(assets.url("app.css"))">
            <link rel="icon" href="\(assets.url("icon.svg"))" type="image/svg+xml">
            <script src="\(assets.url("wheels.js"))" defer></script>
            </head>
            <body>
            <header class="top">\(heading ?? HTML("<h1>\(title)</h1>"))</header>
            <main>
            \(content)
            </main>
            \(footer(visit, words: words))
            </body>
            </html>

            """
    }

    /// The device's name, and the other language.
    static func footer(_ visit: Visit, words: StringTable) -> HTML {
        let other: (Language, String) = visit.language == .chinese ? (.english, "English") : (.chinese, "中文")
        var query = "lang=\(other.0.code)"
        if let profile = visit.request.query("profile") { query += "&profile=\(Percent.encoded(profile))" }
        let device: HTML = visit.device.map { "<span>\(words.web("footer.device", ["name": $0.name]))</span> · " } ?? .empty
        return """
            <footer class="bottom">\(device)<a href="\(visit.request.path)?\(query)" hreflang="\(other.0.code)" lang="\(other.0.code)">\(other.1)</a></footer>
            """
    }
}
