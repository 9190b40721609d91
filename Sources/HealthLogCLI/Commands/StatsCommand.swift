import HealthAnalytics
import HealthCore
import HealthRecords

/// `healthlog stats`: the figures a doctor asks for, as text or JSON.
struct StatsCommand: Command {
    static let spec = CommandSpec(
        ["stats"], abstract: "Averages, variability, the 7-day home average, tags and alerts.",
        options: SummaryOptions.declarations + [groupingOption, targetRangeOption, Options.textFormat],
        examples: ["healthlog stats --last 30d", "healthlog -p dad stats --by week --guideline china", "healthlog stats --format json"])

    static let groupingOption = Option<Bucketing?>(
        "--by", value: "GROUP", help: "period (default), or also day, week or month.", expected: "period, day, week or month"
    ) { $0 == "period" ? .some(nil) : Bucketing(rawValue: $0).map { .some($0) } }
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

    let summaryOptions: SummaryOptions
    let options: AnalysisOptions
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        summaryOptions = try SummaryOptions(arguments, context: context)
        var options = AnalysisOptions()
        options.bucketing = try arguments.value(StatsCommand.groupingOption) ?? nil
        if let band = try arguments.value(StatsCommand.targetRangeOption) { options.targetRange = band }
        self.options = options
        json = try arguments.value(Options.textFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let language = Language(environment: context.environment)
        let (summary, tags) = try summaryOptions.load(context, options: options, language: language)
        let presenter = ReadingPresenter(tags: tags, environment: context.environment, style: context.style)
        if json {
            let label = { (id: String) in tags.first { $0.id == id }?.label(in: presenter.language) }
            context.stdout.line(SummaryJSON.document(summary, filter: summaryOptions.filters.json, tagLabel: label).serialized())
        } else {
            let table = try context.strings(presenter.language)
            let filter = summaryOptions.filters.description(strings: table, tagLabel: presenter.label(ofTag:))
            context.stdout.write(
                StatsText(summary: summary, style: context.style, tagLabel: presenter.label(ofTag:), strings: table, filter: filter).render())
        }
    }
}
