import HealthAnalytics
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
        options: ReadingFilterOptions.declarations + [Options.textFormat],
        examples: [
            "healthlog compare 2026-09-01..2026-09-30 2026-10-15..2026-11-15",
            "healthlog -p dad compare 2026-09-01..2026-09-30 2026-10-15..today --period morning --format json",
        ],
        discussion: """
            Each range needs 12 home readings for the difference to be shown; office readings are left out. \
            Days are measurement days: a reading before 04:00 counts for the evening before.
            """)

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
        let (profile, comparison) = (compared.profile, compared.comparison)
        if json {
            context.stdout.line(JSONValue.object([
                ("profile", .string(profile.id)), ("filter", filter.json),
                ("first", SummaryJSON.window(comparison.first)), ("second", SummaryJSON.window(comparison.second)),
                ("difference", SummaryJSON.difference(comparison)), ("sufficient", .bool(comparison.sufficient)),
            ]).serialized())
            return
        }
        let strings = try context.words()
        let labels = TagLabels(compared.tags, language: strings.language)
        var header = context.style.bold("\(profile.id) (\(profile.name.visibleControls()))") + " · " + strings.cli("compare.homeReadings")
        if let filter = filter.description(strings: strings, tagLabel: labels.label(of:)) {
            header += " · " + strings.text("filter", ["filter": filter])
        }
        context.stdout.line(header)
        let titles = ["n", "sysMean", "diaMean"].map { strings.cli("compare.col.\($0)") }
        let spans = [comparison.first, comparison.second].map { strings.cli("range.between", ["from": $0.from.description, "to": $0.to.description]) }
        let spanWidth = max(23, spans.map(\.displayWidth).max() ?? 0)
        let countWidth = max(4, titles[0].displayWidth)
        let systolicWidth = max(14, titles[1].displayWidth)
        let row = { (range: String, count: String, systolic: String, diastolic: String) in
            "  \(range.padding(spanWidth))  \(count.leftPadding(countWidth))  \(systolic.padding(systolicWidth))  \(diastolic)"
        }
        context.stdout.line(context.style.bold(row("", titles[0], titles[1], titles[2])).trimmingTrailingSpaces())
        for (span, figures) in zip(spans, [comparison.first, comparison.second]) {
            context.stdout.line(row(span, String(figures.count), meanSD(figures.systolic), meanSD(figures.diastolic)))
        }
        context.stdout.line(strings.cli("compare.difference", ["difference": SummaryWording.difference(comparison, strings: strings)]))
        if !comparison.sufficient {
            context.stdout.line(context.style.dim(strings.cli("compare.tooFew", ["n": String(WindowComparison.minimumCount)])))
        }
    }

    private func meanSD(_ statistics: SampleStatistics) -> String {
        Figures.meanAndSD(statistics.mean, statistics.sd) ?? "—"
    }
}
