import HealthCore

/// How a spreadsheet writes its dates, for `--date-format`: `DD.MM.YYYY`, `M/D/YY`,
/// `DD-MMM-YY` (`25-Jul-25`, as Excel rewrites a date), `YYYY/M/D`, `D MMMM YYYY`.
///
/// `D` or `DD` is the day, `M` or `MM` the month's number, `MMM` or `MMMM` its name (English,
/// or any language ``WallClockText`` knows), `YY` or `YYYY` the year; anything else is written
/// as it stands. A date the format does not match is refused, never read another way.
public struct DateFormat: Sendable, Equatable, CustomStringConvertible {
    private enum Part: Equatable {
        case day, month, monthName, year(digits: Int), literal(Character)
    }

    /// The format as given.
    public let pattern: String
    /// The order of its day, month and year.
    public let order: DateOrder
    private let parts: [Part]

    /// The format `pattern` writes, or nil when it does not name a day, a month and a year once each.
    public init?(_ pattern: String) {
        guard let order = DateOrder(format: pattern) else { return nil }
        var parts: [Part] = []
        var characters = Array(pattern.uppercased())[...]
        while let first = characters.first {
            let run = characters.prefix { $0 == first }.count
            characters = characters.dropFirst(run)
            switch (first, run) {
            case ("D", 1...2): parts.append(.day)
            case ("M", 1...2): parts.append(.month)
            case ("M", 3...4): parts.append(.monthName)
            case ("Y", 2), ("Y", 4): parts.append(.year(digits: run))
            case ("D", _), ("M", _), ("Y", _): return nil
            default: parts += Array(repeating: .literal(first), count: run)
            }
        }
        self.pattern = pattern
        self.order = order
        self.parts = parts
    }

    public var description: String { pattern }

    /// The date `text` names in this format, or nil when it is not written so.
    func date(_ text: String) -> CivilDate? {
        var rest = Substring(text.trimmingWhitespace())
        var day: Int?, month: Int?, year: Int?
        for part in parts {
            switch part {
            case .literal(let character):
                guard rest.first?.uppercased() == String(character) else { return nil }
                rest = rest.dropFirst()
            case .day, .month, .year:
                // A day or month of one or two digits (`7/25/25` for M/D/YY), a year of exactly its own.
                let (least, most) = if case .year(let count) = part { (count, count) } else { (1, 2) }
                let digits = rest.prefix { $0.isASCIIDigit }
                guard (least...most).contains(digits.count), let value = Int(digits) else { return nil }
                rest = rest.dropFirst(digits.count)
                switch part {
                case .day: day = value
                case .month: month = value
                default: year = most == 2 ? 2000 + value : value
                }
            case .monthName:
                let word = rest.prefix { $0.isLetter }
                guard let named = WallClockText.month(named: String(word)) else { return nil }
                month = named
                rest = rest.dropFirst(word.count)
                if rest.first == "." { rest = rest.dropFirst() }  // `jul.`, as Dutch and Spanish abbreviate
            }
        }
        guard rest.isEmpty, let day, let month, let year else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
