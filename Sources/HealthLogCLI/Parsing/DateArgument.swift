import HealthCommandLine
import HealthCore

/// Parsing of `--at`, `--from`/`--to` and `--last` values into times and date ranges.
enum DateArgument {
    /// The instant for `--at` (see ``WhenExpression``): a text that is not a time is a usage
    /// error, a time that does not exist (a daylight-saving gap) is refused.
    static func instant(_ text: String, now: ZonedInstant, zone: any TimeZoneRule, arguments: ParsedArguments) throws(CLIError) -> ZonedInstant {
        do {
            return try WhenExpression.parse(text, now: now, zone: zone)
        } catch {
            throw CLIError(error, arguments: arguments, option: "--at")
        }
    }

    /// A local date: `YYYY-MM-DD`, `today` or `yesterday` (measurement days: see ``CommandContext/today``).
    static func date(_ text: String, option: String, today: CivilDate, arguments: ParsedArguments) throws(CLIError) -> CivilDate {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default:
            guard let date = CivilDate(iso: text) else {
                throw arguments.usage(key: "error.notADate", ["option": option, "text": text])
            }
            return date
        }
    }

    /// The first day of `--last 7d|4w|3m|1y`, counting today as the last day.
    static func firstDay(last text: String, today: CivilDate, arguments: ParsedArguments) throws(CLIError) -> CivilDate {
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
