import HealthCore

/// Markup made so that text is escaped unless it is markup already: the literal parts of
/// `"<p>\(note)</p>"` are written as they are, and an interpolated `String` is escaped, so
/// nothing a person typed (a note, a profile's name, a device's) reaches a page as markup.
struct HTML: ExpressibleByStringInterpolation, Sendable {
    private(set) var markup: String

    init(stringLiteral literal: String) { markup = literal }

    init(stringInterpolation: Interpolation) { markup = stringInterpolation.markup }

    /// Nothing.
    static let empty: HTML = ""

    struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity + 16 * interpolationCount) }

        mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Text, escaped.
        mutating func appendInterpolation(_ text: String) { markup += HTML.escaped(text) }

        /// Markup, as it is.
        mutating func appendInterpolation(_ html: HTML) { markup += html.markup }

        /// Pieces of markup, one after another.
        mutating func appendInterpolation(_ parts: [HTML]) { for part in parts { markup += part.markup } }

        mutating func appendInterpolation(_ number: Int) { markup += String(number) }
    }

    /// `text` with the five characters that mean something in HTML (in text and in quoted
    /// attribute values) as references, and the characters that could act on a terminal or
    /// reorder what is shown made visible by the command line's one rule, `visibleControls`
    /// (`ESC` as `\e`, `BEL` as `\u{7}`), line breaks and tabs kept: shown, never obeyed,
    /// and never a box of U+FFFD.
    static func escaped(_ text: String) -> String {
        let visible = text.visibleControls(lineBreaks: .keep)
        guard visible.utf8.contains(where: { [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }) else { return visible }
        var result = ""
        result.reserveCapacity(visible.utf8.count + 16)
        for scalar in visible.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `parts` joined by `separator`.
    static func joined(_ parts: [HTML], separator: HTML = "") -> HTML {
        var result = HTML.empty
        for (index, part) in parts.enumerated() {
            if index > 0 { result.markup += separator.markup }
            result.markup += part.markup
        }
        return result
    }
}
