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

/// Percent-encoding for what goes into a URL the page writes.
enum Percent {
    /// `text` with every byte outside the unreserved set (`A–Z a–z 0–9 - . _ ~`) as `%XX`.
    static func encoded(_ text: String) -> String {
        let digits = Array("0123456789ABCDEF")
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
            }
        }
        return result
    }
}
