import HealthCommandLine
import HealthCore
import HealthPresentation
import HealthUseCases

/// `healthlog due --before DATE`: the protocol week before a clinic visit, what is done and what
/// is still to take.
struct DueCommand: Command {
    static let spec = CommandSpec(
        ["due"], abstract: "List the readings still to take before a clinic visit.",
        options: [beforeOption, Options.textFormat],
        examples: ["healthlog due --before 2026-12-08", "healthlog -p dad due --before 2026-12-08 --format json"],
        discussion: """
            The guideline asks for 2 morning and 2 evening home readings on each of the 7 days before the visit \
            (the first day is not counted). The care record keeps no visit dates, so --before names the visit day.
            """)

    static let beforeOption = Option<String>("--before", value: "DATE", help: "The visit day, YYYY-MM-DD (also today, tomorrow).")

    let visit: CivilDate
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard let text = try arguments.value(Self.beforeOption) else {
            throw arguments.usage(Phrase("the care record has no visit dates; give the visit day with --before DATE"))
        }
        let today = context.today
        let word = text.trimmingWhitespace().lowercased()
        visit = word == "tomorrow" || word == "明天" ? today.adding(days: 1) : try DateArgument.date(text, option: "--before", today: today, arguments: arguments)
        if visit < today {
            throw arguments.usage(Phrase("--before {date} is past; give the day of the coming visit", ["date": visit.description]))
        }
        json = try arguments.value(Options.textFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let status = try context.run { try $0.protocolDue(before: visit) }
        if json {
            context.stdout.line(DueText.json(profile: status.profile, due: status.due).serialized())
            return
        }
        let text = DueText(profile: status.profile, due: status.due, today: status.today, words: try context.words(), emphasis: context.style)
        for line in text.lines(width: context.tableWidth) { context.stdout.line(line) }
    }
}
