public import HealthCore

/// The order of a numeric date's parts, for `--date-order`.
public enum DateOrder: String, CaseIterable, Sendable {
    /// 31/12/2025
    case dmy
    /// 12/31/2025
    case mdy
    /// 2025/12/31
    case ymd

    /// The order a date format such as `DD.MM.YYYY`, `M/D/YY` or `YYYY-MM-DD` writes; nil when it
    /// does not name a day, a month and a year once each.
    public init?(format: String) {
        let upper = format.uppercased()
        var seen: [Character] = []
        for letter in upper where "DMY".contains(letter) && seen.last != letter {
            seen.append(letter)
        }
        guard seen.count == 3, Set(seen).count == 3, upper.allSatisfy({ "DMY".contains($0) || !$0.isLetter }) else { return nil }
        switch String(seen) {
        case "DMY": self = .dmy
        case "MDY": self = .mdy
        case "YMD": self = .ymd
        default: return nil
        }
    }

    /// `day/month/year`, as messages name the order.
    public var words: String { term.english }

    /// ``words`` in the reader's language.
    public var term: Phrase {
        switch self {
        case .dmy: Phrase("day/month/year")
        case .mdy: Phrase("month/day/year")
        case .ymd: Phrase("year/month/day")
        }
    }
}

/// The order a file's own numeric dates settle: a date such as `13/01/2025` can only be day
/// first, `01/13/2025` only month first.
public struct SettledDateOrder: Sendable, Equatable {
    public let order: DateOrder
    /// The date that settles it, and its line.
    public let date: String
    public let line: Int

    public init(order: DateOrder, date: String, line: Int) {
        self.order = order
        self.date = date
        self.line = line
    }

    /// The order the rows held in `head` (a file's first bytes, header first) settle, or nil
    /// when none does or they disagree. Dotted dates and dates with the year first tell their
    /// own order and are not counted.
    static func of(rowsIn head: [UInt8], separator: UInt8) -> SettledDateOrder? {
        let reader = CSVReader(bytes: head, separator: separator)
        var found: [DateOrder: SettledDateOrder] = [:]
        var isHeader = true
        while let record = try? reader.nextRecord() {
            defer { isHeader = false }
            guard !isHeader else { continue }
            for cell in record.cells {
                let date = String(cell.trimmingWhitespace().prefix { $0 != " " && $0 != "T" })
                let parts = date.split { $0 == "/" || $0 == "-" }
                guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }), parts[0].count <= 2, parts[1].count <= 2,
                    let a = Int(parts[0]), let b = Int(parts[1])
                else { continue }
                let order: DateOrder? = a > 12 && b <= 12 ? .dmy : b > 12 && a <= 12 ? .mdy : nil
                if let order, found[order] == nil { found[order] = SettledDateOrder(order: order, date: date, line: record.line) }
            }
        }
        return found.count == 1 ? found.values.first : nil
    }
}

/// Dates and times as exports write them, by region and app version: `Jan 12 2025`,
/// `12 Jan 2025`, `Jan 12, 2025`, `2025-01-12`, `12/01/2025` (with a `DateOrder`), and
/// `08:12`, `8:12`, `8:12 AM`, `8:12:30 pm`, `8:12 PM` (with a narrow no-break space, as newer
/// iPhones write it).
enum WallClockText {
    /// Why a date could not be read.
    enum DateProblem: Error, Equatable {
        /// Not a date in any form.
        case unreadable
        /// A numeric date whose order cannot be told from it, e.g. `12/01/2025`.
        case ambiguous
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Month names and their abbreviations (without the dot) in Dutch, German, French, Spanish,
    /// Italian and Portuguese, as monitor apps write them: `19 jul. 2026`, `11 mrt. 2026`,
    /// `13 Juli 2026`, `20 may. 2026`. Each word names one month in every one of these languages.
    private static let localizedMonths: [String: Int] = {
        let names: [[String]] = [
            ["januari", "januar", "jänner", "jän", "janv", "janvier", "ene", "enero", "gen", "gennaio", "janeiro"],
            ["februari", "februar", "févr", "fevr", "février", "fevrier", "febrero", "febbraio", "fev", "fevereiro"],
            ["mrt", "maart", "mär", "märz", "mrz", "mars", "marzo", "março", "marco"],
            ["april", "avr", "avril", "abr", "abril", "aprile"],
            ["mei", "mai", "mayo", "mag", "maggio", "maio"],
            ["juni", "juin", "junio", "giu", "giugno", "junho"],
            ["juli", "juil", "juillet", "julio", "lug", "luglio", "julho"],
            ["augustus", "august", "août", "aout", "ago", "agosto"],
            ["sept", "september", "septembre", "septiembre", "set", "settembre", "setembro"],
            ["okt", "oktober", "octobre", "octubre", "ott", "ottobre", "out", "outubro"],
            ["november", "novembre", "noviembre", "novembro"],
            ["dez", "dezember", "déc", "décembre", "decembre", "december", "dic", "diciembre", "dicembre", "dezembro"],
        ]
        var table: [String: Int] = [:]
        for (index, words) in names.enumerated() { for word in words { table[word] = index + 1 } }
        return table
    }()

    /// The date `text` names. A numeric date is read in `order`; without one, only a date that
    /// tells its own order is read (a part over 12, equal parts, or a four-digit year first), and a
    /// dotted one with the year last (`12.01.2025`) is day first, as every locale that writes dots has it.
    static func date(_ text: String, order: DateOrder?) -> Result<CivilDate, DateProblem> {
        if let iso = CivilDate(iso: text) { return .success(iso) }
        if text.contains(where: \.isLetter) {
            let words = text.split { $0 == " " || $0 == "," || $0 == "-" || $0 == "." }.map(String.init)
            guard words.count == 3, let named = namedMonthDate(words) else { return .failure(.unreadable) }
            return .success(named)
        }
        let parts = text.split { $0 == "/" || $0 == "." || $0 == "-" }.map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) && $0.count <= 4 }),
            let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2])
        else { return .failure(.unreadable) }
        let resolved: DateOrder
        if let order {
            resolved = order
        } else if parts[0].count == 4 {
            resolved = .ymd
        } else if text.contains("."), parts[2].count == 4 {
            resolved = .dmy
        } else if a > 12 && b <= 12 {
            resolved = .dmy
        } else if b > 12 && a <= 12 {
            resolved = .mdy
        } else if a == b {
            resolved = .dmy  // either reading gives the same date
        } else {
            return .failure(.ambiguous)
        }
        let (year, month, day) = switch resolved {
        case .dmy: (c, b, a)
        case .mdy: (c, a, b)
        case .ymd: (a, b, c)
        }
        guard let date = CivilDate(year: year < 100 ? 2000 + year : year, month: month, day: day) else { return .failure(.unreadable) }
        return .success(date)
    }

    /// `Jan 12 2025`, `12 Jan 2025`, `January 12 2025`, and the same with the month in Dutch,
    /// German, French, Spanish, Italian or Portuguese.
    private static func namedMonthDate(_ words: [String]) -> CivilDate? {
        func month(_ word: String) -> Int? {
            let lowered = word.lowercased()
            if let localized = localizedMonths[lowered] { return localized }
            guard word.count >= 3, let index = months.firstIndex(of: String(lowered.prefix(3))) else { return nil }
            return index + 1
        }
        guard let year = Int(words[2]), words[2].count == 4 else { return nil }
        if let month = month(words[0]), let day = Int(words[1]) { return CivilDate(year: year, month: month, day: day) }
        if let day = Int(words[0]), let month = month(words[1]) { return CivilDate(year: year, month: month, day: day) }
        return nil
    }

    /// `08:12`, `8:12`, `8:12:30`, `8:12 AM`, `12:04 am`, `8:12.5` (fractions dropped), `7.30`,
    /// `7.30 Uhr`, `7h30`.
    static func time(_ text: String) -> (hour: Int, minute: Int, second: Int)? {
        // A space, a no-break space or a narrow no-break space may come before AM/PM.
        let spaced = String(text.map { $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 })
        var clock = spaced.trimmingWhitespace()
        var meridiem: String?
        for suffix in ["am", "pm", "a.m.", "p.m."] where clock.lowercased().hasSuffix(suffix) {
            meridiem = String(suffix.prefix(1))
            clock = String(clock.dropLast(suffix.count)).trimmingWhitespace()
            break
        }
        if clock.lowercased().hasSuffix(" uhr") { clock = String(clock.dropLast(4)).trimmingWhitespace() }
        // `7.30` as German, Dutch or Nordic sheets write a time, `7h30` as French ones do.
        let separator: Character = clock.contains(":") ? ":" : clock.contains(".") ? "." : "h"
        let parts = clock.split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2 || (parts.count == 3 && separator == ":"),
            parts[0].count <= 2, parts[1].count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]), minute < 60
        else { return nil }
        var second = 0
        if parts.count == 3 {
            let whole = parts[2].prefix { $0 != "." }
            guard whole.count == 2, let value = Int(whole), value < 60 else { return nil }
            second = value
        }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            return ((hour % 12) + (meridiem == "p" ? 12 : 0), minute, second)
        }
        guard hour < 24 else { return nil }
        return (hour, minute, second)
    }

    /// A date and a time in one cell: `2025-10-02 07:34:49`, `2024/05/01 08:12`, `Jan 12 2025 8:12 AM`.
    static func dateTime(_ text: String, order: DateOrder?) -> Result<(CivilDate, (hour: Int, minute: Int, second: Int)), DateProblem> {
        let normalized = String(text.map { $0 == "T" ? " " : $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 })
        let words = normalized.split(separator: " ").map(String.init)
        // The time is the word with a colon, with an AM/PM after it if there is one.
        guard let clockIndex = words.firstIndex(where: { $0.contains(":") }) else { return .failure(.unreadable) }
        let clockWords = words[clockIndex...].prefix(2)
        let clockText = clockWords.count == 2 && ["am", "pm", "a.m.", "p.m."].contains(clockWords.last!.lowercased())
            ? clockWords.joined(separator: " ") : words[clockIndex]
        guard let clock = time(clockText) else { return .failure(.unreadable) }
        let dateText = words[..<clockIndex].joined(separator: " ")
        return date(dateText, order: order).map { ($0, clock) }
    }
}
