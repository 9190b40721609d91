package import HealthCore

/// The `--from`, `--to` and `--last` options shared by list, stats, report and export, read into
/// a ``DateRange``.
package enum DateRangeOptions {
    package static let from = Option<String>("--from", value: "DATE", help: "First day, YYYY-MM-DD (also today, yesterday, or the first day of YYYY-MM, 'this week', 'last week', 'this month', 'last month').")
    package static let to = Option<String>("--to", value: "DATE", help: "Last day, YYYY-MM-DD (also today, yesterday, or the last day of YYYY-MM, 'this week', 'last week', 'this month', 'last month').")
    package static let last = Option<String>("--last", value: "SPAN", help: "The last 7d, 4w, 3m or 1y up to today.")
    package static let declarations: [any OptionDeclaration] = [from, to, last]

    package static func range(_ arguments: ParsedArguments, today: CivilDate) throws(CLIError) -> DateRange {
        var range = DateRange()
        if let last = try arguments.value(DateRangeOptions.last) {
            guard !arguments.isGiven(DateRangeOptions.from) else {
                throw arguments.usage(key: "error.lastAndFrom")
            }
            range.from = try DateArgument.firstDay(last: last, today: today, arguments: arguments)
        }
        if let text = try arguments.value(DateRangeOptions.from) {
            range.from = try DateArgument.date(text, option: "--from", today: today, arguments: arguments)
        }
        if let text = try arguments.value(DateRangeOptions.to) {
            range.to = try DateArgument.date(text, option: "--to", today: today, arguments: arguments)
        }
        // "The last two weeks" or "since the 20th" run up to today, readings or not.
        if range.from != nil && range.to == nil { range.to = today }
        range.endsToday = range.to == today
        if let from = range.from, let to = range.to, from > to {
            throw .data(arguments.say("error.fromAfterTo", ["from": from.description, "to": to.description]))
        }
        return range
    }
}
