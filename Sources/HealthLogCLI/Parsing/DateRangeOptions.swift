import HealthCore
import HealthRecords

/// The `--from`, `--to` and `--last` options shared by list, stats, report and export.
struct DateRangeOptions {
    var from: CivilDate?
    var to: CivilDate?
    /// True when the range runs up to today (`--last`, `--from` alone, or `--to today`).
    var endsToday = false

    static let from = Option<String>("--from", value: "DATE", help: "First day, YYYY-MM-DD (also today, yesterday).")
    static let to = Option<String>("--to", value: "DATE", help: "Last day, YYYY-MM-DD (also today, yesterday).")
    static let last = Option<String>("--last", value: "SPAN", help: "The last 7d, 4w, 3m or 1y up to today.")
    static let declarations: [any OptionDeclaration] = [from, to, last]

    init(_ arguments: ParsedArguments, today: CivilDate) throws(CLIError) {
        if let last = try arguments.value(DateRangeOptions.last) {
            guard !arguments.isGiven(DateRangeOptions.from) else {
                throw arguments.usage("use either --last or --from, not both")
            }
            from = try DateArgument.firstDay(last: last, today: today, arguments: arguments)
        }
        if let text = try arguments.value(DateRangeOptions.from) {
            from = try DateArgument.date(text, option: "--from", today: today, arguments: arguments)
        }
        if let text = try arguments.value(DateRangeOptions.to) {
            to = try DateArgument.date(text, option: "--to", today: today, arguments: arguments)
        }
        // "The last two weeks" or "since the 20th" run up to today, readings or not.
        if from != nil && to == nil { to = today }
        endsToday = to == today
        if let from, let to, from > to {
            throw .data("--from \(from) is after --to \(to)")
        }
    }

    /// The last day to fetch readings for: open when the range ends today, so no reading taken
    /// so far is left out, whatever its offset (none can be from later than now).
    var queryTo: CivilDate? { endsToday ? nil : to }

    /// `2026-11-01 – 2026-11-30`, `since 2026-11-01`, or `all dates`.
    var description: String {
        switch (from, to) {
        case let (from?, to?): "\(from) – \(to)"
        case let (from?, nil): "since \(from)"
        case let (nil, to?): "up to \(to)"
        case (nil, nil): "all dates"
        }
    }
}
