/// Dates kept whole on a narrow screen: in a sentence of the string tables, `11月29日`,
/// `2026年11月29日`, `12月6日 周日`, `29 Nov`, `Sun 6 Dec 2026` or `2019-01-01` is set in a span that does not
/// wrap, so that a line breaks before or after a date, never inside it (a Chinese line may
/// otherwise break between any two characters, `11月29` | `日`). So is a run of words joined by
/// no-break spaces (``ValuesText``'s `· 脉搏 65`): a no-break space keeps its own place whole,
/// but not the Chinese characters beside it (`脉` | `搏`).
enum WholeDates {
    /// `text`, escaped, with each date and each value joined by no-break spaces in a `<span class="nowrap">`.
    static func marked(_ text: String) -> HTML {
        var html = HTML.empty
        var rest = text[...]
        while let match = rest.firstMatch(of: pattern) {
            html = "\(html)\(String(rest[..<match.range.lowerBound]))<span class=\"nowrap\">\(String(rest[match.range]))</span>"
            rest = rest[match.range.upperBound...]
        }
        return "\(html)\(String(rest))"
    }

    /// A date as `dateLong`, `dateShort`, `dateTick` and their forms with the year write it,
    /// in Chinese and in English (`Templates/strings/*.json`).
    private static var pattern: Regex<AnyRegexOutput> {
        let weekday = "(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
        let month = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
        let chinese = "(?:\\d{4}年)?\\d{1,2}月\\d{1,2}日(?: 周[一二三四五六日])?"
        let english = "(?:\(weekday) )?\\b\\d{1,2} \(month)\\b(?: \\d{4}\\b)?"
        // A value's words joined by no-break spaces, with the `· ` before it: `· 脉搏 65`, `72.5 kg`
        // (a list of stamps after `· ` is not one: it may wrap as Chinese does).
        // Chinese punctuation after it is not part of it (`65，12月6日`: a line may break after `，`;
        // `68？之后可以…`: the question after a delete's `脉搏 68` is no part of the value).
        let joined = "(?:·\u{00A0})?[^\\s·，。、；：（）？！]+(?:\u{00A0}[^\\s·，。、；：（）？！]+)+"
        // The pattern is a constant: it always compiles.
        // A date as `healthlog add` writes it in the line under a long-ago reading: `2019-01-01`
        // (a line may otherwise break after a hyphen, `2019-01-` | `01`).
        let iso = "\\b\\d{4}-\\d{2}-\\d{2}\\b"
        return try! Regex("\(chinese)|\(english)|\(iso)|\(joined)")
    }
}
