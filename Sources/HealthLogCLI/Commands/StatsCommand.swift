import HealthCommandLine
import HealthCore
import HealthPresentation
import HealthUseCases

/// `healthlog stats`: the figures a doctor asks for, as text or JSON.
struct StatsCommand: Command {
    static let spec = CommandSpec(
        ["stats"], abstract: "Averages, variability, the 7-day home average, tags and alerts.",
        options: SummaryOptions.declarations + [groupingOption, tableFlag, targetRangeOption, Options.textFormat, GlobalOptions.noPager],
        examples: [
            "healthlog stats --last 30d", "healthlog -p dad stats --by week --guideline china", "healthlog stats --last 6m --by month --table",
            "healthlog stats --format json",
        ])
    static let pages = true

    static let groupingOption = Option<GroupingChoice?>(
        "--by", value: "GROUP", help: "period (default), or also day, week or month.", expected: "period, day, week or month"
    ) { $0 == "period" ? .some(nil) : GroupingChoice(rawValue: $0).map { .some($0) } }
        .completing(.words(["period", "day", "week", "month"]))
    static let tableFlag = Flag(
        "--table", help: "Only the table of --by's groups (week when --by is not given): period, n, mean SYS/DIA, pulse, lowest–highest.")
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
    let table: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        var options = AnalysisChoices()
        table = arguments.isSet(Self.tableFlag)
        let grouping = try arguments.value(StatsCommand.groupingOption)
        if table, grouping == .some(nil) { throw arguments.usage(Phrase("--table lists day, week or month groups; use --by day, week or month")) }
        options.bucketing = grouping ?? (table ? .week : nil)
        if let band = try arguments.value(StatsCommand.targetRangeOption) { options.targetRange = band }
        request = try SummaryOptions.request(
            arguments, context: context, language: Language(environment: context.environment), analysis: options)
        json = try arguments.value(Options.textFormat) == .json
        if table, json { throw arguments.usage(Phrase("--table is a text table; --format json carries the groups already (buckets)")) }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        // The terminal's words, in the language the summary was asked in (the same).
        let strings = try context.words()
        let document = try context.run { try $0.summaryDocument(request, strings: strings) }
        if json {
            context.stdout.line(document.json(filter: request.filter.json).serialized())
        } else if table {
            context.stdout.write(PeriodTableText(document, emphasis: context.style).render())
        } else {
            context.stdout.write(SummaryText(document, emphasis: context.style, width: context.tableWidth).render())
        }
    }
}
