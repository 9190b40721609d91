import HealthCore
import HealthRecords

/// The `--from`, `--to` and `--last` options shared by list, stats, report and export.
struct DateRangeOptions {
    var from: CivilDate?
    var to: CivilDate?

    static let specs: [OptionSpec] = [
        OptionSpec("--from", value: "DATE", help: "First day, YYYY-MM-DD (also today, yesterday)."),
        OptionSpec("--to", value: "DATE", help: "Last day, YYYY-MM-DD (also today, yesterday)."),
        OptionSpec("--last", value: "SPAN", help: "The last 7d, 4w, 3m or 1y up to today."),
    ]

    init(_ arguments: ParsedArguments, today: CivilDate) throws(CLIError) {
        if let last = arguments.value("--last") {
            guard arguments.value("--from") == nil else {
                throw arguments.usage("use either --last or --from, not both")
            }
            from = try DateArgument.firstDay(last: last, today: today)
        }
        if let text = arguments.value("--from") { from = try DateArgument.date(text, option: "--from", today: today) }
        if let text = arguments.value("--to") { to = try DateArgument.date(text, option: "--to", today: today) }
        // "The last two weeks" or "since the 20th" run up to today, readings or not.
        if from != nil && to == nil { to = today }
        if let from, let to, from > to {
            throw .data("--from \(from) is after --to \(to)")
        }
    }

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
