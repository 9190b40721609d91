import HealthAnalytics
import HealthCore
import HealthRecords

/// `healthlog stats`: the figures a doctor asks for, as text or JSON.
struct StatsCommand: Command {
    static let spec = CommandSpec(
        ["stats"], abstract: "Averages, variability, the 7-day home average, tags and alerts.",
        options: DateRangeOptions.declarations + ReadingFilterOptions.declarations + [
            groupingOption, Options.guideline, targetRangeOption, Options.textFormat,
        ],
        examples: ["healthlog stats --last 30d", "healthlog -p dad stats --by week --guideline china", "healthlog stats --format json"])

    static let groupingOption = Option<Bucketing?>(
        "--by", value: "GROUP", help: "period (default), or also day, week or month.", expected: "period, day, week or month"
    ) { $0 == "period" ? .some(nil) : Bucketing(rawValue: $0).map { .some($0) } }
    static let targetRangeOption = Option<ClosedRange<Int>>(
        "--target-range", value: "LOW-HIGH", help: "Systolic band for time in range (default 110-130).",
        expected: "a systolic band like 110-130"
    ) { text in
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 2, parts[0] < parts[1], BloodPressure.systolicRange.contains(parts[0]),
            BloodPressure.systolicRange.contains(parts[1])
        else { return nil }
        return parts[0]...parts[1]
    }

    let range: DateRangeOptions
    let filters: ReadingFilterOptions
    let options: AnalysisOptions
    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions(arguments, today: context.today)
        filters = try ReadingFilterOptions(arguments)
        var options = AnalysisOptions()
        options.guideline = try arguments.value(Options.guideline) ?? .esh
        options.bucketing = try arguments.value(StatsCommand.groupingOption) ?? nil
        if let band = try arguments.value(StatsCommand.targetRangeOption) { options.targetRange = band }
        self.options = options
        json = try arguments.value(Options.textFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let (summary, tags) = try loadSummary(context, range: range, filters: filters, options: options)
        let presenter = ReadingPresenter(tags: tags, environment: context.environment, style: context.style)
        if json {
            let label = { (id: String) in tags.first { $0.id == id }?.label(in: presenter.language) }
            context.stdout.line(SummaryJSON.document(summary, tagLabel: label).serialized())
        } else {
            let table = try context.strings(presenter.language)
            context.stdout.write(StatsText(summary: summary, style: context.style, tagLabel: presenter.label(ofTag:), strings: table).render())
        }
    }
}

/// The profile's summary over the range, or an error naming the profile and range when it is empty.
func loadSummary(
    _ context: CommandContext, range: DateRangeOptions, filters: ReadingFilterOptions, options: AnalysisOptions
) throws(CLIError) -> (BPSummary, [StatusTag]) {
    let store = try context.store(.readOnly)
    let profile = try context.resolveProfile(in: store)
    let (readings, tags) = try context.records {
        try store.read {
            (try store.readings(matching: filters.applied(to: ReadingQuery(profileID: profile.id, from: range.from, to: range.to))), try store.tags())
        }
    }
    let summary = BPSummary(profile: profile, readings: readings, from: range.from, to: range.to, options: options)
    guard summary.overall.count > 0 || summary.weight != nil else {
        throw .data("no readings for \(profile.id) (\(profile.name)) in \(range.description)")
    }
    return (summary, tags)
}
