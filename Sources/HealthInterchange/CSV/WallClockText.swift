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

    /// Both days a numeric date such as `03/04/2026` names, day first and month first; nil
    /// for a date that is not read both ways.
    public static func readings(ofAmbiguous date: String) -> (dayFirst: CivilDate, monthFirst: CivilDate)? {
        WallClockText.readings(ofAmbiguous: date)
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
}

/// What a table's numeric dates say about their order, row by row: `13/01/2025` can only be
/// day first, `01/13/2025` only month first, and `03/04/2026` either. Dates with the year first
/// and dotted dates tell their own order and are not counted.
struct DateOrderEvidence {
    /// The first date only day first reads.
    private(set) var dayFirst: SettledDateOrder?
    /// The first date only month first reads.
    private(set) var monthFirst: SettledDateOrder?
    /// The first date either order reads, as two different days.
    private(set) var firstAmbiguous: (date: String, line: Int)?

    /// Counts the dates among a data row's cells.
    mutating func see(_ record: CSVReader.Record) {
        for cell in record.cells {
            let date = String(cell.trimmingWhitespace().prefix { $0 != " " && $0 != "T" })
            let parts = date.split { $0 == "/" || $0 == "-" }
            guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }), parts[0].count <= 2, parts[1].count <= 2,
                parts[2].count == 2 || parts[2].count == 4, let a = Int(parts[0]), let b = Int(parts[1]), a >= 1, b >= 1
            else { continue }
            if a > 12 && b <= 12 {
                if dayFirst == nil { dayFirst = SettledDateOrder(order: .dmy, date: date, line: record.line) }
            } else if b > 12 && a <= 12 {
                if monthFirst == nil { monthFirst = SettledDateOrder(order: .mdy, date: date, line: record.line) }
            } else if a != b && a <= 12 && b <= 12 && firstAmbiguous == nil {
                firstAmbiguous = (date, record.line)
            }
        }
    }

    /// The order the dates settle, when only one order reads them all.
    var settled: SettledDateOrder? {
        switch (dayFirst, monthFirst) {
        case (let day?, nil): day
        case (nil, let month?): month
        default: nil
        }
    }

    /// When some dates are only day first and others only month first: what says so.
    func conflict(in name: String) -> InterchangeError? {
        guard let dayFirst, let monthFirst else { return nil }
        return .malformed(
            path: name,
            reason: Phrase(
                "the dates disagree: {day} on line {dayLine} can only be day first, {month} on line {monthLine} only month first; the file mixes two orders",
                ["day": dayFirst.date, "dayLine": String(dayFirst.line), "month": monthFirst.date, "monthLine": String(monthFirst.line)]))
    }
}

/// A time of day on a wall clock.
typealias Clock = (hour: Int, minute: Int, second: Int)

/// A date and a time as one cell writes them, with the offset from UTC when the cell gives one
/// (`2022-03-07 00:04:35+0000`, `2025-10-02T07:34:49+02:00`, `…Z`).
struct WrittenDateTime {
    let date: CivilDate
    let clock: Clock
    /// Minutes east of UTC, or nil for a wall time.
    let offsetMinutes: Int?
}

/// Dates and times as exports and spreadsheets write them, by region, app and program:
/// `Jan 12 2025`, `12 Jan 2025`, `Jan 12, 2025`, `25-Jul-25` (Excel), `2025-01-12`, `2025/7/25`,
/// `2026年11月3日`, `12/01/2025` and `7/25/25` (with a `DateOrder`), `2025-07-25 0:00:00` (a date
/// cell saved with its midnight); `08:12`, `8:12`, `8:12 AM`, `8:12:30 pm`, `8:12 PM` (with a
/// narrow no-break space, as newer iPhones write it); an offset after a time, `+0000`, `+08:00`, `Z`.
enum WallClockText {
    /// Why a date could not be read.
    enum DateProblem: Error, Equatable {
        /// Not a date in any form.
        case unreadable
        /// A numeric date whose order cannot be told from it, e.g. `12/01/2025`.
        case ambiguous
        /// Not written in the format `--date-format` names.
        case notInFormat(DateFormat)
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

    /// The month `word` names: English (three letters or more) or a name ``localizedMonths`` knows.
    static func month(named word: String) -> Int? {
        let lowered = word.lowercased()
        if let localized = localizedMonths[lowered] { return localized }
        guard word.count >= 3, let index = months.firstIndex(of: String(lowered.prefix(3))) else { return nil }
        return index + 1
    }

    /// The date `text` names. With a `format` (`--date-format`) only a date written so is read.
    /// Otherwise a numeric date is read in `order`; without one, only a date that tells its own
    /// order is read (a part over 12, equal parts, or a four-digit year first), and a dotted one
    /// with the year last (`12.01.2025`) is day first, as every locale that writes dots has it.
    /// A date a spreadsheet saved with its midnight (`2025-07-25 0:00:00`) is the date.
    static func date(_ text: String, order: DateOrder?, format: DateFormat? = nil) -> Result<CivilDate, DateProblem> {
        let text = withoutMidnight(text)
        if let format { return format.date(text).map { .success($0) } ?? .failure(.notInFormat(format)) }
        if let iso = CivilDate(iso: text) { return .success(iso) }
        if let chinese = chineseDate(text) { return .success(chinese) }
        if text.contains(where: \.isLetter) {
            let words = text.split { $0 == " " || $0 == "," || $0 == "-" || $0 == "." || $0 == "/" }.map(String.init)
            guard words.count == 3, let named = namedMonthDate(words) else { return .failure(.unreadable) }
            return .success(named)
        }
        let parts = text.split { $0 == "/" || $0 == "." || $0 == "-" }.map(String.init)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) && $0.count <= 4 }),
            let a = Int(parts[0]), let b = Int(parts[1]), let c = Int(parts[2])
        else { return .failure(.unreadable) }
        let resolved: DateOrder
        if parts[0].count == 4 {
            resolved = .ymd
        } else if let order {
            resolved = order
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
        guard resolved == .ymd || parts[2].count != 1 && parts[2].count != 3 else { return .failure(.unreadable) }
        let (year, month, day) = switch resolved {
        case .dmy: (c, b, a)
        case .mdy: (c, a, b)
        case .ymd: (a, b, c)
        }
        guard let date = CivilDate(year: year < 100 ? 2000 + year : year, month: month, day: day) else { return .failure(.unreadable) }
        return .success(date)
    }

    /// Both readings of a numeric date that could be day or month first: (day first, month first).
    static func readings(ofAmbiguous text: String) -> (dayFirst: CivilDate, monthFirst: CivilDate)? {
        guard case .success(let dayFirst) = date(text, order: .dmy), case .success(let monthFirst) = date(text, order: .mdy) else { return nil }
        return (dayFirst, monthFirst)
    }

    /// `2025-07-25 0:00:00` or `7/25/2025 12:00:00 AM` without its midnight; any other text as it is.
    private static func withoutMidnight(_ text: String) -> String {
        guard let space = text.firstIndex(of: " "), let clock = time(String(text[text.index(after: space)...])), clock == (0, 0, 0) else {
            return text
        }
        return String(text[..<space])
    }

    /// `2026年11月3日` (a day's `日` or `号` may be left out).
    private static func chineseDate(_ text: String) -> CivilDate? {
        guard text.contains("年"), text.contains("月") else { return nil }
        let marks: Set<Character> = ["年", "月", "日", "号"]
        let parts: [String] = text.split { marks.contains($0) }.map { String(String($0).trimmingWhitespace()) }
        guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// `Jan 12 2025`, `12 Jan 2025`, `January 12 2025`, `25-Jul-25`, and the same with the month
    /// in Dutch, German, French, Spanish, Italian or Portuguese.
    private static func namedMonthDate(_ words: [String]) -> CivilDate? {
        guard words[2].count == 4 || words[2].count == 2, words[2].allSatisfy(\.isASCIIDigit), let written = Int(words[2]) else { return nil }
        let year = written < 100 ? 2000 + written : written
        if let month = month(named: words[0]), let day = Int(words[1]) { return CivilDate(year: year, month: month, day: day) }
        if let day = Int(words[0]), let month = month(named: words[1]) { return CivilDate(year: year, month: month, day: day) }
        return nil
    }

    /// `08:12`, `8:12`, `8:12:30`, `8:12 AM`, `12:04 am`, `8:12.5` (fractions dropped), `7.30`,
    /// `7.30 Uhr`, `7h30`.
    static func time(_ text: String) -> Clock? {
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

    /// True for three or four digits alone, as a 24-hour time without its colon is written
    /// (`930`, `0745`, `1855`); ``timeCell(_:)`` reads those that are a time of day.
    static func isCompactTime(_ text: String) -> Bool {
        let digits = text.trimmingWhitespace()
        return (3...4).contains(digits.count) && digits.allSatisfy(\.isASCIIDigit)
    }

    /// A time cell: `08:12`, `8:12 PM`…, `930` or `0745` (HHMM, 24-hour, no colon), or a spreadsheet's time of day saved with its day
    /// zero (`1899-12-30 07:30:00`, as a time-only cell comes out of some programs).
    static func timeCell(_ text: String) -> Clock? {
        if let clock = time(text) { return clock }
        if isCompactTime(text) {
            // `930`, `0745`, `1855`: a 24-hour time written without its colon, as hand-kept and medical logs write it.
            let digits = text.trimmingWhitespace()
            guard let hour = Int(digits.dropLast(2)), let minute = Int(digits.suffix(2)), hour < 24, minute < 60 else { return nil }
            return (hour, minute, 0)
        }
        guard case .success(let written) = dateTime(text, order: .ymd), written.offsetMinutes == nil,
            written.date.year == 1899 || (written.date.year == 1900 && written.date.month == 1 && written.date.day <= 1)
        else { return nil }
        return written.clock
    }

    /// A date and a time in one cell: `2025-10-02 07:34:49`, `2024/05/01 08:12`, `Jan 12 2025 8:12 AM`,
    /// `2022-03-07 00:04:35+0000`, `2025-10-02T07:34:49+02:00`, `2025-10-02T05:34:49Z`, `… 08:12 UTC`.
    static func dateTime(_ text: String, order: DateOrder?, format: DateFormat? = nil) -> Result<WrittenDateTime, DateProblem> {
        // ISO 8601's `T` between the date and the time (only after a digit: `UTC` keeps its T).
        var previous: Character = " "
        let normalized = String(
            text.map { character in
                defer { previous = character }
                return character == "T" && previous.isASCIIDigit || character == "\u{202F}" || character == "\u{00A0}" ? " " : character
            })
        var words = normalized.split(separator: " ").map(String.init)
        // The time is the word with a colon, with an AM/PM after it if there is one, and an offset.
        guard let clockIndex = words.firstIndex(where: { $0.contains(":") }) else { return .failure(.unreadable) }
        var offset: Int?
        // An offset written onto the time: `00:04:35+0000`, `07:34:49-05:00`, `05:34:49Z`.
        let clockWord = words[clockIndex]
        if let sign = clockWord.firstIndex(where: { $0 == "+" || $0 == "-" || $0 == "Z" || $0 == "z" }) {
            guard let minutes = offsetMinutes(String(clockWord[sign...])) else { return .failure(.unreadable) }
            offset = minutes
            words[clockIndex] = String(clockWord[..<sign])
        }
        var after = clockIndex + 1
        var clockText = words[clockIndex]
        if after < words.count, ["am", "pm", "a.m.", "p.m."].contains(words[after].lowercased()) {
            clockText += " " + words[after]
            after += 1
        }
        if after < words.count, words[after].lowercased() == "uhr" { after += 1 }
        if offset == nil, after < words.count, let minutes = offsetMinutes(words[after]) {
            offset = minutes
            after += 1
        }
        guard after == words.count, let clock = time(clockText) else { return .failure(.unreadable) }
        let dateText = words[..<clockIndex].joined(separator: " ")
        return date(dateText, order: order, format: format).map { WrittenDateTime(date: $0, clock: clock, offsetMinutes: offset) }
    }

    /// `Z`, `UTC`, `GMT`, `+0000`, `+08:00`, `-05`, `UTC+8`, `GMT+05:30` as minutes east of UTC.
    static func offsetMinutes(_ text: String) -> Int? {
        var rest = Substring(text)
        for name in ["UTC", "GMT", "utc", "gmt"] where rest.hasPrefix(name) { rest = rest.dropFirst(3) }
        if rest.isEmpty || rest == "Z" || rest == "z" { return text.isEmpty ? nil : 0 }
        guard let sign = rest.first, sign == "+" || sign == "-" else { return nil }
        let digits = rest.dropFirst()
        let hours: Int?, minutes: Int?
        if let colon = digits.firstIndex(of: ":") {
            hours = Int(digits[..<colon])
            minutes = digits[digits.index(after: colon)...].count == 2 ? Int(digits[digits.index(after: colon)...]) : nil
        } else if digits.count == 4 {
            (hours, minutes) = (Int(digits.prefix(2)), Int(digits.suffix(2)))
        } else if (1...2).contains(digits.count) {
            (hours, minutes) = (Int(digits), 0)
        } else {
            return nil
        }
        guard digits.allSatisfy({ $0.isASCIIDigit || $0 == ":" }), let hours, let minutes, minutes < 60 else { return nil }
        let offset = (sign == "-" ? -1 : 1) * (hours * 60 + minutes)
        return ValueLimits.offsetMinutes.range.contains(offset) ? offset : nil
    }
}
