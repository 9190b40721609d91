import HealthCore

/// Dates and times as a Chinese family writes them in a notebook typed into a sheet:
/// `2026/11/3`, `2026-11-03`, `2026年11月3日` (a weekday after it is passed over), and without a
/// year `11月3日`, `11/3`; times `7:30` (or `7：30`), `7点30`, `7点30分`, `7点半`, `9点`,
/// `早上7:30`, `晚上9点`, `下午3点`, or only a part of the day: `早`, `上午`, `下午`, `晚`.
enum NotebookText {
    /// A date as written.
    enum WrittenDate: Equatable {
        case full(CivilDate)
        /// Month and day, the year left out.
        case yearless(month: Int, day: Int)
        case unreadable
    }

    /// The part of the day a word names; a time given by it alone is read at ``defaultClock``.
    enum DayPart: Equatable {
        /// 早, 早上, 早晨, 清晨, 上午
        case morning
        /// 中午
        case noon
        /// 下午
        case afternoon
        /// 晚, 晚上, 傍晚, 晚间, 夜间, 睡前
        case evening
        /// 凌晨: before dawn, as written.
        case beforeDawn

        /// The time a reading marked only so is put at: the protocol's morning and evening
        /// sessions at 07:00 and 20:00, noon at 12:00, the afternoon at 15:00.
        var defaultClock: Clock? {
            switch self {
            case .morning: (7, 0, 0)
            case .noon: (12, 0, 0)
            case .afternoon: (15, 0, 0)
            case .evening: (20, 0, 0)
            case .beforeDawn: nil
            }
        }

        /// The hour a clock written after this word means: `晚上9点` is 21:00.
        func hour(_ written: Int) -> Int? {
            switch self {
            case .morning, .beforeDawn: written < 12 || written == 12 && self == .morning ? written : nil
            case .noon: written <= 2 ? written + 12 : (written < 24 ? written : nil)
            case .afternoon, .evening: written < 12 ? written + 12 : (written < 24 ? written : nil)
            }
        }
    }

    /// The words for a part of the day, longest first so `早上` is not read as `早`.
    static let dayParts: [(String, DayPart)] = [
        ("早上", .morning), ("早晨", .morning), ("清晨", .morning), ("上午", .morning), ("早", .morning),
        ("中午", .noon), ("下午", .afternoon), ("傍晚", .evening), ("晚上", .evening), ("晚间", .evening),
        ("夜间", .evening), ("睡前", .evening), ("晚", .evening), ("凌晨", .beforeDawn),
    ]

    /// The part of the day `text` starts with, and the rest of it.
    static func dayPart(_ text: String) -> (part: DayPart, rest: String)? {
        for (word, part) in dayParts where text.hasPrefix(word) {
            return (part, String(String(text.dropFirst(word.count)).trimmingWhitespace()))
        }
        return nil
    }

    /// A date cell.
    static func date(_ cell: String) -> WrittenDate {
        var text = String(cell.trimmingWhitespace())
        // `2026年11月3日 星期二`, `11月3日(周二)`: the weekday says nothing the date does not.
        for mark in ["星期", "周", "礼拜", "(", "（"] {
            if let range = text.firstRange(of: mark), range.lowerBound != text.startIndex { text = String(String(text[..<range.lowerBound]).trimmingWhitespace()) }
        }
        if case .success(let date) = WallClockText.date(text, order: .ymd), text.first?.isASCIIDigit == true,
            text.prefix(while: { $0.isASCIIDigit }).count == 4 || text.contains("年")
        {
            return .full(date)
        }
        // Without a year: `11月3日`, `11月3号`, `11/3`, `11-3`, month first as Chinese writes it.
        let marks: Set<Character> = ["月", "日", "号", "/", "-", ".", "／"]
        let parts = text.split { marks.contains($0) }
        guard parts.count == 2, !text.contains("年"), parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) }),
            let month = Int(parts[0]), let day = Int(parts[1]), (1...12).contains(month), (1...31).contains(day)
        else { return .unreadable }
        return .yearless(month: month, day: day)
    }

    /// A time cell: the clock, and the part of the day when only that is written.
    enum WrittenTime: Equatable {
        case clock(hour: Int, minute: Int, second: Int)
        case dayPart(DayPart)
        case unreadable
    }

    static func time(_ cell: String) -> WrittenTime {
        var text = String(cell.trimmingWhitespace().map { $0 == "：" ? ":" : $0 })
        var part: DayPart?
        if let found = dayPart(text) {
            part = found.part
            text = found.rest
            if text.isEmpty { return .dayPart(found.part) }
        }
        guard let clock = clock(text) else { return .unreadable }
        guard let part else { return .clock(hour: clock.hour, minute: clock.minute, second: clock.second) }
        guard let hour = part.hour(clock.hour) else { return .unreadable }
        return .clock(hour: hour, minute: clock.minute, second: clock.second)
    }

    /// `7:30`, `07:30:00`, `7点30`, `7点30分`, `7点半`, `9点`, `9点整`, `7时30分`.
    private static func clock(_ text: String) -> Clock? {
        if let clock = WallClockText.time(text) { return clock }
        let hourMarks: Set<Character> = ["点", "時", "时"]
        guard let mark = text.firstIndex(where: { hourMarks.contains($0) }) else { return nil }
        let hourText = text[..<mark]
        var rest = String(text[text.index(after: mark)...])
        for suffix in ["分钟", "分", "整"] where rest.hasSuffix(suffix) { rest = String(rest.dropLast(suffix.count)) }
        guard (1...2).contains(hourText.count), hourText.allSatisfy(\.isASCIIDigit), let hour = Int(hourText), hour < 24 else { return nil }
        if rest.isEmpty { return (hour, 0, 0) }
        if rest == "半" { return (hour, 30, 0) }
        guard (1...2).contains(rest.count), rest.allSatisfy(\.isASCIIDigit), let minute = Int(rest), minute < 60 else { return nil }
        return (hour, minute, 0)
    }
}
