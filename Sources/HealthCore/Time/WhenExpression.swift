/// The times a person types for "when was this measured": `now`, `07:45` (today), `7:45`,
/// `7am`, `7:45pm`, `yesterday 21:30`, `yesterday 9pm`, `today 07:45`, `monday 8:00` (the last
/// Monday, today included), `Dec 4 7:30` (the last 4 December), `2026-11-30 07:45` and
/// `2026-11-30T07:45` (local), ISO 8601 with an offset, `2 hours ago`, `-2h`, `-30m`, and the
/// Chinese words: 今天, 昨天, 前天, 早上, 上午, 中午, 下午, 晚上, 7点, 7点半, 7点15(分), 2小时前.
/// `tomorrow` (明天, 后天) is read too, so that a time ahead is refused as in the future where
/// a time must not be, not as unreadable; a day with no time of day is refused as that.
public enum WhenExpression {
    /// The instant `text` names, relative to `now`, with local times read in `zone`; a day
    /// with no time of day is refused, saying a time is needed.
    public static func parse(_ text: String, now: ZonedInstant, zone: any TimeZoneRule) throws(ValidationError) -> ZonedInstant {
        switch try named(text, now: now, zone: zone) {
        case .instant(let instant): return instant
        case .day: throw dayWithoutTime(text)
        }
    }

    /// The instant a reading was measured or a dose taken: ``parse(_:now:zone:)``, then
    /// ``ZonedInstant/checkPlausible(now:birthYear:)``. A day alone after today is refused as in
    /// the future (the first thing wrong with it), one before it as needing a time of day.
    public static func pastInstant(_ text: String, now: ZonedInstant, zone: any TimeZoneRule, birthYear: Int? = nil) throws(ValidationError) -> ZonedInstant {
        switch try named(text, now: now, zone: zone) {
        case .instant(let instant):
            try instant.checkPlausible(now: now.utcSeconds, birthYear: birthYear)
            return instant
        case .day(let date):
            if date > now.localDate { throw ZonedInstant.inTheFuture(date.description) }
            throw dayWithoutTime(text)
        }
    }

    /// What a text names: an instant, or a day with no time of day.
    enum Named {
        case instant(ZonedInstant)
        case day(CivilDate)
    }

    static func named(_ text: String, now: ZonedInstant, zone: any TimeZoneRule) throws(ValidationError) -> Named {
        let trimmed = String(text.trimmingWhitespace())
        if let instant = ZonedInstant(iso8601: trimmed) { return .instant(instant) }
        let bad = ValidationError.unreadable(
            Phrase("'{text}' is not a time; use 07:45, 7:45pm, 'yesterday 21:30', '2026-11-30 07:45' or 2026-11-30T07:45:00+08:00", ["text": text]))
        if let seconds = secondsAgo(trimmed.lowercased()) { return .instant(zone.zoned(utcSeconds: now.utcSeconds - seconds)) }
        let normalized = chineseWordsSpaced(trimmed.lowercased())
        if normalized == "now" || normalized == "现在" { return .instant(now) }
        var words = normalized.split(separator: " ").map(String.init)
        // 2026-11-30T07:45: a local time with no offset.
        if words.count == 1, let t = words[0].firstIndex(of: "t"), CivilDate(iso: words[0][..<t]) != nil {
            words = [String(words[0][..<t]), String(words[0][words[0].index(after: t)...])]
        }
        // "7:45 pm": the meridiem belongs to the clock.
        if words.count >= 2, ["am", "pm"].contains(words.last!) {
            let meridiem = words.removeLast()
            words[words.count - 1] += meridiem
        }
        var date = now.localDate
        // A day was named (2026-11-29, yesterday, monday, Dec 4): without a clock it is a day, not a time.
        var namedDay = false
        var clock: String?
        var half: Meridiem?
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if let meridiem = Meridiem(chinese: word) {
                half = meridiem
            } else if let days = dayWords[word] {
                date = now.localDate.adding(days: -days)
                namedDay = true
            } else if let weekday = weekday(word) {
                // The last such day, today included.
                date = now.localDate.adding(days: -((now.localDate.isoWeekday - weekday + 7) % 7))
                namedDay = true
            } else if let month = month(word), index < words.count, let day = Int(words[index]) {
                index += 1
                date = try lastDate(month: month, day: day, before: now.localDate, bad: bad)
                namedDay = true
            } else if let day = Int(word), index < words.count, let month = month(words[index]) {
                index += 1
                date = try lastDate(month: month, day: day, before: now.localDate, bad: bad)
                namedDay = true
            } else if let explicit = CivilDate(iso: word) {
                date = explicit
                namedDay = true
            } else if clock == nil {
                clock = word
            } else {
                throw bad
            }
        }
        if clock == nil, namedDay, half == nil { return .day(date) }
        guard let clock, let (parsedHour, minute, second) = parseClock(clock) else { throw bad }
        var hour = parsedHour
        switch half {
        case .morning?: if hour == 12 { hour = 0 }
        case .afternoon?: if hour < 12 { hour += 12 }
        case .noon?: if hour < 3 { hour += 12 }
        case nil: break
        }
        return .instant(try zone.wallClockInstant(date: date, hour: hour, minute: minute, second: second, written: "'\(text)'"))
    }

    /// The refusal of a day named with no time of day (`--at 2026-11-29`, `--at yesterday`).
    static func dayWithoutTime(_ text: String) -> ValidationError {
        .unreadable(
            Phrase("'{text}' is a day without a time of day; add the time, like '{example}'", ["text": text, "example": "\(text.trimmingWhitespace()) 07:45"]))
    }

    /// 早上 and 晚上: which half of the day a clock is in.
    enum Meridiem {
        case morning, noon, afternoon

        init?(chinese word: String) {
            switch word {
            case "早上", "早晨", "上午", "凌晨": self = .morning
            case "中午": self = .noon
            case "下午", "晚上", "傍晚": self = .afternoon
            default: return nil
            }
        }
    }

    /// Days before today a day word names.
    static let dayWords: [String: Int] = [
        "today": 0, "yesterday": 1, "tomorrow": -1, "今天": 0, "今日": 0, "昨天": 1, "昨日": 1, "前天": 2, "明天": -1, "明日": -1, "后天": -2,
    ]

    /// The Chinese words of a time with spaces around them, and 7点半, 7点15分 as 7:30, 7:15:
    /// Chinese is typed without spaces (昨天晚上9点).
    static func chineseWordsSpaced(_ text: String) -> String {
        var result = text.replacing("：", with: ":")
        for word in ["今天", "今日", "昨天", "昨日", "前天", "明天", "明日", "后天", "早上", "早晨", "上午", "凌晨", "中午", "下午", "晚上", "傍晚"] {
            result = result.replacing(word, with: " \(word) ")
        }
        for name in chineseWeekdays + ["天"] {
            for prefix in ["星期", "周"] { result = result.replacing(prefix + name, with: " \(prefix)\(name) ") }
        }
        result = result.replacing("点半", with: ":30")
        // 7点15 → 7:15, 7点 → 7:00.
        var clock = ""
        var characters = Array(result)[...]
        while let character = characters.popFirst() {
            if character == "点" {
                let minutes = characters.prefix { $0.isASCII && $0.isNumber }
                characters = characters.dropFirst(minutes.count)
                if characters.first == "分" { characters = characters.dropFirst() }
                clock += ":" + (minutes.isEmpty ? "00" : minutes.count == 1 ? "0" + String(minutes) : String(minutes))
            } else {
                clock.append(character)
            }
        }
        return clock.split(separator: " ").joined(separator: " ")
    }

    static let chineseWeekdays = ["一", "二", "三", "四", "五", "六", "日"]

    /// 1 (Monday) to 7 for a weekday's name: `monday`, `mon`, 周一, 星期一 (周日, 星期天).
    static func weekday(_ word: String) -> Int? {
        let english = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        if let index = english.firstIndex(where: { $0 == word || (word.count == 3 && $0.hasPrefix(word)) }) { return index + 1 }
        for prefix in ["星期", "周"] where word.hasPrefix(prefix) {
            let name = word.dropFirst(prefix.count)
            if name == "天" { return 7 }
            if let index = chineseWeekdays.firstIndex(where: { $0 == name }) { return index + 1 }
        }
        return nil
    }

    /// 1 to 12 for `dec`, `december`.
    static func month(_ word: String) -> Int? {
        let names = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"]
        guard word.count >= 3 else { return nil }
        return names.firstIndex { $0 == word || $0.hasPrefix(word.hasSuffix(".") ? String(word.dropLast()) : word) && word.count <= 4 }.map { $0 + 1 }
    }

    /// The last `day` of `month` on or before `today`.
    static func lastDate(month: Int, day: Int, before today: CivilDate, bad: ValidationError) throws(ValidationError) -> CivilDate {
        if let date = CivilDate(year: today.year, month: month, day: day), date <= today { return date }
        guard let date = CivilDate(year: today.year - 1, month: month, day: day) else { throw bad }
        return date
    }

    /// Seconds before now for `2 hours ago`, `30 min ago`, `-2h`, `-30m`, 2小时前, 30分钟前.
    static func secondsAgo(_ text: String) -> Int64? {
        var words = text.split(separator: " ").map(String.init)
        if words.count == 1 {
            let word = words[0]
            if word.hasPrefix("-") {
                words = [String(word.dropFirst().prefix { $0.isASCII && $0.isNumber }), String(word.dropFirst().drop { $0.isASCII && $0.isNumber })]
            } else if word.hasSuffix("前") {
                let number = word.prefix { $0.isASCII && $0.isNumber }
                words = [String(number), String(word.dropFirst(number.count).dropLast())]
            } else {
                return nil
            }
        } else if words.count == 3, words[2] == "ago" {
            words.removeLast()
        } else if words.count == 2, words[1].hasSuffix("ago"), words[1] != "ago" {
            // "2h ago"
            let number = words[0]
            words = [number, String(words[1].dropLast(3))]
        } else if words.count == 2, words[1] == "ago" {
            let word = words[0]
            let number = word.prefix { $0.isASCII && $0.isNumber }
            words = [String(number), String(word.dropFirst(number.count))]
        } else {
            return nil
        }
        guard words.count == 2, let count = Int64(words[0]), count >= 0, count <= 100_000 else { return nil }
        switch words[1] {
        case "m", "min", "mins", "minute", "minutes", "分钟": return count * 60
        case "h", "hr", "hrs", "hour", "hours", "小时", "个小时": return count * 3600
        case "d", "day", "days", "天": return count * 86400
        default: return nil
        }
    }

    /// True when `text` names a clock time alone, with no day (`23:50`, `11pm`, `23点50`): one
    /// refused as ahead of now was most likely meant for the night before.
    public static func isClockAlone(_ text: String) -> Bool {
        !text.contains(" ") && !text.contains("-")
            && (timeOfDay(text) != nil || (text.contains("点") && !text.contains("天") && !text.contains("日")))
    }

    /// A time of day as people type it (`07:30`, `7:30`, `21:00`, `7:30pm`, `9pm`, any case),
    /// to the minute; nil for anything else (seconds other than `:00` included).
    public static func timeOfDay(_ text: String) -> (hour: Int, minute: Int)? {
        guard let (hour, minute, second) = parseClock(String(text.trimmingWhitespace()).lowercased()), second == 0 else { return nil }
        return (hour, minute)
    }

    /// `07:45`, `7:45`, `07:45:30`, `7am`, `12pm`, `7:45pm`.
    static func parseClock(_ text: String) -> (Int, Int, Int)? {
        var clock = text
        var meridiem: Character?
        if clock.hasSuffix("am") || clock.hasSuffix("pm") {
            meridiem = clock.dropLast().last
            clock = String(clock.dropLast(2))
        }
        if let meridiem {
            let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), (1...2).contains(parts[0].count), let hour = Int(parts[0]), (1...12).contains(hour)
            else { return nil }
            var minute = 0
            if parts.count == 2 {
                guard parts[1].count == 2, let value = Int(parts[1]), value < 60 else { return nil }
                minute = value
            }
            return ((hour % 12) + (meridiem == "p" ? 12 : 0), minute, 0)
        }
        // Accept a one-digit hour: 7:45.
        let normalized = clock.prefix(while: { $0 != ":" }).count == 1 ? "0" + clock : clock
        return ZonedInstant.parseClock(normalized[...])
    }
}
