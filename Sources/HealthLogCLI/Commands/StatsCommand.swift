import HealthCommandLine
import HealthCore
import HealthPresentation
import HealthUseCases

/// `healthlog stats`: the figures a doctor asks for, as text or JSON.
struct StatsCommand: Command {
    static let spec = CommandSpec(
        ["stats"], abstract: "Averages, variability, the 7-day home average, tags and alerts.",
        options: SummaryOptions.declarations + [groupingOption, targetRangeOption, Options.textFormat, GlobalOptions.noPager],
        examples: ["healthlog stats --last 30d", "healthlog -p dad stats --by week --guideline china", "healthlog stats --format json"])
    static let pages = true

    static let groupingOption = Option<GroupingChoice?>(
        "--by", value: "GROUP", help: "period (default), or also day, week or month.", expected: "period, day, week or month"
    ) { $0 == "period" ? .some(nil) : GroupingChoice(rawValue: $0).map { .some($0) } }
        .completing(.words(["period", "day", "week", "month"]))
    static let targetRangeOption = Option<ClosedRange<Int>>(
        "--target-range", value: "LOW-HIGH", help: "Systolic band for time in range (default 110-130).",
        expected: "a systolic band like 110-130"
    ) { text in
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2, parts[0] < parts[1], ValueLimits.systolic.range.contains(parts[0]),
            ValueLimits.systolic.range.contains(parts[1])
        else { return nil }
        return parts[0]...parts[1]
    }

    let request: SummaryRequest
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        var options = AnalysisChoices()
        options.bucketing = try arguments.value(StatsCommand.groupingOption) ?? nil
        if let band = try arguments.value(StatsCommand.targetRangeOption) { options.targetRange = band }
        request = try SummaryOptions.request(
            arguments, context: context, language: Language(environment: context.environment), analysis: options)
        json = try arguments.value(Options.textFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        // The terminal's words, in the language the summary was asked in (the same).
        let strings = try context.words()
        let document = try context.run { try $0.summaryDocument(request, strings: strings) }
        if json {
            context.stdout.line(document.json(filter: request.filter.json).serialized())
        } else {
            context.stdout.write(SummaryText(document, emphasis: context.style, width: context.tableWidth).render())
        }
    }
}
