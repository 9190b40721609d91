/// A reading's values in a sentence (`Saved 129/77 mmHg · pulse 65 · BP medication, …`), set so
/// that a narrow line breaks them only where it reads well: never inside a value's words
/// (`pulse | 65`), never inside a unit (`mmH | g`), and before a `·`, never after it (a `·` left
/// alone at the end of a line, its value on the next).
enum ValuesText {
    /// `values` (`129/77 mmHg`, `pulse 65`, `72.5 kg`), each kept whole by no-break spaces but
    /// for the space before `mmHg`, then `stamps` (a list of names, which may wrap between its
    /// words), apart by ` · `. `129/77 mmHg` is wider than a 320 px phone's notice at 200 % text:
    /// kept whole it was broken inside its unit; its unit may start the next line instead.
    static func joined(_ values: [String], stamps: String? = nil) -> String {
        let parts = values.map { $0.replacingOccurrences(of: " ", with: "\u{00A0}").replacingOccurrences(of: "\u{00A0}mmHg", with: " mmHg") }
            + (stamps.map { [$0] } ?? [])
        return parts.joined(separator: " ·\u{00A0}")
    }

    /// A stamp's name marked to be kept whole on its line (`降压药`, `BP medication`): a list of
    /// stamps wraps between them, never inside one (`降压 | 药` in the notice after a save was
    /// read as two things). The markers (private-use characters, taken out of the name itself)
    /// become `<span class="stamp">` in ``wholeStamps(_:)``, after the text is escaped: a box of its
    /// own on a line, which wraps inside only when wider than the whole line.
    static func markedStamp(_ label: String) -> String {
        stampStart + label.filter { $0 != Character(stampStart) && $0 != Character(stampEnd) } + stampEnd
    }

    /// `html` with each ``markedStamp(_:)`` in a span of its own (`span.stamp`). A mark of
    /// punctuation right after a stamp goes into its box, so that no line starts with it
    /// (`降压药` then `，12月8日` on the next line).
    static func wholeStamps(_ html: HTML) -> HTML {
        var markup = html.markup
        for mark in ["，", "。", "、", "；", "：", ",", ".", ";", ":"] { markup = markup.replacingOccurrences(of: stampEnd + mark, with: mark + stampEnd) }
        return HTML(stringLiteral: markup.replacingOccurrences(of: stampStart, with: "<span class=\"stamp\">").replacingOccurrences(of: stampEnd, with: "</span>"))
    }

    private static let stampStart = "\u{E000}"
    private static let stampEnd = "\u{E001}"
}
