import HealthCommandLine
import HealthPresentation
import HealthCore
import HealthUseCases

/// `healthlog protocol`: was the week measured the way the guideline asks (7 days, 2 morning
/// and 2 evening readings a day, the first day not counted)?
struct ProtocolCommand: Command {
    static let spec = CommandSpec(
        ["protocol"], abstract: "Check a measurement week against the guideline: 2 morning + 2 evening readings for 7 days.",
        options: [startOption, DateRangeOptions.from, DateRangeOptions.to, Options.textFormat],
        examples: [
            "healthlog protocol", "healthlog -p dad protocol --start 2026-12-07", "healthlog protocol --to 2026-11-30",
            "healthlog protocol --format json",
        ],
        discussion: """
            Without --start it shows the 7 days ending today; with --start (or --from), a planned week, such as the \
            week before a clinic visit; with --to, the 7 days ending that day. The verdict and average are the same as \
            stats' 7-day protocol average.
            """)

    static let startOption = Option<String>("--start", value: "DATE", help: "First day of the week, YYYY-MM-DD (also today, yesterday).")

    let start: CivilDate?
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let today = context.today
        let date = { (option: Option<String>, name: String) throws(CLIError) -> CivilDate? in
            try arguments.value(option).map { (text) throws(CLIError) in try DateArgument.date(text, option: name, today: today, arguments: arguments) }
        }
        let started = try date(ProtocolCommand.startOption, "--start")
        let from = try date(DateRangeOptions.from, "--from")
        let to = try date(DateRangeOptions.to, "--to")
        if started != nil, from != nil { throw arguments.usage(key: "error.startAndFrom") }
        let first = started ?? from
        let days = ProtocolWeekText.days
        if let first, let to, to != first.adding(days: days - 1) {
            throw .data(arguments.say("error.protocolWeek", [
                "days": String(days), "from": first.description, "end": first.adding(days: days - 1).description, "to": to.description,
            ]))
        }
        start = first ?? to.map { $0.adding(days: -(days - 1)) }
        json = try arguments.value(Options.textFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let status = try context.run { try $0.protocolWeek(start: start) }
        if json {
            context.stdout.line(ProtocolWeekText.json(profile: status.profile, week: status.week, missingToday: status.missingToday).serialized())
            return
        }
        let text = ProtocolWeekText(
            profile: status.profile, week: status.week, today: status.today, missingToday: status.missingToday, words: try context.words(),
            emphasis: context.style)
        for line in text.lines(width: context.tableWidth) { context.stdout.line(line) }
    }
}
