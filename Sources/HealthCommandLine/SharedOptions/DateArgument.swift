package import HealthCore

/// Parsing of `--at`, `--from`/`--to` and `--last` values into times and date ranges.
package enum DateArgument {
    /// The instant for `--at` (see ``WhenExpression``): a text that is not a time is a usage
    /// error, a time that does not exist (a daylight-saving gap) is refused.
    package static func instant(_ text: String, now: ZonedInstant, zone: any TimeZoneRule, arguments: ParsedArguments) throws(CLIError) -> ZonedInstant {
        do {
            return try WhenExpression.parse(text, now: now, zone: zone)
        } catch {
            throw CLIError(error, arguments: arguments, option: "--at")
        }
    }

    /// A local date: `YYYY-MM-DD`, `today`, `yesterday` (今天, 昨天, 前天), or a period whose first
    /// day (`--from`) or last day (`--to`) is meant: `YYYY-MM`, `this week`, `last week`,
    /// `this month`, `last month`, `this year`, `last year` (本周, 上周, 本月, 上月, 今年, 去年).
    /// Days are measurement days (`today` is the log's).
    package static func date(_ text: String, option: String, today: CivilDate, arguments: ParsedArguments) throws(CLIError) -> CivilDate {
        let word = text.trimmingWhitespace().lowercased().split(separator: " ").joined(separator: " ")
        switch word {
        case "today", "今天": return today
        case "yesterday", "昨天": return today.adding(days: -1)
        case "前天": return today.adding(days: -2)
        default:
            if let date = CivilDate(iso: text) { return date }
            guard let period = period(word, today: today) else {
                throw arguments.usage(key: "error.notADate", ["option": option, "text": text])
            }
            return option == "--to" ? period.last : period.first
        }
    }

    /// The first and last day of a named period: a month `YYYY-MM`, this or last week (Monday
    /// to Sunday), month or year.
    package static func period(_ word: String, today: CivilDate) -> (first: CivilDate, last: CivilDate)? {
        func month(_ year: Int, _ month: Int) -> (CivilDate, CivilDate)? {
            guard let first = CivilDate(year: year, month: month, day: 1) else { return nil }
            return (first, CivilDate(year: year, month: month, day: CivilDate.daysIn(month: month, year: year))!)
        }
        let parts = word.split(separator: "-")
        if parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let number = Int(parts[1]) {
            return month(year, number)
        }
        let monday = today.adding(days: 1 - today.isoWeekday)
        let previous = today.month == 1 ? (today.year - 1, 12) : (today.year, today.month - 1)
        switch word {
        case "this week", "本周", "这周": return (monday, monday.adding(days: 6))
        case "last week", "上周": return (monday.adding(days: -7), monday.adding(days: -1))
        case "this month", "本月", "这个月": return month(today.year, today.month)
        case "last month", "上月", "上个月": return month(previous.0, previous.1)
        case "this year", "今年": return (CivilDate(year: today.year, month: 1, day: 1)!, CivilDate(year: today.year, month: 12, day: 31)!)
        case "last year", "去年": return (CivilDate(year: today.year - 1, month: 1, day: 1)!, CivilDate(year: today.year - 1, month: 12, day: 31)!)
        default: return nil
        }
    }

    /// The first day of `--last 7d|4w|3m|1y`, counting today as the last day.
    package static func firstDay(last text: String, today: CivilDate, arguments: ParsedArguments) throws(CLIError) -> CivilDate {
        let unit = text.last.map { Character($0.lowercased()) }
        guard let unit, "dwmy".contains(unit), let count = Int(text.dropLast()), (1...3650).contains(count) else {
            throw arguments.usage(key: "error.notASpan", ["text": text])
        }
        switch unit {
        case "d": return today.adding(days: -(count - 1))
        case "w": return today.adding(days: -(count * 7 - 1))
        default:
            let months = unit == "m" ? count : count * 12
            let total = today.year * 12 + (today.month - 1) - months
            let year = total / 12
            let month = total % 12 + 1
            let day = min(today.day, CivilDate.daysIn(month: month, year: year))
            return CivilDate(year: max(year, 1), month: month, day: day)!.adding(days: 1)
        }
    }
}
