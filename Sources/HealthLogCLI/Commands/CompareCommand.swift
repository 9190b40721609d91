import HealthCommandLine
import HealthCore
import HealthUseCases
import HealthPresentation

/// `healthlog compare FROM..TO FROM..TO`: two spans of home readings, and the difference with
/// Welch's 95 % interval.
struct CompareCommand: Command {
    static let spec = CommandSpec(
        ["compare"], abstract: "Compare the home readings of two date ranges, with a 95 % confidence interval.",
        arguments: [
            ArgumentSpec("FROM..TO", help: "The first range, e.g. 2026-09-01..2026-09-30 (today and yesterday work too)."),
            ArgumentSpec("FROM..TO", help: "The second range."),
        ],
        options: ReadingFilterOptions.declarations + [Options.textFormat, GlobalOptions.noPager],
        examples: [
            "healthlog compare 2026-09-01..2026-09-30 2026-10-15..2026-11-15",
            "healthlog -p dad compare 2026-09-01..2026-09-30 2026-10-15..today --period morning --format json",
        ],
        discussion: """
            Each range needs 12 home readings for the difference to be shown; office readings are left out. \
            Days are measurement days: a reading before 04:00 counts for the evening before.
            """)
    static let pages = true

    let first: ClosedRange<CivilDate>
    let second: ClosedRange<CivilDate>
    let filter: ReadingFilter
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        first = try CompareCommand.range(arguments.positionals[0], today: context.today, arguments: arguments)
        second = try CompareCommand.range(arguments.positionals[1], today: context.today, arguments: arguments)
        filter = try ReadingFilterOptions.filter(arguments)
        json = try arguments.value(Options.textFormat) == .json
    }

    /// `2026-09-01..2026-09-30`.
    static func range(_ text: String, today: CivilDate, arguments: ParsedArguments) throws(CLIError) -> ClosedRange<CivilDate> {
        // Exactly one "..", with a date on each side (dates have no dots).
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].isEmpty, !parts[0].isEmpty, !parts[2].isEmpty else {
            throw arguments.usage(key: "error.notARange", ["text": text])
        }
        let from = try DateArgument.date(String(parts[0]), option: "range start", today: today, arguments: arguments)
        let to = try DateArgument.date(String(parts[2]), option: "range end", today: today, arguments: arguments)
        guard from <= to else { throw .data(arguments.say("error.rangeBackwards", ["text": text])) }
        return from...to
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let compared = try context.run { try $0.comparison(first, second, filter: filter) }
        if json {
            context.stdout.line(ComparisonText.json(profile: compared.profile, comparison: compared.comparison, filter: filter.json).serialized())
            return
        }
        let words = try context.words()
        let text = ComparisonText(profile: compared.profile, comparison: compared.comparison, words: words, emphasis: context.style)
        let labels = TagLabels(compared.tags, language: words.language)
        for line in text.lines(filter: filter.description(strings: words, tagLabel: labels.label(of:))) { context.stdout.line(line) }
    }
}
